*** Settings ***
Documentation       As someone trying cleveragents for the first time,
...                 I want `agents demo` to show a whole run with a revert, offline and without a key,
...                 so that I see what the tool does before pointing it at my own repository.

Resource            resources/agents.resource

Suite Setup         Find Out How To Cut The Network
Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Test Cases ***
The Demo Prints A Completed Tree With A Revert, Offline And Without A Key
    ${result}    Run Demo Offline
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    ^plan [0-9a-f]{8} completed — \\S
    # The bundled plan's first option fails its check: the tree shows the revert it caused.
    Should Match Regexp    ${result.stdout}    ✓ #\\d+ \ revert · restore the checkpoint of \\d+ after option
    Should Match Regexp    ${result.stdout}    ✓ #\\d+ \ goal check · .* — exit 0
    Stdout Should Contain    ${result}    agents demo --keep
    Should Be Empty    ${result.stderr}

The Demo With --json Prints One Document
    ${result}    Run Demo Offline    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[plan][status]    completed
    Should Be Equal    ${document}[repository]    ${None}
    ${kinds}    Decision Kinds Of    ${document}
    Should Contain    ${kinds}    revert

The Demo With --keep Leaves A Repository That agents Can Inspect
    ${result}    Run Demo Offline    --json    --keep
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${kept}    Set Variable    ${document}[repository]
    Move Directory    ${kept}    ${WORK}/demo
    ${greet}    Get File    ${WORK}/demo/greet.py
    Should Contain    ${greet}    'Hello, '
    ${show}    Run Agents    -C    ${WORK}/demo    plan    show    ${document}[plan][id]
    Exit Code Should Be    ${show}    0
    Should Match Regexp    ${show.stdout}    status\\s+completed


*** Keywords ***
Find Out How To Cut The Network
    [Documentation]    Where `unshare --net` works (root, or user namespaces), the demo runs
    ...    with no network at all; elsewhere every proxy points at a closed port.
    ${probe}    Run Process    unshare    --net    --map-root-user    true
    IF    ${probe.rc} == 0
        VAR    @{OFFLINE}    unshare    --net    --map-root-user    scope=SUITE
    ELSE
        VAR    @{OFFLINE}    scope=SUITE
    END

Run Demo Offline
    [Documentation]    `agents demo` with no ANTHROPIC_API_KEY and no way to reach a network.
    [Arguments]    @{args}
    ${env}    Get Environment Variables
    Remove From Dictionary    ${env}    ANTHROPIC_API_KEY
    FOR    ${proxy}    IN    http_proxy    https_proxy    HTTP_PROXY    HTTPS_PROXY    ALL_PROXY
        Set To Dictionary    ${env}    ${proxy}=http://127.0.0.1:9
    END
    Log    network cut with: ${OFFLINE}
    ${result}    Run Process    @{OFFLINE}    agents    demo    @{args}    cwd=${WORK}    env=${env}
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr    timeout=60s
    ...    on_timeout=kill
    Log    agents demo ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

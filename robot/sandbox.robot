*** Settings ***
Documentation       As a developer letting Claude run the commands I allow,
...                 I want a command chained to an allowed one refused, naming the part, and an
...                 allowed one run in a sandbox that hides my key and keeps .git read-only,
...                 so that `--allow-command` allows what it says and nothing more.
...
...                 The real `agents` command runs Claude's plan through the anthropic SDK
...                 against a local stand-in of the Messages API.

Resource            resources/agents.resource
Library             resources/ClaudeLibrary.py

Test Setup          Create Repository With Stand In Claude
Test Teardown       Stop Stand In Claude And Remove Repository


*** Test Cases ***
A Command Chained To An Allowed One Is Refused And Named
    Claude Will Propose The Plan    run the tests
    Claude Will Run    python3 -m unittest -q; touch X
    Claude Will Give Up
    ${result}    Run Claude Plan    run the tests    --allow-command    python3 -m unittest*
    Exit Code Should Be    ${result}    1
    File Should Not Exist    ${REPO}/X
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Be Equal    ${action}[outcome]
    ...    refused: `touch X` (in `python3 -m unittest -q; touch X`) matches no --allow-command pattern

An Allowed Command Runs In The Sandbox, Without The Key And Without Writing .git
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    tr '\\0' ' ' < /proc/$PPID/cmdline > parent.txt; cat /proc/$PPID/environ > parent.env; touch .git/evil 2> git.txt; cat git.txt
    ${result}    Run Claude Plan    look around
    ...    --allow-command    tr *    --allow-command    cat *    --allow-command    touch *
    Exit Code Should Be    ${result}    0
    ${parent}    Get File    ${REPO}/parent.txt
    Should Start With    ${parent}    ${BWRAP}    the command's parent is not bwrap: ${parent}
    ${environ}    Get Binary File    ${REPO}/parent.env
    ${key}    Test Key
    Should Not Contain    ${environ}    ${key.encode()}
    Should Contain    ${environ}    ${{ b"PATH=" }}
    File Should Not Exist    ${REPO}/.git/evil
    ${refused}    Get File    ${REPO}/git.txt
    Should Contain    ${refused}    Read-only file system


*** Keywords ***
Create Repository With Stand In Claude
    Create Temporary Repository
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END
    ${bwrap}    Evaluate    shutil.which("bwrap") or "bwrap"    modules=shutil
    VAR    ${BWRAP}    ${bwrap}    scope=TEST

Stop Stand In Claude And Remove Repository
    Stop Stand In Claude
    FOR    ${name}    IN    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Run Claude Plan
    [Documentation]    `agents plan run TASK [more]` with Claude: the stand-in answers.
    [Arguments]    ${task}    @{more}
    ${result}    Run Agents    plan    run    ${task}    @{more}    stdin=${EMPTY}
    RETURN    ${result}

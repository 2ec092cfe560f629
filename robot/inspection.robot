*** Settings ***
Documentation       As a developer reviewing what an agent did,
...                 I want `agents plan list`, `show` and `tree` for people and for scripts,
...                 so that I can find a plan by a short id and read every decision it took.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***


*** Test Cases ***
List Says There Is No Plan Yet In A Fresh Repository
    ${result}    Run Agents    plan    list
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    no plans yet
    ${result}    Run Agents    plan    list    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Empty    ${document}[plans]

List Shows Every Plan Oldest First With Status And Task
    ${completed}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${failed}    Run Plan For Its Id    ${PLANS}/never_builds.yaml    1
    ${result}    Run Agents    plan    list
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}
    ...    (?s)${completed}\\s+completed\\s+done\\s+11\\s+Write a greeting and document it.*${failed}\\s+failed\\s+done\\s+\\d+\\s+Build the artefact
    ${result}    Run Agents    plan    list    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${ids}    Evaluate    [plan["id"] for plan in $document["plans"]]
    Should Be Equal    ${ids}    ${{ [$completed, $failed] }}
    Should Be Equal    ${document}[plans][1][status]    failed

Show Describes The Newest Plan, Or The One A Prefix Names
    ${older}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${newer}    Run Plan For Its Id    ${PLANS}/notes.yaml    0
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    id\\s+${newer}
    Should Match Regexp    ${result.stdout}    task\\s+Add a notes file
    ${prefix}    Get Substring    ${older}    0    4
    ${result}    Run Agents    plan    show    ${prefix}
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    id\\s+${older}
    Should Match Regexp    ${result.stdout}    status\\s+completed
    Should Match Regexp    ${result.stdout}    head decision\\s+11
    Should Match Regexp    ${result.stdout}    decisions\\s+11
    Should Match Regexp    ${result.stdout}
    ...    by kind\\s+strategy 1, step 2, action 4, check 3, revert 1

Show Tells A Person Only What Applies, Times In Words, And --json Keeps Every Field
    [Documentation]    A plan file's plan asked no model anything: no model, requests, tokens or
    ...    cost; no budget ran out and no budget of money was set: no line for them.
    ${id}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${result}    Run Agents    plan    show    ${id}
    Exit Code Should Be    ${result}    0
    FOR    ${absent}    IN    exhausted    None    model    tokens    cost    budget of    continue with
        Should Not Contain    ${result.stdout}    ${absent}
    END
    Should Match Regexp    ${result.stdout}
    ...    created at\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\((just now|\\d+ seconds? ago)\\)
    Should Match Regexp    ${result.stdout}    updated at\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(
    Should Not Match Regexp    ${result.stdout}    \\d\\d:\\d\\d:\\d\\d\\.\\d    a time with microseconds
    ${result}    Run Agents    plan    show    ${id}    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[exhausted]    ${None}
    Should Be Equal    ${document}[model]    ${None}
    Should Be Equal As Integers    ${document}[usage][api_calls]    0
    Should Match Regexp    ${document}[created_at]    ^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d+Z$

Show With --json Is One Document With Counts By Kind
    ${id}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${result}    Run Agents    plan    show    ${id}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[id]    ${id}
    Should Be Equal    ${document}[status]    completed
    Should Be Equal As Integers    ${document}[decisions]    11
    Should Be Equal As Integers    ${document}[by_kind][revert]    1
    Should Be Equal As Integers    ${document}[by_kind][action]    4

Tree Shows Each Decision's Id, Kind, Summary And Outcome
    ${id}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${prefix}    Get Substring    ${id}    0    3
    ${result}    Run Agents    plan    tree    ${prefix}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}
    ...    plan ${id} completed — Write a greeting and document it
    ...    ✓ #1 \ strategy · 2 steps: write the greeting, document it — plan proposed
    ...    ✓ #2 \ step 1 · write the greeting — done (titlecase)
    ...    ✓ #3 \ action · write greeting.txt — wrote greeting.txt
    ...    ✓ #4 \ action · run cp greeting.txt greeting.bak — exit 0
    ...    ✗ #5 \ step check · grep -q Hello greeting.txt — exit 1
    ...    ✓ #6 \ revert · restore the checkpoint of 2 after option lowercase failed
    ...    ✓ #9 \ step 2 · document it — done (option 1)
    ...    ✓ #10 \ action · edit README.md — edited README.md
    ...    ✓ #11 \ goal check · grep -q Hello greeting.txt — exit 0

Tree With --json Is One Flat Document: Decisions In Order, Each Naming Its Parent And Children
    ${id}    Run Plan For Its Id    ${PLANS}/greeting.yaml    0
    ${document}    Plan Tree Document    ${id}
    Should Be Equal    ${document}[schema_version]    ${2}
    Should Be Equal    ${document}[plan][id]    ${id}
    Should Be Equal    ${document}[plan][actor]    scripted
    Dictionary Should Not Contain Key    ${document}    tree
    Decision Tree Should Hang Together    ${document}
    ${strategy}    Set Variable    ${document}[decisions][0]
    Should Be Equal    ${strategy}[kind]    strategy
    Should Be Equal    ${strategy}[parent_id]    ${None}
    ${step}    Decision By Id    ${document}    ${strategy}[children][0]
    Should Be Equal    ${step}[summary]    step 1: write the greeting
    Should Be Equal    ${step}[parent_id]    ${strategy}[id]
    ${kinds}    Evaluate
    ...    [d["kind"] for d in $document["decisions"] if d["parent_id"] == "${step}[id]"][:6]
    Should Be Equal    ${kinds}
    ...    ${{ ["action", "action", "verification", "revert", "action", "verification"] }}


*** Keywords ***
Run Plan For Its Id
    [Arguments]    ${file}    ${exit code}
    ${result}    Run Plan    ${file}    --json
    Exit Code Should Be    ${result}    ${exit code}
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}[plan][id]

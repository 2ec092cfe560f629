*** Settings ***
Documentation       As a developer who edits files while an agent works,
...                 I want a correction to put back only what the agent did and to name every
...                 file we both changed, so that my own edits are never lost (issue 10).
...
...                 Every test runs `plans/scope/two_steps.yaml` with the real `agents` command
...                 on a real temporary git repository holding shared.txt (line1 .. line7) and
...                 unrelated.txt: step 1 writes a.txt, step 2 turns line1 into AGENT1 and writes
...                 b.txt. Corrections go back to step 2's decision, so its subtree changed
...                 shared.txt and b.txt. Commands run with an empty stdin (no terminal), as in
...                 CI. Files are compared as bytes, with their permission bits.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Tags           issue-10


*** Variables ***
${TWO_STEPS}        ${PLANS}/scope/two_steps.yaml
${ORIGINAL}         line1\nline2\nline3\nline4\nline5\nline6\nline7\n
${AGENTS}           AGENT1\nline2\nline3\nline4\nline5\nline6\nline7\n
# The user's edit of the last line, after the run: it does not overlap the agent's first line.
${USER_LAST}        AGENT1\nline2\nline3\nline4\nline5\nline6\nUSER7\n
# The same file with the agent's change undone and the user's kept.
${MERGED}           line1\nline2\nline3\nline4\nline5\nline6\nUSER7\n
# The user's edit of the line the agent changed.
${USER_FIRST}       USER1\nline2\nline3\nline4\nline5\nline6\nline7\n
# Bytes git would never show as text: CRLF, a NUL, no final newline, and a 0600 mode.
${MINE}             mine\r\n\x00 no newline
${RESTORED}         restored (the agent's changes undone)
${KEPT}             kept (your edits, not touched)
${CONFLICTS}        conflicts (changed by you and by the agent)


*** Test Cases ***
An Edit To An Unrelated File Survives A Correction, Byte For Byte
    Run The Two Steps
    Write File Bytes    ${REPO}/unrelated.txt    ${MINE}    0600
    Write File Bytes    ${REPO}/mine.txt    ${MINE}    0600
    ${result}    Correct Back To Step 2    --yes
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/unrelated.txt    ${MINE}    0600
    File Should Hold Bytes    ${REPO}/mine.txt    ${MINE}    0600
    # Step 2 was re-executed from the restored tree: its two files are the agent's again.
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${AGENTS}    unrelated.txt=${MINE}
    ...    mine.txt=${MINE}    a.txt=a\n    b.txt=b\n

A File The Subtree Changed And The User Edited Is A Conflict: No Terminal, No Flag, Nothing Changes
    Run The Two Steps
    Write Repository File    shared.txt    ${USER_LAST}
    ${recorded}    Record Everything
    ${result}    Correct Back To Step 2
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    error: 1 file you changed since the agent's last
    ...    shared.txt    nothing changed    --theirs, --mine or --merge
    Stdout Should Contain    ${result}    ${CONFLICTS}: 1\n${SPACE*2}shared.txt
    Everything Should Be As Recorded    ${recorded}

With --merge, Hunks That Do Not Overlap Merge: The User's Edit Stays, The Agent's Is Undone
    Run The Two Steps
    Write Repository File    shared.txt    ${USER_LAST}
    Write Repository File    unrelated.txt    mine\n
    ${result}    Correct Back To Step 2    --merge    --no-execute
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${MERGED}    unrelated.txt=mine\n
    ...    a.txt=a\n

With --merge, Overlapping Hunks Leave Markers: Named, Exit 3, Nothing Re-Executed
    ${run}    Run The Two Steps
    Write Repository File    shared.txt    ${USER_FIRST}
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Correct Back To Step 2    --merge    --json
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    still has conflicts: shared.txt
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[conflicts_left]    ${{ ["shared.txt"] }}
    Should Be Equal As Integers    ${document}[actor_calls]    0
    ${shared}    Get File    ${REPO}/shared.txt
    Should Match Regexp    ${shared}    ^<<<<<<< .*\\nUSER1\\n=======\\nline1\\n>>>>>>> .*\\nline2\\n
    # b.txt went with the restore and no re-executed step wrote it again.
    Path Should Not Exist    ${REPO}/b.txt
    ${after}    Plan Tree Document    ${run}[plan][id]
    Should Be Equal    ${after}[plan][status]    strategizing
    ${decisions}    Decisions Of    ${after}
    Should Be Equal    ${decisions}[-1][kind]    user_intervention
    ...    a decision was taken after the correction
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

With --merge, A Binary File Is Not Merged: Left As The User Made It, Named, Exit 3
    Run The Two Steps
    Write File Bytes    ${REPO}/shared.txt    AGENT1\x00binary\n
    ${result}    Correct Back To Step 2    --merge    --no-execute
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    still has conflicts: shared.txt
    File Should Hold Bytes    ${REPO}/shared.txt    AGENT1\x00binary\n
    Path Should Not Exist    ${REPO}/b.txt

With --theirs, A Conflicting File Takes The Checkpoint's Version
    Run The Two Steps
    Write Repository File    shared.txt    ${USER_LAST}
    Write Repository File    unrelated.txt    mine\n
    ${result}    Correct Back To Step 2    --theirs    --no-execute
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${ORIGINAL}
    ...    unrelated.txt=mine\n    a.txt=a\n

With --mine, A Conflicting File Keeps The User's Version
    Run The Two Steps
    Write Repository File    shared.txt    ${USER_LAST}
    Write Repository File    unrelated.txt    mine\n
    ${result}    Correct Back To Step 2    --mine    --no-execute
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${USER_LAST}
    ...    unrelated.txt=mine\n    a.txt=a\n

With --restore-scope full, A Correction Replaces The User's Edits As Before, And Undo Returns Them
    Run The Two Steps
    Write File Bytes    ${REPO}/unrelated.txt    ${MINE}    0600
    Write Repository File    mine.txt    mine\n
    Write Repository File    shared.txt    ${USER_LAST}
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Correct Back To Step 2    --restore-scope    full    --no-execute
    Exit Code Should Be    ${result}    0
    # Exactly the files as they were before step 2.
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${ORIGINAL}    unrelated.txt=u\n
    ...    a.txt=a\n
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

An Edited Plan File In The Repository Is Kept, Re-Read, And Said To Have Changed
    Copy File    ${TWO_STEPS}    ${REPO}/plan.yaml
    Run The Two Steps    ${REPO}/plan.yaml
    ${text}    Get File    ${REPO}/plan.yaml
    ${edited}    Replace String    ${text}    content: "b\\n"    content: "edited\\n"
    Should Not Be Equal    ${edited}    ${text}
    Create File    ${REPO}/plan.yaml    ${edited}
    ${result}    Correct Back To Step 2    --yes    --trust-plan
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/plan.yaml    ${edited}
    File Should Hold Bytes    ${REPO}/b.txt    edited\n
    Stdout Should Contain    ${result}    ${KEPT}: 1\n${SPACE*2}plan.yaml\n
    ...    the plan file plan.yaml is yours: never restored
    Stderr Should Contain    ${result}    the plan file
    ...    changed since the run: re-executing with the edited file

plan restore D shared.txt Puts Back That File Only, And Undo Reverses It
    ${run}    Run The Two Steps
    Write File Bytes    ${REPO}/unrelated.txt    ${MINE}    0600
    ${before}    Snapshot Working Tree    ${REPO}
    ${step_2}    Step Decision    ${run}    2
    ${result}    Run Agents    plan    restore    ${step_2}[id]    shared.txt    --yes
    ...    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    restored 1 file as at decision ${step_2}[id]
    # b.txt differs from step 2's decision too, but was not asked for.
    Working Tree Should Hold    README.md=\# demo\n    shared.txt=${ORIGINAL}
    ...    unrelated.txt=${MINE}    a.txt=a\n    b.txt=b\n
    File Should Hold Bytes    ${REPO}/unrelated.txt    ${MINE}    0600
    ${result}    Run Agents    plan    ops    --json
    ${ops}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${ops}[operations][-1][kind]    restore
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

A Dry Run And The Correction Name The Files In Three Groups, For A Person And In JSON
    ${run}    Run The Two Steps
    Write Repository File    shared.txt    ${USER_LAST}
    Write Repository File    unrelated.txt    mine\n
    ${recorded}    Record Everything
    ${result}    Correct Back To Step 2    --dry-run
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    ${RESTORED}: 1\n${SPACE*2}b.txt\n
    ...    ${KEPT}: 1\n${SPACE*2}unrelated.txt\n${CONFLICTS}: 1\n${SPACE*2}shared.txt
    VAR    &{groups}    restored=${{ ["b.txt"] }}    kept=${{ ["unrelated.txt"] }}
    ...    conflicts=${{ ["shared.txt"] }}
    ${result}    Correct Back To Step 2    --dry-run    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[files]    ${groups}
    Everything Should Be As Recorded    ${recorded}
    ${step_2}    Step Decision    ${run}    2
    ${result}    Run Agents    plan    restore    ${step_2}[id]    --dry-run    --json
    ...    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    # Every file back: the user's unrelated edit would be overwritten too, so it conflicts.
    Should Be Equal    ${document}[files]    ${{ {"restored": ["b.txt"], "kept": [], "conflicts": ["shared.txt", "unrelated.txt"]} }}
    Everything Should Be As Recorded    ${recorded}
    ${result}    Correct Back To Step 2    --theirs    --no-execute    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[files]    ${groups}

plan restore Takes ./shared.txt For shared.txt
    [Documentation]    A path spelled with a leading `./` names the same file: restoring
    ...    nothing, with exit 0, would leave the person believing it was restored.
    ${run}    Run The Two Steps
    ${step_2}    Step Decision    ${run}    2
    ${result}    Run Agents    plan    restore    ${step_2}[id]    ./shared.txt    --yes
    ...    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/shared.txt    ${ORIGINAL}

plan restore Refuses A Path Outside The Working Tree And Records Nothing
    [Documentation]    Exit 2 on one line naming the path, as for any bad input; no operation.
    ${run}    Run The Two Steps
    ${step_2}    Step Decision    ${run}    2
    ${recorded}    Record Everything
    ${result}    Run Agents    plan    restore    ${step_2}[id]    ../outside.txt    --yes
    ...    stdin=${EMPTY}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    ../outside.txt
    Everything Should Be As Recorded    ${recorded}


*** Keywords ***
Run The Two Steps
    [Documentation]    Commit shared.txt and unrelated.txt, run the plan file to completion;
    ...    returns `plan tree --json`. `${STEP_2}` is step 2's decision id.
    [Arguments]    ${plan}=${TWO_STEPS}
    Write Repository File    shared.txt    ${ORIGINAL}
    Write Repository File    unrelated.txt    u\n
    Commit All    the files the plan works on
    ${result}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${step_2}    Step Decision    ${document}    2
    VAR    ${STEP_2}    ${step_2}[id]    scope=TEST
    File Should Hold Bytes    ${REPO}/shared.txt    ${AGENTS}
    File Should Hold Bytes    ${REPO}/b.txt    b\n
    RETURN    ${document}

Correct Back To Step 2
    [Documentation]    `agents plan correct --mode=revert` to step 2's decision, no terminal.
    [Arguments]    @{args}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${STEP_2}
    ...    --guidance    g    @{args}    stdin=${EMPTY}
    RETURN    ${result}

Undo The Last Operation
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

Working Tree Should Hold
    [Documentation]    Exactly these files (`path=content`), byte for byte, and nothing else.
    [Arguments]    &{files}
    VAR    ${expected}    ${WORK}/expected-tree
    Remove Directory    ${expected}    recursive=True
    FOR    ${path}    ${content}    IN    &{files}
        Write File Bytes    ${expected}/${path}    ${content}
    END
    ${actual}    Snapshot Working Tree    ${REPO}
    ${wanted}    Snapshot Working Tree    ${expected}
    # Modes are checked where a test cares (File Should Hold Bytes); here only the bytes.
    ${actual}    Evaluate    {p: e[:1] + e[2:] for p, e in $actual.items()}
    ${wanted}    Evaluate    {p: e[:1] + e[2:] for p, e in $wanted.items()}
    Should Be Equal    ${actual}    ${wanted}

Record Everything
    [Documentation]    The working tree, every ref (checkpoint refs included), git's own
    ...    state, the store of `agents`, and what `plan ops` and `plan tree` say, as now.
    ${tree}    Snapshot Working Tree    ${REPO}
    ${refs}    Git    for-each-ref
    ${git}    Snapshot Git State    ${REPO}
    ${store}    Store Dump    ${REPO}
    ${ops}    Run Agents    plan    ops    --json
    ${plan_tree}    Run Agents    plan    tree    --json
    RETURN    ${{ {"tree": $tree, "refs": $refs, "git": $git, "store": $store, "ops": $ops.stdout, "plan_tree": $plan_tree.stdout} }}

Everything Should Be As Recorded
    [Arguments]    ${recorded}
    ${now}    Record Everything
    Working Tree Should Match Snapshot    ${REPO}    ${recorded}[tree]
    Should Be Equal    ${now}[refs]    ${recorded}[refs]    the refs changed
    Git State Should Match Snapshot    ${REPO}    ${recorded}[git]
    Should Be Equal    ${now}[store]    ${recorded}[store]    the store changed
    Should Be Equal    ${now}[ops]    ${recorded}[ops]    `agents plan ops` changed
    Should Be Equal    ${now}[plan_tree]    ${recorded}[plan_tree]    `agents plan tree` changed

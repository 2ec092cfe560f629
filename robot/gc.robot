*** Settings ***
Documentation       `agents plan delete` and `agents gc` on real repositories: a delete is an
...                 operation `agents plan undo` reverses; gc frees exactly what deleted plans
...                 alone held, and never an object the user's refs, reflogs, stash or index
...                 reach; `--dry-run` changes nothing; the retention policy takes only
...                 finished plans.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Kill Started Processes And Remove Temporary Repository


*** Variables ***
${GC_PLANS}         ${PLANS}/gc


*** Test Cases ***
Delete And Undo Bring The Plan Back Whole
    ${plan}    Run Quick Plan
    ${tree}    Plan Tree Document    ${plan}
    ${files}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    deleted plan ${plan}    agents plan undo
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    Plan Should Not Be Listed    ${plan}
    ${result}    Run Agents    plan    show    ${plan}
    Refused As Deleted    ${result}    ${plan}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    no plan in this repository yet
    ${result}    Run Agents    plan    resume    ${plan}
    Refused As Deleted    ${result}    ${plan}
    ${result}    Run Agents    plan    correct    --plan    ${plan}    --mode    revert
    ...    --decision    1    --guidance    again    --yes    stdin=${EMPTY}
    Refused As Deleted    ${result}    ${plan}
    ${result}    Run Agents    plan    undo    1    --yes    stdin=${EMPTY}
    Refused As Deleted    ${result}    ${plan}
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    (delete:
    ${back}    Plan Tree Document    ${plan}
    Should Be Equal    ${back}    ${tree}
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${listed}    Run Agents    plan    list
    Stdout Should Contain    ${listed}    ${plan}

Delete Drops The Looks A Recorded Session's Unfinished Bash Calls Held
    [Documentation]    A recorded session killed inside a Bash call leaves the look taken
    ...    before it in `<git-dir>/cleveragents/looks/` (its PostToolUse never comes).
    ...    Deleting the plan drops it, and only its own: another session's stays. (Before:
    ...    they stayed for ever.)
    ${first}    Record An Unfinished Bash Call    s1
    ${second}    Record An Unfinished Bash Call    s2
    Held Looks Should Be    ${first}    ${second}
    ${result}    Run Agents    plan    delete    ${first}    --json    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal As Integers    ${document}[deleted][0][held_looks_dropped]    1
    Held Looks Should Be    ${second}
    ${result}    Run Agents    plan    delete    ${second}    stdin=${EMPTY}
    Stdout Should Contain    ${result}    dropped 1 held look of its Claude Code calls
    Held Looks Should Be

Gc Drops Held Looks Of Plans Gone And Those Older Than The Grace
    [Documentation]    A look whose plan is gone (dropped by an older gc, or by the
    ...    retention policy) and one older than gc.pruneExpire go with `agents gc`; a
    ...    live plan's recent one stays. `--dry-run` counts them and drops nothing.
    ${old}    Record An Unfinished Bash Call    s1
    ${live}    Record An Unfinished Bash Call    s2
    ${gone}    Record An Unfinished Bash Call    s3
    ${looks}    Set Variable    ${REPO}/.git/cleveragents/looks
    ${aged}    Evaluate    [os.utime(p, (time.time() - 30 * 86400,) * 2) for p in glob.glob(r"${looks}/${old}-*")]
    ...    modules=os,time,glob
    # What a plan dropped by gc before looks were collected leaves: its look, no record.
    Evaluate    [os.rename(p, p.replace("/${gone}-", "/0a0a0a0a-")) for p in glob.glob(r"${looks}/${gone}-*")]
    ...    modules=os,glob
    ${result}    Run Agents    gc    --dry-run    --json    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal As Integers    ${document}[looks]    2
    Held Looks Should Be    ${old}    ${live}    0a0a0a0a
    ${result}    Run Agents    gc    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    dropped 2 held looks of Claude Code calls
    Held Looks Should Be    ${live}

Gc Drops The Ignore Rules Kept At A Deleted Plan's Start; Undo Of The Delete Keeps Them
    [Documentation]    Each plan keeps a copy of the user's ignore rules at its start
    ...    (`<git-dir>/cleveragents/user-ignores/`). A deleted plan keeps it, so that undo of
    ...    the delete finds it; `agents gc` drops it with the plan, and the copy no plan
    ...    left names, while another plan's stays. `--dry-run` drops nothing.
    ...    (Before: they stayed for ever.)
    VAR    ${kept}    ${REPO}/.git/cleveragents/user-ignores
    ${first}    Run Quick Plan
    Write Repository File    .gitignore    build/\n
    Commit All    ignore build
    ${second}    Run Quick Plan
    ${copies}    List Directories In Directory    ${kept}    pattern=[0-9a-f]*
    Length Should Be    ${copies}    2
    ${second_copy}    Kept Rules Folder Of    ${second}
    Delete Plan    ${first}
    File Should Exist    ${kept}/plans/${first}
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${kept}/plans/${first}
    Delete Plan    ${first}
    ${result}    Run Agents    gc    --dry-run    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${kept}/plans/${first}
    ${result}    Run Agents    gc    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${kept}/plans/${first}
    File Should Exist    ${kept}/plans/${second}
    ${copies}    List Directories In Directory    ${kept}    pattern=[0-9a-f]*
    Should Be Equal    ${copies}    ${{[$second_copy]}}
    ${result}    Run Agents    plan    show    ${second}
    Exit Code Should Be    ${result}    0

Undoing The Undo Deletes It Again, And The Delete Says So In JSON
    ${plan}    Run Quick Plan
    ${result}    Run Agents    plan    delete    ${plan}    --json    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[deleted][0][plan]    ${plan}
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Plan Should Not Be Listed    ${plan}

Gc After Delete Frees The Plan's Objects
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${before}    Loose Object Count
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Git    config    gc.pruneExpire    now
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    dropped 1 plan: ${plan} (deleted)
    Should Not Contain    ${result.stdout}    stay
    ${after}    Loose Object Count
    Should Be True    ${after} < ${before}    loose objects: ${before} before gc, ${after} after
    Object Should Be Gone    ${tip}
    No Checkpoint Should Exist
    ${dump}    Store Dump    ${REPO}
    Should Not Contain    ${dump}    ${plan}
    Git Fsck Should Be Clean
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    2

Gc Never Removes What The User's Refs, Reflogs, Stash Or Index Reach
    Write Repository File    .gitignore    *.log\n
    Write Repository File    staged.txt    staged by the user\n
    Git    add    .gitignore
    Git    commit    --quiet    -m    ignore logs
    ${result}    Run Plan    ${GC_PLANS}/shared_blobs.yaml
    Exit Code Should Be    ${result}    0
    ${plan}    Newest Plan
    ${plan_only}    Blob Id Of    held by the plan alone\n
    Git    cat-file    -e    ${plan_only}
    # The user keeps the plan's contents: in a branch, in a reflog only, in a stash, staged.
    Git    add    branch.txt
    Git    commit    --quiet    -m    keep the branch file
    ${branch_blob}    Git    rev-parse    HEAD:branch.txt
    Git    add    reflog.txt
    Git    commit    --quiet    -m    soon only in the reflog
    ${reflog_commit}    Git    rev-parse    HEAD
    ${reflog_blob}    Git    rev-parse    HEAD:reflog.txt
    Git    reset    --hard    --quiet    HEAD~1
    Git    add    stash.txt
    Git    stash    push    --quiet    -m    the user's stash
    ${stash}    Git    rev-parse    refs/stash
    ${stash_blob}    Git    rev-parse    refs/stash:stash.txt
    Git    add    staged.txt
    ${staged_blob}    Git    rev-parse    :staged.txt
    ${git_state}    Snapshot Git State    ${REPO}
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    FOR    ${object}    IN    ${branch_blob}    ${reflog_commit}    ${reflog_blob}    ${stash}
    ...    ${stash_blob}    ${staged_blob}
        Git    cat-file    -e    ${object}
    END
    Object Should Be Gone    ${plan_only}
    Git State Should Match Snapshot    ${REPO}    ${git_state}
    Git Fsck Should Be Clean

Gc Dry Run Says What It Would Free And Changes Nothing
    ${plan}    Run Quick Plan
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${dump}    Store Dump    ${REPO}
    ${refs}    Checkpoint Refs
    ${count}    Loose Object Count
    ${result}    Run Agents    gc    --prune-now    --dry-run
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    would drop 1 plan: ${plan} (deleted)    loose objects
    ${result}    Run Agents    gc    --prune-now    --dry-run    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be True    ${document}[dry_run]
    Should Be True    ${document}[objects] > 0
    ${would}    Set Variable    ${document}[objects]
    ${dump_after}    Store Dump    ${REPO}
    Should Be Equal    ${dump}    ${dump_after}
    ${refs_after}    Checkpoint Refs
    Should Be Equal    ${refs}    ${refs_after}
    ${count_after}    Loose Object Count
    Should Be Equal    ${count}    ${count_after}
    ${result}    Run Agents    gc    --prune-now    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[objects]    ${would}
    Should Not Be True    ${document}[dry_run]

Retention Drops Only Finished Plans No Rule Keeps
    ${oldest}    Run Quick Plan
    ${result}    Run Plan    ${PLANS}/loop/two_segments.yaml    --budget-calls    1
    Exit Code Should Be    ${result}    4
    ${stopped}    Newest Plan
    ${newest}    Run Quick Plan
    Create File    ${REPO}/.git/cleveragents/config.toml    keep_plans = 1\n
    ${result}    Run Agents    gc    --dry-run    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[expired]    ${{[$oldest]}}
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    ${oldest} (retention)
    Plan Should Not Be Listed    ${oldest}
    ${listed}    Run Agents    plan    list
    Stdout Should Contain    ${listed}    ${stopped}    ${newest}
    Create File    ${REPO}/.git/cleveragents/config.toml    keep_plans = "all"\n
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    keep_plans
    Create File    ${REPO}/.git/cleveragents/config.toml    keep_days = -1\n
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    keep_days

A Plan Another Command Runs Cannot Be Deleted, Nor Can Gc Run
    # Exec'd as before: forked (ForkedAgents.py) while Robot's logging handler was left in
    # the fork, its gc was let through 2 runs in 3 (exit 0, "nothing to free") while the slow
    # plan ran; with logging reset in the fork it passed 2 in 2. Not explained yet.
    VAR    ${AGENTS_FORKED}    ${False}    scope=TEST
    Start Process    agents    plan    run    --script    ${GC_PLANS}/slow.yaml    cwd=${REPO}
    ...    alias=slow    stdin=${EMPTY}    stdout=${WORK}/slow.stdout    stderr=${WORK}/slow.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${REPO}/slow-started.txt    timeout=30s
    ${plan}    Newest Plan
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    is locked by `agents plan run
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    3

The Private Index Is Rebuilt When Missing
    Write Repository File    .gitignore    *.log\n
    Write Repository File    forced.log    tracked although ignored\n
    Git    add    .gitignore
    Git    add    --force    forced.log
    Git    commit    --quiet    -m    a log the user tracks
    Run Quick Plan
    Remove File    ${REPO}/.git/cleveragents/worktree.index
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${files}    Git    ls-tree    -r    --name-only    ${tip}
    Should Contain    ${files}    forced.log
    Should Contain    ${files}    quick.txt

Plan List Shows Each Plan's Size
    ${plan}    Run Quick Plan
    ${result}    Run Agents    plan    list    --size
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    size    ${plan}    in all
    ${result}    Run Agents    plan    list    --size    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be True    ${document}[plans][0][size][bytes] > 0
    Should Be True    ${document}[plans][0][size][objects] > 0

Commits Stay When A Commit-Graph Names Them
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${blob}    Blob Id Of    quick\n
    Git    commit-graph    write    --reachable
    Delete Plan    ${plan}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Git    cat-file    -e    ${tip}
    Object Should Be Gone    ${blob}
    Git Fsck Should Be Clean

Objects The User's Git Gc Packed Stay In Their Pack
    ${plan}    Run Quick Plan
    Git    gc    --quiet
    Delete Plan    ${plan}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    dropped 0 loose objects    in packs and stay
    Git Fsck Should Be Clean

An Object Written Again While Gc Runs Is Kept
    ${plan}    Run Quick Plan
    ${blob}    Blob Id Of    quick\n
    Delete Plan    ${plan}
    # What git does when it would write an object that is there already: it freshens it.
    ${result}    Run Process    touch    -d    +1 hour
    ...    ${REPO}/.git/objects/${blob}[:2]/${blob}[2:]
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    written again while gc ran were kept
    Git    cat-file    -e    ${blob}

Another Working Tree's Plan Keeps What It Shares With A Deleted Plan
    ${plan}    Run Quick Plan
    Git    worktree    add    --quiet    ${WORK}/linked
    ${result}    Run Plan    ${GC_PLANS}/quick.yaml    cwd=${WORK}/linked
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    list    --json    cwd=${WORK}/linked
    ${document}    Parse JSON Document    ${result.stdout}
    ${linked}    Set Variable    ${document}[plans][0][id]
    ${linked_tip}    Git    rev-parse    refs/cleveragents/plans/${linked}
    Delete Plan    ${plan}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Git    cat-file    -e    ${linked_tip}
    ${blob}    Blob Id Of    quick\n
    Git    cat-file    -e    ${blob}
    ${result}    Run Agents    plan    tree    ${linked}    cwd=${WORK}/linked
    Exit Code Should Be    ${result}    0
    Git Fsck Should Be Clean

Gc During The User's Rebase Leaves The Rebase Whole
    Git    switch    --quiet    -c    topic
    Write Repository File    README.md    \# topic\n
    Commit All    topic's readme
    Git    switch    --quiet    main
    Write Repository File    README.md    \# main\n
    Commit All    main's readme
    ${plan}    Run Quick Plan
    Git    switch    --quiet    topic
    ${result}    Run Process    git    rebase    main    cwd=${REPO}
    ...    env:GIT_CONFIG_GLOBAL=/dev/null    env:GIT_COMMITTER_NAME=Robot
    ...    env:GIT_COMMITTER_EMAIL=robot@example.com
    Should Not Be Equal As Integers    ${result.rc}    0    the rebase should stop on a conflict
    Directory Should Exist    ${REPO}/.git/rebase-merge
    Delete Plan    ${plan}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Git    rebase    --abort
    Git Fsck Should Be Clean

The Newest Plan Is The Newest Not Deleted
    ${older}    Run Quick Plan
    ${newer}    Run Quick Plan
    Delete Plan    ${newer}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    ${older}
    Should Not Contain    ${result.stdout}    ${newer}

Gc With Nothing Deleted Frees Nothing
    Run Quick Plan
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    nothing to free

A Repository Borrowing A Deleted Plan's Objects Stays Whole Until --prune-now
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    Git    clone    --quiet    --shared    ${REPO}    ${WORK}/borrower    cwd=${WORK}
    Git    fetch    --quiet    origin    refs/cleveragents/plans/${plan}:refs/heads/borrowed
    ...    cwd=${WORK}/borrower
    # Objects written weeks ago: the grace counts from when gc drops the plan, not before.
    Age Loose Objects    30
    Delete Plan    ${plan}
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    dropped 1 plan: ${plan} (deleted)
    ...    dropped 0 loose objects    stay for the grace period (gc.pruneExpire 2.weeks.ago)
    ...    `agents gc --prune-now` frees them now
    No Checkpoint Should Exist
    Borrower Should Be Whole    ${tip}
    ${result}    Run Agents    gc    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[objects]    ${0}
    Should Be True    ${document}[kept_recent] > 0
    Should Be Equal    ${document}[grace]    2.weeks.ago
    Should Start With    ${document}[free_after]    ${{(datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=14)).strftime('%Y-%m-%d')}}
    ${kept}    Set Variable    ${document}[kept_recent]
    Borrower Should Be Whole    ${tip}
    ${result}    Run Agents    gc    --prune-now    --dry-run
    Stdout Should Contain    ${result}    would drop ${kept} loose objects
    Git    cat-file    -e    ${tip}
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    dropped ${kept} loose objects
    Object Should Be Gone    ${tip}
    Git Fsck Should Be Clean
    File Should Not Exist    ${REPO}/.git/cleveragents/gc-dropped

A Later Gc Frees What Deleted Plans Held Once Past The Grace
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${blob}    Blob Id Of    quick\n
    Delete Plan    ${plan}
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    stay for the grace period
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    dropped 0 loose objects    stay for the grace period
    Git    cat-file    -e    ${tip}
    # What git would do with the tip meanwhile: write it again. What it reaches stays with it.
    Age Loose Objects    15
    Run Process    touch    ${REPO}/.git/objects/${tip}[:2]/${tip}[2:]
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    dropped 0 loose objects    stay for the grace period
    Git    cat-file    -e    ${blob}
    Age Loose Objects    15
    ${result}    Run Agents    gc    --dry-run
    Stdout Should Contain    ${result}    would drop
    Should Not Contain    ${result.stdout}    would drop 0 loose objects
    Git    cat-file    -e    ${tip}
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    of plans dropped earlier, past the grace period
    Should Not Contain    ${result.stdout}    stay
    Object Should Be Gone    ${tip}
    Object Should Be Gone    ${blob}
    File Should Not Exist    ${REPO}/.git/cleveragents/gc-dropped
    Git Fsck Should Be Clean
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    nothing to free

The Grace Is gc.pruneExpire As Git Reads It
    ${result}    Run Agents    gc    --help
    Stdout Should Contain    ${result}    gc.pruneExpire    --prune-now    git clone --shared
    Git    config    gc.pruneExpire    [bold]soon
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    gc.pruneExpire = '[bold]soon'    agents gc --prune-now
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Git    config    gc.pruneExpire    never
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    Age Loose Objects    400
    Delete Plan    ${plan}
    Run Agents    gc
    Age Loose Objects    400
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    stay: gc.pruneExpire is never
    Git    cat-file    -e    ${tip}
    Git    config    gc.pruneExpire    1.day.ago
    Age Loose Objects    0
    ${result}    Run Agents    gc
    Stdout Should Contain    ${result}    stay for the grace period (gc.pruneExpire 1.day.ago)
    Age Loose Objects    2
    ${result}    Run Agents    gc
    Should Not Contain    ${result.stdout}    stay
    Object Should Be Gone    ${tip}

Objects Gone Behind Gc's Back Do Not Stop It
    ${plan}    Run Quick Plan
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${parent}    Git    rev-parse    ${tip}^
    Delete Plan    ${plan}
    Run Agents    gc
    # The user's own `git prune` (or a gc of another working tree) removed one of them.
    File Should Exist    ${REPO}/.git/objects/${parent}[:2]/${parent}[2:]
    Remove File    ${REPO}/.git/objects/${parent}[:2]/${parent}[2:]
    Age Loose Objects    15
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${REPO}/.git/cleveragents/gc-dropped

*** Keywords ***
Record An Unfinished Bash Call
    [Documentation]    What our installed hook records of a session `${session}` the user
    ...    runs, killed inside its first Bash call: its prompt, then the call's PreToolUse
    ...    (the real hook process, fed the events Claude Code sends); its plan's id.
    [Arguments]    ${session}
    Create File    ${WORK}/${session}.jsonl
    ${common}    Set Variable
    ...    "session_id": "${session}", "transcript_path": "${WORK}/${session}.jsonl", "cwd": "${REPO}"
    ${prompt}    Set Variable    {${common}, "hook_event_name": "UserPromptSubmit", "prompt": "p"}
    ${call}    Set Variable
    ...    {${common}, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "${session}-1", "tool_input": {"command": "echo made > made.txt"}}
    FOR    ${event}    IN    ${prompt}    ${call}
        ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
        ...    cwd=${REPO}    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
        Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
        Should Be Empty    ${result.stderr}
    END
    ${plans}    Run Agents    plan    list    --json
    ${newest}    Evaluate
    ...    max(json.loads($plans.stdout)["plans"], key=lambda p: p["created_at"])["id"]
    ...    modules=json
    RETURN    ${newest}

Held Looks Should Be
    [Documentation]    The plans whose looks are held, one a file, in any order.
    [Arguments]    @{plans}
    ${held}    Evaluate
    ...    sorted(n.rpartition("-")[0] for n in os.listdir(r"${REPO}/.git/cleveragents/looks"))
    ...    modules=os
    ${wanted}    Evaluate    sorted($plans)
    Should Be Equal    ${held}    ${wanted}

Run Quick Plan
    [Documentation]    Run a plan that writes quick.txt; return its id. The file goes, so the
    ...    next plan writes it again.
    ${result}    Run Plan    ${GC_PLANS}/quick.yaml
    Exit Code Should Be    ${result}    0
    Remove File    ${REPO}/quick.txt
    ${plan}    Newest Plan
    RETURN    ${plan}

Newest Plan
    ${result}    Run Agents    plan    list    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}[plans][-1][id]

Kept Rules Folder Of
    [Documentation]    The name of the folder holding the copy of the ignore rules `plan` kept.
    [Arguments]    ${plan}
    ${record}    Get File    ${REPO}/.git/cleveragents/user-ignores/plans/${plan}
    ${document}    Evaluate    json.loads($record)    modules=json
    RETURN    ${document}[folder]

Plan Should Not Be Listed
    [Arguments]    ${plan}
    ${result}    Run Agents    plan    list
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stdout}    ${plan}

Delete Plan
    [Arguments]    ${plan}
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

Refused As Deleted
    [Arguments]    ${result}    ${plan}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan ${plan} is deleted    agents plan undo

Loose Object Count
    ${out}    Git    count-objects    -v
    ${line}    Get Lines Matching Regexp    ${out}    count: \\d+
    RETURN    ${{int($line.split()[1])}}

Blob Id Of
    [Arguments]    ${text}
    Create File    ${WORK}/blob.txt    ${text}
    ${result}    Run Process    git    hash-object    ${WORK}/blob.txt    cwd=${REPO}
    RETURN    ${result.stdout}

Object Should Be Gone
    [Arguments]    ${object}
    ${result}    Run Process    git    cat-file    -e    ${object}    cwd=${REPO}
    Should Not Be Equal As Integers    ${result.rc}    0    ${object} is still in the repository

Git Fsck Should Be Clean
    ${result}    Run Process    git    fsck    --full    --strict    cwd=${REPO}
    Should Be Equal As Integers    ${result.rc}    0    git fsck: ${result.stdout} ${result.stderr}
    Should Not Contain Any    ${result.stdout}\n${result.stderr}    missing    broken    error

Age Loose Objects
    [Documentation]    Make every loose object file as if last written `days` ago.
    [Arguments]    ${days}
    ${when}    Evaluate    time.time() - ${days} * 86400    modules=time
    ${files}    Evaluate    list(pathlib.Path($REPO, '.git', 'objects').glob('[0-9a-f][0-9a-f]/*'))
    ...    modules=pathlib
    FOR    ${file}    IN    @{files}
        Evaluate    os.utime($file, ($when, $when))    modules=os
    END

Borrower Should Be Whole
    [Documentation]    The `git clone --shared` in ${WORK}/borrower: fsck clean, `commit` readable.
    [Arguments]    ${commit}
    ${result}    Run Process    git    fsck    --full    --strict    cwd=${WORK}/borrower
    Should Be Equal As Integers    ${result.rc}    0    borrower's git fsck: ${result.stderr}
    Git    log    --oneline    -1    ${commit}    cwd=${WORK}/borrower

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository

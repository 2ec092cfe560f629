*** Settings ***
Documentation       As a developer whose working tree has ignored files, hidden files, nested
...                 repositories, line-ending rules, secret modes, hooks and stale locks,
...                 I want `agents plan correct` and `agents plan undo` to put back every byte,
...                 so that nothing of mine is ever lost at git's edges (issue 8).
...
...                 One test per class of issue 8, each on a real temporary git repository with
...                 the real `agents` command and a scripted plan from `plans/edges/`. Every
...                 correction goes back to a step's decision with `--yes --no-execute`, with no
...                 terminal, as in CI. Files are compared as bytes with their permission bits,
...                 never through text.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Stop Started Processes And Remove Temporary Repository
Test Tags           issue-8


*** Variables ***
${EDGES}            ${PLANS}/edges
# The store of `agents` may change under any command; everything else there may not.
@{STORE_FILES}      state.db    state.db-wal    state.db-shm


*** Test Cases ***
An Ignored File Standing Where A Checkpoint Holds A File Comes Back With Undo
    [Documentation]    Class: an ignored file in the way of a restore is overwritten, and undo
    ...    cannot bring it back (its bytes are in no git object).
    Write Repository File    notes.txt    committed\n
    Commit All    notes
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Edge Plan    ignored_in_the_way
    Path Should Not Exist    ${REPO}/notes.txt
    ${git_dir}    Git Dir
    Append To File    ${git_dir}/info/exclude    notes.txt\n
    Write File Bytes    ${REPO}/notes.txt    mine\r\n\x00    0640
    ${edited}    Snapshot Working Tree    ${REPO}
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/notes.txt    committed\n
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/notes.txt    mine\r\n\x00    0640
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

Ignored Files In A Folder That A Restore Turns Into A File, And The Reverse, Come Back With Undo
    [Documentation]    Class: an ignored file inside a folder that a restore turns back into a
    ...    file is deleted, and undo does not bring it back; likewise an ignored file standing
    ...    where a checkpoint holds a folder.
    Write Repository File    cache    c\n
    Write Repository File    d/x    x\n
    Commit All    a cache file and d/x
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Edge Plan    folder_file_swap
    ${git_dir}    Git Dir
    Append To File    ${git_dir}/info/exclude    cache/\n/d\n
    # The agent's delete of d/x leaves the folder d empty: the user removes it.
    Remove Directory    ${REPO}/d
    Write All Byte Values    ${REPO}/cache/big.bin
    Write File Bytes    ${REPO}/d    an ignored file named d\n    0600
    ${edited}    Snapshot Working Tree    ${REPO}
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/cache    c\n
    File Should Hold Bytes    ${REPO}/d/x    x\n
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/cache/big.bin    ${{ bytes(range(256)) }}
    File Should Hold Bytes    ${REPO}/d    an ignored file named d\n    0600
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

A Skip-Worktree File Edited By The Agent Gets The User's Bytes Back, And The Index Is Untouched
    [Documentation]    Class: a file the user hides from the index (`git update-index
    ...    --skip-worktree`) is overwritten by an agent's `edit` and never recorded: neither
    ...    correct nor undo brings the user's bytes back.
    Write Repository File    config.ini    a=1\n
    Commit All    config
    Git    update-index    --skip-worktree    config.ini
    Write Repository File    config.ini    a=1\nsecret=2\n
    ${git_dir}    Git Dir
    ${index}    Get Binary File    ${git_dir}/index
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Edge Plan    skip_worktree
    File Should Hold Bytes    ${REPO}/config.ini    a=9\nsecret=2\n
    ${after_run}    Snapshot Working Tree    ${REPO}
    User Index Should Still Be    ${index}
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/config.ini    a=1\nsecret=2\n
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    User Index Should Still Be    ${index}
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/config.ini    a=9\nsecret=2\n
    Working Tree Should Match Snapshot    ${REPO}    ${after_run}
    User Index Should Still Be    ${index}
    ${listed}    Git    ls-files    -v    config.ini
    Should Start With    ${listed}    S    the skip-worktree bit is gone: ${listed}

Writes Inside An Untracked Nested Clone Are Undone, And Its Own Index And HEAD Stay
    [Documentation]    Class: writes inside an untracked nested clone (`vendor/lib` with its own
    ...    `.git`) are not undone, and the user's uncommitted bytes there are lost.
    Create Directory    ${REPO}/vendor/lib
    Git    init    --quiet    --initial-branch\=main    cwd=${REPO}/vendor/lib
    Write Repository File    vendor/lib/a.txt    library bytes\n
    Git    add    --all    cwd=${REPO}/vendor/lib
    Git    commit    --quiet    --no-gpg-sign    -m    library    cwd=${REPO}/vendor/lib
    Write Repository File    vendor/lib/a.txt    user bytes\n
    ${nested}    Nested Repository State    ${REPO}/vendor/lib
    # The snapshots hold vendor/lib/.git too: nothing in it may change.
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Edge Plan    nested_clone
    File Should Hold Bytes    ${REPO}/vendor/lib/a.txt    agent\n
    ${after_run}    Snapshot Working Tree    ${REPO}
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/vendor/lib/a.txt    user bytes\n
    Path Should Not Exist    ${REPO}/vendor/lib/new.txt
    Nested Repository State Should Be    ${REPO}/vendor/lib    ${nested}
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/vendor/lib/a.txt    agent\n
    File Should Hold Bytes    ${REPO}/vendor/lib/new.txt    new from the agent\n
    Nested Repository State Should Be    ${REPO}/vendor/lib    ${nested}
    Working Tree Should Match Snapshot    ${REPO}    ${after_run}

Two Plans In One Working Tree Exclude Each Other
    [Documentation]    Class: two plans in one working tree do not exclude each other (the lock
    ...    is per plan): a second plan's restore deleted half of the first plan's files.
    ...    Plan A waits in its step 2 for `${WORK}/a-release`; while it runs, another plan's
    ...    run and an undo of another plan's operation get exit 3 naming the holder.
    ${result}    Run Plan    ${EDGES}/write_b.yaml
    Exit Code Should Be    ${result}    0
    ${older}    Newest Operation Id
    Start Process    agents    plan    run    --script    ${EDGES}/wait_for_release.yaml
    ...    cwd=${REPO}    alias=plan-a    stdin=${EMPTY}
    ...    stdout=${WORK}/a.stdout    stderr=${WORK}/a.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/a-started    timeout=30s
    Process Should Be Running    plan-a
    ${pid}    Get Process Id    plan-a
    ${result}    Run Plan    ${EDGES}/write_b.yaml    stdin=${EMPTY}
    Locked By Plan A    ${result}    ${pid}
    ${result}    Run Agents    plan    undo    ${older}    --yes    stdin=${EMPTY}
    Locked By Plan A    ${result}    ${pid}
    Create File    ${WORK}/a-release
    ${a}    Wait For Process    plan-a    timeout=60s    on_timeout=kill
    Should Be Equal As Integers    ${a.rc}    0
    ...    msg=plan A exited ${a.rc}:\n${a.stdout}\n${a.stderr}    values=False
    File Should Hold Bytes    ${REPO}/a1.txt    a1\n
    File Should Hold Bytes    ${REPO}/a3.txt    a3\n
    File Should Hold Bytes    ${REPO}/b.txt    b\n
    ${tree}    Snapshot Working Tree    ${REPO}
    Should Be Equal    ${{ sorted($tree) }}    ${{ ["README.md", "a1.txt", "a3.txt", "b.txt"] }}

Restores Are Byte-Exact Whatever .gitattributes, core.autocrlf And Filters Say
    [Documentation]    Class: with `core.autocrlf`, `eol=crlf` or `* text=auto`, line endings
    ...    change on restore, and a one-way clean/smudge filter loses content.
    Write Repository File    .gitattributes    * text=auto\n*.crlf eol=crlf\n*.sec filter=strip\n
    Git    config    core.autocrlf    true
    Git    config    filter.strip.clean    sed s/secret/XXX/
    Git    config    filter.strip.smudge    cat
    Write File Bytes    ${REPO}/crlf.txt    one\r\ntwo\r\n
    Write File Bytes    ${REPO}/mixed.txt    a\r\nb\nc\r\n
    Write File Bytes    ${REPO}/lf.crlf    lf only\nhere\n
    Write File Bytes    ${REPO}/key.sec    token: secret\n
    Commit All    files git would convert
    Write File Bytes    ${REPO}/untracked.txt    crlf too\r\n
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Edge Plan    attributes
    File Should Hold Bytes    ${REPO}/key.sec    token: public\n
    ${after_run}    Snapshot Working Tree    ${REPO}
    Correct Back To Step    ${run}    1
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${after_run}

Modes Git Does Not Record Survive Correct And Undo
    [Documentation]    Class: a `0600` file comes back `0644` (a secret becomes world-readable).
    ...    secret.env is committed, local.env untracked; both are 0600 and edited by the plan.
    Write File Bytes    ${REPO}/secret.env    TOKEN=old\n    0600
    Commit All    a secret
    Write File Bytes    ${REPO}/local.env    TOKEN=old\n    0600
    ${run}    Run Edge Plan    secret_mode
    File Should Hold Bytes    ${REPO}/secret.env    TOKEN=new\n    0600
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/secret.env    TOKEN=old\n    0600
    File Should Hold Bytes    ${REPO}/local.env    TOKEN=old\n    0600
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/secret.env    TOKEN=new\n    0600
    File Should Hold Bytes    ${REPO}/local.env    TOKEN=new\n    0600

No User Hook Runs And No Signing Is Asked For
    [Documentation]    Class: checkpoints run the user's hooks (`post-index-change`,
    ...    `reference-transaction`), and a failing hook makes every checkpoint fail; signing
    ...    configured by the user must not be asked for either. Each hook logs its name
    ...    outside the repository and fails.
    VAR    ${log}    ${WORK}/hooks.log
    FOR    ${hook}    IN    post-index-change    reference-transaction    pre-commit
    ...    post-commit    post-checkout
        Write File Bytes    ${WORK}/hooks/${hook}    \#!/bin/sh\necho ${hook} >> ${log}\nexit 1\n
        ...    0755
    END
    Git    config    core.hooksPath    ${WORK}/hooks
    Git    config    commit.gpgSign    true
    Git    config    gpg.program    ${WORK}/no-such-gpg
    # The hooks are live: git itself runs them.
    ${result}    Run Process    git    hook    run    pre-commit    cwd=${REPO}
    Should Be Equal As Integers    ${result.rc}    1
    File Should Hold Bytes    ${log}    pre-commit\n
    Remove File    ${log}
    ${run}    Run Edge Plan    three_steps
    Correct Back To Step    ${run}    2
    Undo The Last Operation
    Path Should Not Exist    ${log}

Stale Locks Of Our Own Dead Processes Are Cleared, And One That Cannot Be Is Named
    [Documentation]    Class: a kill that also hits git can leave a stale lock in the git
    ...    directory: the repair is then skipped silently and every later correct/undo exits 3
    ...    without naming the file. The empty lock files are what a SIGKILL between git's lock
    ...    and its rename leaves.
    ${run}    Run Edge Plan    three_steps
    ${git_dir}    Git Dir
    ${common}    Git    rev-parse    --path-format\=absolute    --git-common-dir
    VAR    ${index_lock}    ${git_dir}/cleveragents/worktree.index.lock
    VAR    ${ref_lock}    ${common}/refs/cleveragents/plans/${run}[plan][id].lock
    Create File    ${index_lock}
    Create File    ${ref_lock}
    Correct Back To Step    ${run}    3
    Path Should Not Exist    ${ref_lock}
    Path Should Not Exist    ${index_lock}
    Create Directory    ${index_lock}
    Create File    ${index_lock}/in-the-way    not ours to remove\n
    ${files}    Snapshot Working Tree    ${REPO}
    ${step_1}    Step Decision    ${run}    1
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${step_1}[id]
    ...    --guidance    g    --yes    --no-execute    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    ${index_lock}
    Working Tree Should Match Snapshot    ${REPO}    ${files}

Read-Only Commands Write Nothing A Writer Uses
    [Documentation]    Class: `plan diff D --worktree`, a read-only command, writes the plan's
    ...    private index without the lock, and can make a writer beside it fail. A hand edit and
    ...    a new file since the run give the diff against the working tree something to read.
    ${run}    Run Edge Plan    three_steps
    Write Repository File    s2.txt    edited by hand\n
    Write Repository File    mine.txt    mine\n
    Record The Private Files And Checkpoint Refs
    ${step_2}    Step Decision    ${run}    2
    ${step_3}    Step Decision    ${run}    3
    Read-Only Command Changes Nothing    plan    diff    ${step_2}[id]    --worktree
    Read-Only Command Changes Nothing    plan    diff    ${step_2}[id]
    Read-Only Command Changes Nothing    plan    diff    ${step_2}[id]    ${step_3}[id]
    Read-Only Command Changes Nothing    plan    tree
    Read-Only Command Changes Nothing    plan    tree    --json
    Read-Only Command Changes Nothing    plan    show
    Read-Only Command Changes Nothing    plan    list
    Read-Only Command Changes Nothing    plan    decision    ${step_2}[id]
    Read-Only Command Changes Nothing    plan    ops
    Read-Only Command Changes Nothing    plan    correct    --mode\=revert
    ...    --decision    ${step_2}[id]    --guidance    g    --dry-run

A Nested Repository With No Commit Is Run Around Or Named, Never Just "git add failed"
    [Documentation]    Class: a nested repository with no commit gives "git add failed" without
    ...    naming the path. Either the run completes, treating `empty/` as an opaque folder,
    ...    or it stops with exit 2 or 3 on a line naming `empty`; `empty/` is never changed.
    Create Directory    ${REPO}/empty
    Git    init    --quiet    cwd=${REPO}/empty
    Write Repository File    empty/draft.txt    in a repository with no commit\n
    ${before}    Snapshot Of Folder    empty
    ${result}    Run Plan    ${EDGES}/three_steps.yaml    stdin=${EMPTY}
    Completed Or Refused Naming    ${result}    empty
    ${after}    Snapshot Of Folder    empty
    Should Be Equal    ${after}    ${before}    the run changed empty/

An Unreadable File Is Named, Never Just "git add failed"
    [Documentation]    Class: an unreadable file gives "git add failed" without naming the path
    ...    (the same class as the nested repository with no commit). Tests run as root here,
    ...    for whom `chmod 000` hides nothing: `agents` then runs under `setpriv` without the
    ...    capabilities that read any file (no setuid, no sudo).
    Write Repository File    locked.txt    nobody may read me\n
    ${result}    Run Process    chmod    000    ${REPO}/locked.txt
    Should Be Equal As Integers    ${result.rc}    0
    ${prefix}    Command Prefix That Honours File Modes
    ${result}    Run Process    @{prefix}    cat    ${REPO}/README.md
    Should Be Equal As Integers    ${result.rc}    0    ${prefix} cannot run: ${result.stderr}
    ${result}    Run Process    @{prefix}    cat    ${REPO}/locked.txt
    Should Not Be Equal As Integers    ${result.rc}    0    locked.txt is readable after all
    ${result}    Run Process    @{prefix}    agents    plan    run    --script
    ...    ${EDGES}/three_steps.yaml    cwd=${REPO}    stdin=${EMPTY}    timeout=60s
    ...    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    Completed Or Refused Naming    ${result}    locked.txt


*** Keywords ***
Run Edge Plan
    [Documentation]    Run `plans/edges/NAME.yaml` to completion; returns `plan tree --json`.
    [Arguments]    ${name}
    ${result}    Run Plan    ${EDGES}/${name}.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Correct Back To Step
    [Documentation]    `agents plan correct --mode=revert` to the decision of step `step` in the
    ...    tree `document` (its files before that step), re-executing nothing; exit 0.
    [Arguments]    ${document}    ${step}
    ${decision}    Step Decision    ${document}    ${step}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${decision}[id]
    ...    --guidance    g    --yes    --no-execute    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

Undo The Last Operation
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

Git Dir
    ${git_dir}    Git    rev-parse    --absolute-git-dir
    RETURN    ${git_dir}

User Index Should Still Be
    [Arguments]    ${expected}
    ${git_dir}    Git Dir
    ${index}    Get Binary File    ${git_dir}/index
    Should Be True    $index == $expected    the user's index file changed

Nested Repository State
    [Documentation]    The bytes of a nested repository's index and HEAD, and its refs.
    [Arguments]    ${path}
    ${index}    Get Binary File    ${path}/.git/index
    ${head}    Get Binary File    ${path}/.git/HEAD
    ${refs}    Git    for-each-ref    cwd=${path}
    RETURN    ${{ {"index": $index, "HEAD": $head, "refs": $refs} }}

Nested Repository State Should Be
    [Arguments]    ${path}    ${expected}
    ${actual}    Nested Repository State    ${path}
    Should Be True    $actual == $expected    the nested repository's index, HEAD or refs changed

Snapshot Of Folder
    [Documentation]    The working-tree snapshot entries under `folder`, its `.git` included.
    [Arguments]    ${folder}
    ${tree}    Snapshot Working Tree    ${REPO}
    VAR    ${top}    ${folder}/
    ${inside}    Evaluate    {p: v for p, v in tree.items() if p.startswith(top)}
    ...    namespace=${{ {"tree": $tree, "top": $top} }}
    RETURN    ${inside}

Newest Operation Id
    ${result}    Run Agents    plan    ops    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}[operations][-1][id]

Locked By Plan A
    [Documentation]    Exit 3, one line saying the working tree is locked, naming plan A's pid
    ...    or command.
    [Arguments]    ${result}    ${pid}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    locked
    Should Be True    "${pid}" in $result.stderr or "plan run" in $result.stderr
    ...    the error does not name the holder (pid ${pid}): ${result.stderr}

Record The Private Files And Checkpoint Refs
    [Documentation]    Every file under `<git-dir>/cleveragents/` but the store (bytes and
    ...    mtime), and the checkpoint refs, into test variables.
    ${git_dir}    Git Dir
    VAR    ${PRIVATE}    ${git_dir}/cleveragents    scope=TEST
    ${files}    Snapshot Files Under    ${PRIVATE}    @{STORE_FILES}
    VAR    ${PRIVATE_FILES}    ${files}    scope=TEST
    ${refs}    Git    for-each-ref    refs/cleveragents
    VAR    ${CHECKPOINT_REFS}    ${refs}    scope=TEST

Read-Only Command Changes Nothing
    [Documentation]    `agents ARGS` exits 0 and leaves what was recorded as it was; every
    ...    command that changes something is reported, not only the first.
    [Arguments]    @{args}
    ${result}    Run Agents    @{args}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${command}    Catenate    agents    @{args}
    Run Keyword And Continue On Failure    Files Under Should Match Snapshot    ${PRIVATE}
    ...    ${PRIVATE_FILES}    @{STORE_FILES}    after=`${command}`
    ${refs}    Git    for-each-ref    refs/cleveragents
    Run Keyword And Continue On Failure    Should Be Equal    ${refs}    ${CHECKPOINT_REFS}
    ...    `${command}` moved a checkpoint ref
    # Each command is judged on its own: what one changed is not blamed on the next.
    Record The Private Files And Checkpoint Refs

Completed Or Refused Naming
    [Documentation]    Exit 0, or exit 2 or 3 with stderr naming `name`.
    [Arguments]    ${result}    ${name}
    IF    ${result.rc} == 0    RETURN
    Should Be True    ${result.rc} in (2, 3)
    ...    exit ${result.rc}, expected 0, 2 or 3: ${result.stderr}
    Should Contain    ${result.stderr}    ${name}
    ...    exit ${result.rc} without naming ${name}: ${result.stderr}    values=False

Stop Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository

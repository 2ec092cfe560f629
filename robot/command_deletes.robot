*** Settings ***
Documentation       As a developer whose plan runs commands that delete or rewrite ignored files
...                 (`.env`, `build/`, logs), remove or change a nested repository (`rm -rf
...                 vendor/lib`, its `.git` too) and change permission bits git does not record,
...                 I want `agents plan undo`, a correction and a failed option's rollback to
...                 bring back every byte and mode such a command changed, within a bound the
...                 step names before it runs, so that a command is as undoable as a `delete:`
...                 (issue 25, item 8).
...
...                 Each test runs the real `agents` command on a real temporary git repository
...                 with a scripted plan from `plans/command_deletes/`; files are compared as
...                 bytes with their permission bits (a nested repository's `.git` included).
...                 The nested repository names a command for every mechanism git offers
...                 (filters, fsmonitor, hooks, pager, external diff): its canary never appears.

Resource            resources/agents.resource

Test Setup          Create Repository With Ignored Files And A Nested Repository
Test Teardown       Kill Started Processes And Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${HERE}             ${PLANS}/command_deletes


*** Test Cases ***
What A Command Deletes Or Changes Of Ignored Files And Modes Comes Back With Undo
    [Documentation]    `rm -rf .env build app.log vendor` and a committed `0600` file, an
    ...    append to an ignored log, a chmod of a committed and of an ignored file: undo puts
    ...    every byte, link and mode back as it was before the run, the nested repository's
    ...    `.git` (packs, packed refs, stash, `0600` config) and its untracked and ignored
    ...    files too, and the nested repository with no commit yet.
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Plan Here    remove_ignored
    Ignored Files Should Be Gone
    File Should Hold Bytes    ${REPO}/notes.txt    notes\n    0600
    File Should Hold Bytes    ${REPO}/local.key    key\n    0644
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    No Command Of The Nested Repository Ran

A Correction Back To The Command's Step Brings Them Back, And Its Undo Removes Them Again
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Plan Here    remove_ignored
    ${after_run}    Snapshot Working Tree    ${REPO}
    Correct Back To Step    ${run}    1
    File Should Hold Bytes    ${REPO}/secret.env    TOKEN=old\n    0600
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${after_run}
    No Command Of The Nested Repository Ran

What A Command Changes Inside A Nested Repository Comes Back With Undo
    [Documentation]    The command deletes the nested repository's config and packed refs,
    ...    rewrites a loose ref, its index and a tracked file, deletes its ignored file and
    ...    chmods one: undo brings the nested repository back byte for byte, as before.
    ...    A deleted config runs nothing: it stays deleted until undo (git_dirs.robot).
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Plan Here    change_nested
    Path Should Not Exist    ${REPO}/vendor/lib/.git/config
    Path Should Not Exist    ${REPO}/vendor/lib/.git/packed-refs
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    No Command Of The Nested Repository Ran

A Failed Option's Rollback Brings Back What Its Command Deleted
    [Documentation]    The first option's command deletes ignored files and a `0600` file,
    ...    then fails: the step's checkpoint is restored before the next option, with them.
    ${before}    Snapshot Working Tree    ${REPO}
    ${run}    Run Plan Here    fail_then_pass
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    No Command Of The Nested Repository Ran

What A Command Killed With Agents Deleted Comes Back With Undo
    [Documentation]    SIGKILL of `agents` while its command runs (after the deletes) leaves no
    ...    time to record anything: what the command could delete was kept in the operation
    ...    before it ran. The next command settles the run; undo brings every byte back.
    ${before}    Snapshot Working Tree    ${REPO}
    ${plan}    Write Plan From Template    ${HERE}/killed.yaml    WORK=${WORK}
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}    alias=run
    ...    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/deleted    timeout=60s
    Send Signal To Process    SIGKILL    handle=run
    ${killed}    Wait For Process    run    timeout=30s
    Should Be Equal As Integers    ${killed.rc}    -9
    Path Should Not Exist    ${REPO}/.env
    Path Should Not Exist    ${REPO}/vendor/lib
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}
    No Command Of The Nested Repository Ran

Ignored Files Over The Bound Are Named Before The Command Runs, And Never Claimed
    [Documentation]    build/ (75 MiB) and disk.iso (one file of 20 MiB) are over the bound
    ...    (each file up to 16 MiB, 64 MiB in all): the note names them on stderr, once,
    ...    before the first command runs (which copies what stderr said so far), each
    ...    command's outcome names them, and undo brings back .env but not them, and does
    ...    not name them. A FIFO is not read (nothing hangs). The nested repository
    ...    vendor/lib, grown to 75 MiB, is named as over the bound and is not claimed back;
    ...    one inside an ignored folder, within the bound, is saved and comes back.
    FOR    ${part}    IN RANGE    5
        Sparse File    ${REPO}/build/part${part}.o    15M
    END
    Sparse File    ${REPO}/disk.iso    20M
    Append To File    ${REPO}/.gitignore    *.fifo\ncache/\n
    Git    add    .gitignore
    Git    commit    --quiet    --no-gpg-sign    -m    more ignore rules
    Run Process    mkfifo    ${REPO}/pipe.fifo    ${REPO}/build/pipe.fifo
    FOR    ${part}    IN RANGE    5
        Sparse File    ${REPO}/vendor/lib/big${part}.bin    15M
    END
    Write Repository File    cache/lib/kept.txt    kept\n
    Git    init    --quiet    cwd=${REPO}/cache/lib
    ${plan}    Write Plan From Template    ${HERE}/over_bound.yaml    WORK=${WORK}
    ${result}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${seen}    Get File    ${WORK}/stderr-before-the-command.txt
    Should Contain    ${seen}    are not saved before this command
    Should Contain    ${seen}    build/ (75 MiB or more)
    Should Contain    ${seen}    disk.iso (20 MiB)
    Should Contain    ${seen}    vendor/lib/ (a nested repository, 75 MiB or more)
    Should Not Contain    ${seen}    cache/lib
    Should Not Contain    ${seen}    .env
    Should Not Contain    ${seen}    fifo
    ${said}    Get File    ${WORK}/agents.stderr
    Should Contain X Times    ${said}    are not saved before this command    1
    Should Contain X Times    ${result.stdout}    not saved (over the bound): build/ (75 MiB    2
    Undo The Last Operation
    File Should Hold Bytes    ${REPO}/.env    K=1\r\n\x00    0600
    File Should Hold Bytes    ${REPO}/cache/lib/kept.txt    kept\n
    File Should Exist    ${REPO}/cache/lib/.git/HEAD
    Path Should Not Exist    ${REPO}/build
    Path Should Not Exist    ${REPO}/disk.iso
    Path Should Not Exist    ${REPO}/vendor/lib/.git
    ${undo}    Get File    ${WORK}/agents.stdout
    Should Not Contain    ${undo}    build
    Should Not Contain    ${undo}    disk.iso
    Should Not Contain    ${undo}    vendor/lib
    No Command Of The Nested Repository Ran


*** Keywords ***
Create Repository With Ignored Files And A Nested Repository
    Create Repository With Ignored Files
    Create Nested Repository
    # Older than two seconds, the files' changes are found by git's comparison of their
    # stat with the private index, not read again as changed just before the look.
    Sleep    2.1s

Create Nested Repository
    [Documentation]    `vendor/lib`, a repository of its own (untracked in ours): two commits,
    ...    a pack, packed refs, a loose tag, a stash, an untracked, an ignored and an
    ...    executable file, a `0600` config; then a command for every mechanism git offers
    ...    (filter, fsmonitor, pager, external diff, hooks), each writing `${WORK}/canary`;
    ...    and `vendor/fresh`, a repository with no commit yet.
    VAR    ${lib}    ${REPO}/vendor/lib
    Write File Bytes    ${lib}/lib.c    int lib;\n
    Write File Bytes    ${lib}/run.sh    \#!/bin/sh\n    0755
    Write File Bytes    ${lib}/.gitignore    *.o\n
    Git    init    --quiet    cwd=${lib}
    Git    add    --all    cwd=${lib}
    Git    commit    --quiet    --no-gpg-sign    -m    lib    cwd=${lib}
    Git    repack    -a    -d    -q    cwd=${lib}
    Git    pack-refs    --all    cwd=${lib}
    Write File Bytes    ${lib}/lib.c    int lib = 2;\n
    Git    commit    --quiet    --no-gpg-sign    -am    two    cwd=${lib}
    Git    tag    v2    cwd=${lib}
    Write File Bytes    ${lib}/lib.c    int stashed;\n
    Git    stash    --quiet    cwd=${lib}
    Write File Bytes    ${lib}/wip.txt    work in progress\n
    Write File Bytes    ${lib}/built.o    \x00\x01built\n
    Write File Bytes    ${WORK}/canary.sh    \#!/bin/sh\necho "$*" >> ${WORK}/canary\nexec cat\n
    ...    0755
    FOR    ${key}    ${value}    IN
    ...    filter.canary.clean    clean    filter.canary.smudge    smudge
    ...    filter.canary.process    process    core.fsmonitor    fsmonitor
    ...    core.pager    pager    diff.external    diff    diff.canary.textconv    textconv
        Git    config    ${key}    ${WORK}/canary.sh ${value}    cwd=${lib}
    END
    Write File Bytes    ${lib}/.git/info/attributes    * filter=canary diff=canary\n
    FOR    ${hook}    IN    post-checkout    post-index-change    reference-transaction
    ...    pre-commit    post-commit    pre-auto-gc    post-rewrite
        Write File Bytes    ${lib}/.git/hooks/${hook}    \#!/bin/sh\n${WORK}/canary.sh ${hook}\n
        ...    0755
    END
    ${result}    Run Process    chmod    600    ${lib}/.git/config
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    # And `vendor/fresh`, a repository with no commit yet (no checkpoint holds any of it).
    Write File Bytes    ${REPO}/vendor/fresh/draft.txt    first draft\n    0600
    Git    init    --quiet    cwd=${REPO}/vendor/fresh

No Command Of The Nested Repository Ran
    OperatingSystem.Should Not Exist    ${WORK}/canary    a command the nested repository named ran

Create Repository With Ignored Files
    [Documentation]    A repository whose .gitignore ignores `.env`, `build/`, `*.log`,
    ...    `*.key` and `*.iso`, with a committed 0600 secret.env and notes.txt, and ignored
    ...    files of every kind: odd bytes and modes, a folder with a subfolder and a link.
    Create Temporary Repository
    Write Repository File    .gitignore    .env\nbuild/\n*.log\n*.key\n*.iso\n
    Write Repository File    notes.txt    notes\n
    Write File Bytes    ${REPO}/secret.env    TOKEN=old\n    0600
    Write File Bytes    ${REPO}/docs/private/guide.txt    guide\n    0600
    Write Repository File    docs/readme.txt    read me\n
    Commit All    a secret and notes
    Write File Bytes    ${REPO}/.env    K=1\r\n\x00    0600
    Write All Byte Values    ${REPO}/build/a.o
    Write File Bytes    ${REPO}/build/sub/deep.o    deep\n    0640
    Write File Bytes    ${REPO}/build/run.sh    \#!/bin/sh\n    0755
    Make Symlink    build/latest    a.o
    Write Repository File    app.log    started\n
    Write Repository File    debug.log    debug\n
    Write File Bytes    ${REPO}/local.key    key\n    0600

Run Plan Here
    [Documentation]    Run `plans/command_deletes/NAME.yaml` to completion; returns `plan tree --json`.
    [Arguments]    ${name}
    ${result}    Run Plan    ${HERE}/${name}.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Ignored Files Should Be Gone
    FOR    ${path}    IN    .env    build    app.log    secret.env    docs    vendor
        Path Should Not Exist    ${REPO}/${path}
    END
    File Should Hold Bytes    ${REPO}/debug.log    debug\nmore\n

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

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository

Sparse File
    [Documentation]    A file of `size` (as `truncate` reads it) that takes no room on disk.
    [Arguments]    ${path}    ${size}
    Create Directory    ${{ os.path.dirname($path) }}
    ${result}    Run Process    truncate    -s    ${size}    ${path}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}

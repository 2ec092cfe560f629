*** Settings ***
Documentation       As a developer whose git config says `core.ignoreStat`, `core.trustctime=false`,
...                 `core.checkStat=minimal`, `core.symlinks=false`, `core.fileMode=false` or
...                 `core.ignoreCase=true`, or whose shell has an activated `.venv/bin` in the
...                 tree on PATH, I want `agents plan undo` to put back every byte, link and mode a
...                 command changed, and no program of the tree to run on the host, so that my
...                 settings never turn into lost work (issue 25, attack of 2026-11-26).
...
...                 Each test sets the setting in a real temporary repository, runs a plan whose
...                 first step runs one command, undoes the run and compares the working tree
...                 with its snapshot from before (bytes, kinds, permission bits).

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Kill Started Processes And Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${TEMPLATE}         ${PLANS}/git_settings/one_command.yaml


*** Test Cases ***
Assume-Unchanged Bits From core.ignoreStat Hide No Change
    [Documentation]    With `core.ignoreStat`, git marks what it adds as unchanged for good:
    ...    the command's edits of a tracked and an untracked file went unseen, and undo
    ...    restored nothing.
    Write Repository File    t    base1\n
    Commit All    t
    Write Repository File    u.txt    user1\n
    Git    config    core.ignoreStat    true
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    echo AGENT-CHANGED > u.txt; echo AGENT > t
    File Should Hold Bytes    ${REPO}/u.txt    AGENT-CHANGED\n
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

An Index Left With Assume-Unchanged Bits By An Older agents Is Built Again
    [Documentation]    A private index an older version filled under `core.ignoreStat` keeps
    ...    its bits after the user drops the setting: it is a cache, made again.
    Write Repository File    u.txt    user1\n
    Run Command Plan    true
    ${git_dir}    Git    rev-parse    --absolute-git-dir
    ${result}    Run Process    git    update-index    --assume-unchanged    u.txt    cwd=${REPO}
    ...    env:GIT_INDEX_FILE=${git_dir}/cleveragents/worktree.index
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Create File    ${git_dir}/cleveragents/gitdir/cleveragents-version    1
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    echo AGENT-CHANGED > u.txt
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

Same-Size Changes That Keep The Time Are Seen Whatever The Stat Settings
    [Documentation]    `cp -p`, `rsync -a`, `tar x` and `touch -r` keep a file's mtime; with
    ...    `core.trustctime=false` or `core.checkStat=minimal` git no longer saw such a change.
    [Template]    A Same-Size Change Keeping The Mtime Comes Back
    core.trustctime    false
    core.checkStat    minimal

A Symlink Comes Back As A Symlink Under core.symlinks=false
    Write Repository File    tracked.txt    tracked\n
    Commit All    tracked
    Make Symlink    link    tracked.txt
    Git    config    core.symlinks    false
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    rm link && echo x > link
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

Executables Come Back Executable Under core.fileMode=false
    Write Repository File    t.sh    echo t\n
    Make Executable    t.sh
    Commit All    t.sh
    Write Repository File    script.sh    echo s\n
    Make Executable    script.sh
    Git    config    core.fileMode    false
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    rm script.sh t.sh
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

A File Renamed To Another Case Comes Back Under core.ignoreCase=true
    Write Repository File    t    base\n
    Commit All    t
    Write Repository File    Readme    user content\n
    Git    config    core.ignoreCase    true
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    rm Readme && echo agent > README
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

No ssh Planted In An Activated Virtual Environment Of The Tree Runs On Push
    [Documentation]    git looks up `ssh` and `git-remote-*` on PATH: an activated `.venv/bin`
    ...    of the tree, where a model's command may write, must not be on it.
    Write Repository File    .gitignore    .venv/\n
    Commit All    ignore the virtual environment
    Git    remote    add    origin    git@example.invalid:x/y.git
    Write Repository File    .venv/bin/ssh    \#!/bin/sh\ntouch "${WORK}/canary"\nexit 1\n
    Make Executable    .venv/bin/ssh
    Run Command Plan    true
    ${result}    Run Process    agents    plan    push    origin    cwd=${REPO}    stdin=${EMPTY}
    ...    env:PATH=${REPO}/.venv/bin:%{PATH}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    timeout=60s    on_timeout=kill
    Log    ${result.stdout}\n${result.stderr}
    Should Not Be Equal As Integers    ${result.rc}    0
    File Should Not Exist    ${WORK}/canary


*** Keywords ***
Run Command Plan
    [Documentation]    Run the template plan with `command` as its first step, to completion.
    [Arguments]    ${command}
    ${plan}    Write Plan From Template    ${TEMPLATE}    COMMAND=${command}
    ${result}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

Undo The Last Operation
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0

A Same-Size Change Keeping The Mtime Comes Back
    [Arguments]    ${key}    ${value}
    Write Repository File    u.txt    user1\n
    ${result}    Run Process    touch    -d    @1500000000    ${REPO}/u.txt
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Git    config    ${key}    ${value}
    ${before}    Snapshot Working Tree    ${REPO}
    Run Command Plan    printf 'AGENT!' > u.txt && touch -d @1500000000 u.txt
    File Should Hold Bytes    ${REPO}/u.txt    AGENT!
    Undo The Last Operation
    Working Tree Should Match Snapshot    ${REPO}    ${before}

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository

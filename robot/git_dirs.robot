*** Settings ***
Documentation       As a developer who lets a model run commands in my working tree,
...                 I want no `.git` its command makes, changes or moves left in my tree,
...                 so that my own `git status` never runs a command of its choosing on my
...                 machine, outside the sandbox (issue 25, item 1: hole N2).
...
...                 Each test runs a one-step plan whose command plants a git directory
...                 whose `core.fsmonitor` is a canary (`${WORK}/evil.git`, outside the tree,
...                 or one inside it), then runs the user's own `git status` in the tree and
...                 in the folder it planted into: the canary must never run.

Resource            resources/agents.resource

Test Setup          Create Repository With A Canary
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${PLANT}            ${CURDIR}/plans/git_dirs/plant.yaml


*** Test Cases ***
A Registered Submodule Moved Away Gets Its .git Back
    [Documentation]    The sandbox binds `lib/.git` read-only, but the bind moves with
    ...    its folder: the command renames `lib` and writes a `lib/.git` of its own.
    Add Submodule    lib
    ${before}    Get Binary File    ${REPO}/lib/.git
    ${result}    Run Planted    mv lib lib2 && mkdir lib && ${GITDIR_FILE} > lib/.git
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/lib    ${REPO}/lib2
    Should Contain    ${result.stdout}    put back lib/.git: moved to lib2/.git
    File Should Hold Bytes    ${REPO}/lib/.git    ${before}
    Path Should Not Exist    ${REPO}/lib2/.git

A Registered Submodule's .git Rewritten In Place Is Put Back
    [Documentation]    A plan file's command with no --allow-command runs as written, outside
    ...    the sandbox: nothing binds `lib/.git` read-only then.
    Add Submodule    lib
    ${before}    Get Binary File    ${REPO}/lib/.git
    ${result}    Run Planted    ${GITDIR_FILE} > lib/.git    as written
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/lib
    Should Contain    ${result.stdout}    put back lib/.git: changed by the command
    File Should Hold Bytes    ${REPO}/lib/.git    ${before}

A Submodule Not Checked Out Gets No .git
    [Documentation]    A gitlink in the index with an empty folder: nothing is bound there.
    Add Submodule    lib
    Git    submodule    deinit    --quiet    --force    lib
    ${result}    Run Planted    ${GITDIR_FILE} > lib/.git
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/lib
    Should Contain    ${result.stdout}
    ...    removed lib/.git: new, a git file naming a git directory elsewhere
    Path Should Not Exist    ${REPO}/lib/.git

A Linked Worktree Inside The Tree Keeps Its .git
    Git    worktree    add    --quiet    -b    side    ${REPO}/side
    ${before}    Get Binary File    ${REPO}/side/.git
    ${result}    Run Planted    mv side side2 && mkdir side && ${GITDIR_FILE} > side/.git
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/side
    Should Contain    ${result.stdout}    put back side/.git: moved to side2/.git
    File Should Hold Bytes    ${REPO}/side/.git    ${before}

A New Nested Repository That Runs A Command Is Removed, One That Runs Nothing Kept
    [Documentation]    Made inside the tree by the command, config and all. `git init` and a
    ...    commit make a repository that runs nothing: the user may want it, and it is kept.
    ${result}    Run Planted
    ...    git init --quiet vendor && git -C vendor config core.fsmonitor '${WORK}/canary.sh' && git init --quiet sub && echo x > sub/x && git -C sub add x && git -C sub -c user.name\=m -c user.email\=m@m commit --quiet -m x
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/vendor
    Should Contain    ${result.stdout}
    ...    removed vendor/.git: new, its config names core.fsmonitor
    Path Should Not Exist    ${REPO}/vendor/.git
    Should Not Contain    ${result.stdout}    sub/.git
    ${log}    Git    log    --format\=%s    cwd=${REPO}/sub
    Should Be Equal    ${log}    x

A New .git File Pointing Into The Tree Is Removed
    ${result}    Run Planted
    ...    mkdir -p a/b && git init --quiet --bare g && git -C g config core.bare false && git -C g config core.fsmonitor '${WORK}/canary.sh' && printf 'gitdir: ../../g\\n' > a/b/.git
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/a/b
    Should Contain    ${result.stdout}    removed a/b/.git: new, a git file
    Path Should Not Exist    ${REPO}/a/b/.git

A Nested Repository's Config Changed By The Command Is Put Back
    Git    init    --quiet    ${REPO}/vendor
    ${before}    Get Binary File    ${REPO}/vendor/.git/config
    ${result}    Run Planted
    ...    git -C vendor config core.fsmonitor '${WORK}/canary.sh' && printf '#!/bin/sh\\n${WORK}/canary.sh hook\\n' > vendor/.git/hooks/pre-commit
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/vendor
    Should Contain    ${result.stdout}    put back vendor/.git: changed by the command
    File Should Hold Bytes    ${REPO}/vendor/.git/config    ${before}
    Path Should Not Exist    ${REPO}/vendor/.git/hooks/pre-commit

A Folder Made A Git Directory Of Another Name Loses What Runs
    [Documentation]    Attack 9, finding 3: git takes a folder holding `HEAD`, `objects/` and
    ...    `refs/` for a git directory (before it looks for a `.git` further up), and
    ...    `core.worktree = ..` gives it a work tree: its fsmonitor would run at the user's
    ...    `git status` there. The folder holds the user's files: only the config goes.
    Create File    ${REPO}/docs/readme    d\n
    Git    add    docs
    Git    commit    --quiet    -m    docs
    ${result}    Run Planted
    ...    mkdir -p docs/objects docs/refs && touch docs/objects/.keep docs/refs/.keep && echo 'ref: refs/heads/main' > docs/HEAD && printf '[core]\\n\\trepositoryformatversion = 0\\n\\tbare = false\\n\\tworktree = ..\\n\\tfsmonitor = ${WORK}/canary.sh\\n' > docs/config
    The User's Git Status Runs Nothing    ${REPO}    ${REPO}/docs    ${REPO}/docs/refs
    Should Contain    ${result.stdout}
    ...    removed docs/config: makes docs a git directory, its config names core.worktree
    Path Should Not Exist    ${REPO}/docs/config
    File Should Exist    ${REPO}/docs/readme

A Bare Git Directory In An Ignored Folder Loses Its Pager And Hook
    [Documentation]    `git init --bare` in an ignored folder (no checkpoint holds it), with
    ...    a `core.pager` and a hook: the user's `git log` there would page through it.
    Create File    ${REPO}/.gitignore    build/\n
    ${result}    Run Planted
    ...    git init --quiet --bare build/cache && git -C build/cache config core.pager '${WORK}/canary.sh pager' && printf '#!/bin/sh\\n${WORK}/canary.sh hook\\n' > build/cache/hooks/post-update && chmod +x build/cache/hooks/post-update
    The User's Git Log On A Terminal Runs Nothing    ${REPO}/build/cache
    The User's Git Status Runs Nothing    ${REPO}/build/cache    ${REPO}/build
    Should Contain    ${result.stdout}
    ...    removed build/cache/config: makes build/cache a git directory, its config names core.pager
    Should Contain    ${result.stdout}
    ...    removed build/cache/hooks/post-update: makes build/cache a git directory, with the hook

A Git Directory Completed By Empty Folders Alone Loses What Runs
    [Documentation]    `HEAD` and `config` stood in the tree before (no git directory: no
    ...    `objects/`); the command only makes two empty folders, which no git diff shows.
    ...    A plan file's command with no --allow-command, run as written, outside the sandbox.
    Create File    ${REPO}/site/HEAD    ref: refs/heads/main\n
    Create File    ${REPO}/site/config
    ...    [core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n\tfsmonitor = ${WORK}/canary.sh\n
    ${result}    Run Planted    mkdir site/objects site/refs    as written
    The User's Git Status Runs Nothing    ${REPO}/site
    Should Contain    ${result.stdout}
    ...    removed site/config: makes site a git directory, its config names core.worktree


*** Keywords ***
Create Repository With A Canary
    [Documentation]    The repository, and `${WORK}/evil.git`: a git directory outside the
    ...    tree whose fsmonitor is the canary (the command cannot write there: it is made
    ...    before, as a path an attacker would know).
    Create Temporary Repository
    Write File Bytes    ${WORK}/canary.sh    \#!/bin/sh\necho "$*" >> ${WORK}/canary\n    0755
    Git    init    --quiet    --bare    ${WORK}/evil.git
    Git    config    --file    ${WORK}/evil.git/config    core.bare    false
    Git    config    --file    ${WORK}/evil.git/config    core.fsmonitor    ${WORK}/canary.sh
    VAR    ${GITDIR_FILE}    printf 'gitdir: ${WORK}/evil.git\\n'    scope=TEST

Add Submodule
    [Documentation]    A submodule at `${path}`, from a local bare repository with one commit.
    [Arguments]    ${path}
    Git    init    --quiet    --bare    --initial-branch\=main    ${WORK}/upstream.git
    Git    init    --quiet    --initial-branch\=main    ${WORK}/seed
    Create File    ${WORK}/seed/lib.txt    lib\n
    Git    add    lib.txt    cwd=${WORK}/seed
    Git    commit    --quiet    -m    lib    cwd=${WORK}/seed
    Git    push    --quiet    ${WORK}/upstream.git    HEAD:main    cwd=${WORK}/seed
    Git    -c    protocol.file.allow\=always    submodule    add    --quiet
    ...    ${WORK}/upstream.git    ${path}
    Git    commit    --quiet    -m    submodule

Run Planted
    [Documentation]    Run the plan whose one command is `${command}`; it succeeds.
    ...    In the sandbox (under `--allow-command *`) unless `${how}` is `as written`.
    [Arguments]    ${command}    ${how}=sandboxed
    ${plan}    Write Plan From Template    ${PLANT}    COMMAND=${command}
    VAR    @{allow}    --allow-command    *
    IF    '${how}' == 'as written'    VAR    @{allow}    @{EMPTY}
    ${result}    Run Plan    ${plan}    @{allow}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    RETURN    ${result}

The User's Git Status Runs Nothing
    [Documentation]    The user's own `git status` in each folder (as they would type it:
    ...    their git, their config), then the canary must not exist.
    [Arguments]    @{folders}
    FOR    ${folder}    IN    @{folders}
        Run Process    git    status    cwd=${folder}
        ...    env:GIT_CONFIG_GLOBAL=/dev/null    env:GIT_CONFIG_NOSYSTEM=1
        ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    END
    ${ran}    Run Keyword And Return Status    File Should Exist    ${WORK}/canary
    IF    ${ran}
        ${what}    Get File    ${WORK}/canary
        Fail    the planted fsmonitor ran on the user's git status: ${what}
    END

The User's Git Log On A Terminal Runs Nothing
    [Documentation]    `git log` in `${folder}` on a terminal (`script`), where git pages.
    [Arguments]    ${folder}
    Run Process    script    -qec    git -p log -1    /dev/null    cwd=${folder}
    ...    env:GIT_CONFIG_GLOBAL=/dev/null    env:GIT_CONFIG_NOSYSTEM=1
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    timeout=20s
    ${ran}    Run Keyword And Return Status    File Should Exist    ${WORK}/canary
    IF    ${ran}
        ${what}    Get File    ${WORK}/canary
        Fail    the planted pager ran on the user's git log: ${what}
    END

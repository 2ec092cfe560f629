*** Settings ***
Documentation       As a developer who lets a model write files in my working tree,
...                 I want no git that `agents` runs to run a command the tree or a nested
...                 repository configures, so that a file the model wrote never becomes a shell
...                 on my machine, with my API key (issue 25, item 1).
...
...                 One test per mechanism git offers for running a command. The failing option
...                 of the plan runs `make.sh` (as a model's test file could): it makes `vendor/`
...                 a nested repository with a commit, the mechanism configured there, and
...                 writes `.gitattributes` (`* filter=x diff=x`) and `notes.txt` at the top;
...                 its check fails, so the option is rolled back. Then `plan diff`, `undo`
...                 (and redo), `correct`, `restore`, `push` and `pull` run; after each the
...                 canary, which every configured command would write, must not exist.
...                 A `.git` a command makes that runs something does not outlive the command
...                 (`git_dirs.robot`): where the mechanism is the nested repository's own,
...                 the user made `vendor/` so before the run, and the command only edits it.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Template       No Command Of Theirs Runs
Test Tags           issue-25


*** Test Cases ***                                  WHERE           KEY                     VALUE
A Clean Filter Of A Nested Repository               nested          filter.x.clean          clean
A Smudge Filter Of A Nested Repository              nested          filter.x.smudge         smudge
A Process Filter Of A Nested Repository             nested          filter.x.process        process
A Textconv Driver Of A Nested Repository            nested          diff.x.textconv         textconv
An Fsmonitor Command Of A Nested Repository         nested          core.fsmonitor          fsmonitor
The Hooks Of A Nested Repository                    nested hooks    core.hooksPath          hooks
The ssh Command Of A Nested Repository              nested          core.sshCommand         ssh
A Clean Filter The Tree's Attributes Name           tree            filter.x.clean          clean
A Smudge Filter The Tree's Attributes Name          tree            filter.x.smudge         smudge
A Process Filter The Tree's Attributes Name         tree            filter.x.process        process
A Textconv Driver The Tree's Attributes Name        tree            diff.x.textconv         textconv
An External Diff Driver The Tree's Attributes Name  tree            diff.x.command          external
An External Diff Of The User's Config               tree            diff.external           external
The Fsmonitor Command Of The User's Config          tree            core.fsmonitor          fsmonitor
The Pager Of The User's Config, With No Terminal    tree            core.pager              pager
The Hooks Of The Repository                         tree hooks      core.hooksPath          hooks
An update=!command In .gitmodules                   gitmodules      submodule.recurse       true

A Nested Repository With No Commit Does Not Wedge The Plan
    [Documentation]    `git init sub` in a model's command made every checkpoint fail ("does
    ...    not have a commit checked out"): the run, then undo, exited 3 until the user moved
    ...    `sub/` by hand. It is left out of checkpoints as an ignored folder is, and kept.
    [Template]    NONE
    ${plan}    Write Plan From Template    ${FAIL_THEN_WRITE}
    ...    COMMAND=git init --quiet sub && printf 'draft\\n' > sub/draft.txt
    ${run}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${run}    0
    File Should Hold Bytes    ${REPO}/result.txt    ${SECOND_OPTION}
    File Should Hold Bytes    ${REPO}/sub/draft.txt    draft\n
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/result.txt
    File Should Hold Bytes    ${REPO}/sub/draft.txt    draft\n
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/result.txt    ${SECOND_OPTION}
    File Should Hold Bytes    ${REPO}/sub/draft.txt    draft\n


*** Keywords ***
No Command Of Theirs Runs
    [Documentation]    Arrange the mechanism (see the table), run the plan, then every
    ...    command that runs git on the working tree; the canary never appears.
    [Arguments]    ${where}    ${key}    ${value}
    Write Canary Script
    Write Model Script    ${where}    ${key}    ${value}
    IF    '${where}' == 'tree'
        Git    config    ${key}    ${WORK}/canary.sh ${value}
    ELSE IF    '${where}' == 'tree hooks'
        Install Hooks    ${REPO}/.git/hooks
    ELSE IF    '${where}' == 'gitmodules'
        Git    config    submodule.recurse    true
        Git    config    push.recurseSubmodules    on-demand
        Git    config    fetch.recurseSubmodules    yes
    END
    VAR    ${command}    sh ${WORK}/make.sh
    IF    '${where}'.startswith('nested')
        ${made}    Run Process    sh    ${WORK}/make.sh    cwd=${REPO}
        Should Be Equal As Integers    ${made.rc}    0    ${made.stderr}
        VAR    ${command}    printf 'edited\\n' > vendor/lib.txt && printf 'more\\n' > notes.txt
    END
    ${plan}    Write Plan From Template    ${FAIL_THEN_WRITE}    COMMAND=${command}
    ${run}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${run}    0
    Canary Should Not Exist    the rollback of the failed option
    File Should Hold Bytes    ${REPO}/result.txt    ${SECOND_OPTION}
    IF    '${where}'.startswith('nested')
        The User's Nested Repository Stays Through Undo And Redo
    ELSE
        The Nested Repository The Command Made Comes Back By Undo    ${run}
    END
    Passes Without Canary    plan    correct    --mode\=revert    --decision    2
    ...    --guidance    g    --yes    --no-execute
    Passes Without Canary    plan    undo    --yes
    Passes Without Canary    plan    restore    2    --theirs
    Git    init    --quiet    --bare    ${WORK}/remote.git
    Passes Without Canary    plan    push    ${WORK}/remote.git
    Passes Without Canary    plan    pull    ${WORK}/remote.git

The Nested Repository The Command Made Comes Back By Undo
    [Documentation]    The rollback moved the nested repository the option made into the
    ...    safety record; undoing the run brings it back whole, and redoing it moves it away.
    [Arguments]    ${run}
    Path Should Not Exist    ${REPO}/vendor
    Should Contain    ${run.stdout}    nested repository vendor moved aside (undo brings it back)
    Passes Without Canary    plan    diff    2    --worktree
    Passes Without Canary    plan    diff    3
    Passes Without Canary    plan    undo    --yes
    File Should Hold Bytes    ${REPO}/vendor/lib.txt    changed\n
    ${log}    Git    log    --format\=%s    cwd=${REPO}/vendor
    Should Be Equal    ${log}    lib
    Passes Without Canary    plan    diff    2    --worktree
    Passes Without Canary    plan    undo    --yes
    Path Should Not Exist    ${REPO}/vendor

The User's Nested Repository Stays Through Undo And Redo
    [Documentation]    The user's `vendor/`, with the mechanism configured, is in the tree
    ...    through every git call: the rollback put back the file the command edited.
    File Should Hold Bytes    ${REPO}/vendor/lib.txt    changed\n
    File Should Hold Bytes    ${REPO}/notes.txt    notes\n
    Passes Without Canary    plan    diff    2    --worktree
    Passes Without Canary    plan    diff    3
    Passes Without Canary    plan    undo    --yes
    Passes Without Canary    plan    diff    2    --worktree
    Passes Without Canary    plan    undo    --yes
    File Should Hold Bytes    ${REPO}/vendor/lib.txt    changed\n
    ${log}    Git    log    --format\=%s    cwd=${REPO}/vendor
    Should Be Equal    ${log}    lib

Write Canary Script
    [Documentation]    `${WORK}/canary.sh NAME` notes that it ran, then passes its input on.
    Write File Bytes    ${WORK}/canary.sh
    ...    \#!/bin/sh\necho "$*" >> ${WORK}/canary\nexec cat\n    0755

Write Model Script
    [Documentation]    `${WORK}/make.sh`, the failing option's command: `vendor/` a nested
    ...    repository with a commit and then an edit, `.gitattributes` and `notes.txt` at the
    ...    top, and the mechanism where the table says.
    [Arguments]    ${where}    ${key}    ${value}
    VAR    @{lines}
    ...    set -e
    ...    printf '* filter=x diff=x\\n' > .gitattributes
    ...    printf 'notes\\n' > notes.txt
    ...    mkdir vendor
    ...    cd vendor
    ...    git init --quiet
    ...    printf 'lib\\n' > lib.txt
    ...    printf '* filter=x diff=x\\n' > .gitattributes
    ...    git add --all
    ...    git -c user.name\=m -c user.email\=m@m commit --quiet --no-verify -m lib
    ...    printf 'changed\\n' > lib.txt
    IF    '${where}' == 'nested'
        Append To List    ${lines}    git config ${key} '${WORK}/canary.sh ${value}'
    ELSE IF    '${where}' == 'nested hooks'
        Install Hooks    ${WORK}/hooks
        Append To List    ${lines}    git config core.hooksPath '${WORK}/hooks'
        ...    cp ${WORK}/hooks/* .git/hooks/
    ELSE IF    '${where}' == 'gitmodules'
        Append To List    ${lines}    cd ..
        ...    printf '[submodule "vendor"]\\n\\tpath \= vendor\\n\\turl \= ./vendor\\n\\tupdate \= !${WORK}/canary.sh update\\n' > .gitmodules
    END
    IF    '${key}' == 'core.sshCommand'
        Append To List    ${lines}    git remote add origin ssh://example.invalid/vendor.git
    END
    ${script}    Catenate    SEPARATOR=\n    @{lines}
    Create File    ${WORK}/make.sh    ${script}\n

Install Hooks
    [Documentation]    Every hook git may run on the way of a checkpoint, a restore or a
    ...    push, in `${folder}`, each a canary.
    [Arguments]    ${folder}
    FOR    ${hook}    IN    post-index-change    reference-transaction    post-checkout
    ...    pre-commit    post-commit    pre-push    post-merge    pre-auto-gc    fsmonitor-watchman
        Write File Bytes    ${folder}/${hook}    \#!/bin/sh\n${WORK}/canary.sh ${hook} </dev/null\n
        ...    0755
    END

Passes Without Canary
    [Documentation]    `agents ARGS` exits 0, and no configured command ran meanwhile.
    [Arguments]    @{args}
    ${result}    Run Agents    @{args}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Canary Should Not Exist    agents ${args}

Canary Should Not Exist
    [Arguments]    ${during}
    ${ran}    Run Keyword And Return Status    File Should Exist    ${WORK}/canary
    IF    ${ran}
        ${what}    Get File    ${WORK}/canary
        Fail    a command of theirs ran during ${during}: ${what}
    END

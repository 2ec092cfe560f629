*** Settings ***
Documentation       As a developer whose repository config includes a file of the working tree
...                 (`include.path = ../.gitconfig`, a common way to share settings), I want
...                 agents to run no git there, so that a `.gitconfig` the model wrote (an
...                 `ext::` remote, `core.sshCommand`, `core.pager`, `remote.*.uploadpack`,
...                 `credential.helper`) never runs a command on my machine (issue 25, item 1).
...
...                 Every command the settings name would write a canary in `${WORK}`; none
...                 may ever appear.

Library             resources/TerminalLibrary.py
Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${WRITE_SETTINGS}       ${CURDIR}/plans/tree_includes/write_settings.yaml
${SETTINGS}             ${CURDIR}/plans/tree_includes/settings.gitconfig


*** Test Cases ***
A Relative Include Of The Tree's .gitconfig
    [Template]    No Git Runs While The Config Includes The Tree
    include.path    ../.gitconfig

An Absolute Include Of The Tree's .gitconfig
    [Template]    No Git Runs While The Config Includes The Tree
    include.path    {REPO}/.gitconfig

A Conditional Include Of The Tree's .gitconfig
    [Template]    No Git Runs While The Config Includes The Tree
    includeIf.onbranch:main.path    ../.gitconfig

An Include Of A Link Into The Tree
    [Template]    No Git Runs While The Config Includes The Tree
    include.path    {WORK}/shared.gitconfig    link=yes

An ext:: Remote Of Settings Shared From Outside The Tree Never Runs
    [Documentation]    An include of a file outside the tree is the user's own, read as
    ...    ever: the plan runs. But agents' git refuses the `ext::` transport whatever the
    ...    config says: no remote of a plan is ever a command.
    ${rendered}    Render Settings
    Git    config    include.path    ${rendered}
    Git    init    --quiet    --bare    ${WORK}/remote.git
    Create File    ${WORK}/harmless    [core]\n\tabbrev = 12\n
    ${plan}    Write Plan From Template    ${WRITE_SETTINGS}    SETTINGS=${WORK}/harmless
    ${run}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${run}    0
    FOR    ${command}    IN    push    pull
        ${result}    Run Agents    plan    ${command}    ${WORK}/remote.git    stdin=${EMPTY}
        Should Not Be Equal As Integers    ${result.rc}    0
        No Canary Should Exist    plan ${command}
    END


A .gitconfig Git Cannot Read Is Named All The Same
    [Documentation]    A model's `.gitconfig` of garbage makes every git fail: exit 3 and
    ...    git's own words, which name the file, not "not inside a git repository".
    Git    config    include.path    ../.gitconfig
    Create File    ${REPO}/.gitconfig    [core\n\tpager = touch ${WORK}/canary-pager\n
    ${result}    Run Agents    plan    list    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    git cannot read this repository's config
    ...    bad config line 1 in file .git/../.gitconfig    remove the include

An Include Given In The Environment Of Agents
    [Documentation]    `GIT_CONFIG_PARAMETERS` (what `git -c` passes on) naming the tree's
    ...    file is refused too; a relative one git itself refuses, with its own words.
    ${rendered}    Render Settings
    Copy File    ${rendered}    ${REPO}/.gitconfig
    Git    init    --quiet    --bare    ${WORK}/remote.git
    ${result}    Run Process    agents    plan    push    ${WORK}/remote.git    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:GIT_CONFIG_PARAMETERS='include.path'='${REPO}/.gitconfig'
    Refused Naming The Include    ${result}    ${REPO}/.gitconfig
    Should Contain    ${result.stderr}    a git config setting includes
    No Canary Should Exist    plan push
    ${result}    Run Process    agents    plan    push    ${WORK}/remote.git    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:GIT_CONFIG_PARAMETERS='include.path'='.gitconfig'
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Should Contain    ${result.stderr}    relative config includes must come from files
    No Canary Should Exist    plan push


A Global Config That Is A File Of The Tree
    [Documentation]    `GIT_CONFIG_GLOBAL` naming the tree's `.gitconfig`: git reads it as
    ...    the user's own config, so it is refused as an include is.
    ${rendered}    Render Settings
    Copy File    ${rendered}    ${REPO}/.gitconfig
    Create File    ${WORK}/harmless    [core]\n\tabbrev = 12\n
    ${plan}    Write Plan From Template    ${WRITE_SETTINGS}    SETTINGS=${WORK}/harmless
    ${result}    Run Process    agents    plan    run    --script    ${plan}
    ...    cwd=${REPO}    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:GIT_CONFIG_GLOBAL=${REPO}/.gitconfig
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    git reads the config file ${REPO}/.gitconfig
    ...    lies in the working tree
    No Canary Should Exist    plan run


The Pager Of The Tree's .gitconfig On A Terminal
    [Documentation]    `plan diff` pages through `core.pager` on a terminal: from an
    ...    included file of the tree it would be the model's command, so it is refused.
    Create File    ${WORK}/harmless    [core]\n\tabbrev = 12\n
    ${plan}    Write Plan From Template    ${WRITE_SETTINGS}    SETTINGS=${WORK}/harmless
    ${run}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${run}    0
    ${rendered}    Render Settings
    Copy File    ${rendered}    ${REPO}/.gitconfig
    Git    config    include.path    ../.gitconfig
    ${result}    Run Agents On A Terminal    plan    diff    2    cwd=${REPO}    ceiling=${WORK}
    Should Be Equal As Integers    ${result.rc}    3    ${result.stdout}
    Should Contain    ${result.stdout}    includes ../.gitconfig, which lies in the working tree
    No Canary Should Exist    plan diff on a terminal


*** Keywords ***
No Git Runs While The Config Includes The Tree
    [Documentation]    The user's config includes (KEY = VALUE) the tree's `.gitconfig`; the
    ...    plan that would write it, then push, pull, and the read views are each refused
    ...    with one line and exit 3, and no canary appears, with the file there or not.
    [Arguments]    ${key}    ${value}    ${link}=no
    ${value}    Replace String    ${value}    {REPO}    ${REPO}
    ${value}    Replace String    ${value}    {WORK}    ${WORK}
    IF    '${link}' == 'yes'
        Run Process    ln    -s    ${REPO}/.gitconfig    ${WORK}/shared.gitconfig
    END
    ${rendered}    Render Settings
    Git    config    ${key}    ${value}
    Git    init    --quiet    --bare    ${WORK}/remote.git
    ${plan}    Write Plan From Template    ${WRITE_SETTINGS}    SETTINGS=${rendered}
    ${run}    Run Plan    ${plan}    stdin=${EMPTY}
    Refused Naming The Include    ${run}    ${value}
    # As if an earlier run (or the user) had left the model's file in the tree.
    Copy File    ${rendered}    ${REPO}/.gitconfig
    FOR    ${command}    IN    push    pull
        ${result}    Run Agents    plan    ${command}    ${WORK}/remote.git    stdin=${EMPTY}
        Refused Naming The Include    ${result}    ${value}
        No Canary Should Exist    plan ${command}
    END
    FOR    ${view}    IN    list    tree    diff 2
        @{words}    Split String    ${view}
        ${result}    Run Agents    plan    @{words}    stdin=${EMPTY}
        Refused Naming The Include    ${result}    ${value}
    END
    No Canary Should Exist    the read views

Render Settings
    [Documentation]    The model's settings with `{WORK}` filled in, at `${WORK}/settings`.
    ${text}    Get File    ${SETTINGS}
    ${text}    Replace String    ${text}    {WORK}    ${WORK}
    Create File    ${WORK}/settings    ${text}
    RETURN    ${WORK}/settings

Refused Naming The Include
    [Arguments]    ${result}    ${value}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    includes ${value}    lies in the working tree
    ...    move that file out of the working tree, or remove the include

No Canary Should Exist
    [Arguments]    ${during}
    @{found}    List Files In Directory    ${WORK}    canary-*
    Should Be Empty    ${found}    a command of the tree's config ran during ${during}: ${found}

*** Settings ***
Documentation       As a developer used to git and its kin,
...                 I want `agents` to follow their conventions: shell completion, `--color`
...                 with NO_COLOR, `-q` and `-v` on every command, one plan selector, and
...                 `--json` documents with a published, versioned schema,
...                 so that my shell, my terminal and my scripts work with it as with git.

Resource            resources/agents.resource
Library             resources/ConventionsLibrary.py

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${ESC}              \x1b[


*** Test Cases ***
Bash Completion Script Is Typer's Own And Completes Command Names
    ${result}    Run Agents With Environment    --show-completion    bash    SHELL=/bin/bash
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    _agents_completion()    complete -o default -F _agents_completion agents
    Completing Should Offer    agents pl    plan
    Completing Should Offer    agents plan tr    tree
    Completing Should Offer    agents plan show --pl    --plan
    Completing Should Offer    agents schema plan-tr    plan-tree

Color Always Colours Even With NO_COLOR And Color Never Never Does
    ${result}    Run Agents With Environment    --color    always    plan    show    0ff
    ...    NO_COLOR=1
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    ${ESC}31merror:
    ${result}    On A Terminal    agents --color never plan show 0ff
    Should Contain    ${result.stdout}    error: no plan
    Should Not Contain    ${result.stdout}    ${ESC}

Color Auto Colours A Terminal Only, And Not With NO_COLOR
    ${result}    On A Terminal    agents plan show 0ff
    Should Contain    ${result.stdout}    ${ESC}31merror:
    ${result}    On A Terminal    agents plan show 0ff    NO_COLOR=1
    Should Not Contain    ${result.stdout}    ${ESC}
    ${result}    On A Terminal    agents plan show 0ff    NO_COLOR=${EMPTY}
    Should Contain    ${result.stdout}    ${ESC}31merror:
    ${result}    Run Agents    plan    show    0ff    --color    auto
    Exit Code Should Be    ${result}    2
    Should Not Contain    ${result.stderr}    ${ESC}

Quiet Leaves Out Progress And Notes But Not Results Or Errors
    Copy File    ${PLANS}/greeting.yaml    ${WORK}/plan.yaml
    ${result}    Run Agents    -q    plan    run    ${WORK}/plan.yaml
    Exit Code Should Be    ${result}    0
    ${lines}    Get Line Count    ${result.stdout}
    Should Be Equal As Integers    ${lines}    1    only the final line: ${result.stdout}
    Stdout Should Contain    ${result}    completed
    Append To File    ${WORK}/plan.yaml    \# edited after the run\n
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    2    -g    again    -y
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: the plan file
    ${result}    Run Agents    plan    undo    -y
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    2    -g    again    -y    -q
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    note:
    ${result}    Run Agents    plan    tree    -q
    Stdout Should Contain    ${result}    ✓ \#1${SPACE}${SPACE}strategy
    ${result}    Run Agents    -q    plan    show    0ff
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    error: no plan matches '0ff'

Verbose Shows The Git Commands Run On Stderr
    ${result}    Run Agents    plan    run    ${PLANS}/greeting.yaml
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    git
    ${result}    Run Agents    -v    plan    run    ${PLANS}/greeting.yaml
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    info: git write-tree\n    info: git update-ref refs/cleveragents/plans/
    Should Not Contain    ${result.stdout}    info: git
    ${result}    Run Agents    plan    tree    --verbose
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    info: git rev-parse
    ${result}    Run Agents    plan    tree    -vv
    Stderr Should Contain    ${result}    info: git rev-parse    (in ${REPO}

Every Command Acting On A Plan Takes -p
    [Documentation]    Two plans: each command given `-p FIRST` acts on the first, not the newest.
    ${first}    Run Greeting For Its Id
    ${second}    Run Greeting For Its Id
    ${prefix}    Get Substring    ${first}    0    5
    ${result}    Run Agents    plan    show    -p    ${prefix}
    Should Match Regexp    ${result.stdout}    id\\s+${first}
    ${result}    Run Agents    plan    show    --json    --plan    ${prefix}
    Should Be Equal    ${{ json.loads($result.stdout)["id"] }}    ${first}
    ${result}    Run Agents    plan    tree    -p    ${prefix}
    Should Start With    ${result.stdout}    plan ${first}
    Json Of Command Should Name Plan    ${first}    plan    decision    2    -p    ${prefix}
    ${result}    Run Agents    plan    diff    2    -p    ${prefix}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    ops    -p    ${prefix}    --json
    ${plans}    Evaluate    {op["plan_id"] for op in json.loads($result.stdout)["operations"]}
    Should Be Equal    ${plans}    ${{ {$first} }}
    Json Of Command Should Name Plan    ${first}
    ...    plan    correct    --mode\=revert    --decision    2    --dry-run    -p    ${prefix}
    Json Of Command Should Name Plan    ${first}    plan    restore    2    --dry-run    -p    ${prefix}
    ${result}    Run Agents    plan    resume    -p    ${prefix}
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    plan ${first} is completed
    ${result}    Run Agents    plan    tree    ${first}    -p    ${prefix}
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    two plans given
    ${result}    Run Agents    plan    show    ${second}    -p    ${prefix}
    Exit Code Should Be    ${result}    2

Every Document Matches Its Published Schema And Carries schema_version
    ${run}    Run Agents    plan    run    ${PLANS}/greeting.yaml    --json
    ${run}    Document Should Match    plan-run    ${run}
    Write Repository File    greeting.txt    mine\n
    Document Of Command Should Match    plan-list    plan    list    --json
    Document Of Command Should Match    plan-show    plan    show    --json
    Document Of Command Should Match    plan-tree    plan    tree    --json
    Document Of Command Should Match    plan-decision    plan    decision    3    --json
    Document Of Command Should Match    plan-diff    plan    diff    2    --json
    Document Of Command Should Match    plan-restore-preview
    ...    plan    restore    2    --dry-run    --json
    Document Of Command Should Match    plan-correct-preview
    ...    plan    correct    --mode\=revert    --decision    2    --dry-run    --json
    Document Of Command Should Match    plan-correct
    ...    plan    correct    --mode\=revert    --decision    2    -g    again    --theirs    --json
    Document Of Command Should Match    plan-restore    plan    restore    2    -y    --json
    Document Of Command Should Match    plan-undo    plan    undo    -y    --json
    ${ops}    Document Of Command Should Match    plan-ops    plan    ops    --json
    Should Be Equal    ${ops}[operations][-1][undoes]    ${ops}[operations][-2][id]
    ${result}    Run Agents    plan    show    0ff    --json
    Exit Code Should Be    ${result}    2
    Document Should Match    error    ${result}
    Document Of Command Should Match    plan-list    plan    list    --size    --json
    Document Of Command Should Match    plan-delete    plan    delete    ${run}[plan][id]    -y    --json
    Document Of Command Should Match    gc    gc    --dry-run    --json

The Schemas Say Their Version And Refuse An Unknown Name
    ${result}    Run Agents    schema
    Exit Code Should Be    ${result}    0
    ${all}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${all}[$schema]    https://json-schema.org/draft/2020-12/schema
    Should Contain    ${all}[description]    Every id is a string
    Should Contain    ${all}[title]    version 2
    ${tree}    Run Agents    schema    plan-tree
    ${tree}    Parse JSON Document    ${tree.stdout}
    Should Be Equal    ${tree}[properties][schema_version][const]    ${2}
    List Should Contain Value    ${tree}[required]    schema_version
    ${result}    Run Agents    schema    plan-nothing
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    no document named 'plan-nothing'    plan-tree


*** Keywords ***
Run Greeting For Its Id
    ${result}    Run Plan    ${PLANS}/greeting.yaml    --json
    Exit Code Should Be    ${result}    0
    RETURN    ${{ json.loads($result.stdout)["plan"]["id"] }}

Run Agents With Environment
    [Documentation]    `agents ARGS` in the repository, with NAME=value pairs added to its
    ...    environment (given after the arguments).
    [Arguments]    @{args}    &{environment}
    ${given}    Evaluate    {f"env:{k}": v for k, v in $environment.items()}
    ${result}    Run Process    agents    @{args}    cwd=${REPO}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    &{given}
    Log    agents ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

On A Terminal
    [Documentation]    Run a command line that fails with exit 2 on a pseudo-terminal
    ...    (`script`): stdout and stderr both come back as the terminal's output, in stdout.
    [Arguments]    ${command}    &{environment}
    ${given}    Evaluate    {f"env:{k}": v for k, v in $environment.items()}
    ${result}    Run Process    script    -qec    ${command}    /dev/null    cwd=${REPO}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    &{given}
    Log    ${command} -> exit ${result.rc}\n${result.stdout}
    Should Be Equal As Integers    ${result.rc}    2    ${result.stdout}
    RETURN    ${result}

Completing Should Offer
    [Documentation]    What bash asks through `_AGENTS_COMPLETE` for the words typed so far.
    [Arguments]    ${typed}    ${offered}
    ${words}    Split String    ${typed}
    ${index}    Evaluate    len($words) - 1
    ${result}    Run Agents With Environment    _AGENTS_COMPLETE=complete_bash
    ...    COMP_WORDS=${typed}    COMP_CWORD=${index}
    Exit Code Should Be    ${result}    0
    ${choices}    Split To Lines    ${result.stdout}
    List Should Contain Value    ${choices}    ${offered}

Json Of Command Should Name Plan
    [Arguments]    ${plan}    @{args}
    ${result}    Run Agents    @{args}    --json
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ json.loads($result.stdout)["plan"] }}    ${plan}

Document Should Match
    [Documentation]    The `--json` document of `${result}` is valid under `agents schema NAME`
    ...    and under `agents schema` (all), says schema_version 2, and every id in it is a
    ...    string. Returns the document.
    [Arguments]    ${name}    ${result}
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[schema_version]    ${2}
    ${schema}    Run Agents    schema    ${name}
    Exit Code Should Be    ${schema}    0
    Document Should Match Schema    ${document}    ${{ json.loads($schema.stdout) }}
    ${all}    Run Agents    schema
    Document Should Match Schema    ${document}    ${{ json.loads($all.stdout) }}
    Every Id Should Be A String    ${document}
    RETURN    ${document}

Document Of Command Should Match
    [Arguments]    ${name}    @{args}
    ${result}    Run Agents    @{args}
    Should Be True    ${result.rc} in (0, 1)    ${result.stderr}
    ${document}    Document Should Match    ${name}    ${result}
    RETURN    ${document}

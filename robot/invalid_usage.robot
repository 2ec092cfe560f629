*** Settings ***
Documentation       As a developer calling `agents` from scripts,
...                 I want bad input refused with exit 2 and one clear stderr line,
...                 so that my script fails early and my repository is left as it was.

Resource            resources/agents.resource

Test Setup          Create Repository And A Folder Outside It
Test Teardown       Remove Temporary Repository
Test Template       Agents Should Refuse


*** Test Cases ***                  DIRECTORY           STDERR                                          ARGUMENTS
List Outside A Repository           ${OUTSIDE}          ${OUTSIDE} is not inside a git repository       plan    list
Show Outside A Repository           ${OUTSIDE}          is not inside a git repository                  plan    show
Tree Outside A Repository           ${OUTSIDE}          is not inside a git repository                  plan    tree
Run Outside A Repository            ${OUTSIDE}          is not inside a git repository                  plan    run    --script    ${PLANS}/notes.yaml
Dash C To A Folder Outside          ${WORK}             ${OUTSIDE} is not inside a git repository       -C    ${OUTSIDE}    plan    list
Dash C To A Missing Folder          ${REPO}             ${WORK}/missing is not a directory              -C    ${WORK}/missing    plan    list
No Plan Yet                         ${REPO}             no plan in this repository yet                  plan    show
Unknown Plan Id                     ${REPO}             no plan matches 'abcdef12'                      plan    show    abcdef12
Unknown Plan Id In Tree             ${REPO}             no plan matches 'abcdef12'                      plan    tree    abcdef12
Not A Plan Id                       ${REPO}             'not-hex' is not a plan id                      plan    tree    not-hex
Nonexistent Plan File               ${REPO}             cannot read plan file ${WORK}/missing.yaml      plan    run    --script    ${WORK}/missing.yaml
Plan File Is A Folder               ${REPO}             cannot read plan file ${WORK}                   plan    run    --script    ${WORK}
Plan File Is Not YAML               ${REPO}             ${INVALID}/bad_yaml.yaml:3: not valid YAML: mapping values are not allowed here
...                                                     plan    run    --script    ${INVALID}/bad_yaml.yaml
Plan File Is Not A Mapping          ${REPO}             ${INVALID}/not_a_mapping.yaml: a plan file is a mapping with `task` and `steps`
...                                                     plan    run    --script    ${INVALID}/not_a_mapping.yaml
Plan File Misses A Field            ${REPO}             ${INVALID}/missing_name.yaml:3: steps[0].name: Field required
...                                                     plan    run    --script    ${INVALID}/missing_name.yaml
Plan File Has An Unknown Action     ${REPO}             ${INVALID}/unknown_action.yaml:6: steps[0].options[0].actions[0]: an action needs exactly one of: write, edit, delete, run, goto, click, fill, check, uncheck, select, press, back
...                                                     plan    run    --script    ${INVALID}/unknown_action.yaml
Plan File Path Goes Up With ..      ${REPO}             ${INVALID}/dotdot.yaml:6: steps[0].options[0].actions[0].write: path 'notes/../../outside.txt' leaves the working tree
...                                                     plan    run    --script    ${INVALID}/dotdot.yaml
Plan File Path Is Absolute          ${REPO}             ${INVALID}/absolute.yaml:6: steps[0].options[0].actions[0].write: path '/tmp/agents-robot-absolute.txt' is absolute
...                                                     plan    run    --script    ${INVALID}/absolute.yaml
Plan File Path Is In .git           ${REPO}             ${INVALID}/dot_git.yaml:6: steps[0].options[0].actions[0].delete: path '.git/config' is inside .git
...                                                     plan    run    --script    ${INVALID}/dot_git.yaml
Plan File Repeats A Key             ${REPO}             ${INVALID}/repeated_key.yaml:8: the key `steps` appears twice (first on line 2)
...                                                     plan    run    --script    ${INVALID}/repeated_key.yaml
Plan File Waits Forever             ${REPO}             ${INVALID}/infinite_timeout.yaml:7: steps[0].options[0].actions[0].timeout: a timeout is at most 86400 seconds
...                                                     plan    run    --script    ${INVALID}/infinite_timeout.yaml
Plan File Nests Too Deep            ${REPO}             ${INVALID}/deep.yaml:3: nested more than 50 levels deep
...                                                     plan    run    --script    ${INVALID}/deep.yaml
Plan File Expands Through Aliases   ${REPO}             ${INVALID}/aliases.yaml:3: holds more than 100000 values once its aliases are expanded
...                                                     plan    run    --script    ${INVALID}/aliases.yaml
Plan File Names Too Long A File     ${REPO}             ${INVALID}/long_name.yaml:6: steps[0].options[0].actions[0].write: path 'notes/nnnn
...                                                     plan    run    --script    ${INVALID}/long_name.yaml
Plan File Is A Device               ${REPO}             cannot read plan file /dev/zero: it is not a regular file
...                                                     plan    run    --script    /dev/zero
Undo Of An Operation Id Too Large   ${REPO}             Invalid value for 'OP'      plan    undo    1234567890123456789012345    --yes

Neither A Task Nor --script
    [Template]    Usage Should Be Refused
    or --script FILE for a plan file    plan    run

Unknown Command
    [Template]    Usage Should Be Refused
    No such command 'launch'    plan    launch

An Ambiguous Plan Id Prefix Is Refused, Naming The Plans It Matches
    [Template]    NONE
    ${first}    ${second}    Run Plans Until Two Ids Share A First Character
    ${prefix}    Get Substring    ${first}    0    1
    ${result}    Run Agents    plan    show    ${prefix}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan id '${prefix}' is ambiguous    ${first}    ${second}
    ${result}    Run Agents    plan    show    ${first}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    ${first}

With --json The Error Is Also One JSON Document On Stdout
    [Template]    NONE
    ${result}    Run Agents    plan    run    --script    ${INVALID}/dot_git.yaml    --json
    Exit Code Should Be    ${result}    2
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[error][kind]    invalid_plan_file
    Should Be Equal As Integers    ${document}[error][exit_code]    2
    Should Contain    ${document}[error][message]    ${INVALID}/dot_git.yaml:6:
    Stderr Should Be One Line    ${result}


*** Keywords ***
Create Repository And A Folder Outside It
    Create Temporary Repository
    VAR    ${OUTSIDE}    ${WORK}/not-a-repository    scope=TEST
    Create Directory    ${OUTSIDE}

Agents Should Refuse
    [Documentation]    `agents ARGUMENTS` run in DIRECTORY exits 2 with one stderr line holding
    ...    STDERR, prints nothing on stdout, and leaves the repository exactly as it was.
    [Arguments]    ${directory}    ${stderr}    @{arguments}
    ${tree}    Snapshot Working Tree    ${REPO}
    ${git}    Snapshot Git State    ${REPO}
    ${result}    Run Agents    @{arguments}    cwd=${directory}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Should Start With    ${result.stderr}    error:
    Stderr Should Contain    ${result}    ${stderr}
    Stdout Should Be Empty    ${result}
    Working Tree Should Match Snapshot    ${REPO}    ${tree}
    Git State Should Match Snapshot    ${REPO}    ${git}
    No Checkpoint Should Exist

Usage Should Be Refused
    [Documentation]    A command line `agents` cannot parse: exit 2 and the problem on stderr,
    ...    nothing on stdout, nothing recorded.
    [Arguments]    ${problem}    @{arguments}
    ${result}    Run Agents    @{arguments}
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    ${problem}
    Stdout Should Be Empty    ${result}
    No Checkpoint Should Exist

Run Plans Until Two Ids Share A First Character
    [Documentation]    Plan ids are random hex: by the 17th plan two must share a first character.
    VAR    &{seen}
    FOR    ${attempt}    IN RANGE    17
        ${result}    Run Plan    ${PLANS}/notes.yaml    --json
        Exit Code Should Be    ${result}    0
        ${document}    Parse JSON Document    ${result.stdout}
        ${id}    Set Variable    ${document}[plan][id]
        ${first}    Get Substring    ${id}    0    1
        IF    $first in $seen    RETURN    ${seen}[${first}]    ${id}
        Set To Dictionary    ${seen}    ${first}=${id}
    END
    Fail    17 plans and no two ids share a first character

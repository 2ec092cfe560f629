*** Settings ***
Documentation       As a developer who keeps secrets in ignored files (`.env`) and in a nested
...                 clone's `.git/config` (a token in its URL), I want `agents plan push` and
...                 `agents plan export` to send the plan's records and checkpoints but never
...                 the files saved for undo, so that what I kept off the remote stays off it,
...                 while `agents plan undo` still puts back what a command deleted
...                 (attack report 5, finding 0).
...
...                 Real repositories: a bare remote, the sender's clone with an ignored `.env`
...                 and a nested clone, a bundle fetched into an empty repository. Every object
...                 there is read with `git cat-file --batch-all-objects --batch`.

Resource            resources/agents.resource

Test Setup          Create A Clone With Secrets And A Bare Remote
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${ENV_SECRET}       PUSHED-ENV-SECRET-7f3a
${TOKEN}            NESTED-TOKEN-SECRET-91c2
${REMOVE_ENV}       ${PLANS}/push_saved/remove_env.yaml


*** Test Cases ***
Push And Export Send No Ignored File And No Nested .git, And Undo Still Brings .env Back
    ${plan}    Run The Plan That Deletes .env
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    ${refs}    Git    ls-remote    ${REMOTE}    refs/cleveragents/*    cwd=${WORK}
    Should Contain    ${refs}    refs/cleveragents/plans/${plan}
    Should Not Contain    ${refs}    refs/cleveragents/saved/
    No Secret In The Objects Of    ${REMOTE}
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/plan.bundle
    Exit Code Should Be    ${result}    0
    No Secret In The Objects Of    ${WORK}/plan.bundle
    # Undo reads the saved files from their own ref: .env comes back, byte for byte.
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/.env
    Should Be Equal    ${env}    AWS_SECRET_ACCESS_KEY=${ENV_SECRET}\n
    # No checkpoint has a saved commit in its history.
    ${chain}    Git    log    --format\=%s    refs/cleveragents/plans/${plan}
    Should Not Contain    ${chain}    saved files
    ${saved}    Git    log    --format\=%s    refs/cleveragents/saved/${plan}
    Should Contain    ${saved}    cleveragents saved files: before a command

An Older Version's Plan, Saved Files Among Its Checkpoints, Is Refused By Push And Export
    [Documentation]    Made as older versions made it: the saved-files commit committed on
    ...    the checkpoints ref. Push and export refuse it (exit 3) in one line naming the plan,
    ...    and send nothing; the plan still undoes here.
    ${plan}    Run The Plan That Deletes .env
    Put The Saved Files Among The Checkpoints    ${plan}
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan ${plan} was made by an older version
    ${refs}    Git    ls-remote    ${REMOTE}    refs/cleveragents/*    cwd=${WORK}
    Should Be Empty    ${refs}
    No Secret In The Objects Of    ${REMOTE}
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/plan.bundle
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    plan ${plan} was made by an older version
    File Should Not Exist    ${WORK}/plan.bundle
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/.env
    Should Be Equal    ${env}    AWS_SECRET_ACCESS_KEY=${ENV_SECRET}\n

A Pull Of A Plan Whose Checkpoints Hold Saved Files Takes Nothing
    [Documentation]    An older (or forged) sender's chain, pushed with git itself: a pull
    ...    refuses it (exit 2) before anything changes, as it refuses forged records.
    ${plan}    Run The Plan That Deletes .env
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    Put The Saved Files Among The Checkpoints    ${plan}
    Git    push    --quiet    --force    origin    refs/cleveragents/plans/${plan}
    VAR    ${B}    ${WORK}/b
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}
    ${result}    Run Agents    plan    pull    origin    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    holds files saved for undo among its checkpoints
    ${refs}    Git    for-each-ref    refs/cleveragents/    cwd=${B}
    Should Be Empty    ${refs}

A Pulled Plan's Correction Leaves The Receiver's Ignored .env As It Is
    [Documentation]    The records name the sender's saved files, which stayed with the
    ...    sender: a correction in the receiving clone restores the checkpoint and passes
    ...    them over, neither failing nor writing the sender's `.env` over the receiver's.
    ${plan}    Run The Plan That Deletes .env
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    VAR    ${B}    ${WORK}/b
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}
    Create File    ${B}/.env    API_URL=https://victim.internal\n
    ${result}    Run Agents    plan    pull    origin    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode    revert    --decision    3
    ...    --guidance    again    --no-execute    --yes    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${B}/.env
    Should Be Equal    ${env}    API_URL=https://victim.internal\n

Delete And Gc Drop The Saved Files With The Plan; Undo Of The Delete Keeps Them
    [Documentation]    The saved ref stays through `plan delete` (its undo needs it) and
    ...    goes with the plan's checkpoints at `agents gc`, its objects with it.
    ${plan}    Run The Plan That Deletes .env
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    ${saved}    Git    for-each-ref    refs/cleveragents/saved/
    Should Contain    ${saved}    refs/cleveragents/saved/${plan}
    ${result}    Run Agents    plan    delete    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    ${refs}    Git    for-each-ref    refs/cleveragents/
    Should Be Empty    ${refs}
    ${objects}    Git    cat-file    --batch-all-objects    --batch
    Should Not Contain    ${objects}    ${ENV_SECRET}


*** Keywords ***
Create A Clone With Secrets And A Bare Remote
    Create Temporary Repository
    VAR    ${REMOTE}    ${WORK}/remote.git    scope=TEST
    Create File    ${REPO}/.gitignore    .env\n
    Commit All    ignore .env
    Git    init    --quiet    --bare    --initial-branch\=main    ${REMOTE}    cwd=${WORK}
    Git    remote    add    origin    ${REMOTE}
    Git    push    --quiet    origin    main
    Create File    ${REPO}/.env    AWS_SECRET_ACCESS_KEY=${ENV_SECRET}\n
    Create Directory    ${REPO}/vendor/lib
    Git    init    --quiet    --initial-branch\=main    cwd=${REPO}/vendor/lib
    Create File    ${REPO}/vendor/lib/lib.txt    lib\n
    Git    add    lib.txt    cwd=${REPO}/vendor/lib
    Git    commit    --quiet    -m    lib    cwd=${REPO}/vendor/lib
    Git    remote    add    origin    https://ci:${TOKEN}@example.com/lib.git
    ...    cwd=${REPO}/vendor/lib

Run The Plan That Deletes .env
    ${result}    Run Plan    ${REMOVE_ENV}
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${REPO}/.env
    ${plan}    Git    for-each-ref    --format\=%(refname:lstrip\=3)    refs/cleveragents/plans/
    # The plan did save both secrets here, for undo: the test would prove nothing otherwise.
    ${here}    Git    cat-file    --batch-all-objects    --batch
    Should Contain    ${here}    ${ENV_SECRET}
    Should Contain    ${here}    ${TOKEN}
    RETURN    ${plan}

Put The Saved Files Among The Checkpoints
    [Documentation]    What older versions did: the saved-files commit on the checkpoints ref.
    [Arguments]    ${plan}
    ${saved}    Git    rev-list    -1    --grep\=^cleveragents saved files:    --all
    ${tree}    Git    rev-parse    ${saved}^{tree}
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}
    ${old}    Git    commit-tree    ${tree}    -p    ${tip}
    ...    -m    cleveragents saved files: before a command
    Git    update-ref    refs/cleveragents/plans/${plan}    ${old}    ${tip}

No Secret In The Objects Of
    [Arguments]    ${source}
    ${empty}    Set Variable    ${WORK}/empty-${{abs(hash($source))}}
    Git    init    --quiet    --bare    ${empty}    cwd=${WORK}
    Git    fetch    --quiet    ${source}    +refs/*:refs/*    cwd=${empty}
    ${objects}    Git    cat-file    --batch-all-objects    --batch    cwd=${empty}
    Should Not Be Empty    ${objects}
    Should Not Contain    ${objects}    ${ENV_SECRET}
    Should Not Contain    ${objects}    ${TOKEN}

*** Settings ***
Documentation       As a developer who keeps secrets in files my ignore rules exclude
...                 (`build/creds` by `.gitignore`, `secrets.env` by `.git/info/exclude`), I want
...                 them kept out of every checkpoint whatever a plan does to `.gitignore` (a
...                 pulled plan's restore of the sender's, a command or a file action rewriting
...                 it, a `!secrets.env` negation), so that `agents plan push` never sends them
...                 (attack report 7, finding 11).
...
...                 Real repositories: a bare remote, the sender's clone, the victim's clone;
...                 every object of the remote is read with `git cat-file --batch-all-objects`.

Resource            resources/agents.resource
Library             resources/ClaudeLibrary.py

Test Setup          Create A Clone Ignoring Build And A Bare Remote
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${CREDS}            BUILD-CREDS-SECRET-5d1e
${KEY}              AWS_KEY=victim-only-8b0c
${UNIGNORE}         ${PLANS}/push_ignores/unignore.yaml
${WRITE_RULES}      ${PLANS}/push_ignores/write_rules.yaml
${UNIGNORE_THEN_WRITE}    ${PLANS}/push_ignores/unignore_then_write.yaml
${DELETE_OWN_RULES}    ${PLANS}/push_ignores/delete_own_rules.yaml
${COMMITTED_RULES}    ${PLANS}/push_ignores/committed_rules.yaml
${REPORT}           ${PLANS}/push_ignores/report.yaml
${READ_CREDS}       ${PLANS}/push_ignores/read_creds.yaml
${PEM}              PRIVATE-KEY-USER-ONLY-41c7
${AWS}              AKIA-USER-ONLY-93fa


*** Test Cases ***
A Pulled Plan's .gitignore Brings None Of The Victim's Ignored Files To A Checkpoint Or Push
    [Documentation]    The sender's command un-ignores `build/` and negates `secrets.env`;
    ...    the victim's correction restores that `.gitignore`. The victim's secrets stay out
    ...    of the correction's checkpoints, are named as withheld, and its push sends neither.
    ${result}    Run Plan    ${UNIGNORE}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    VAR    ${B}    ${WORK}/victim
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}
    Put The Secrets In    ${B}
    ${result}    Run Agents    plan    pull    origin    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode    revert    --decision    4
    ...    --guidance    again    --no-execute    --yes    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: build/creds (ignored before the plan changed
    Stderr Should Contain    ${result}    withheld: secrets.env (ignored before the plan changed
    ${gitignore}    Get File    ${B}/.gitignore
    Should Contain    ${gitignore}    !secrets.env
    No Checkpoint Holds The Secrets    ${B}
    ${result}    Run Agents    plan    push    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    No Secret In The Objects Of    ${REMOTE}

A Command's Output Of An Ignored File Is Neither Pushed Nor Exported Unless Said So
    [Documentation]    The records hold a command's output: `cat build/creds` put the
    ...    secret in them, and push and export sent it (attack 13, finding 2, beside the Claude
    ...    Code session). Both refuse (exit 3) naming the file; `--with-ignored-reads` sends it.
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${READ_CREDS}    --allow-command    cat *
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    hold what was read of build/creds, a file your ignore
    ${plan}    Git    for-each-ref    --format\=%(refname:lstrip\=3)    refs/cleveragents/plans/
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/p.bundle
    Exit Code Should Be    ${result}    3
    No Object Of The Remote Holds    ${CREDS}
    ${result}    Run Agents    plan    push    origin    --with-ignored-reads
    Exit Code Should Be    ${result}    0
    ${held}    Git    grep    -c    ${CREDS}    refs/cleveragents/records/${plan}    cwd=${REMOTE}
    Should Contain    ${held}    records.jsonl

A Command Rewriting .gitignore Keeps The User's Ignored Files Out Of Checkpoints
    [Documentation]    The plan's own command un-ignores `build/` and negates `secrets.env`
    ...    in the clone where the secrets are: none of its checkpoints holds them. A file the
    ...    user tracks in spite of the rules (`git add -f`) is no secret: it stays in.
    Put The Secrets In    ${REPO}
    Write Repository File    build/tracked.txt    tracked in spite of the rules\n
    Git    add    --force    build/tracked.txt
    Git    commit    --quiet    -m    track one built file
    ${result}    Run Plan    ${UNIGNORE}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: build/creds
    Stderr Should Contain    ${result}    withheld: secrets.env
    Should Not Contain    ${result.stderr}    withheld: build/tracked.txt
    # Named once per plan: a correction of it withholds them again, silently.
    ${result}    Run Agents    plan    correct    --mode    revert    --decision    4
    ...    --guidance    again    --no-execute    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    withheld
    No Checkpoint Holds The Secrets    ${REPO}
    ${ref}    Git    for-each-ref    --format\=%(refname)    refs/cleveragents/plans/
    ${files}    Git    ls-tree    -r    --name-only    ${ref}
    Should Contain    ${files}    build/tracked.txt
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    No Secret In The Objects Of    ${REMOTE}

A File Action Writing .gitignore Keeps The User's Ignored Files Out Of Checkpoints
    [Documentation]    `write: .gitignore` (as a model's `write_file`) drops `build/` from
    ...    the rules; the next file action's checkpoint has no `build/creds` either.
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${WRITE_RULES}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: build/creds
    No Checkpoint Holds The Secrets    ${REPO}
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    No Secret In The Objects Of    ${REMOTE}
A Model's write_file Of .gitignore Keeps The User's Ignored Files Out Of Checkpoints
    [Documentation]    The Claude actor (the real SDK against a local stand-in of the
    ...    Messages API) writes `.gitignore` without `build/`, then `notes.md`: the
    ...    checkpoint after either holds no `build/creds`.
    [Teardown]    Stop Stand In Claude And Remove Repository
    Put The Secrets In    ${REPO}
    Use Stand In Claude
    Claude Will Propose The Plan    one
    Claude Will Write Files    .gitignore    .env\n    notes.md    n\n
    ${result}    Run Agents    plan    run    write the notes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: build/creds
    ${gitignore}    Get File    ${REPO}/.gitignore
    Should Be Equal    ${gitignore}    .env\n
    No Checkpoint Holds The Secrets    ${REPO}
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    No Secret In The Objects Of    ${REMOTE}

A Plan Whose Older Checkpoint Holds An Ignored File's Bytes Is Neither Pushed Nor Exported
    [Documentation]    Made as versions before the fix made it after a `.gitignore` change:
    ...    a checkpoint holding `build/creds`. Push and export refuse it (exit 3) in one line
    ...    naming the file, and send nothing.
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${WRITE_RULES}
    Exit Code Should Be    ${result}    0
    ${plan}    Put The Ignored File Among The Checkpoints    build/creds
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan ${plan}'s checkpoints hold build/creds, a file
    ...    your ignore rules exclude: it is not pushed
    ${refs}    Git    ls-remote    ${REMOTE}    refs/cleveragents/*    cwd=${WORK}
    Should Be Empty    ${refs}
    No Secret In The Objects Of    ${REMOTE}
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/plan.bundle
    Exit Code Should Be    ${result}    3
    File Should Not Exist    ${WORK}/plan.bundle

Staging A .gitignore That No Longer Ignores build/ Lets build/creds In
    [Documentation]    The rules on disk at a plan's start say what the user chose: once
    ...    they stage a `.gitignore` without `build/`, a new plan's checkpoint holds `build/creds`, while
    ...    `secrets.env`, still excluded by `.git/info/exclude`, stays out.
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${UNIGNORE}
    Exit Code Should Be    ${result}    0
    No Checkpoint Holds The Secrets    ${REPO}
    Write Repository File    .gitignore    .env\n
    Git    add    .gitignore
    ${result}    Run Plan    ${UNIGNORE}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: secrets.env
    Should Not Contain    ${result.stderr}    withheld: build/creds
    ${files}    Git    log    --format\=    --name-only    --glob\=refs/cleveragents/plans/*
    Should Contain    ${files}    build/creds
    Should Not Contain    ${files}    secrets.env

In A Repository With No Commit Yet, .git/info/exclude Holds Against A Negation
    [Documentation]    No index, so no `.gitignore` the user chose: `info/exclude` still
    ...    keeps `secrets.env` out when the plan's `.gitignore` negates it.
    VAR    ${fresh}    ${WORK}/fresh
    Create Directory    ${fresh}
    Git    init    --quiet    cwd=${fresh}
    Create File    ${fresh}/secrets.env    ${KEY}\n
    Create File    ${fresh}/.git/info/exclude    secrets.env\n
    ${result}    Run Plan    ${UNIGNORE}    cwd=${fresh}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: secrets.env
    No Checkpoint Holds The Secrets    ${fresh}

An Action Overwriting A File The User Ignores Saves It First, Out Of The Checkpoints
    [Documentation]    Once a file action dropped `build/` from `.gitignore`, another
    ...    overwrites `build/creds`: no checkpoint holds the user's bytes, and `agents plan
    ...    undo` still puts them back (saved first, as an ignored file's are).
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${UNIGNORE_THEN_WRITE}
    Exit Code Should Be    ${result}    0
    ${now}    Get File    ${REPO}/build/creds
    Should Be Equal    ${now}    overwritten\n
    No Checkpoint Holds The Secrets    ${REPO}
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${now}    Get File    ${REPO}/build/creds
    Should Be Equal    ${now}    ${CREDS}\n


Deleting An Untracked .gitignore That Ignores Itself Lets No Secret Into A Push
    [Documentation]    `secrets/.gitignore` of `*` (as venv, pytest, mypy and ruff write)
    ...    is in no index; the plan deletes it. `secrets/key.pem` stays out of every
    ...    checkpoint, is named as withheld, and the push sends it nowhere.
    Create File    ${REPO}/secrets/.gitignore    *\n
    Create File    ${REPO}/secrets/key.pem    ${PEM}\n
    ${result}    Run Plan    ${DELETE_OWN_RULES}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: secrets/key.pem
    File Should Not Exist    ${REPO}/secrets/.gitignore
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    No Object Of The Remote Holds    ${PEM}

Writing .gitignore Back Over The User's Unstaged Edit Lets No Secret Into A Push
    [Documentation]    The user added `creds.json` to `.gitignore` and did not stage it;
    ...    the plan writes the committed text back. `creds.json` stays out and is not pushed.
    Append To File    ${REPO}/.gitignore    creds.json\n
    Create File    ${REPO}/creds.json    {"aws": "${AWS}"}\n
    ${result}    Run Plan    ${COMMITTED_RULES}
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    withheld: creds.json
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    No Object Of The Remote Holds    ${AWS}

A Checkpoint Holding A Path Ignored At The Plan's Start Is Neither Pushed Nor Exported
    [Documentation]    A checkpoint (made as an older version did) holds `secrets/key.pem`,
    ...    which the plan's start ignored but the rules on disk no longer do: refused.
    Create File    ${REPO}/secrets/.gitignore    *\n
    Create File    ${REPO}/secrets/key.pem    ${PEM}\n
    ${result}    Run Plan    ${DELETE_OWN_RULES}
    Exit Code Should Be    ${result}    0
    ${plan}    Put The Ignored File Among The Checkpoints    secrets/key.pem
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan ${plan}'s checkpoints hold secrets/key.pem
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/plan.bundle
    Exit Code Should Be    ${result}    3
    File Should Not Exist    ${WORK}/plan.bundle

A Checkpoint Holding A File The User Ignores Only Now Is Not Pushed
    [Documentation]    The plan's checkpoints took `out.log`, untracked and not ignored
    ...    then; the user has since ignored `*.log` by a line not staged: the push is refused.
    Create File    ${REPO}/out.log    ${AWS}\n
    ${result}    Run Plan    ${WRITE_RULES}
    Exit Code Should Be    ${result}    0
    Append To File    ${REPO}/.gitignore    *.log\n
    # As for a plan made before the rules were kept with it: the rules now still hold.
    Remove Directory    ${REPO}/.git/cleveragents/user-ignores/plans    recursive=True
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    checkpoints hold out.log, a file your ignore rules exclude
    No Object Of The Remote Holds    ${AWS}
A Pulled Plan Holding A Path This Clone Ignores Is Pushed And Exported
    [Documentation]    The sender's checkpoints hold `out/report.txt`; the victim ignores
    ...    `out/` (and did at the plan's start here: its correction took the rules). Those
    ...    bytes are the sender's, not the victim's: the victim's push and export go
    ...    through. (Before: refused by the path alone.) Once the victim's own ignored file
    ...    at that path holds those very bytes, they are the user's too: refused.
    ${result}    Run Plan    ${REPORT}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    push    origin
    Exit Code Should Be    ${result}    0
    VAR    ${B}    ${WORK}/victim
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}
    Append To File    ${B}/.git/info/exclude    out/\n
    ${result}    Run Agents    plan    pull    origin    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode    revert    --decision    4
    ...    --guidance    again    --no-execute    --yes    cwd=${B}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${plan}    Git    for-each-ref    --format\=%(refname:lstrip\=3)    refs/cleveragents/plans/
    ...    cwd=${B}
    File Should Exist    ${B}/.git/cleveragents/user-ignores/plans/${plan}
    ${result}    Run Agents    plan    push    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    export    ${plan}    ${WORK}/plan.bundle    cwd=${B}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${WORK}/plan.bundle
    Create File    ${B}/out/report.txt    REPORT-OF-THE-SENDER-7d2a\n
    ${result}    Run Agents    plan    push    origin    cwd=${B}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    checkpoints hold out/report.txt, a file your ignore
    ...    rules exclude

Read Commands Write Nothing For A Plan Whose Start Rules Were Never Kept
    [Documentation]    A plan made before its ignore rules were kept with it (no record in
    ...    `user-ignores/`): no read-only command writes that record, or anything else
    ...    under `<git-dir>/cleveragents/` (SQLite's transient `-wal`/`-shm` aside, every
    ...    file keeps its bytes and mtime, none appears). (Before: `plan diff --worktree`,
    ...    a dry-run correction and a restore preview wrote it.)
    Put The Secrets In    ${REPO}
    ${result}    Run Plan    ${WRITE_RULES}
    Exit Code Should Be    ${result}    0
    VAR    ${state}    ${REPO}/.git/cleveragents
    Remove Directory    ${state}/user-ignores    recursive=True
    Write Repository File    notes.md    edited by hand\n
    ${plan}    Git    for-each-ref    --format\=%(refname:lstrip\=3)    refs/cleveragents/plans/
    FOR    ${command}    IN
    ...    plan list    plan list --size    plan show    plan tree    plan ops
    ...    plan decision 2    plan log 2    plan diff 2    plan diff 2 --worktree
    ...    plan restore 2 --dry-run
    ...    plan correct --mode revert --decision 2 --guidance again --dry-run
    ...    plan export ${plan} ${WORK}/plan.bundle
        ${before}    Snapshot Files Under    ${state}    state.db-wal    state.db-shm
        ${words}    Split String    ${command}
        ${result}    Run Agents    @{words}    stdin=${EMPTY}
        Exit Code Should Be    ${result}    0
        Files Under Should Match Snapshot    ${state}    ${before}    state.db-wal
        ...    state.db-shm    after=${command}
    END

*** Keywords ***
Create A Clone Ignoring Build And A Bare Remote
    Create Temporary Repository
    VAR    ${REMOTE}    ${WORK}/remote.git    scope=TEST
    Create File    ${REPO}/.gitignore    .env\nbuild/\n
    Commit All    ignore .env and build
    Git    init    --quiet    --bare    --initial-branch\=main    ${REMOTE}    cwd=${WORK}
    Git    remote    add    origin    ${REMOTE}
    Git    push    --quiet    origin    main

Put The Secrets In
    [Documentation]    `build/creds` (ignored by `.gitignore`) and `secrets.env` (ignored by
    ...    `.git/info/exclude` only) in the clone at `${clone}`.
    [Arguments]    ${clone}
    Create File    ${clone}/build/creds    ${CREDS}\n
    Create File    ${clone}/secrets.env    ${KEY}\n
    Append To File    ${clone}/.git/info/exclude    secrets.env\n

Use Stand In Claude
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END

Stop Stand In Claude And Remove Repository
    Stop Stand In Claude
    FOR    ${name}    IN    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Put The Ignored File Among The Checkpoints
    [Documentation]    What versions before the fix did: the file in a checkpoint on top of
    ...    the plan's ref. Returns the plan's id.
    [Arguments]    ${path}
    ${plan}    Git    for-each-ref    --format\=%(refname:lstrip\=3)    refs/cleveragents/plans/
    VAR    ${ref}    refs/cleveragents/plans/${plan}
    ${tip}    Git    rev-parse    ${ref}
    ${blob}    Git    hash-object    -w    --no-filters    ${path}
    VAR    ${index}    ${WORK}/older.index
    Run Process    git    read-tree    ${tip}    cwd=${REPO}    env:GIT_INDEX_FILE=${index}
    Run Process    git    update-index    --add    --cacheinfo    100644,${blob},${path}
    ...    cwd=${REPO}    env:GIT_INDEX_FILE=${index}
    ${tree}    Run Process    git    write-tree    cwd=${REPO}    env:GIT_INDEX_FILE=${index}
    ${old}    Git    commit-tree    ${tree.stdout}    -p    ${tip}
    ...    -m    cleveragents checkpoint: after write notes.md
    Git    update-ref    ${ref}    ${old}    ${tip}
    RETURN    ${plan}

No Checkpoint Holds The Secrets
    [Arguments]    ${clone}
    ${refs}    Git    for-each-ref    --format\=%(refname)    refs/cleveragents/plans/
    ...    cwd=${clone}
    ${files}    Git    log    --format\=    --name-only    ${refs}    cwd=${clone}
    Should Not Contain    ${files}    build/creds
    Should Not Contain    ${files}    secrets.env

No Secret In The Objects Of
    [Arguments]    ${source}
    ${objects}    Git    cat-file    --batch-all-objects    --batch    cwd=${source}
    Should Not Be Empty    ${objects}
    Should Not Contain    ${objects}    ${CREDS}
    Should Not Contain    ${objects}    victim-only-8b0c

No Object Of The Remote Holds
    [Arguments]    ${secret}
    ${objects}    Git    cat-file    --batch-all-objects    --batch    cwd=${REMOTE}
    Should Not Contain    ${objects}    ${secret}

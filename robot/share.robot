*** Settings ***
Documentation       Plans that travel: `agents plan push`, `pull`, `export` and `import` between
...                 two real clones of one bare repository, and through a `git daemon` on
...                 127.0.0.1. Clone A (`${REPO}`) runs a plan as alice@laptop and pushes it;
...                 clone B (`${B}`) pulls it, corrects it as bob@ci and pushes; A pulls and
...                 sees the correction. A plan corrected on both sides is refused with exit 3;
...                 an export imported elsewhere and exported again is the same bytes. Only
...                 refs under refs/cleveragents/ move, on either side, and no hook runs.

Resource            resources/agents.resource

Test Setup          Create Two Clones Of A Bare Remote
Test Teardown       Kill Started Processes And Remove Temporary Repository


*** Variables ***
${FIVE_STEPS}       ${PLANS}/five_steps.yaml


*** Test Cases ***
Run On A, Pull On B, Correct On B, Push, Pull On A: A's Tree Shows The Correction
    ${plan}    Run Five Steps On A
    ${heads}    Git    ls-remote    --heads    --tags    ${REMOTE}    cwd=${WORK}
    ${result}    Agents In    ${REPO}    plan    push    ${REMOTE}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    pushed plan ${plan}
    ${refs}    Git    ls-remote    ${REMOTE}    refs/cleveragents/*    cwd=${WORK}
    Should Contain    ${refs}    refs/cleveragents/plans/${plan}
    Should Contain    ${refs}    refs/cleveragents/records/${plan}
    ${after}    Git    ls-remote    --heads    --tags    ${REMOTE}    cwd=${WORK}
    Should Be Equal    ${after}    ${heads}    the push moved a branch or tag of the remote

    ${result}    Agents In    ${B}    plan    pull    origin    place=bob@ci
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    pulled plan ${plan}    new here
    Stderr Should Contain    ${result}    agents plan restore D
    ${on_a}    Tree Document In    ${REPO}    ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${on_b}    ${on_a}

    # B never ran the plan: the correction restores B's whole tree as at the decision.
    # Its plan file came from A: B vouches for its commands with --trust-plan.
    ${three}    Step Decision    ${on_b}    3
    # A's files of the later steps were never in B: not written, and none of B's edits.
    ${preview}    Agents In    ${B}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the blue option    --dry-run    --json    place=bob@ci
    Exit Code Should Be    ${preview}    0
    ${files}    Evaluate    json.loads($preview.stdout)["files"]    modules=json
    Should Be Equal    ${files}[not_written]    ${{ ["step3.txt", "step4.txt", "step5.txt"] }}
    Should Not Contain    ${files}[kept]    step4.txt
    ${result}    Agents In    ${B}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the blue option    --yes    --trust-plan    place=bob@ci
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    not written (never in this clone): 3\n${SPACE * 2}step3.txt
    Should Not Contain    ${result.stdout}    kept (your edits, not touched): 3
    Stderr Should Contain    ${result}    was pulled and not yet changed in this clone
    ${blue}    Get File    ${B}/step3.txt
    Should Be Equal    ${blue}    blue\n
    ${earlier}    Get File    ${B}/step2.txt
    Should Be Equal    ${earlier}    two\n
    ${result}    Agents In    ${B}    plan    push    origin    ${plan}    place=bob@ci
    Exit Code Should Be    ${result}    0

    ${result}    Agents In    ${REPO}    plan    pull    ${REMOTE}    --json
    Exit Code Should Be    ${result}    0
    ${done}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${done}[plans][0][result]    updated
    ${on_a}    Tree Document In    ${REPO}    ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${on_a}    ${on_b}
    ${tree}    Agents In    ${REPO}    plan    tree    ${plan}
    Stdout Should Contain    ${tree}    correction c1 · use the blue option    (made by bob@ci)
    ${mine}    Decision By Id    ${on_a}    1
    Should Be Equal    ${mine}[made_by]    alice@laptop
    # The pull is an operation: undone, A's plan is as before it.
    ${result}    Agents In    ${REPO}    plan    undo    --yes
    Exit Code Should Be    ${result}    0
    ${tree}    Agents In    ${REPO}    plan    tree    ${plan}
    Should Not Contain    ${tree.stdout}    use the blue option
    # B's settings came with the pull; undone, A's own are in force again.
    ${shown}    Agents In    ${REPO}    plan    show    ${plan}    --json
    ${shown}    Parse JSON Document    ${shown.stdout}
    Should Be Equal    ${shown}[trust][origin]    this clone
    # Undone again, it is back; B's correction is B's to undo: A refuses it, naming why.
    ${result}    Agents In    ${REPO}    plan    undo    --yes
    Exit Code Should Be    ${result}    0
    ${listed}    Agents In    ${REPO}    plan    ops
    Stdout Should Contain    ${listed}    made in another clone
    ${theirs}    Operation Id Of Kind    ${REPO}    correct
    ${result}    Agents In    ${REPO}    plan    undo    ${theirs}    --yes
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    was made in another clone
    User State Should Be Untouched    ${REPO}

A Plan Corrected On Both Sides Is Refused On Pull With Exit 3, Until --force
    ${plan}    Run Five Steps On A
    Agents In Should Pass    ${REPO}    plan    push    ${REMOTE}
    Agents In Should Pass    ${B}    plan    pull    origin    place=bob@ci
    ${three}    Step Decision    ${{ None }}    3    cwd=${REPO}    plan=${plan}
    Agents In Should Pass    ${B}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the blue option    --restore-scope    full    --yes    --trust-plan    place=bob@ci
    Agents In Should Pass    ${B}    plan    push    origin    place=bob@ci
    Agents In Should Pass    ${REPO}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the red option    --yes
    ${before}    Tree Document In    ${REPO}    ${plan}
    ${result}    Agents In    ${REPO}    plan    pull    ${REMOTE}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    plan ${plan} changed both here and on ${REMOTE}
    ...    differ    --force
    ${still}    Tree Document In    ${REPO}    ${plan}
    Should Be Equal    ${still}    ${before}    a refused pull changed the plan
    ${result}    Agents In    ${REPO}    plan    push    ${REMOTE}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    changed both here and on ${REMOTE}

    ${result}    Agents In    ${REPO}    plan    pull    ${REMOTE}    --force
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    replaced plan ${plan}    agents plan undo
    ${theirs}    Tree Document In    ${REPO}    ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${theirs}    ${on_b}
    # Nothing is lost: undo brings A's own correction back, whole.
    Agents In Should Pass    ${REPO}    plan    undo    --yes
    ${back}    Tree Document In    ${REPO}    ${plan}
    Should Be Equal    ${back}    ${before}
    # Pushing ours with --force keeps theirs in the records' history.
    ${remote_records}    Git    rev-parse    refs/cleveragents/records/${plan}    cwd=${REMOTE}
    Agents In Should Pass    ${REPO}    plan    push    ${REMOTE}    --force
    ${new}    Git    rev-parse    refs/cleveragents/records/${plan}    cwd=${REMOTE}
    Git    merge-base    --is-ancestor    ${remote_records}    ${new}    cwd=${REMOTE}
    # B had not changed it since: ours, on top of its, is a fast-forward there.
    ${result}    Agents In    ${B}    plan    pull    origin    place=bob@ci
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    updated plan ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${on_b}    ${before}

Push And Pull Through A Git Daemon On 127.0.0.1
    ${plan}    Run Five Steps On A
    ${url}    Start Git Daemon
    ${result}    Agents In    ${REPO}    plan    push    ${url}
    Exit Code Should Be    ${result}    0
    ${result}    Agents In    ${B}    plan    pull    ${url}    ${{ $plan[:6] }}    place=bob@ci
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    pulled plan ${plan}
    ${on_a}    Tree Document In    ${REPO}    ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${on_b}    ${on_a}
    ${result}    Agents In    ${B}    plan    pull    ${url}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    plan ${plan} is up to date with ${url}
    # A corrects and pushes; B, unchanged, has nothing to push until it pulls.
    ${three}    Step Decision    ${on_a}    3
    Agents In Should Pass    ${REPO}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the blue option    --yes
    Agents In Should Pass    ${REPO}    plan    push    ${url}
    ${result}    Agents In    ${B}    plan    push    ${url}    --json    place=bob@ci
    Exit Code Should Be    ${result}    0
    ${done}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${done}[plans][0][result]    behind
    ${result}    Agents In    ${B}    plan    pull    ${url}    place=bob@ci
    Stdout Should Contain    ${result}    updated plan ${plan}

Export And Import Round-Trip A Plan Byte For Byte
    ${plan}    Run Five Steps On A
    ${three}    Step Decision    ${{ None }}    3    cwd=${REPO}    plan=${plan}
    Agents In Should Pass    ${REPO}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the blue option    --yes
    ${result}    Agents In    ${REPO}    plan    export    ${plan}    ${WORK}/plan.bundle
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    wrote plan ${plan}
    ${result}    Agents In    ${B}    plan    import    ${WORK}/plan.bundle    place=bob@ci
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    pulled plan ${plan}    new here
    ${result}    Agents In    ${B}    plan    export    ${plan}    ${WORK}/again.bundle    place=bob@ci
    Exit Code Should Be    ${result}    0
    Files Should Be Identical    ${WORK}/plan.bundle    ${WORK}/again.bundle
    FOR    ${kind}    IN    records    plans
        ${tree_a}    Git    rev-parse    refs/cleveragents/${kind}/${plan}^{tree}
        ${tree_b}    Git    rev-parse    refs/cleveragents/${kind}/${plan}^{tree}    cwd=${B}
        Should Be Equal    ${tree_a}    ${tree_b}
    END
    ${on_a}    Tree Document In    ${REPO}    ${plan}
    ${on_b}    Tree Document In    ${B}    ${plan}
    Should Be Equal    ${on_b}    ${on_a}
    # The imported plan corrects on B, from checkpoints B never made.
    ${three}    Step Decision    ${on_b}    3
    Agents In Should Pass    ${B}    plan    correct    --mode    revert    --decision    ${three}
    ...    --guidance    use the red option    --restore-scope    full    --yes    --trust-plan    place=bob@ci
    ${red}    Get File    ${B}/step3.txt
    Should Be Equal    ${red}    red\n

A Pull Moves Only Refs Under refs/cleveragents And Runs No Hook
    ${plan}    Run Five Steps On A
    Agents In Should Pass    ${REPO}    plan    push    ${REMOTE}
    # A mirror-style fetch refspec would copy every remote ref into refs/remotes/origin/.
    Git    config    remote.origin.fetch    +refs/*:refs/remotes/origin/*    cwd=${B}
    Install Marker Hooks    ${B}
    ${before}    Git    for-each-ref    --format\=%(refname) %(objectname)    cwd=${B}
    ${index}    Evaluate    pathlib.Path($B, '.git', 'index').read_bytes()    modules=pathlib
    Agents In Should Pass    ${B}    plan    pull    origin    place=bob@ci
    Agents In Should Pass    ${B}    plan    push    origin    place=bob@ci
    ${after}    Git    for-each-ref    --format\=%(refname) %(objectname)    cwd=${B}
    ${added}    Evaluate    sorted(set($after.splitlines()) - set($before.splitlines()))
    Length Should Be    ${added}    2
    Should Contain    ${added}[0]    refs/cleveragents/plans/${plan}
    Should Contain    ${added}[1]    refs/cleveragents/records/${plan}
    File Should Not Exist    ${B}/.git/FETCH_HEAD
    File Should Not Exist    ${WORK}/hook-ran
    ${index_after}    Evaluate    pathlib.Path($B, '.git', 'index').read_bytes()    modules=pathlib
    Should Be Equal    ${index_after}    ${index}    the user's index changed

Gc After Deleting A Pulled Plan Drops Its Records Too
    ${plan}    Run Five Steps On A
    Agents In Should Pass    ${REPO}    plan    push    ${REMOTE}
    Agents In Should Pass    ${B}    plan    pull    origin    place=bob@ci
    Agents In Should Pass    ${B}    plan    delete    ${plan}    place=bob@ci
    Agents In Should Pass    ${B}    gc    place=bob@ci
    ${refs}    Git    for-each-ref    refs/cleveragents/    cwd=${B}
    Should Be Empty    ${refs}
    ${result}    Run Process    git    fsck    --full    --strict    cwd=${B}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    # Pulled again, it comes back whole.
    ${result}    Agents In    ${B}    plan    pull    origin    place=bob@ci
    Stdout Should Contain    ${result}    new here

Bad Remotes, Files And Plans Are Refused With One Line And Nothing Changed
    ${plan}    Run Five Steps On A
    ${result}    Agents In    ${REPO}    plan    pull    ${WORK}/no-such-remote
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    cannot read the remote
    ${result}    Agents In    ${REPO}    plan    push    --upload-pack\=touch ${WORK}/pwned    ${plan}
    Should Not Be Equal As Integers    ${result.rc}    0
    File Should Not Exist    ${WORK}/pwned
    ${result}    Agents In    ${REPO}    plan    pull    ${REMOTE}    abc123
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    holds no plan 'abc123'
    Create File    ${WORK}/not-a-bundle    hello\n
    ${result}    Agents In    ${REPO}    plan    import    ${WORK}/not-a-bundle
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    is not a git bundle
    ${result}    Agents In    ${REPO}    plan    import    ${WORK}/missing.bundle
    Exit Code Should Be    ${result}    2
    ${refs}    Git    for-each-ref    --format\=%(refname)    refs/cleveragents/
    Should Not Contain    ${refs}    records
    # A remote whose own rule declines the refs says so, in git's and the remote's words.
    Create File    ${REMOTE}/hooks/pre-receive    \#!/bin/sh\necho "no plans here, please" >&2\nexit 1\n
    Run Process    chmod    755    ${REMOTE}/hooks/pre-receive
    ${result}    Agents In    ${REPO}    plan    push    ${REMOTE}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    refused the push: pre-receive hook declined
    ...    no plans here, please
    ${result}    Agents In    ${REPO}    plan    export    ${plan}    ${WORK}/p.bundle    --json
    Exit Code Should Be    ${result}    0
    ${done}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${done}[plan]    ${plan}


*** Keywords ***
Create Two Clones Of A Bare Remote
    Create Temporary Repository
    VAR    ${REMOTE}    ${WORK}/remote.git    scope=TEST
    VAR    ${B}    ${WORK}/b    scope=TEST
    Git    init    --quiet    --bare    --initial-branch\=main    ${REMOTE}    cwd=${WORK}
    Git    remote    add    origin    ${REMOTE}
    Git    push    --quiet    origin    main
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}

Agents In
    [Documentation]    The real `agents` in `${cwd}`, as `${place}` (user@host).
    [Arguments]    ${cwd}    @{args}    ${place}=alice@laptop
    IF    ${AGENTS_FORKED}    # a fork of the suite's server, as `Run Agents` runs it
        ${result}    Run Agents Forked    @{args}    cwd=${cwd}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=60s    GIT_CEILING_DIRECTORIES=${WORK}    CLEVERAGENTS_PLACE=${place}
    ELSE
        ${result}    Run Process    agents    @{args}    cwd=${cwd}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=60s    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}
        ...    env:CLEVERAGENTS_PLACE=${place}
    END
    Log    agents ${args} in ${cwd} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

Agents In Should Pass
    [Arguments]    ${cwd}    @{args}    ${place}=alice@laptop
    ${result}    Agents In    ${cwd}    @{args}    place=${place}
    Exit Code Should Be    ${result}    0
    RETURN    ${result}

Run Five Steps On A
    ${result}    Agents In    ${REPO}    plan    run    --script    ${FIVE_STEPS}
    Exit Code Should Be    ${result}    0
    ${result}    Agents In    ${REPO}    plan    list    --json
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}[plans][-1][id]

Tree Document In
    [Documentation]    `plan tree --json` in `${cwd}`, parsed.
    [Arguments]    ${cwd}    ${plan}
    ${result}    Agents In    ${cwd}    plan    tree    ${plan}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}

Step Decision
    [Documentation]    The id of the live decision of plan step `${step}`.
    [Arguments]    ${document}    ${step}    ${cwd}=${REPO}    ${plan}=${EMPTY}
    IF    $document is None
        ${document}    Tree Document In    ${cwd}    ${plan}
    END
    ${found}    Evaluate
    ...    [d['id'] for d in $document['decisions'] if d['kind'] == 'step' and d['step'] == ${step} and d['status'] == 'active'][0]
    RETURN    ${found}

Operation Id Of Kind
    [Arguments]    ${cwd}    ${kind}
    ${result}    Agents In    ${cwd}    plan    ops    --json
    ${document}    Parse JSON Document    ${result.stdout}
    ${found}    Evaluate    [o['id'] for o in $document['operations'] if o['kind'] == '${kind}'][-1]
    RETURN    ${found}

Start Git Daemon
    [Documentation]    `git daemon` serving `${WORK}` on a free port of 127.0.0.1, pushes
    ...    allowed; its URL for the remote, once it answers. Ended by PID at teardown.
    ${port}    Evaluate    (lambda s: (s.bind(('127.0.0.1', 0)), s.getsockname()[1], s.close())[1])(socket.socket())    modules=socket
    Start Process    git    daemon    --reuseaddr    --export-all    --enable\=receive-pack
    ...    --base-path\=${WORK}    --listen\=127.0.0.1    --port\=${port}    ${WORK}
    ...    stdout=${WORK}/daemon.out    stderr=${WORK}/daemon.err
    VAR    ${url}    git://127.0.0.1:${port}/remote.git
    Wait Until Keyword Succeeds    10s    0.2s    Git    ls-remote    ${url}    cwd=${WORK}
    RETURN    ${url}

Install Marker Hooks
    [Documentation]    Hooks git would run on a fetch, a push or a ref update: each leaves a
    ...    file behind if it runs.
    [Arguments]    ${repo}
    FOR    ${hook}    IN    reference-transaction    pre-push    post-checkout    post-index-change
        Create File    ${repo}/.git/hooks/${hook}    \#!/bin/sh\ntouch ${WORK}/hook-ran\n
        Run Process    chmod    755    ${repo}/.git/hooks/${hook}
    END

User State Should Be Untouched
    [Arguments]    ${repo}
    ${head}    Git    symbolic-ref    HEAD    cwd=${repo}
    Should Be Equal    ${head}    refs/heads/main
    ${branches}    Git    for-each-ref    --format\=%(refname)    refs/heads/    refs/tags/    cwd=${repo}
    Should Be Equal    ${branches}    refs/heads/main

Files Should Be Identical
    [Arguments]    ${one}    ${two}
    ${result}    Run Process    cmp    ${one}    ${two}
    Should Be Equal As Integers    ${result.rc}    0    ${one} and ${two} differ: ${result.stdout}

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository

*** Settings ***
Documentation       As a developer whose agent's check failed,
...                 I want every check and command to keep what it printed in its decision,
...                 so that `agents plan decision D` shows me why and `agents plan log D` gives a
...                 script exactly the lines, even after a correction or a resume.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${NOISY}            ${PLANS}/noisy_check.yaml
${HUGE}             ${PLANS}/huge_output.yaml
# What the noisy check printed, stdout and stderr in the order printed.
${PRINTED}          out 1: no built.txt\nerr 1: [bold]x[/bold]\nout 2: %s {0} %(name)s\nerr 2: the last line\n


*** Test Cases ***
Plan Decision Of A Failed Check Shows The Lines It Printed, Literally
    ${id}    Run The Noisy Plan
    ${result}    Run Agents    plan    decision    4
    Exit Code Should Be    ${result}    0
    # Kinds and times in words, as the tree says them; --json keeps `verification` and ISO 8601.
    Should Match Regexp    ${result.stdout}    kind\\s+check *\n
    Should Match Regexp    ${result.stdout}    created at\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC \\(
    Should Match Regexp    ${result.stdout}    outcome\\s+exit 3 \\(err 2: the last line; 4 lines of output\\)
    Should Match Regexp    ${result.stdout}    output\\s+4 lines, as printed, below
    # The lines come last, as printed: no indent, no markup read, no format filled in.
    Should End With    ${result.stdout}    ${PRINTED.rstrip()}
    ${result}    Run Agents    plan    decision    ${id}:4    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[output]    ${PRINTED}
    Should Be Equal As Integers    ${document}[output_cut_bytes]    0
    Should Be Equal    ${document}[kind]    verification

Plan Log Prints Exactly The Lines, And Nothing Else
    ${id}    Run The Noisy Plan
    ${prefix}    Get Substring    ${id}    0    4
    FOR    ${args}    IN    ${{ ["4"] }}    ${{ [$id + ":4"] }}    ${{ ["-p", $prefix, "4"] }}
        ${result}    Run Agents    plan    log    @{args}
        Exit Code Should Be    ${result}    0
        Should Be Empty    ${result.stderr}
        Stdout Bytes Should Be    ${PRINTED}
    END
    ${result}    Run Agents    plan    log    3
    Stdout Bytes Should Be    building\n
    ${result}    Run Agents    plan    log    7
    Stdout Bytes Should Be    built\n

Plan Log Of A Decision That Ran No Command Prints Nothing, Says So, And Exits 0
    Run The Noisy Plan
    ${result}    Run Agents    plan    log    6
    Exit Code Should Be    ${result}    0
    Stdout Bytes Should Be    ${EMPTY}
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    decision 6 ran no command
    ${result}    Run Agents    plan    decision    6    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[output]    ${None}
    ${result}    Run Agents    plan    log    99
    Exit Code Should Be    ${result}    2
    ${result}    Run Agents    plan    log    --help
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    ran no command    exits 0    --plan

A Huge Output Is Kept As Its Head And Tail, And Says How Much Was Cut
    ${result}    Run Plan    ${HUGE}
    Exit Code Should Be    ${result}    1
    ${result}    Run Agents    plan    log    3
    Exit Code Should Be    ${result}    0
    ${kept}    Get File    ${WORK}/agents.stdout
    ${size}    Get Length    ${kept}
    Should Be True    60000 < ${size} < 66000    kept ${size} bytes of 1288895
    ${lines}    Split To Lines    ${kept}
    Should Be Equal    ${lines}[0]    1
    Should Be Equal    ${lines}[-1]    200000
    ${notes}    Get Regexp Matches    ${kept}
    ...    (?m)^\\[agents: \\d+ bytes cut here, of 1288895; the head and the tail are kept\\]$
    Length Should Be    ${notes}    1
    # What it says was cut is what is missing: all printed but the lines kept around it.
    ${cut}    Evaluate    1288895 - (len($kept.encode()) - len($notes[0]) - 1)
    Should Contain    ${notes}[0]    [agents: ${cut} bytes cut here
    ${result}    Run Agents    plan    decision    3
    Should Match Regexp    ${result.stdout}
    ...    output\\s+\\d+ lines, as printed, below; ${cut} bytes were cut from the middle
    ${result}    Run Agents    plan    decision    3    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal As Integers    ${document}[output_cut_bytes]    ${cut}

The Output Outlives A Resume And A Correction
    ${result}    Run Plan    ${NOISY}    --budget-calls    2
    Exit Code Should Be    ${result}    4
    ${result}    Run Agents    plan    log    4
    Stdout Bytes Should Be    ${PRINTED}
    ${result}    Run Agents    plan    resume    --budget-calls    10
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    log    4
    Stdout Bytes Should Be    ${PRINTED}
    # The budget cut step 2 short: resume set it and its check 4 aside and took the step again.
    ${result}    Run Agents    plan    tree    --active    --json
    ${document}    Parse JSON Document    ${result.stdout}
    ${steps}    Evaluate    [d["id"] for d in $document["decisions"] if d["kind"] == "step"]
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${steps}[0]
    ...    --guidance    build it quietly    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    decision    4
    Should Match Regexp    ${result.stdout}    status\\s+interrupted
    Should End With    ${result.stdout}    ${PRINTED.rstrip()}
    ${result}    Run Agents    plan    log    4
    Stdout Bytes Should Be    ${PRINTED}


*** Keywords ***
Run The Noisy Plan
    [Documentation]    Run the noisy plan (its check fails first, as decision 4); its id.
    ${result}    Run Plan    ${NOISY}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${check}    Decision By Id    ${document}    4
    Should Be Equal    ${check}[kind]    verification
    Should Not Be True    ${check}[ok]
    RETURN    ${document}[plan][id]

Stdout Bytes Should Be
    [Documentation]    The last command's stdout, byte for byte (Process strips the last newline).
    [Arguments]    ${expected}
    ${printed}    Get File    ${WORK}/agents.stdout
    Should Be Equal    ${printed}    ${expected}

*** Settings ***
Documentation       As a developer who runs `python -m cleveragents` in my project (or has it on
...                 agents' `PYTHONPATH`), I want agents to refuse to work on a tree whose top
...                 is on its own import path, so that no module a plan writes there (`json.py`,
...                 `sitecustomize.py`) runs on my host at the next `agents` (issue 25, 4).
...
...                 Real repositories, the real `agents` (and `python -m cleveragents`).

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${PLANT}            ${PLANS}/import_path/plant.yaml


*** Test Cases ***
Python -m cleveragents Run At The Top Is Refused Before Any Plan Starts
    [Documentation]    `python -m` puts the current folder first on `sys.path`: a `json.py`
    ...    a plan wrote there would replace the standard library's in the next `agents`.
    ${result}    Run Python Agents    -m    plan    run    --script    ${PLANT}
    Refused For The Import Path    ${result}
    File Should Not Exist    ${REPO}/json.py
    ${result}    Run Python Agents    -m    plan    list
    Should Not Contain    ${result.stdout}    Plant
    File Should Not Exist    ${REPO}/canary

A PYTHONPATH Naming The Top Is Refused
    ${result}    Run Process    agents    plan    run    --script    ${PLANT}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:PYTHONPATH=${REPO}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Refused For The Import Path    ${result}
    File Should Not Exist    ${REPO}/json.py

Python -P -m cleveragents Runs The Plan
    [Documentation]    With `-P` the current folder is not on the import path: the plan runs.
    ${result}    Run Python Agents    -P    -m    plan    run    --script    ${PLANT}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/json.py


*** Keywords ***
Run Python Agents
    [Documentation]    `python [FLAGS] cleveragents ARGS` in the repository (the flags end
    ...    with `-m`).
    [Arguments]    @{args}
    ${at}    Evaluate    $args.index("-m")
    ${flags}    Evaluate    $args[:$at + 1]
    ${rest}    Evaluate    $args[$at + 1:]
    ${python}    Evaluate    sys.executable    modules=sys
    ${result}    Run Process    ${python}    @{flags}    cleveragents    @{rest}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    ${result.stdout}\n${result.stderr}
    RETURN    ${result}

Refused For The Import Path
    [Arguments]    ${result}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    agents imports Python from the top of this working tree
    ...    python -P -m cleveragents

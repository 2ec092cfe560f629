*** Settings ***
Documentation       As a developer whose PATH starts with a virtual environment made from a
...                 `python3` in `~/bin` or `~/.local/bin`,
...                 I want the sandbox to show that environment and its Python, not my home,
...                 so that a command I allowed cannot read my `~/.ssh` keys.
...
...                 The real `agents` command runs Claude's plan through the anthropic SDK
...                 against a local stand-in of the Messages API; its command runs in real bwrap.
...                 The fake home and installations lie under /var/tmp: the sandbox's own /tmp
...                 would hide anything under /tmp anyway.

Resource            resources/agents.resource
Library             resources/ClaudeLibrary.py
Library             resources/SandboxLibrary.py

Test Setup          Create Repository Outside Tmp With Stand In Claude
Test Teardown       Stop Stand In Claude And Remove Everything


*** Variables ***
@{VARIABLES SET}    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES


*** Test Cases ***
A Venv Whose Home Is ~/bin Shows That Folder, Not The Home With Its Keys
    [Documentation]    pyvenv.cfg's `home` names `<home>/bin` (CPython writes the folder of
    ...    the `python3` as invoked, links not resolved): the sandbox shows that folder, and
    ...    the real installation its `python` leads to, never `<home>` with `.ssh` in it.
    Create File    ${WORK}/home/.ssh/id_x    KEY-CANARY\n
    Make Installation    ${WORK}/uv
    Create Directory    ${WORK}/home/bin
    Link    ${WORK}/uv/bin/python3.12    ${WORK}/home/bin/python3
    Make Venv    ${WORK}/venv    ${WORK}/home/bin
    ${command}    Catenate    SEPARATOR=;
    ...    cat ${WORK}/home/.ssh/id_x > key.txt 2>&1
    ...    ls ${WORK}/home/bin > bin.txt 2>&1
    ...    ls ${WORK}/uv/lib/python3.12 > lib.txt 2>&1
    Run Sandboxed With PATH From    ${WORK}/venv/bin    ${command}
    ${key}    Get File    ${REPO}/key.txt
    Should Not Contain    ${key}    KEY-CANARY
    Should Contain    ${key}    No such file or directory
    ${bin}    Get File    ${REPO}/bin.txt
    Should Be Equal    ${bin}    python3\n
    ${lib}    Get File    ${REPO}/lib.txt
    Should Be Equal    ${lib}    os.py\n

A Real Installation's Library Is Shown, Its .ssh Is Not
    [Documentation]    `home` names a real installation's bin folder (its standard library in
    ...    lib/python3.X): its bin and library are shown, an `.ssh` beside them is not.
    Make Installation    ${WORK}/inst
    Make Venv    ${WORK}/venv    ${WORK}/inst/bin
    Make Installation    ${WORK}/keyed
    Create File    ${WORK}/keyed/.ssh/id_x    KEY-CANARY\n
    Make Venv    ${WORK}/venv2    ${WORK}/keyed/bin
    ${command}    Catenate    SEPARATOR=;
    ...    ls ${WORK}/inst/lib/python3.12 > inst.txt 2>&1
    ...    cat ${WORK}/keyed/.ssh/id_x > key.txt 2>&1
    ...    ls ${WORK}/keyed/bin > keyed.txt 2>&1
    Run Sandboxed With PATH From    ${WORK}/venv/bin:${WORK}/venv2/bin    ${command}
    ${inst}    Get File    ${REPO}/inst.txt
    Should Be Equal    ${inst}    os.py\n
    ${key}    Get File    ${REPO}/key.txt
    Should Not Contain    ${key}    KEY-CANARY
    ${keyed}    Get File    ${REPO}/keyed.txt
    Should Be Equal    ${keyed}    python3.12\n

A Python Installed Under ~/.local Runs Without Showing ~/.local/share
    [Documentation]    A Python installed with `--prefix=~/.local` (a copy of the system's,
    ...    its standard library in lib/python3.X): a venv made from it runs in the sandbox,
    ...    which shows that installation's bin and standard library, not `~/.local/share`
    ...    with the user's keyrings (finding 6: the whole prefix was shown).
    ${python}    Evaluate    f"python{sys.version_info[0]}.{sys.version_info[1]}"    modules=sys
    Create File    ${WORK}/home/.local/share/keyrings/login.keyring    KEY-CANARY\n
    Copy Python Installation    /usr/bin/${python}    ${WORK}/home/.local
    Run Process    ${WORK}/home/.local/bin/${python}    -m    venv    --without-pip
    ...    ${WORK}/venv
    ${command}    Catenate    SEPARATOR=;
    ...    python -c 'import sys; print(sys.prefix, sys.base_prefix)' > prefix.txt 2>&1
    ...    cat ${WORK}/home/.local/share/keyrings/login.keyring > key.txt 2>&1
    ...    true
    ${home}    Get Environment Variable    HOME
    Set Environment Variable    HOME    ${WORK}/home
    TRY
        Run Sandboxed With PATH From    ${WORK}/venv/bin    ${command}
    FINALLY
        Set Environment Variable    HOME    ${home}
    END
    ${prefix}    Get File    ${REPO}/prefix.txt
    Should Be Equal    ${prefix}    ${WORK}/venv ${WORK}/home/.local\n
    ${key}    Get File    ${REPO}/key.txt
    Should Not Contain    ${key}    KEY-CANARY
    Should Contain    ${key}    No such file or directory


A Tree Under /opt Shows Nothing Beside It, But The Venv There On PATH
    [Documentation]    The system folders are shown whole; an app's checkout under one
    ...    (`/opt/APP/repo`) would show the app's `.env` beside it (finding 9 of attack 9).
    ...    What lies beside the tree is hidden, as anywhere else; a venv there on PATH is
    ...    shown again.
    ${work}    Make Work Directory Under Opt
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${REPO}    ${work}/repo    scope=TEST
    Create Directory    ${REPO}
    Git    init    --quiet    --initial-branch\=main
    Create File    ${REPO}/.gitignore    *.txt\n
    Commit All    ignore what the commands write
    Create File    ${WORK}/.env    DB_PASSWORD=KEY-CANARY\n
    Create File    ${WORK}/venv/bin/tool    \#!/bin/sh\necho tool ran\n
    Evaluate    os.chmod($WORK + "/venv/bin/tool", 0o755)    modules=os
    ${command}    Catenate    SEPARATOR=;
    ...    cat ../.env > key.txt 2>&1
    ...    tool > tool.txt 2>&1
    ...    touch ${WORK}/planted 2> touch.txt
    ...    true
    Run Sandboxed With PATH From    ${WORK}/venv/bin    ${command}
    ${key}    Get File    ${REPO}/key.txt
    Should Not Contain    ${key}    KEY-CANARY
    ${tool}    Get File    ${REPO}/tool.txt
    Should Be Equal    ${tool}    tool ran\n
    File Should Not Exist    ${WORK}/planted


*** Keywords ***
Create Repository Outside Tmp With Stand In Claude
    ${work}    Make Work Directory Outside Tmp
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${REPO}    ${work}/repo    scope=TEST
    Create Directory    ${REPO}
    Git    init    --quiet    --initial-branch\=main
    Create File    ${REPO}/.gitignore    *.txt\n
    Commit All    ignore what the commands write
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END

Stop Stand In Claude And Remove Everything
    Stop Stand In Claude
    FOR    ${name}    IN    @{VARIABLES SET}
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Make Installation
    [Documentation]    A Python installation's layout at `${prefix}`: `bin/python3.12` and the
    ...    standard library's `lib/python3.12/os.py`.
    [Arguments]    ${prefix}
    Create File    ${prefix}/bin/python3.12    \#!/bin/sh\n
    Create File    ${prefix}/lib/python3.12/os.py    \# os\n

Copy Python Installation
    [Documentation]    `${python}` and its standard library, as installed at `${prefix}`:
    ...    hard links where they can be (the same file system), else copies.
    [Arguments]    ${python}    ${prefix}
    ${name}    Evaluate    os.path.basename($python)    modules=os
    Create Directory    ${prefix}/bin
    Create Directory    ${prefix}/lib
    ${done}    Run Process    cp    -a    ${python}    ${prefix}/bin/${name}
    Should Be Equal As Integers    ${done.rc}    0    ${done.stderr}
    ${done}    Run Process    cp    -a    /usr/lib/${name}    ${prefix}/lib/${name}
    Should Be Equal As Integers    ${done.rc}    0    ${done.stderr}

Make Venv
    [Documentation]    A virtual environment at `${folder}` made from the Python in `${home}`.
    [Arguments]    ${folder}    ${home}
    Create File    ${folder}/pyvenv.cfg    home = ${home}\ninclude-system-site-packages = false\n
    Create Directory    ${folder}/bin

Link
    [Arguments]    ${target}    ${link}
    Evaluate    os.symlink($target, $link)    modules=os

Run Sandboxed With PATH From
    [Documentation]    Claude runs `${command}` (any command allowed, in the sandbox) with
    ...    `${folders}` first on the PATH of `agents`.
    [Arguments]    ${folders}    ${command}
    Claude Will Propose The Plan    look around
    Claude Will Run    ${command}
    ${path}    Get Environment Variable    PATH
    Set Environment Variable    PATH    ${folders}:${path}
    TRY
        ${result}    Run Agents    plan    run    look around    --allow-command    *
        ...    stdin=${EMPTY}
    FINALLY
        Set Environment Variable    PATH    ${path}
    END
    Exit Code Should Be    ${result}    0

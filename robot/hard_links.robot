*** Settings ***
Documentation       As a developer whose tree holds files hard-linked to files outside it
...                 (pnpm's store, uv's cache, `git clone /local/path`, my own `ln`),
...                 I want Claude's sandboxed commands unable to write through those links,
...                 so that a command's effects stay in the tree, where undo reaches them.
...
...                 The real `agents` command runs Claude's plan through the anthropic SDK
...                 against a local stand-in of the Messages API, in a real bubblewrap.

Resource            resources/agents.resource
Library             resources/ClaudeLibrary.py

Test Setup          Create Repository With Stand In Claude And An Outside Store
Test Teardown       Stop Stand In Claude And Remove Repository


*** Variables ***
@{VARIABLES SET}    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES
...                 CLEVERAGENTS_SANDBOX_HARD_LINKS


*** Test Cases ***
An In-Place Write Through A Hard Link Fails, And The Outside File Keeps Its Bytes
    Hard Link    ${WORK}/store/pkg.js    ${REPO}/pkg.js
    Claude Will Propose The Plan    patch the package
    Claude Will Run    echo done > done.txt; echo payload >> pkg.js
    Claude Will Give Up
    ${result}    Run Claude Plan    patch the package    --allow-command    echo *
    Exit Code Should Be    ${result}    1
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Contain    ${action}[outcome]
    ...    exit 1; read-only in the sandbox: 1 file hard-linked to a file outside the working tree (pkg.js;
    Outside And Linked Files Hold    original\n
    ${undone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${undone}    0
    File Should Not Exist    ${REPO}/done.txt
    Outside And Linked Files Hold    original\n

A Chmod, A Rename Over And A Removal Of A Hard-Linked File Fail Too
    Hard Link    ${WORK}/store/pkg.js    ${REPO}/pkg.js
    Claude Will Propose The Plan    patch the package
    Claude Will Run
    ...    chmod 600 pkg.js; echo new > new.js; mv new.js pkg.js; rm pkg.js; test -e pkg.js
    ${result}    Run Claude Plan    patch the package    --allow-command    *
    Exit Code Should Be    ${result}    0
    Outside And Linked Files Hold    original\n
    ${mode}    Evaluate    oct(os.stat($WORK + "/store/pkg.js").st_mode & 0o777)    modules=os
    Should Be Equal    ${mode}    0o644

Two Names Inside The Tree: A Boxed Write Changes The Name It Wrote, And Undo Brings It Back
    [Documentation]    The command writes into an overlay of the tree: its write to one name
    ...    of a file is a file of its own there, put in that name's place after it ends.
    Create File    ${REPO}/a.txt    one\n
    Hard Link    ${REPO}/a.txt    ${REPO}/b.txt
    Commit All    two names of one file
    Claude Will Propose The Plan    append
    Claude Will Run    echo two >> a.txt
    ${result}    Run Claude Plan    append    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    ${a}    Get File    ${REPO}/a.txt
    ${b}    Get File    ${REPO}/b.txt
    Should Be Equal    ${a}${b}    one\ntwo\none\n
    ${undone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${undone}    0
    ${a}    Get File    ${REPO}/a.txt
    ${b}    Get File    ${REPO}/b.txt
    Should Be Equal    ${a}${b}    one\none\n

More Hard-Linked Files Than The Bound Refuse The Command, Naming How Many
    [Documentation]    Files at the top of the tree: no folder is held whole in their place.
    Set Environment Variable    CLEVERAGENTS_SANDBOX_HARD_LINKS    3
    FOR    ${name}    IN    a.js    b.js    other.js
        Create File    ${WORK}/store/${name}    ${name}\n
        Hard Link    ${WORK}/store/${name}    ${REPO}/${name}
    END
    Hard Link    ${WORK}/store/pkg.js    ${REPO}/pkg.js
    Claude Will Propose The Plan    patch the package
    Claude Will Run    echo payload >> pkg.js; echo ran > ran.txt
    Claude Will Give Up
    ${result}    Run Claude Plan    patch the package    --allow-command    echo *
    Exit Code Should Be    ${result}    1
    File Should Not Exist    ${REPO}/ran.txt
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Be Equal    ${action}[outcome]
    ...    refused: 4 files hard-linked to files outside the working tree (a.js, b.js, other.js and 1 more), more than the 3 the sandbox holds read-only; break the links (copy the files) or set CLEVERAGENTS_SANDBOX_HARD_LINKS to 4 or more
    Outside And Linked Files Hold    original\n

Over The Bound, A Folder Of Hard-Linked Files Is Held Read-Only Whole
    [Documentation]    A package folder as pnpm or uv lays it out: its own files all linked
    ...    to the store. One mount holds it, and what is under it, read-only.
    Set Environment Variable    CLEVERAGENTS_SANDBOX_HARD_LINKS    1
    Create File    ${WORK}/store/lib.js    lib\n
    Create Directory    ${REPO}/node_modules/pkg/sub
    Hard Link    ${WORK}/store/pkg.js    ${REPO}/node_modules/pkg/index.js
    Hard Link    ${WORK}/store/lib.js    ${REPO}/node_modules/pkg/lib.js
    Create File    ${REPO}/node_modules/pkg/sub/own.txt    own\n
    Claude Will Propose The Plan    patch the package
    Claude Will Run    echo ran > ran.txt; echo payload >> node_modules/pkg/index.js
    Claude Will Give Up
    ${result}    Run Claude Plan    patch the package    --allow-command    echo *
    Exit Code Should Be    ${result}    1
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Contain    ${action}[outcome]
    ...    exit 1; read-only in the sandbox: 2 files hard-linked to files outside the working tree (node_modules/pkg/index.js, node_modules/pkg/lib.js;
    ${outside}    Get File    ${WORK}/store/pkg.js
    Should Be Equal    ${outside}    original\n

The Objects Of A Repository Cloned From A Local Path Keep Their Bytes
    [Documentation]    `git clone /local/path` hard-links the source's objects into the
    ...    clone's `.git`; a command rewriting one there would change the source's.
    Git    init    --quiet    ${WORK}/source
    Create File    ${WORK}/source/lib.py    print("lib")\n
    Git    add    lib.py    cwd=${WORK}/source
    Git    commit    --quiet    --no-gpg-sign    -m    source    cwd=${WORK}/source
    Git    clone    --quiet    ${WORK}/source    ${REPO}/vendor/lib
    ${object}    Loose Object Of    ${WORK}/source
    ${before}    Get Binary File    ${WORK}/source/.git/objects/${object}
    Claude Will Propose The Plan    patch the vendored library
    Claude Will Run
    ...    chmod u+w vendor/lib/.git/objects/${object}; echo payload >> vendor/lib/.git/objects/${object}
    Claude Will Give Up
    ${result}    Run Claude Plan    patch the vendored library    --allow-command    *
    Exit Code Should Be    ${result}    1
    ${after}    Get Binary File    ${WORK}/source/.git/objects/${object}
    Should Be Equal    ${after}    ${before}    the source repository's object was rewritten


*** Keywords ***
Create Repository With Stand In Claude And An Outside Store
    Create Temporary Repository
    Create File    ${WORK}/store/pkg.js    original\n
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END

Stop Stand In Claude And Remove Repository
    Stop Stand In Claude
    FOR    ${name}    IN    @{VARIABLES SET}
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Hard Link
    [Arguments]    ${existing}    ${new}
    Evaluate    os.link($existing, $new)    modules=os

Outside And Linked Files Hold
    [Documentation]    The store's file holds `${text}`, and the tree's name is its own link.
    [Arguments]    ${text}
    ${outside}    Get File    ${WORK}/store/pkg.js
    Should Be Equal    ${outside}    ${text}
    ${inside}    Get File    ${REPO}/pkg.js
    Should Be Equal    ${inside}    ${text}

Loose Object Of
    [Documentation]    The path under `objects/` of one loose object of the repository.
    [Arguments]    ${repository}
    ${objects}    Evaluate    pathlib.Path($repository, ".git", "objects")    modules=pathlib
    ${found}    Evaluate    sorted(f"{p.parent.name}/{p.name}" for p in $objects.glob("??/*"))[0]
    RETURN    ${found}

Run Claude Plan
    [Arguments]    ${task}    @{more}
    ${result}    Run Agents    plan    run    ${task}    @{more}    stdin=${EMPTY}
    RETURN    ${result}

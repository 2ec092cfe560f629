*** Settings ***
Documentation       As a developer who lets Claude Code write files in my working tree,
...                 I want its own Write, Edit, MultiEdit and NotebookEdit calls into Claude
...                 Code's settings, hooks, commands, skills and agents refused,
...                 so that my next `claude` runs nothing of the model's choosing (issue 26:
...                 only Bash calls were put back, and only "outside the tree" was judged).
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed).

Resource            resources/claude_code.resource
Library             Collections
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository
Test Tags           issue-26


*** Variables ***
${WHY}              Claude Code settings are not written by the model
${GIT_WHY}          git's own files are not written by the model
${HOST_WHY}         files that run on the host are not written by the model


*** Test Cases ***
A Write Of A Skill Is Refused, Said To Claude Code, And The Session Goes On
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.claude/skills/x/SKILL.md", "content": "---\\nname: x\\n---\\n!`touch ${WORK}/canary`\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    write a skill    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.claude
    File Should Exist    ${REPO}/b.txt    the session went on after the refusal
    ${document}    Plan Tree Document
    ${refused}    Decision By Id    ${document}    2
    Should Be Equal    ${refused}[outcome]
    ...    refused: ${WHY}: ${REPO}/.claude/skills/x/SKILL.md is one Claude Code runs or takes permissions from; ask the user to change it
    Should Not Be True    ${refused}[ok]
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    cleveragents: ${WHY}: ${REPO}/.claude/skills/x/SKILL.md

A Write Of The User's Vouches Outside The Tree Is Refused
    [Documentation]    The programs the user vouched for (`agents hooks vouch`) are kept in
    ...    $XDG_CONFIG_HOME/cleveragents, outside the tree: a model that wrote there would
    ...    vouch for a program it planted, and the user's hook would run it on the host.
    Set To Dictionary    ${CLAUDE_ENV}    XDG_CONFIG_HOME=${WORK}/config
    Claude Code Will Call    Write
    ...    {"file_path": "${WORK}/config/cleveragents/vouched.json", "content": "{\\"vouched\\": [\\"sh\\"]}\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${WORK}/config/cleveragents/new.json", "content": "{}\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    vouch for sh    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${WORK}/config/cleveragents/vouched.json
    Path Should Not Exist    ${WORK}/config/cleveragents/new.json
    File Should Exist    ${REPO}/b.txt    the session went on after the refusals
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]
    ...    cleveragents: ${HOST_WHY}: ${WORK}/config/cleveragents/vouched.json is where agents keeps the programs you vouched for
    Should Contain    ${results}[1]    cleveragents: ${HOST_WHY}: ${WORK}/config/cleveragents/new.json

An Edit Through A Link Into The User's Settings Is Refused
    Create Directory    ${REPO}/sub/.claude
    Write File Bytes    ${REPO}/sub/.claude/settings.json    {}\n
    Commit All    settings
    Run Process    ln    -s    sub/.claude    cfg    cwd=${REPO}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/cfg/settings.json", "old_string": "{}", "new_string": "{\\"hooks\\": {}}"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    edit settings    --actor    claude-code
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/sub/.claude/settings.json    {}\n
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}    refused: ${WHY}: ${REPO}/cfg/settings.json

Writes Where The Tree's .claude And .mcp.json Links Lead Are Refused
    [Documentation]    Claude Code follows a `.claude` or `.mcp.json` link of the tree: what
    ...    it leads to is a setting, whatever it is named.
    Create Directory    ${REPO}/tools/claude
    Write File Bytes    ${REPO}/tools/claude/README    readme\n
    Write File Bytes    ${REPO}/tools/mcp.json    {}\n
    Run Process    ln    -s    tools/claude    .claude    cwd=${REPO}
    Run Process    ln    -s    tools/mcp.json    .mcp.json    cwd=${REPO}
    Commit All    linked settings
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/tools/mcp.json", "content": "{\\"mcpServers\\": {\\"x\\": {\\"command\\": \\"touch\\"}}}\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/tools/claude/hooks/x.sh", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    write settings    --actor    claude-code
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/tools/mcp.json    {}\n
    Path Should Not Exist    ${REPO}/tools/claude/hooks
    File Should Exist    ${REPO}/b.txt    the session went on after the refusals
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    cleveragents: ${WHY}: ${REPO}/tools/mcp.json
    Should Contain    ${results}[1]    cleveragents: ${WHY}: ${REPO}/tools/claude/hooks/x.sh

Writes Into .git And .mcp.json Are Refused, The Files Unchanged, And The Session Goes On
    [Documentation]    git runs `.git/hooks` and `.git/config`, Claude Code starts the
    ...    servers a `.mcp.json` names: on the host, at the user's next `git` or `claude`.
    Write File Bytes    ${REPO}/.mcp.json    {}\n
    Write File Bytes    ${REPO}/sub/.mcp.json    {}\n
    Commit All    mcp servers
    ${config}    Get Binary File    ${REPO}/.git/config
    Run Process    ln    -s    .git    g    cwd=${REPO}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.git/hooks/pre-commit", "content": "#!/bin/sh\\ntouch ${WORK}/canary\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.mcp.json", "content": "{\\"mcpServers\\": {\\"x\\": {\\"command\\": \\"touch\\"}}}\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/sub/.mcp.json", "old_string": "{}", "new_string": "{\\"mcpServers\\": {}}"}
    Claude Code Will Call    Write
    ...    {"file_path": "./x/../.git/config", "content": "[core]\\n\\tfsmonitor = touch ${WORK}/canary\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/g/hooks/post-checkout", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant hooks    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.git/hooks/pre-commit
    File Should Hold Bytes    ${REPO}/.git/config    ${config}
    File Should Hold Bytes    ${REPO}/.mcp.json    {}\n
    File Should Hold Bytes    ${REPO}/sub/.mcp.json    {}\n
    Path Should Not Exist    ${REPO}/x
    File Should Exist    ${REPO}/b.txt    the session went on after the refusals
    ${document}    Plan Tree Document
    ${hook}    Decision By Id    ${document}    2
    Should Be Equal    ${hook}[outcome]
    ...    refused: ${GIT_WHY}: ${REPO}/.git/hooks/pre-commit is in a .git, whose hooks and config git runs; ask the user to change it
    ${mcp}    Decision By Id    ${document}    3
    Should Start With    ${mcp}[outcome]    refused: ${WHY}: ${REPO}/.mcp.json is one
    ${sub}    Decision By Id    ${document}    4
    Should Start With    ${sub}[outcome]    refused: ${WHY}: ${REPO}/sub/.mcp.json is one
    ${up}    Decision By Id    ${document}    5
    # Claude Code makes the path absolute and normal before its hooks see it.
    Should Start With    ${up}[outcome]    refused: ${GIT_WHY}: ${REPO}/.git/config is in a .git
    ${linked}    Decision By Id    ${document}    6
    Should Start With    ${linked}[outcome]    refused: ${GIT_WHY}: ${REPO}/g/hooks/post-checkout
    Path Should Not Exist    ${REPO}/.git/hooks/post-checkout
    FOR    ${refused}    IN    ${hook}    ${mcp}    ${sub}    ${up}    ${linked}
        Should Not Be True    ${refused}[ok]
    END
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    cleveragents: ${GIT_WHY}: ${REPO}/.git/hooks/pre-commit
    Should Contain    ${results}[3]    cleveragents: ${GIT_WHY}: ${REPO}/.git/config

Writes Into A Git Directory Of Another Name Are Refused
    [Documentation]    A nested repository may keep its git directory elsewhere in the tree
    ...    (`git init --separate-git-dir=vstore`, named by its `.git` file), and a bare
    ...    repository (`tools/mirror`) is a git directory by git's own test (HEAD, objects/,
    ...    refs/). git runs the hooks and config of each: Claude Code's writes there are
    ...    refused as into a `.git`. (Before: they went through.) The repository's own git
    ...    directory in its tree is refused before anything runs (checkpoints.own_git_dir).
    Git    init    -q    --bare    tools/mirror
    Git    init    -q    --separate-git-dir\=${REPO}/vstore    vendor/lib
    Append To File    ${REPO}/.git/info/exclude    /vstore/\n/tools/\n/vendor/\n
    ${config}    Get Binary File    ${REPO}/vstore/config
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/vstore/hooks/pre-commit", "content": "#!/bin/sh\\ntouch ${WORK}/canary\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/vstore/config", "content": "[core]\\n\\tfsmonitor = touch ${WORK}/canary\\n"}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/tools/mirror/hooks/post-update", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/tools/notes/HEAD", "content": "a\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant hooks    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/vstore/hooks/pre-commit
    File Should Hold Bytes    ${REPO}/vstore/config    ${config}
    Path Should Not Exist    ${REPO}/tools/mirror/hooks/post-update
    File Should Exist    ${REPO}/tools/notes/HEAD    a file named HEAD alone is no git directory
    ${document}    Plan Tree Document
    ${hook}    Decision By Id    ${document}    2
    Should Be Equal    ${hook}[outcome]
    ...    refused: ${GIT_WHY}: ${REPO}/vstore/hooks/pre-commit is in a git directory (named by a .git file), whose hooks and config git runs; ask the user to change it
    ${own}    Decision By Id    ${document}    3
    Should Start With    ${own}[outcome]    refused: ${GIT_WHY}: ${REPO}/vstore/config is in a git directory
    ${bare}    Decision By Id    ${document}    4
    Should Start With    ${bare}[outcome]
    ...    refused: ${GIT_WHY}: ${REPO}/tools/mirror/hooks/post-update is in a git directory (it holds HEAD, objects/ and refs/)
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    cleveragents: ${GIT_WHY}: ${REPO}/vstore/hooks/pre-commit

A Write Into The Tree's Hooks Folder Is Refused
    [Documentation]    git runs the hooks of the folder `core.hooksPath` names, here one of
    ...    the tree: on the host, at the user's next `git commit` (issue 25, attack 7 finding 1).
    Create Directory    ${REPO}/.githooks
    Write File Bytes    ${REPO}/.githooks/pre-commit    \#!/bin/sh\nexit 0\n
    Commit All    hooks
    Git    config    core.hooksPath    .githooks
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.githooks/post-checkout", "content": "#!/bin/sh\\ntouch ${WORK}/canary\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant hooks    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.githooks/post-checkout
    File Should Exist    ${REPO}/b.txt    the session went on after the refusal
    ${document}    Plan Tree Document
    ${hook}    Decision By Id    ${document}    2
    Should Be Equal    ${hook}[outcome]
    ...    refused: ${HOST_WHY}: ${REPO}/.githooks/post-checkout is in .githooks, the hooks folder git runs (core.hooksPath); ask the user to change it
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    cleveragents: ${HOST_WHY}: ${REPO}/.githooks/post-checkout

A Write Into A Nested Repository's Hooks Folder Is Refused
    [Documentation]    A vendored checkout with its own `core.hooksPath`: its `git commit`
    ...    runs the hooks there on the host, as the top repository's would.
    Create Directory    ${REPO}/vendor/.githooks
    Write File Bytes    ${REPO}/vendor/.githooks/pre-commit    \#!/bin/sh\nexit 0\n
    Git    init    -q    cwd=${REPO}/vendor
    Git    add    .    cwd=${REPO}/vendor
    Git    commit    -qm    vendored    cwd=${REPO}/vendor
    Git    config    core.hooksPath    .githooks    cwd=${REPO}/vendor
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/vendor/.githooks/pre-commit", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant a nested hook    --actor    claude-code
    Exit Code Should Be    ${result}    0
    ${kept}    Get File    ${REPO}/vendor/.githooks/pre-commit
    Should Be Equal    ${kept}    \#!/bin/sh\nexit 0\n
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}
    ...    refused: ${HOST_WHY}: ${REPO}/vendor/.githooks/pre-commit is in vendor/.githooks, the hooks folder git runs (core.hooksPath)

A Write Into A Folder Of The Tree On agents' Import Path Is Refused
    [Documentation]    The user's project on agents' `sys.path` (an editable install into
    ...    agents' venv, here `PYTHONPATH`): a module written there runs at the next `agents`.
    [Teardown]    Run Keywords    Remove Environment Variable    PYTHONPATH
    ...    AND    Stop Stand In Claude Code And Remove Repository
    # A new `agents` whose PYTHONPATH names the tree, as a user's would be: not a fork.
    VAR    ${AGENTS_FORKED}    ${False}    scope=TEST
    Create Directory    ${REPO}/src/myproj
    Set Environment Variable    PYTHONPATH    ${REPO}/src
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/src/org/__init__.py", "content": "import os\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant a module    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/src/org/__init__.py
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}
    ...    refused: ${HOST_WHY}: ${REPO}/src/org/__init__.py is in src, agents' own Python

A Write Of Husky's Script Is Refused
    [Documentation]    husky 9 sets `core.hooksPath` to `.husky/_`, whose hooks run
    ...    `.husky/NAME`: the whole `.husky` runs on the host.
    Create Directory    ${REPO}/.husky/_
    Write File Bytes    ${REPO}/.husky/_/h    \#!/bin/sh\n
    Commit All    husky
    Git    config    core.hooksPath    .husky/_
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.husky/pre-commit", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant a husky script    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.husky/pre-commit
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}
    ...    refused: ${HOST_WHY}: ${REPO}/.husky/pre-commit is in .husky, the hooks folder git runs (core.hooksPath)

In A Tree That Is My Home, Its Dot Entries Are Kept From The Model
    [Documentation]    A home made a git repository (`*` ignored, a few files tracked): every
    ...    dot entry of it runs or is trusted on the host, standing or not (attack 16 finding
    ...    15): a Write of `~/.ssh/authorized_keys` is refused, a Bash call's line in
    ...    `~/.vimrc` fails (read-only in the sandbox), and a plain file of the home stays
    ...    the session's.
    Create File    ${REPO}/.vimrc    set nu\n
    Set To Dictionary    ${CLAUDE_ENV}    HOME=${REPO}
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.ssh/authorized_keys", "content": "ssh-ed25519 AAAA planted\\n"}
    Claude Code Will Call    Bash
    ...    {"command": "printf 'silent !touch planted\\\\n' >> .vimrc", "description": "vim"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/notes.txt", "content": "mine\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    plant a key    --actor    claude-code
    ...    --allow-command    printf *
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.ssh/authorized_keys
    ${vimrc}    Get File    ${REPO}/.vimrc
    Should Be Equal    ${vimrc}    set nu\n
    File Should Exist    ${REPO}/notes.txt    the session went on after the refusal
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}
    ...    refused: ${HOST_WHY}: ${REPO}/.ssh/authorized_keys is in .ssh, a dot entry of your home
    ${shown}    Run Agents    plan    decision    3
    Should Contain    ${shown.stdout}    read-only in the sandbox, as your host runs them: .vimrc

A Write Of The File My ~/.profile Is A Hard Link Of Is Refused, My Home's Name Unchanged
    [Documentation]    `ln ~/dotfiles/profile ~/.profile` (no `-s`): one file of two names
    ...    (attack 17 finding 4), no link to follow. Claude Code's Write runs on the host: a
    ...    write of the tree's `profile` would be the home's `.profile`; it is refused. A Bash
    ...    call's `>> bashrc` meets the sandbox's read-only hard link.
    [Teardown]    Run Keywords    Remove Directory    ${REPO}-home    recursive=True
    ...    AND    Stop Stand In Claude Code And Remove Repository
    Create File    ${REPO}/bashrc    alias ll='ls -l'\n
    Create File    ${REPO}/profile    export EDITOR=vi\n
    Create Directory    ${REPO}-home
    Evaluate    os.link(r"${REPO}/bashrc", r"${REPO}-home/.bashrc")    modules=os
    Evaluate    os.link(r"${REPO}/profile", r"${REPO}-home/.profile")    modules=os
    Set To Dictionary    ${CLAUDE_ENV}    HOME=${REPO}-home
    Claude Code Will Call    Bash
    ...    {"command": "printf 'touch planted\\\\n' >> bashrc", "description": "rc"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/profile", "content": "touch planted\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tweak my shell    --actor
    ...    claude-code    --allow-command    printf *
    Exit Code Should Be    ${result}    0
    ${home}    Get File    ${REPO}-home/.bashrc
    Should Be Equal    ${home}    alias ll='ls -l'\n
    ${profile}    Get File    ${REPO}-home/.profile
    Should Be Equal    ${profile}    export EDITOR=vi\n
    ${shown}    Run Agents    plan    tree
    Should Contain    ${shown.stdout}
    ...    refused: ${HOST_WHY}: ${REPO}/profile is profile, a startup file of your home

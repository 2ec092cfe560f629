*** Settings ***
Documentation       As a developer with a Claude Code plugin installed (one with a language
...                 server and an exec-form hook, from a directory marketplace in my tree),
...                 I want no program of that plugin to run on the host during a sandboxed
...                 `agents plan run --actor claude-code`,
...                 so that what the model writes into the plugin's folder cannot run outside
...                 the sandbox (attack 15 findings 4 and 5).
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API, with the plugin installed in the test's
...                 CLAUDE_CONFIG_DIR as `claude plugin install` leaves it.

Resource            resources/claude_code.resource
Library             OperatingSystem

Test Setup          Create Repository With A Plugin Marketplace
Test Teardown       Stop Stand In Claude Code And Remove Repository
Test Tags           attack-15


*** Variables ***
${PLUGIN}           {"name": "q", "version": "0.0.1", "lspServers": {"fake": {"command": "sh", "args": ["\${CLAUDE_PLUGIN_ROOT}/lsp.sh"], "extensionToLanguage": {".py": "python"}}}}
${HOOKS}            {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "sh", "args": ["\${CLAUDE_PLUGIN_ROOT}/h.sh"]}]}]}}
${MARKET}           {"name": "m", "owner": {"name": "me"}, "plugins": [{"name": "q", "source": "./q", "description": "d"}]}


*** Test Cases ***
A Plugin's Language Server And Exec Hook Do Not Run On The Host
    [Documentation]    Claude Code starts a plugin's LSP server and exec-form hooks itself,
    ...    outside our shell prefix: in a sandboxed run no plugin is loaded, so neither
    ...    canary beside the tree is made, while the session's calls are recorded.
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Call    Read    {"file_path": "${REPO}/a.py"}
    Claude Code Will Call    Edit    {"file_path": "${REPO}/a.py", "old_string": "x", "new_string": "y"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    Sleep    1s    the language server is started in the background
    File Should Not Exist    ${WORK}/lsp-ran
    File Should Not Exist    ${WORK}/hook-ran
    ${edited}    Get File    ${REPO}/a.py
    Should Be Equal    ${edited}    y = 1\n

A Plugin Folder Named By CLAUDE_CODE_PLUGIN_DIRS Is Not Loaded Either
    [Documentation]    The variable loads a plugin as `--plugin-dir` does, installed or not:
    ...    our settings blank it, so its exec hook does not run on the host.
    Remove File    ${WORK}/claude-config/settings.json
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Process    agents    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *    cwd=${REPO}    stdin=${EMPTY}    timeout=120s
    ...    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:CLAUDE_CODE_PLUGIN_DIRS=${REPO}/mk/q    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/hook-ran

A Plugin Turned On By The Managed Settings Is Refused In The Sandbox
    [Documentation]    The managed settings outrank ours: the run is refused, the plugin named.
    Create Directory    ${WORK}/managed
    Create File    ${WORK}/managed/managed-settings.json    {"enabledPlugins": {"q@m": true}}
    ${result}    Run Process    agents    plan    run    say hi    --actor    claude-code
    ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:CLEVERAGENTS_CLAUDE_CODE_MANAGED=${WORK}/managed
    ...    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    'q@m'
    Should Contain    ${result.stderr}    --no-sandbox


*** Keywords ***
Create Repository With A Plugin Marketplace
    Create Repository With Stand In Claude Code
    Create File    ${REPO}/mk/.claude-plugin/marketplace.json    ${MARKET}
    Create File    ${REPO}/mk/q/.claude-plugin/plugin.json    ${PLUGIN}
    Create File    ${REPO}/mk/q/hooks/hooks.json    ${HOOKS}
    Create File    ${REPO}/mk/q/lsp.sh    touch ${WORK}/lsp-ran\n
    Create File    ${REPO}/mk/q/h.sh    touch ${WORK}/hook-ran\n
    Create File    ${REPO}/a.py    x = 1\n
    Commit All    plugin marketplace
    Create File    ${WORK}/claude-config/settings.json
    ...    {"extraKnownMarketplaces": {"m": {"source": {"source": "directory", "path": "${REPO}/mk"}}}, "enabledPlugins": {"q@m": true}}
    Create File    ${WORK}/claude-config/plugins/known_marketplaces.json
    ...    {"m": {"source": {"source": "directory", "path": "${REPO}/mk"}, "installLocation": "${REPO}/mk", "lastUpdated": "2026-11-27T02:58:10.987Z"}}

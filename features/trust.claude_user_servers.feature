Feature: What the MCP servers of my ~/.claude.json run from the tree is kept from the model
  As a developer whose own `~/.claude.json` gives Claude Code stdio MCP servers (for every
  project, or for this one or a folder of it), which Claude Code starts on the host with no
  question (measured with the pinned CLI: under `agents`' sandbox they are refused, under
  `--no-sandbox` and in my own sessions they start)
  I want what such a server runs from the tree kept from the model, and the whole tree when
  agents cannot tell, as for a hook of my own settings
  So that my next `claude` starts no server the model rewrote

  Background:
    Given Claude answers through a stand-in server
    And a git repository with files:
      | path          | content                    |
      | a.txt         | a # exit 0\n               |
      | Makefile      | fmt:\n\t@true # exit 0\n   |
      | sub/server.js | console.log(1) // exit 0\n |
      | srv.py        | import subprocess\nsubprocess.run(["sh", "tools/fmt.sh"])\n |
      | tools/fmt.sh  | true # exit 0\n           |
      | mcpkg/__init__.py | \n                    |
      | mcpkg/__main__.py | from mcpkg.server import main\n |
      | mcpkg/server.py   | import subprocess\nsubprocess.run(["sh", "tools/pkg.sh"])\n |
      | tools/pkg.sh  | true # exit 0\n           |
    And a Claude Code config folder

  Scenario Outline: The model's edit of <file>, which <server> runs, is refused
    Given the user's Claude Code config ".claude.json" holds "<document>"
    And Claude will propose the plan "servers" checked by ""
    And Claude will edit the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'servers'" with Claude
    Then the file "<file>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' "
    And stdout contains "<why>"

    Examples:
      | server                         | file          | document                                                                                                                       | why                                                                         |
      | a server of a folder's project | sub/server.js | {"projects": {"{repo}/sub": {"mcpServers": {"docs": {"command": "node", "args": ["server.js"]}}}}}                              | Claude Code's MCP server docs in                                            |
      | a server given code            | Makefile      | {"mcpServers": {"gen": {"command": "python3", "args": ["-c", "import subprocess; subprocess.run('make -s fmt', shell=True)"]}}} | code given on its command line                                              |
      | a server agents has no table for | a.txt       | {"mcpServers": {"acme": {"command": "acme-mcp", "args": ["--stdio"]}}}                                                         | (if acme-mcp only reads the files it is given, vouch for it: agents hooks vouch acme-mcp) |
      | a server uvx runs              | a.txt         | {"mcpServers": {"fetch": {"command": "uvx", "args": ["mcp-server-fetch"]}}}                                                    | (if mcp-server-fetch only reads the files it is given, vouch for it: agents hooks vouch mcp-server-fetch) |
      | a server run as a tree module  | tools/fmt.sh  | {"mcpServers": {"srv": {"command": "python3", "args": ["-m", "srv"]}}}                                                          | Claude Code's MCP server srv in                                             |
      | a server run as a tree package | tools/pkg.sh  | {"mcpServers": {"pkg": {"command": "python3", "args": ["-m", "mcpkg"]}}}                                                        | Claude Code's MCP server pkg in                                             |
      | a server uv runs as a module   | tools/fmt.sh  | {"mcpServers": {"srv": {"command": "uv", "args": ["run", "-m", "srv"]}}}                                                        | Claude Code's MCP server srv in                                             |
      | a module installed elsewhere   | a.txt         | {"mcpServers": {"acme": {"command": "python3", "args": ["-m", "acme_mcp"]}}}                                                   | (it is not the tree's: name its own program in place of `python3 -m`, by its name on your PATH or its absolute path, and vouch for it |
      | a server in a container        | a.txt         | {"mcpServers": {"gh": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"]}}}                | (if docker only reads the files it is given, vouch for it: agents hooks vouch docker) |
      | a scoped package npx runs      | a.txt         | {"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."]}}}                     | (if server-filesystem only reads the files it is given, vouch for it: agents hooks vouch server-filesystem) |

  Scenario: A sandboxed command cannot write the installed package a scoped npx server runs
    # npm reads `@scope/name@version` as a package, found in `node_modules/@scope/name`:
    # not a path of the tree (attack 20 #11). The user's `claude` started meanwhile runs it.
    Given the user's Claude Code config ".claude.json" holds "{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@1.2", "."]}}}"
    And the file "node_modules/@modelcontextprotocol/server-filesystem/index.js" is committed with "ok"
    And Claude will propose the plan "servers" checked by ""
    And Claude will run "printf x > node_modules/@modelcontextprotocol/server-filesystem/index.js"
    When I run "agents plan run 'servers' --allow-command 'printf *'" with Claude
    And I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: node_modules/@modelcontextprotocol/server-filesystem, node_modules/.bin"

  Scenario: A server of another project leaves the tree to the model
    Given the user's Claude Code config ".claude.json" holds "{"projects": {"/elsewhere": {"mcpServers": {"gen": {"command": "acme-mcp"}}}}}"
    And Claude will propose the plan "servers" checked by ""
    And Claude will edit the file "a.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'servers'" with Claude
    Then the file "a.txt" does not contain "exit 0"

  Scenario: Servers run as a module and a package of the tree leave the rest of the tree to the model
    Given the user's Claude Code config ".claude.json" holds "{"mcpServers": {"srv": {"command": "python3", "args": ["-m", "srv"]}, "pkg": {"command": "python3", "args": ["-m", "mcpkg"]}}}"
    And Claude will propose the plan "servers" checked by ""
    And Claude will edit the file "a.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'servers'" with Claude
    Then the file "a.txt" does not contain "exit 0"

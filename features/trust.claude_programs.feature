Feature: A script my Claude Code settings run is kept from the model
  As a developer whose project's `.claude/settings.json` runs `python3 scripts/format.py` after
  each edit (or a `statusLine` script, or a `.mcp.json` server started from the tree)
  (or a skill's, a slash command's or a subagent's `!` line or front matter hook)
  I want the model's file actions refused on that script, and what a sandboxed command writes
  there put back
  So that my next `claude`, outside any sandbox, runs nothing the model planted

  Background:
    Given Claude answers through a stand-in server

  Scenario Outline: The model's <kind> of <file>, which <setting> runs, is refused
    Given a git repository with files:
      | path            | content         |
      | a.txt           | a\n             |
      | <settings>      | <document>      |
      | scripts/fmt.py  | print('ok') # exit 0\n |
      | tools/server.py | print('ok') # exit 0\n |
    And Claude will propose the plan "programs" checked by ""
    And Claude will <kind> the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "<file>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <why>, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | kind   | file            | settings                  | document                                                                                                            | setting                  | why                                                                                                              |
      | edit   | scripts/fmt.py  | .claude/settings.json     | {"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "python3 ${CLAUDE_PROJECT_DIR}/scripts/fmt.py"}]}]}} | a PostToolUse hook       | is scripts/fmt.py, which Claude Code's PostToolUse hook in .claude/settings.json names for Claude Code to run |
      | delete | scripts/fmt.py  | .claude/settings.local.json | {"statusLine": {"type": "command", "command": "cd scripts && python3 fmt.py"}}                                   | the status line          | is in scripts, where cd finds what Claude Code's statusLine in .claude/settings.local.json runs               |
      | edit   | tools/server.py | .mcp.json                 | {"mcpServers": {"local": {"command": "python3", "args": ["tools/server.py"]}}}                                      | an MCP server            | is tools/server.py, which Claude Code's MCP server local in .mcp.json names for Claude Code to run             |
      | edit   | scripts/fmt.py  | .claude/settings.json     | {"fileSuggestion": {"type": "command", "command": "python3 scripts/fmt.py"}}                                        | the file suggestion      | is scripts/fmt.py, which Claude Code's fileSuggestion in .claude/settings.json names for Claude Code to run    |
      | edit   | scripts/fmt.py  | .claude/settings.local.json | {"proxyAuthHelper": "sh -c 'python3 scripts/fmt.py'"}                                                           | a proxy helper           | is scripts/fmt.py, which Claude Code's proxyAuthHelper in .claude/settings.local.json names for Claude Code to run |
      | edit   | scripts/fmt.py  | .claude/settings.json     | {"env": {"BASH_ENV": "scripts/fmt.py", "PATH": "$PATH:./bin"}}                                                      | the shell's startup file | is scripts/fmt.py, which Claude Code's env BASH_ENV in .claude/settings.json names for Claude Code to run  |
      | edit   | tools/server.py | sub/.claude/settings.json | {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "python3 ../tools/server.py"}]}]}}          | a nested project's hook  | is tools/server.py, which Claude Code's SessionStart hook in sub/.claude/settings.json names for Claude Code to run |
      | edit   | scripts/fmt.py  | .claude/skills/ctx/SKILL.md | ---\nname: ctx\ndescription: context\n---\nContext:\n\n!`python3 scripts/fmt.py`\n                | a skill's `!` line       | is scripts/fmt.py, which Claude Code's dynamic context line in .claude/skills/ctx/SKILL.md names for Claude Code to run |
      | delete | scripts/fmt.py  | .claude/commands/ops/ship.md | Ship it:\n```!\ncd scripts && python3 fmt.py\n```\n                                                        | a command's fenced block | is in scripts, where cd finds what Claude Code's dynamic context line in .claude/commands/ops/ship.md runs |
      | edit   | tools/server.py | .claude/agents/rev.md     | ---\nname: rev\ndescription: reviews\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: python3 tools/server.py\n---\nYou review.\n | a subagent's own hook | is tools/server.py, which Claude Code's Stop hook in .claude/agents/rev.md names for Claude Code to run |
      | edit   | tools/server.py | sub/.claude/skills/s/SKILL.md | ---\nname: s\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: command, command: "python3 ${CLAUDE_PROJECT_DIR}/../tools/server.py"}\n---\nS.\n | a nested skill's hook | is tools/server.py, which Claude Code's PreToolUse hook in sub/.claude/skills/s/SKILL.md names for Claude Code to run |

  Scenario Outline: A settings `env` <name> that names a tree place keeps it from the model
    Given a git repository with files:
      | path                  | content                              |
      | a.txt                 | a\n                                  |
      | .claude/settings.json | {"env": {"<name>": "<value>"}}       |
      | scripts/fmt.py        | print('ok') # exit 0\n               |
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/fmt.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/fmt.py" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/fmt.py' "
    And stdout contains "Claude Code's env <name> in .claude/settings.json"

    Examples:
      | name              | value                        |
      | GIT_CONFIG_GLOBAL | scripts/fmt.py               |
      | HOME              | .                            |
      | XDG_CONFIG_HOME   | scripts                      |
      | PYTHONUSERBASE    |                              |
      | GIT_EXEC_PATH     | ./scripts                    |
      | JAVA_TOOL_OPTIONS | -javaagent:scripts/fmt.py    |
      | GCONV_PATH        | scripts                      |
      | RUBYOPT           | -r./scripts/fmt              |
      | PATH              | /usr/bin::/bin               |
      | PATH              | .:/usr/bin                   |

  Scenario: A settings `env` of Claude Code's own harmless knobs keeps nothing from the model
    Given a git repository with files:
      | path                  | content                                                                |
      | a.txt                 | a\n                                                                    |
      | .claude/settings.json | {"env": {"MAX_THINKING_TOKENS": "scripts/fmt.py", "DISABLE_TELEMETRY": "."}} |
      | scripts/fmt.py        | print('ok') # exit 0\n                                                 |
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/fmt.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/fmt.py" does not contain "exit 0"

  Scenario: A sandboxed command cannot write a script my Claude Code hook runs
    Given a git repository with files:
      | path                  | content                                                                                                   |
      | a.txt                 | a\n                                                                                                       |
      | .claude/settings.json | {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "python3 scripts/setup.py"}]}]}} |
      | scripts/setup.py      | print('ok')\n                                                                                             |
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "printf 'import os' > scripts/setup.py"
    When I run "agents plan run 'programs' --allow-command 'printf *'" with Claude
    Then the file "scripts/setup.py" contains "print('ok')"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: scripts/setup.py"

  Scenario: A sandboxed command cannot write the script a skill's `!` line runs
    Given a git repository with files:
      | path                        | content                                                    |
      | a.txt                       | a\n                                                        |
      | .claude/skills/ctx/SKILL.md | ---\nname: ctx\ndescription: context\n---\n!`python3 scripts/ctx.py`\n |
      | scripts/ctx.py              | print('ok')\n                                              |
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "printf 'import os' > scripts/ctx.py"
    When I run "agents plan run 'programs' --allow-command 'printf *'" with Claude
    Then the file "scripts/ctx.py" contains "print('ok')"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: scripts/ctx.py"

  Scenario: A script the user's own slash command runs is kept from the model
    Given a git repository with files:
      | path            | content                |
      | a.txt           | a\n                    |
      | tools/server.py | print('ok') # exit 0\n |
    And a Claude Code config folder
    And the Claude Code config folder also has the file "commands/ctx.md" holding "Context: !`python3 tools/server.py`\n"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "tools/server.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "tools/server.py" contains "exit 0"

  Scenario: A settings file Claude Code cannot read runs nothing, and keeps nothing from the model
    Given a git repository with files:
      | path                  | content                                   |
      | a.txt                 | a\n                                       |
      | .claude/settings.json | {"hooks": "python3 scripts/fmt.py"        |
      | scripts/fmt.py        | print('ok') # exit 0\n                    |
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/fmt.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/fmt.py" does not contain "exit 0"

  Scenario: A script a managed settings drop-in runs is kept from the model
    Given a git repository with files:
      | path            | content                |
      | a.txt           | a\n                    |
      | tools/server.py | print('ok') # exit 0\n |
    And Claude Code's managed settings folder holds "managed-settings.d/10-team.json" with "{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "python3 tools/server.py"}]}]}}"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "tools/server.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "tools/server.py" contains "exit 0"

  Scenario Outline: The file my own hook's <spelling> names is kept from the model
    Given a git repository with files:
      | path            | content            |
      | a.txt           | a\n                |
      | src/helpers.py  | print(1) # exit 0\n |
      | tools/env.sh    | : # exit 0\n       |
      | bin/ruff        | : # exit 0\n       |
      | deep/tools/env.sh | : # exit 0\n     |
    And a Claude Code config folder
    And the Claude Code config folder also has the file "settings.json" holding "{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "<line>"}]}]}}"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "<file>" contains "exit 0"

    Examples:
      | spelling              | file           | line                                                   |
      | env's PYTHONPATH      | src/helpers.py | env PYTHONPATH=src python3 -m json.tool a.txt          |
      | env's BASH_ENV        | tools/env.sh   | timeout 5 env BASH_ENV=tools/env.sh bash -c true       |
      | PATH through $PWD     | bin/ruff       | PATH=\"$PWD/bin:$PATH\" ruff check .                    |
      | PATH through $(pwd)   | bin/ruff       | PATH=\"$(pwd)/bin:$PATH\" ruff check .                  |
      | PATH naming the top   | tools/env.sh   | PATH=.:$PATH ruff check .                              |
      | path, in a deeper folder Claude Code starts in | deep/tools/env.sh | ./tools/env.sh |

  Scenario Outline: The Makefile my own hook's <spelling> may run is kept from the model
    Given a git repository with files:
      | path     | content                   |
      | a.txt    | a\n                       |
      | Makefile | fmt: ; @true # exit 0\n   |
    And a Claude Code config folder
    And the Claude Code config folder also has the file "settings.json" holding "{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "<line>"}]}]}}"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "Makefile"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "Makefile" contains "exit 0"

    Examples:
      | spelling                | line                                                                 |
      | perl -we                | perl -we 'system(\"make -s fmt\")'                                   |
      | node --eval=            | node --eval='require(\"child_process\").execSync(\"make -s fmt\")'   |
      | python3 --check-hash-based-pycs | python3 --check-hash-based-pycs never -c 'import os; os.system(\"make -s fmt\")' |
      | node -pe                | node -pe 'require(\"child_process\").execSync(\"make -s fmt\")'     |
      | sh -c -e                | sh -c -e 'make -s fmt'                                               |
      | unknown tool            | markdownlint-cli2 README.md                                          |
      | xargs -I into sh -c     | jq -r .tool_input.file_path \| xargs -I{} sh -c 'echo fmt {}'        |
      | busybox sh -c           | busybox sh -c 'make -s fmt'                                          |

  Scenario Outline: The Makefile my own subagent's hook's <spelling> may run is kept from the model
    # The user's own `~/.claude/agents/*.md`: their next plain `claude` runs its hooks on the
    # host, read as the user's settings' hooks are, not as a project's.
    Given a git repository with files:
      | path     | content                   |
      | a.txt    | a\n                       |
      | Makefile | fmt: ; @true # exit 0\n   |
    And a Claude Code config folder
    And the Claude Code config folder also has the file "agents/rev.md" holding "---\nname: rev\ndescription: reviews\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: <line>\n---\nYou review.\n"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "Makefile"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "Makefile" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'Makefile' "

    Examples:
      | spelling     | line                               |
      | perl -we     | perl -we 'system(qw(make -s fmt))' |
      | unknown tool | markdownlint-cli2 README.md        |

  Scenario Outline: The script my own hook's node runs after <option>'s value is kept from the model
    Given a git repository with files:
      | path            | content                 |
      | a.txt           | a\n                     |
      | scripts/hook.js | console.log(1) // exit 0\n |
    And a Claude Code config folder
    And the Claude Code config folder also has the file "settings.json" holding "{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "node <option> <value> scripts/hook.js"}]}]}}"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/hook.js"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/hook.js" contains "exit 0"

    Examples:
      | option                 | value               |
      | --disable-warning      | ExperimentalWarning |
      | --unhandled-rejections | strict              |

  Scenario: My own hook's unknown tool is refused naming the vouch; once I vouch for it, the model may write
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And my agents config is kept in a folder of this scenario
    And a Claude Code config folder
    And the Claude Code config folder also has the file "settings.json" holding "{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "mdlint18 README.md"}]}]}}"
    And Claude will propose the plan "lint" checked by ""
    And Claude will write "a.txt" with "model\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'lint'" with Claude
    Then the file "a.txt" does not contain "model"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'a.txt' may be run by Claude Code's PostToolUse hook in "
    And stdout contains "settings.json, which runs `mdlint18`, a program agents has no table for: agents cannot tell which files of the tree it runs (if mdlint18 only reads the files it is given, vouch for it: agents hooks vouch mdlint18)"
    When I run "agents hooks vouch mdlint18"
    Then the exit code is 0
    Given Claude will propose the plan "lint again" checked by ""
    And Claude will write "a.txt" with "model\n"
    When I run "agents plan run 'lint again'" with Claude
    Then the exit code is 0
    And the file "a.txt" contains "model"

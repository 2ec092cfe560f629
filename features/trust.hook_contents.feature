Feature: What my git hooks run from my tree is kept from the model
  As a developer whose `.git/hooks/pre-commit` runs a file of my tree (a hand-written
  `exec sh scripts/check.sh`, the pre-commit framework's hook reading
  `.pre-commit-config.yaml`, `make lint`)
  I want the model's file actions refused on what my hooks run, and what a sandboxed command
  writes there put back
  So that my next `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path            | content   |
      | a.txt           | a\n       |
      | scripts/check.sh | exit 0\n |
      | scripts/lint.sh | exit 0\n  |
      | lefthook.yml    | pre-commit:\n  commands:\n    lint:\n      run: sh lint.sh {staged_files}\n      root: scripts/\n |
      | .pre-commit-config.yaml | repos:\n- repo: local\n  hooks:\n  - id: lint\n    name: lint\n    entry: scripts/lint.sh --all\n    language: script\n  - id: check\n    name: check\n    entry: sh scripts/check.sh\n    language: system\n |
    And Claude answers through a stand-in server

  Scenario Outline: The model's <kind> of <file>, which <hook> runs, is refused
    Given <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will <kind> the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "<file>" contains "<kept>"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <why>, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | kind   | file                    | hook                | setup                                                                   | kept    | why                                                                                          |
      | edit   | scripts/check.sh        | a plain hook        | the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n" | exit 0  | is scripts/check.sh, which the pre-commit hook runs                                          |
      | delete | scripts/check.sh        | a plain hook        | the repository's hook "pre-push" holds "cd scripts && ./check.sh"       | exit 0  | is in scripts, where cd finds what the pre-push hook runs                                    |
      | edit   | scripts/lint.sh         | pre-commit's hook   | the repository's hook "pre-commit" is the pre-commit framework's        | exit 0  | is scripts/lint.sh, which the pre-commit hook (by .pre-commit-config.yaml) runs              |
      | delete | scripts/check.sh        | pre-commit's hook   | the repository's hook "pre-push" is the pre-commit framework's          | exit 0  | is scripts/check.sh, which the pre-push hook (by .pre-commit-config.yaml) runs               |
      | write  | .pre-commit-config.yaml | pre-commit's hook   | the repository's hook "commit-msg" is the pre-commit framework's        | repos:  | is .pre-commit-config.yaml, where the commit-msg hook reads the commands it runs             |
      | edit   | vendor/scripts/check.sh | a nested repository's hook | a nested repository "vendor" whose hook "pre-commit" holds "exec sh scripts/check.sh" | exit 0 | is vendor/scripts/check.sh, which the nested repository vendor's pre-commit hook runs |
      | edit   | lib/l.txt               | a submodule's hook  | the submodule "lib"'s hook "pre-commit" holds "exec sh l.txt"          | library | is lib/l.txt, which the nested repository lib's pre-commit hook runs                         |
      | edit   | scripts/check.sh        | a hook outside the tree | the hooks folder core.hooksPath names outside the tree holds "pre-push" with "sh scripts/check.sh" | exit 0 | is scripts/check.sh, which the pre-push hook runs                                |
      | edit   | scripts/lint.sh         | lefthook's hook     | the repository's hook "pre-commit" is lefthook's                        | exit 0  | is scripts/lint.sh, which the pre-commit hook (by lefthook.yml) runs                         |
      | write  | lefthook.yml            | lefthook's hook     | the repository's hook "pre-push" is lefthook's                          | commands | is lefthook.yml, where the pre-push hook reads the commands it runs                    |
      | edit   | scripts/check.sh        | lefthook's TOML config | the repository's hook "pre-commit" is lefthook's, its lefthook.toml running "sh scripts/check.sh" | exit 0 | is scripts/check.sh, which the pre-commit hook (by lefthook.toml) runs |
      | edit   | scripts/check.sh        | lefthook's config in .config | the repository's hook "pre-commit" is lefthook's, its .config/lefthook.yml running "sh scripts/check.sh" | exit 0 | is scripts/check.sh, which the pre-commit hook (by .config/lefthook.yml) runs |
      | edit   | scripts/check.sh        | husky 9's hook      | husky 9 runs "sh scripts/check.sh" as the hook "pre-commit"             | exit 0  | is scripts/check.sh, which the pre-commit hook runs                                          |
      | write  | a.txt                   | a hook agents cannot read | the repository's hook "pre-commit" holds "#!/bin/sh\nmake lint\n" | a       | may be run by the pre-commit hook, which runs `make`: agents cannot tell which files of the tree it runs (name them by their paths in the hook) |
      | write  | a.txt                   | a Python hook       | the repository's hook "pre-commit" holds "#!/usr/bin/env python3\nimport os\n" | a | may be run by the pre-commit hook, which runs a `python3` script: agents cannot tell which files of the tree it runs (name them by their paths in the hook) |
      | write  | a.txt                   | a hook feeding xargs a list | the repository's hook "pre-commit" holds "#!/bin/sh\nxargs -a list.txt sh\n" | a | may be run by the pre-commit hook, which runs `${input of xargs}` as a file: agents cannot tell which files of the tree it runs (name them by their paths in the hook) |

  Scenario Outline: A <config> whose aliases expand past what agents reads makes the whole tree the hook's
    # 538 bytes expanding to 10^8 values once hung agents for good around every command.
    Given the repository's "<config>" holds aliases expanding past 100,000 values, committed
    And the repository's hook "pre-commit" is <manager>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file "a.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "a.txt" contains "a"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'a.txt' may be run by the pre-commit hook (by <config>), which runs the commands of a config too large to read (holds more than 100000 values once its aliases are expanded)"

    Examples:
      | config                  | manager                    |
      | lefthook.yml            | lefthook's                 |
      | .pre-commit-config.yaml | the pre-commit framework's |

  Scenario: The model's write into the tree's venv whose Python runs pre-commit's hook is refused
    Given the repository's hook "pre-commit" is the pre-commit framework's, from the tree's ".venv"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file ".venv/lib/pre_commit/main.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file ".venv/lib/pre_commit/main.py" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '.venv/lib/pre_commit/main.py' is .venv, which the pre-commit hook runs"

  Scenario Outline: A hook's tests, lookups and home scripts leave the rest of my tree to the model (<form>)
    Given the repository's hook "pre-commit" holds "#!/bin/sh\n<line>\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write "docs/x.md" with "x\n"
    When I run "agents plan run 'hooks'" with Claude
    Then the exit code is 0
    And the file "docs/x.md" contains "x"

    Examples:
      | form           | line                                                                    |
      | [ ]            | [ -f scripts/lint.sh ] && sh scripts/lint.sh; exit 0                    |
      | [[ ]]          | if [[ -x scripts/lint.sh ]]; then sh scripts/lint.sh; fi               |
      | test           | test -f scripts/lint.sh && sh scripts/lint.sh                           |
      | $HOME          | ${HOME}/.config/hooks/notify.sh done                                    |
      | command -v     | command -v terminal-notifier >/dev/null && terminal-notifier -message x |
      | xargs          | xargs -a files.txt -n 1 npx prettier --write                            |

  Scenario: A sample hook, one git cannot run, or git-lfs's, makes nothing of the tree the hook's
    Given the repository's hook "pre-commit.sample" holds "#!/bin/sh\nexec sh scripts/check.sh\n"
    And the repository's hook "post-checkout" is git-lfs's
    And the repository's hook "pre-push", not executable, holds "#!/bin/sh\nexec sh scripts/check.sh\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will edit the file "scripts/check.sh"
    When I run "agents plan run 'hooks'" with Claude
    Then the file "scripts/check.sh" contains "touch /tmp/planted"

  Scenario Outline: A sandboxed command cannot write where my hook reads its commands (<case>)
    Given <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch hook-ran' > <file>"
    When I run "agents plan run 'hooks' --allow-command 'printf *'" with Claude
    Then the file "<file>" contains "<kept>"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: <file>"
    When the user commits everything with git
    Then the file "hook-ran" does not exist

    Examples:
      | case             | setup                                                                              | file                    | kept   |
      | a plain hook     | the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n"   | scripts/check.sh        | exit 0 |
      | pre-commit's config | the repository's hook "pre-commit" is the pre-commit framework's                | .pre-commit-config.yaml | repos: |

  Scenario Outline: A folder my hook runs a file of, replaced by a link to what a command wrote before, comes back (<case>)
    # Two commands: the first writes docs/check.sh while nothing runs it; the second makes
    # `scripts` a link to docs, so git would run the first one's file as scripts/check.sh;
    # in the sandbox `scripts/check.sh` is read-only and `scripts` a mount point: both fail.
    Given <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run two commands, "mkdir -p docs && printf 'touch hook-ran' > docs/check.sh" then "rm -rf scripts && ln -s <target> scripts"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'mkdir *' --allow-command 'rm *' --allow-command 'ln *'" with Claude
    Then the file "scripts/check.sh" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: scripts/check.sh"
    When the user commits everything with git
    Then the file "hook-ran" does not exist

    Examples:
      | case                 | setup                                                                             | target |
      | a link into the tree | the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n"  | docs   |
      | a git config program | the repository's git config sets "diff.t.textconv" to "sh scripts/check.sh"       | docs   |

  Scenario: What a script my hook runs runs in turn is refused to the model too
    Given an executable file "scripts/a.sh" containing "sh scripts/b.sh\n" committed
    And an executable file "scripts/b.sh" containing "exit 0\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\nsh scripts/a.sh\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will edit the file "scripts/b.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "scripts/b.sh" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/b.sh' is scripts/b.sh, which the pre-commit hook runs"

  Scenario Outline: What a script past agents' reading bounds runs is put back (<case>)
    # Once only the unread script's own folder was kept: the file it runs elsewhere was not.
    Given <scripts>
    And an executable file "tools/b.sh" containing "exit 0\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\nsh <first>\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch hook-ran' > tools/b.sh"
    When I run "agents plan run 'hooks' --allow-command 'printf *'" with Claude
    Then the file "tools/b.sh" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back tools/b.sh:"
    When the user commits everything with git
    Then the file "hook-ran" does not exist

    Examples:
      | case                 | scripts                                                                    | first         |
      | a script over 64 KiB | an executable file "scripts/big.sh" of over 64 KiB ending in "sh tools/b.sh" committed | scripts/big.sh |
      | ten scripts deep     | 10 scripts "s/N.sh" each running the next, the last "sh tools/b.sh", committed | s/1.sh |

  Scenario: What a command changes under a hook agents cannot read ahead is put back, saying why
    Given an executable file "notes.txt" containing "mine\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\nmake lint\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'x' >> notes.txt"
    When I run "agents plan run 'hooks' --allow-command 'printf *'" with Claude
    Then the file "notes.txt" contains "mine"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back notes.txt: changed by the command"
    And stdout contains "why: every file of the tree may be run by the pre-commit hook, which runs `make`: agents cannot tell"

  Scenario: A command that rewrites the file my hook's committed link leads to is put back, and the run goes on
    Given an executable file "tools/check.sh" containing "exit 0\n" committed
    And a symlink "scripts/run.sh" pointing to "../tools/check.sh" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\nsh scripts/run.sh\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch hook-ran' > tools/check.sh"
    # On the host (`--no-sandbox`): in the sandbox the file is read-only, the write fails.
    When I run "agents plan run 'hooks' --allow-command 'printf *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "tools/check.sh" contains "exit 0"

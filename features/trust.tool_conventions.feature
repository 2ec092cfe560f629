Feature: What the tools my hooks run load from my tree is kept from the model
  As a developer whose git hook runs a tool that loads my tree's code by its own convention
  (`mypy` its config's `plugins`, `pylint` its `load-plugins`, `flake8` its local plugins,
  `rubocop` its `require:`, `behave` its steps, `eslint` its config) or a Python, node or
  perl script that starts another tree file (`subprocess.run`, `os.system`, `execSync`,
  `system`)
  I want the model refused those files, the configs that name them, and what a sandboxed
  command writes there put back
  So that my next `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path     | content |
      | a.txt    | a\n     |
      | src/a.py | x = 1\n |

  Scenario Outline: Under a hook running <hook>, <path> is refused and <open> is not
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "<path>" is refused: "<why>"
    And the model's write of "<open>" is not refused

    Examples:
      | hook                           | file                      | content                                                              | path                 | why                                                                   | open        |
      | mypy src                       | mypy.ini                  | [mypy]\nplugins = tools/plug.py\n                                    | tools/plug.py        | is tools/plug.py, which the pre-commit hook runs                      | src/b.py    |
      | mypy src                       | mypy.ini                  | [mypy]\nplugins = tools/plug.py\n                                    | mypy.ini             | is mypy.ini, which the pre-commit hook runs                           | lib/x.py    |
      | python3 -m mypy src            | pyproject.toml            | [tool.mypy]\nplugins = ["tools.plug"]\n                              | tools/plug.py        | is tools, which the pre-commit hook runs                              | lib/x.py    |
      | cd src && dmypy run -- .       | setup.cfg                 | [mypy]\nplugins = tools/plug.py:entry\n                              | tools/plug.py        | is tools/plug.py, which the pre-commit hook runs                      | lib/x.py    |
      | mypy --config-file ci/m.cfg .  | ci/m.cfg                  | [mypy]\nplugins = plug.py\n                                          | ci/plug.py           | is ci/plug.py, which the pre-commit hook runs                         | lib/x.py    |
      | pylint src                     | .pylintrc                 | [MASTER]\nload-plugins=tools.lintplug\n                              | tools/lintplug.py    | is tools, which the pre-commit hook runs                              | lib/x.py    |
      | flake8 src                     | .flake8                   | [flake8:local-plugins]\nextension =\n  X1 = myplug:Checker\npaths = ./tools\n | tools/myplug.py | is in tools, where flake8 finds what the pre-commit hook runs       | lib/x.py    |
      | rubocop                        | .rubocop.yml              | require:\n  - ./lib/cop.rb\ninherit_from: base.yml\n                 | base.yml             | is base.yml, which the pre-commit hook runs                           | src/x.rb    |
      | rubocop                        | .rubocop.yml              | require:\n  - ./lib/cop\n                                            | lib/cop.rb           | is lib/cop.rb, which the pre-commit hook runs                         | src/x.rb    |
      | behave                         | features/x.feature        | Feature: x\n                                                         | features/steps/s.py  | is in features, where behave finds what the pre-commit hook runs      | lib/x.py    |
      | behave tests/bdd               | tests/bdd/x.feature       | Feature: x\n                                                         | tests/environment.py | is in tests, where behave finds what the pre-commit hook runs         | lib/x.py    |
      | npx eslint .                   | .eslintrc.json            | {"plugins": ["./rules/x.js"]}                                        | rules/x.js           | is rules/x.js, which the pre-commit hook runs                         | lib/x.js    |
      | npx eslint .                   | .eslintrc.json            | {}                                                                   | eslint.config.js     | is eslint.config.js, which the pre-commit hook runs                   | lib/x.js    |
      | npx eslint --rulesdir tools/rules -f ./fmt.js . | .eslintrc.json | {}                                                      | tools/rules/r.js     | is tools/rules, which the pre-commit hook runs                        | lib/x.js    |
      | npx eslint --rulesdir tools/rules -f ./fmt.js . | .eslintrc.json | {}                                                      | fmt.js               | is fmt.js, which the pre-commit hook runs                             | lib/x.js    |
      | pylint --load-plugins=tools.p src | b.txt                  | b\n                                                                  | tools/p.py           | is tools, which the pre-commit hook runs                              | lib/x.py    |
      | cd tools/c && npx --no -- commitlint --edit | tools/c/commitlint.config.js | require('../../lib/rules')\n                                      | lib/rules.js         | is in lib, where the script tools/c/commitlint.config.js finds what the pre-commit hook runs | src/x.js |
      | python3 scripts/check.py       | scripts/check.py          | import subprocess as sp\nsp.run(["sh", "tools/x.sh"], check=True)\n | tools/x.sh           | is tools/x.sh, which the pre-commit hook runs                         | lib/x.sh    |
      | python3 scripts/check.py       | scripts/check.py          | from os import system\nsystem("sh tools/x.sh " + name)\n             | tools/x.sh           | is tools/x.sh, which the pre-commit hook runs                         | lib/x.sh    |
      | python3 scripts/check.py       | scripts/check.py          | exec(open("tools/conf.py").read())\n                                 | tools/conf.py        | is tools/conf.py, which the pre-commit hook runs                      | lib/x.py    |
      | python3 scripts/check.py       | scripts/check.py          | import json\nfrom nsp.mod import run\n                               | scripts/nsp/mod.py   | is in scripts/nsp, where python3 finds what the pre-commit hook runs  | scripts/json/x.py |
      | python3 scripts/check.py       | scripts/check.py          | import subprocess, sys\nsubprocess.run([sys.executable, "tools/t.py", *sys.argv[1:]], cwd="src")\n | src/tools/t.py | is in src, where cd finds what the pre-commit hook runs | lib/x.py    |
      | node scripts/check.js          | scripts/check.js          | require("child_process").execSync("sh tools/x.sh");\n/a/.exec("a");\n | tools/x.sh          | is tools/x.sh, which the pre-commit hook runs                         | lib/x.sh    |
      | node scripts/check.js          | scripts/check.js          | const cp = require("node:child_process");\ncp.spawnSync("sh", ["tools/x.sh", f]);\n | tools/x.sh | is tools/x.sh, which the pre-commit hook runs                   | lib/x.sh    |
      | perl scripts/check.pl          | scripts/check.pl          | system("sh", "tools/x.sh");\nmy $out = `tools/y`;\n                  | tools/y              | is tools/y, which the pre-commit hook runs                            | lib/x.sh    |
      | ruby scripts/check.rb          | scripts/check.rb          | # exec here\nsystem "sh tools/x.sh"\n                                | tools/x.sh           | is tools/x.sh, which the pre-commit hook runs                         | lib/x.sh    |
      | behave | behave.ini | [behave]\npaths = tests/bdd ../elsewhere\n | tests/environment.py | is in tests, where behave finds what the pre-commit hook runs | lib/x.py |
      | npx eslint . | package.json | {"eslintConfig": {"plugins": ["./rules/p.js"]}} | rules/p.js | is rules/p.js, which the pre-commit hook runs | lib/x.js |
      | npx prettier --check . | .prettierrc.toml | plugins = ["./tools/pp.js"]\n | tools/pp.js | is tools/pp.js, which the pre-commit hook runs | lib/x.js |
      | npx eslint . | .eslintrc.json | /* rules */\n{"plugins": ["./rules/x.js"], "name": "a\\\"b"} | rules/x.js | is rules/x.js, which the pre-commit hook runs | lib/x.js |

  Scenario Outline: Under a hook running <hook>, agents cannot tell what runs: every file is refused
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "lib/x.py" is refused: "may be run by the pre-commit hook, which runs <runs>: agents cannot tell which files of the tree it runs (<told>)"

    Examples:
      | hook                           | file                      | content                                                              | runs | told |
      | pylint src | pyproject.toml | [tool.pylint.main]\ninit-hook = "import sys"\n | `pyproject.toml`'s init-hook, Python code pylint runs | name them by their paths in the hook |
      | npx --no -- commitlint --edit | commitlint.config.js | module.exports = {}\n | `commitlint.config.js`, a node script whose folder is the top | name them by their paths in the hook |
      | npx lint-staged | b.txt | b\n | `lint-staged` | name them by their paths in the hook |
      | pylint --init-hook 'import sys' src | b.txt | b\n | `pylint --init-hook`, Python code it runs | name them by their paths in the hook |
      | python3 scripts/check.py | scripts/check.py | import subprocess\ncmd = ["sh", "tools/x.sh"]\nsubprocess.run(cmd)\n | `scripts/check.py`, which runs what it computes (subprocess.run) | name them by their paths in the hook |
      | node scripts/check.js | scripts/check.js | const { exec } = require("child_process");\nexec(line);\n | `scripts/check.js`, which runs a command it computes (exec) | name them by their paths in the hook |
      | node tools/check.js | tools/check.js | require("child_process").spawnSync("sh", args);\n | `$v` as a file | name them by their paths in the hook |
      | perl scripts/check.pl | scripts/check.pl | system("sh tools/" . $name);\n | `tools/$v` as a file | name them by their paths in the hook |
      | markdownlint-cli2 doc.md | b.txt | b\n | `markdownlint-cli2`, a program agents has no table for | if markdownlint-cli2 only reads the files it is given, vouch for it: agents hooks vouch markdownlint-cli2 |
      | npx cspell lint --no-progress . | b.txt | b\n | `cspell`, a program agents has no table for | if cspell only reads the files it is given, vouch for it: agents hooks vouch cspell |
      | node_modules/.bin/textlint README.md | b.txt | b\n | `textlint`, a program agents has no table for | name them by their paths in the hook |
      | cd db && sqlfluff lint models | b.txt | b\n | `sqlfluff`, a program agents has no table for | if sqlfluff only reads the files it is given, vouch for it: agents hooks vouch sqlfluff |
      | check-manifest --no-build-isolation | b.txt | b\n | `check-manifest`, a program agents has no table for | name them by their paths in the hook |
      | pip-compile requirements.in | b.txt | b\n | `pip-compile`, a program agents has no table for | name them by their paths in the hook |
      | sh scripts/lint.sh | scripts/lint.sh | svgo -f icons\n | `svgo`, a program agents has no table for | if svgo only reads the files it is given, vouch for it: agents hooks vouch svgo |
      | mypy src | pyproject.toml | [tool.mypy]\nplugins = ["mypy_django_plugin.main"]\n | `mypy_django_plugin`, a plugin that imports the project's code | name them by their paths in the hook |
      | pylint --load-plugins=pylint_django src | b.txt | b\n | `pylint_django`, a plugin that imports the project's code | name them by their paths in the hook |
      | python3 -m sqlfluff lint models | b.txt | b\n | `python3 -m sqlfluff`, a module agents has no table for | it is not the tree's: name its own program in place of `python3 -m`, by its name on your PATH or its absolute path, and vouch for it if it only reads the files it is given: agents hooks vouch PROGRAM |
      | pylint src | .pylintrc | [MASTER\nload-plugins=x\n | `.pylintrc`, a pylint config agents cannot parse | name them by their paths in the hook |
      | rubocop | .rubocop.yml | require: [\n | `.rubocop.yml`, a rubocop config agents cannot parse | name them by their paths in the hook |
      | npx eslint . | .eslintrc | {: [\n | `.eslintrc`, a eslint config agents cannot parse | name them by their paths in the hook |
      | npx eslint . | .eslintrc | /* a comment never closed\n{: [\n | `.eslintrc`, a eslint config agents cannot parse | name them by their paths in the hook |

  Scenario Outline: Under a hook running only tools known to load nothing of my tree (<case>), my edits stay the model's
    Given a plain file "a.yaml" containing "a: 1\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "src/a.py" is not refused
    And the model's write of "docs/x.md" is not refused

    Examples:
      | case                | hook                                                                        |
      | formatters          | ruff check src && ruff format --check src && black --check src && isort src |
      | file checks         | check-yaml a.yaml; end-of-file-fixer a.txt; trailing-whitespace-fixer a.txt |
      | git and the shell   | git diff --cached --check && echo ok; exit 0                                |
      | node tools' tables  | npx prettier --check src && npx eslint src                                  |
      | a function          | notify() { echo done; }; notify                                             |
      | mypy                | mypy src                                                                    |
      | python3 -m          | python3 -m black --check src && python3 -m pre_commit_hooks.check_yaml a.yaml |

  Scenario: A mypy plugin named by module, installed editable from my tree into my venv, is refused
    Given a plain file "mypy.ini" containing "[mypy]\nplugins = acme_mypy_plugin\n" committed
    And a plain file "packages/acme_mypy/acme_mypy_plugin.py" containing "from mypy.plugin import Plugin\n" committed
    And a venv outside the tree is first on the user's PATH, its site-packages holding "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nmypy src\n"
    Then the model's write of "packages/acme_mypy/acme_mypy_plugin.py" is refused: "is packages/acme_mypy/acme_mypy_plugin.py, which the pre-commit hook runs"
    And the model's write of "packages/acme_mypy/README.md" is not refused

  Scenario Outline: A mypy plugin installed editable from my tree into <venv> is refused
    Given a plain file "mypy.ini" containing "[mypy]\nplugins = acme_mypy_plugin\n" committed
    And a plain file "packages/acme_mypy/acme_mypy_plugin.py" containing "from mypy.plugin import Plugin\n" committed
    And <setup>
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<run> src\n"
    Then the model's write of "packages/acme_mypy/acme_mypy_plugin.py" is refused: "is packages/acme_mypy/acme_mypy_plugin.py, which the pre-commit hook runs"
    And the model's write of "packages/acme_mypy/README.md" is not refused

    Examples:
      | venv                           | run            | setup                                                                                                                                    |
      | a venv second on PATH          | mypy           | a venv outside the tree is on the user's PATH after another Python, its site-packages holding "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy" |
      | the tree's own .venv           | .venv/bin/mypy | the tree's ignored ".venv", on no PATH, holds "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy"                          |
      | a pyenv version behind a shim  | mypy           | a pyenv shim "mypy" is first on the user's PATH, a version it runs holding "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy" |
      | an asdf version behind a shim  | mypy           | a asdf shim "mypy" is first on the user's PATH, a version it runs holding "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy" |
      | a venv a wrapper execs         | mypy           | a script "mypy" first on the user's PATH execs the Python of a venv outside the tree holding "__editable__acme_mypy.pth" naming the tree's "packages/acme_mypy" |

  Scenario Outline: What a sandboxed command writes where <case> loads it from never stays
    Given a plain file "<file>" containing "<content>" committed
    And a plain file "<planted>" containing "<original>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    And Claude answers through a stand-in server
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf '<plant>' > <planted>"
    When I run "agents plan run 'hooks' --allow-command 'printf *'" with Claude
    Then the file "<planted>" contains "<original>"
    When I run "agents plan tree" with Claude
    Then stdout contains "<said>"
    When the user commits everything with git
    Then the file "hook-ran" does not exist

    Examples:
      | case                       | hook                     | file             | content                                                   | planted       | original                                                      | plant                     | said |
      | mypy's plugin              | mypy src                 | mypy.ini         | [mypy]\nplugins = tools/plug.py\n                         | tools/plug.py | from mypy.plugin import Plugin | open("hook-ran", "w")\nfrom mypy.plugin import Plugin | read-only in the sandbox, as your host runs them: |
      | a Python hook script's run | python3 scripts/check.py | scripts/check.py | import subprocess\nsubprocess.run(["sh", "tools/x.sh"])\n | tools/x.sh    | exit 0                                                        | touch hook-ran            | read-only in the sandbox, as your host runs them: |
      | markdownlint-cli2's config | command -v markdownlint-cli2 >/dev/null && markdownlint-cli2 doc.md; exit 0 | doc.md | # t\n | .markdownlint-cli2.cjs | module.exports = {} | require("fs").writeFileSync("hook-ran", "")\nmodule.exports = {} | put back .markdownlint-cli2.cjs:  |

  Scenario Outline: Under pre-commit's hook, what the remote <id> hook's tool loads is refused
    Given a plain file ".pre-commit-config.yaml" containing "repos:\n- repo: https://github.com/<repo>\n  rev: v1.0.0\n  hooks:\n  - id: <id>\n" committed
    And a plain file "<config>" containing "<content>" committed
    And the repository's hook "pre-commit" is the pre-commit framework's
    Then the model's write of "<path>" is refused: "<why>"

    Examples:
      | id     | repo                     | config         | content                                  | path          | why                                                                           |
      | mypy   | pre-commit/mirrors-mypy  | pyproject.toml | [tool.mypy]\nplugins = ["tools/plug.py"]\n | tools/plug.py | is tools/plug.py, which the pre-commit hook (by .pre-commit-config.yaml) runs |
      | pylint | pycqa/pylint             | .pylintrc      | [MASTER]\nload-plugins=tools.lintplug\n   | tools/lintplug.py | is tools, which the pre-commit hook (by .pre-commit-config.yaml) runs     |
      | check-manifest | mgedmin/check-manifest | setup.py | from setuptools import setup\nsetup()\n | lib/x.py | may be run by the pre-commit hook (by .pre-commit-config.yaml), which runs `check-manifest`, a program agents has no table for: agents cannot tell which files of the tree it runs (name them by their paths in the hook) |
      | cspell | streetsidesoftware/cspell-cli | cspell.json | {}\n | lib/x.py | may be run by the pre-commit hook (by .pre-commit-config.yaml), which runs `cspell`, a program agents has no table for: agents cannot tell which files of the tree it runs (if cspell only reads the files it is given, vouch for it: agents hooks vouch cspell) |
      | markdownlint-cli2 | DavidAnson/markdownlint-cli2 | doc.md | # t\n | lib/x.py | may be run by the pre-commit hook (by .pre-commit-config.yaml), which runs `markdownlint-cli2`, a program agents has no table for: agents cannot tell which files of the tree it runs (if markdownlint-cli2 only reads the files it is given, vouch for it: agents hooks vouch markdownlint-cli2) |

  Scenario: Under pre-commit's hook, remote hooks known to load nothing of my tree leave my edits to the model
    Given a plain file ".pre-commit-config.yaml" containing "repos:\n- repo: https://github.com/pre-commit/pre-commit-hooks\n  rev: v5.0.0\n  hooks:\n  - id: check-yaml\n  - id: end-of-file-fixer\n  - id: trailing-whitespace\n- repo: https://github.com/psf/black\n  rev: 25.1.0\n  hooks:\n  - id: black\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.9.0\n  hooks:\n  - id: ruff\n  - id: ruff-format\n" committed
    And the repository's hook "pre-commit" is the pre-commit framework's
    Then the model's write of "src/a.py" is not refused
    And the model's write of ".pre-commit-config.yaml" is refused: "is .pre-commit-config.yaml, where the pre-commit hook reads the commands it runs"

  Scenario Outline: Under pre-commit's hook, what an entry <case> loads is refused
    Given a plain file ".pre-commit-config.yaml" containing "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: <entry>\n    language: system\n<more>" committed
    And a plain file "mypy.ini" containing "[mypy]\nplugins = tools/plug.py\n" committed
    And the repository's hook "pre-commit" is the pre-commit framework's
    Then the model's write of "<path>" is refused: "<why>"

    Examples:
      | case                            | entry   | more                       | path          | why                                                                              |
      | of mypy                         | mypy    |                            | tools/plug.py | is tools/plug.py, which the pre-commit hook (by .pre-commit-config.yaml) runs    |
      | of python3, given staged files  | python3 | \n                         | lib/x.py      | may be run by the pre-commit hook (by .pre-commit-config.yaml), which runs `$staged` as a file: agents cannot tell which files of the tree it runs (name them by their paths in the hook) |

Feature: What my hook's script loads as code, and gitlint's rules, are kept from the model
  As a developer whose git hook runs a Python or node script of my tree that loads other
  tree files as code without importing them by name (`sys.path.insert(0, "lib")` then
  `import helper`, `importlib.util.spec_from_file_location`, `SourceFileLoader`,
  `imp.load_source`, `ctypes.CDLL("./libx.so")`, node's `new Worker("./w.js")`,
  `vm.runInThisContext(fs.readFileSync(...))`), or runs gitlint (its `.gitlint`'s
  `extra-path` rules) or commitlint (its config)
  I want the model refused those files, and what a sandboxed command writes there put back
  So that my next `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path     | content |
      | a.txt    | a\n     |
      | src/a.py | x = 1\n |

  Scenario Outline: Under a hook whose script <case>, <path> is refused and <open> is not
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "<path>" is refused: "<why>"
    And the model's write of "<open>" is not refused

    Examples:
      | case                              | hook                  | file           | content                                                                                                  | path             | why                                                                          | open        |
      | puts lib on sys.path              | python3 tools/check.py | tools/check.py | import sys\nsys.path.insert(0, "lib")\nimport helper\n                                                 | lib/helper.py    | matches lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | puts its folder's ../src first    | python3 tools/check.py | tools/check.py | import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))\nimport app\n | src/app/x.py | is in src/app, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | adds Path(__file__).parent.parent | python3 tools/check.py | tools/check.py | import sys\nfrom pathlib import Path\nROOT = Path(__file__).resolve().parent.parent\nsys.path[:0] = [str(ROOT / "lib")]\nimport helper\n | lib/helper.py | matches lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | adds Path(__file__).parents[1]    | python3 tools/check.py | tools/check.py | import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).parents[1] / "src"))\nimport app\n | src/app/x.py | is in src/app, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | loads a file by its spec          | python3 tools/check.py | tools/check.py | import importlib.util as u\ns = u.spec_from_file_location("o", "other/o.py")\ns.loader.exec_module(u.module_from_spec(s))\n | other/o.py | is other/o.py, which the pre-commit hook runs | lib/x.py |
      | loads a file by SourceFileLoader  | python3 tools/check.py | tools/check.py | from importlib.machinery import SourceFileLoader\nSourceFileLoader("o", "other/o.py").load_module()\n | other/o.py | is other/o.py, which the pre-commit hook runs | lib/x.py |
      | loads a file by imp               | python3 tools/check.py | tools/check.py | import imp\nimp.load_source("o", "other/o.py")\n                                                        | other/o.py       | is other/o.py, which the pre-commit hook runs                                | lib/x.py    |
      | opens a library by ctypes         | python3 tools/check.py | tools/check.py | import ctypes\nctypes.CDLL("./libx.so")\nctypes.CDLL("libc.so.6")\n                                      | libx.so          | is in libx.so, where the library loader of tools/check.py finds what the pre-commit hook runs | lib/x.so |
      | opens a library by cdll           | python3 tools/check.py | tools/check.py | from ctypes import cdll\ncdll.LoadLibrary("lib/libx.so")\n                                              | lib/libx.so      | is in lib/libx.so, where the library loader of tools/check.py finds what the pre-commit hook runs | libx.so |
      | changes to src first              | python3 tools/check.py | tools/check.py | import os, subprocess\nos.chdir("src")\nsubprocess.run(["sh", "x.sh"])\n                                  | src/x.sh         | is src/x.sh, which the pre-commit hook runs                                  | lib/x.sh    |
      | changes to its folder, adds lib   | python3 tools/check.py | tools/check.py | import os, sys\nos.chdir(os.path.dirname(__file__))\nsys.path.append("lib")\nimport helper\n          | tools/lib/helper.py | matches tools/lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | changes to src first, in node     | node tools/check.js   | tools/check.js | process.chdir("src");\nrequire("child_process").execSync("sh x.sh");\n                               | src/x.sh         | is in src, where cd finds what the pre-commit hook runs                      | lib/x.sh    |
      | starts a worker                   | node tools/check.js   | tools/check.js | const { Worker } = require("worker_threads");\nnew Worker("./other/o.js");\n                             | other/o.js       | is other/o.js, which the pre-commit hook runs                                | lib/x.js    |
      | reads a file as code              | node tools/check.js   | tools/check.js | const fs = require("fs");\nrequire("vm").runInThisContext(fs.readFileSync("other/o.js", "utf8"));\neval("1");\n | other/o.js | is other/o.js, which the pre-commit hook runs                         | lib/x.js    |
      | evaluates a logging config | python3 tools/check.py | tools/check.py | import logging.config\nlogging.config.fileConfig("tools/logging.ini")\n | tools/logging.ini | is in tools/logging.ini, where logging.config.fileConfig of tools/check.py finds what the pre-commit hook runs | other/x.ini |
      | unpickles a file | python3 tools/check.py | tools/check.py | import pickle\nwith open("tools/cache.pkl", "rb") as f:\n    pickle.load(f)\n | tools/cache.pkl | is in tools/cache.pkl, where pickle.load of tools/check.py finds what the pre-commit hook runs | other/x.pkl |
      | opens a shelve | python3 tools/check.py | tools/check.py | import shelve\nshelve.open("tools/cache")\n | tools/cache.db | matches tools/cache*, where shelve.open of tools/check.py finds what the pre-commit hook runs | other/cache.db |
      | loads yaml unsafely | python3 tools/check.py | tools/check.py | import yaml\nyaml.load(open("ci/c.yml"), Loader=yaml.Loader)\nyaml.load(open("ci/d.yml"), Loader=yaml.SafeLoader)\n | ci/c.yml | is in ci/c.yml, where yaml.load of tools/check.py finds what the pre-commit hook runs | ci/d.yml |
      | opens a library by cdll[...] | python3 tools/check.py | tools/check.py | import ctypes\nctypes.cdll["./native/libx.so"]\n | native/libx.so | is in native/libx.so, where ctypes of tools/check.py finds what the pre-commit hook runs | lib/x.so |
      | renders a template it reads | python3 tools/check.py | tools/check.py | import jinja2\njinja2.Template(open("tools/t.j2").read()).render()\njinja2.Template("{{ x }}")\n | tools/t.j2 | is in tools/t.j2, where jinja2.Template of tools/check.py finds what the pre-commit hook runs | other/t.j2 |
      | runs a text by code | python3 tools/check.py | tools/check.py | import code\ncode.InteractiveInterpreter().runsource(open("tools/s.txt").read())\n | tools/s.txt | is in tools/s.txt, where code.runsource of tools/check.py finds what the pre-commit hook runs | other/s.txt |
      | loads .env (python-dotenv) | python3 tools/check.py | tools/check.py | from dotenv import load_dotenv\nload_dotenv()\n | .env | is in .env, where dotenv.load_dotenv of tools/check.py finds what the pre-commit hook runs | other/.env |
      | loads a named env file | python3 tools/check.py | tools/check.py | import dotenv\ndotenv.dotenv_values("ci/app.env")\n | ci/app.env | is in ci/app.env, where dotenv.dotenv_values of tools/check.py finds what the pre-commit hook runs | .env |
      | loads .env (django-environ) | python3 tools/check.py | tools/check.py | import environ\nenviron.Env.read_env()\n | tools/.env | is in tools/.env, where environ.Env.read_env of tools/check.py finds what the pre-commit hook runs | other/.env |
      | loads .env (node dotenv) | node tools/check.js | tools/check.js | require("dotenv").config();\n | .env | is in .env, where dotenv of tools/check.js finds what the pre-commit hook runs | other/.env |
      | loads an env file (node) | node tools/check.js | tools/check.js | process.loadEnvFile("ci/app.env");\n | ci/app.env | is in ci/app.env, where dotenv of tools/check.js finds what the pre-commit hook runs | .env |
      | loads .env (dynaconf) | python3 tools/check.py | tools/check.py | from dynaconf import Dynaconf\nsettings = Dynaconf(load_dotenv=True)\n | tools/.env | is in tools/.env, where dynaconf.Dynaconf of tools/check.py finds what the pre-commit hook runs | other/.env |
      | puts .env in os.environ itself | python3 tools/check.py | tools/check.py | import os\nfor line in open(".env"):\n    k, v = line.strip().split("=", 1)\n    os.environ[k] = v\n | .env | is in .env, where os.environ of tools/check.py finds what the pre-commit hook runs | tools/.env |
      | execs sh by os.execvp | python3 tools/check.py | tools/check.py | import os\nos.execvp("sh", ["sh", "lib/x.sh"])\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.sh |
      | spawns sh by os.spawnl | python3 tools/check.py | tools/check.py | import os\nos.spawnl(os.P_WAIT, "/bin/sh", "sh", "lib/x.sh")\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.sh |
      | starts sh by asyncio | python3 tools/check.py | tools/check.py | import asyncio\nasyncio.run(asyncio.create_subprocess_exec("sh", "lib/x.sh"))\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.sh |
      | names Popen in a type only | python3 tools/check.py | tools/check.py | import subprocess\ndef wait(p: subprocess.Popen) -> None:\n    p.wait()\nsubprocess.run(["sh", "lib/x.sh"])\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.py |
      | imports a module by its name | python3 tools/check.py | tools/check.py | import importlib, sys\nsys.path.insert(0, "src")\nimportlib.import_module("app.main")\n | src/app/x.py | is in src/app, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | execs a literal | python3 tools/check.py | tools/check.py | exec("import os; os.system('sh lib/x.sh')")\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.sh |
      | extends sys.path | python3 tools/check.py | tools/check.py | import sys\nsys.path.extend(["lib"])\nimport helper\n | lib/helper.py | matches lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | sets sys.path to lib first | python3 tools/check.py | tools/check.py | import sys\nsys.path = ["lib"] + sys.path\nimport helper\n | lib/helper.py | matches lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | adds lib under its cwd | python3 tools/check.py | tools/check.py | import os, sys\nsys.path.insert(0, os.path.join(os.getcwd(), "lib"))\nimport helper\n | lib/helper.py | matches lib/*.py, where the script tools/check.py finds what the pre-commit hook runs | other/x.py |
      | compiles .pyx by pyximport | python3 tools/check.py | tools/check.py | import pyximport\npyximport.install()\nimport fast\n | tools/fast.pyx | matches tools/*.pyx, where pyximport of tools/check.py finds what the pre-commit hook runs | other/fast.pyx |
      | sets the environment from a file | python3 tools/check.py | tools/check.py | import os\nv = open("ci/a.txt").read()\nos.environ.update({"A": v})\n | ci/a.txt | is in ci/a.txt, where os.environ of tools/check.py finds what the pre-commit hook runs | ci/b.txt |
      | sets the environment from its lines | python3 tools/check.py | tools/check.py | import os\nfor line in open(".env"):\n    os.environ.update(dict([line.strip().split("=", 1)]))\n | .env | is in .env, where os.environ of tools/check.py finds what the pre-commit hook runs | tools/.env |
      | sets the environment from a Path | python3 tools/check.py | tools/check.py | import os\nfrom pathlib import Path\nos.environ["A"] = Path("ci/a.txt").read_text()\n | ci/a.txt | is in ci/a.txt, where os.environ of tools/check.py finds what the pre-commit hook runs | ci/b.txt |
      | loads a found env file | python3 tools/check.py | tools/check.py | from dotenv import load_dotenv, find_dotenv\nload_dotenv(find_dotenv("ci.env"))\n | ci.env | is in ci.env, where dotenv.load_dotenv of tools/check.py finds what the pre-commit hook runs | .env |
      | reads a logging config it opens | python3 tools/check.py | tools/check.py | import logging.config\nlogging.config.fileConfig(open("tools/log.ini"))\n | tools/log.ini | is in tools/log.ini, where logging.config.fileConfig of tools/check.py finds what the pre-commit hook runs | other/log.ini |
      | looks up templates in folders | python3 tools/check.py | tools/check.py | from mako.lookup import TemplateLookup\nTemplateLookup(directories=["tpl", "more"])\n | more/x.mako | is in more, where mako.lookup.TemplateLookup of tools/check.py finds what the pre-commit hook runs | other/x.mako |
      | opens the system's library by cdll[...] | python3 tools/check.py | tools/check.py | import ctypes\nctypes.cdll["./native/libx.so"]\nctypes.cdll["libx.so"]\n | native/libx.so | is in native/libx.so, where ctypes of tools/check.py finds what the pre-commit hook runs | libx.so |
      | loads dotenv/config, in node | node tools/check.js | tools/check.js | require("dotenv/config");\n | .env | is in .env, where dotenv of tools/check.js finds what the pre-commit hook runs | other/.env |
      | runs a regex's exec, in node | node tools/check.js | tools/check.js | const re = /a/;\nre.exec("sh other/y.sh");\nrequire("child_process").execSync("sh lib/x.sh");\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/y.sh |
      | runs a line by qx, in perl | perl tools/check.pl | tools/check.pl | my $out = qx(sh lib/x.sh);\n | lib/x.sh | is lib/x.sh, which the pre-commit hook runs | other/x.sh |
      | is husky 4's | # husky | package.json | {"husky": {"hooks": {"pre-commit": "sh tools/lint.sh"}}} | tools/lint.sh | is tools/lint.sh, which the pre-commit hook (by package.json) runs | other/x.sh |
      | is yorkie's | # yorkie | package.json | {"gitHooks": {"pre-commit": "sh tools/y.sh"}} | tools/y.sh | is tools/y.sh, which the pre-commit hook (by package.json) runs | other/x.sh |
      | is husky 4's, its .huskyrc | # husky | .huskyrc | {"hooks": {"pre-commit": "sh tools/rc.sh"}} | tools/rc.sh | is tools/rc.sh, which the pre-commit hook (by .huskyrc) runs | other/x.sh |

  Scenario Outline: Under a hook whose script <case>, agents cannot tell what runs: every file is refused
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "other/x.py" is refused: "may be run by the pre-commit hook, which runs <runs>: agents cannot tell which files of the tree it runs (name them by their paths in the hook)"

    Examples:
      | case                          | hook                   | file           | content                                                    | runs |
      | puts a computed folder first  | python3 tools/check.py | tools/check.py | import sys\nsys.path.append(sys.argv[1])\nimport helper\n  | `tools/check.py`, which puts a folder it computes on sys.path |
      | loads a computed file         | python3 tools/check.py | tools/check.py | import imp, sys\nimp.load_source("o", sys.argv[1])\n       | `tools/check.py`, which loads a file it computes (imp.load_source) |
      | changes to a computed folder  | python3 tools/check.py | tools/check.py | import os, sys\nos.chdir(sys.argv[1])\n                   | `tools/check.py`, which changes to a folder it computes |
      | changes to a computed folder, in node | node tools/check.js | tools/check.js | process.chdir(process.argv[2]);\n             | `tools/check.js`, which changes to a folder it computes |
      | starts a computed worker      | node tools/check.js    | tools/check.js | const { Worker } = require("worker_threads");\nnew Worker(process.argv[2]);\n | `tools/check.js`, which starts a worker from a file it computes |
      | runs code it reads            | node tools/check.js    | tools/check.js | const vm = require("vm");\nvm.runInNewContext(code, {});\n | `tools/check.js`, which runs as code what it computes or reads |
      | unpickles what it is given | python3 tools/check.py | tools/check.py | import pickle, sys\npickle.load(sys.stdin.buffer)\n | `tools/check.py`, which evaluates data it reads or computes (pickle.load) |
      | loads a computed env file | python3 tools/check.py | tools/check.py | import sys\nfrom dotenv import load_dotenv\nload_dotenv(sys.argv[1])\n | `tools/check.py`, which loads a file it computes (dotenv.load_dotenv) |
      | loads a computed env file, in node | node tools/check.js | tools/check.js | process.loadEnvFile(process.argv[2]);\n | `tools/check.js`, which loads an env file it computes |
      | runs a command in a computed folder | python3 tools/check.py | tools/check.py | import subprocess, sys\nsubprocess.run(["sh", "x.sh"], cwd=sys.argv[1])\n | `tools/check.py`, which runs a command in a folder it computes |
      | execs a computed program | python3 tools/check.py | tools/check.py | import os, sys\nos.execv(sys.argv[1], ["x"])\n | `tools/check.py`, which runs what it computes (os.execv) |
      | execs sh with computed words | python3 tools/check.py | tools/check.py | import os, sys\nos.execv("/bin/sh", sys.argv)\n | `tools/check.py`, which runs what it computes (os.execv) |
      | holds a runner by getattr | python3 tools/check.py | tools/check.py | import subprocess\nrun = getattr(subprocess, "run")\n | `tools/check.py`, which runs what it computes (getattr(subprocess)) |
      | execs what it reads | python3 tools/check.py | tools/check.py | import sys\nexec(sys.stdin.read())\n | `tools/check.py`, which runs what it computes (exec) |
      | runs a computed program | python3 tools/check.py | tools/check.py | import subprocess, sys\nsubprocess.run([sys.argv[1], "x"])\n | `tools/check.py`, which runs what it computes (subprocess.run) |
      | imports a computed module | python3 tools/check.py | tools/check.py | import importlib, sys\nimportlib.import_module(sys.argv[1])\n | `tools/check.py`, which runs what it computes (importlib.import_module) |
      | joins a computed folder onto sys.path | python3 tools/check.py | tools/check.py | import os, sys\nsys.path.insert(0, os.path.join(sys.argv[1], "lib"))\n | `tools/check.py`, which puts a folder it computes on sys.path |
      | sets sys.path to what it reads | python3 tools/check.py | tools/check.py | import os, sys\nsys.path = os.environ["P"].split(":")\n | `tools/check.py`, which puts a folder it computes on sys.path |
      | runs a line it formats | python3 tools/check.py | tools/check.py | import os\nname = "x"\nos.system(f"sh lib/{name}.sh")\n | `lib/$v.sh` as a file |
      | runs a command in a folder it sets, in node | node tools/check.js | tools/check.js | require("child_process").execSync("sh x.sh", { cwd: "src" });\n | `tools/check.js`, which runs a command in a folder it sets (execSync) |
      | runs a computed command, in perl | perl tools/check.pl | tools/check.pl | system($cmd);\n | `tools/check.pl`, which runs a command it computes (system) |

  Scenario: What a module imported from a folder put on sys.path starts is refused
    Given a plain file "tools/check.py" containing "import sys\nsys.path.insert(0, 'lib')\nimport helper\n" committed
    And a plain file "lib/helper.py" containing "import subprocess\nsubprocess.run(['sh', 'tools/x.sh'])\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\npython3 tools/check.py\n"
    Then the model's write of "tools/x.sh" is refused: "is tools/x.sh, which the pre-commit hook runs"
    And the model's write of "lib/x.sh" is not refused

  Scenario Outline: Under a commit-msg hook running <tool>, <path> is refused and <open> is not
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "commit-msg" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "<path>" is refused: "<why>"
    And the model's write of "<open>" is not refused

    Examples:
      | tool                  | hook                                              | file                 | content                                      | path                     | why                                                                    | open       |
      | gitlint               | gitlint --msg-filename "$1"                       | .gitlint             | [general]\nextra-path=./gitlint-rules\n      | gitlint-rules/my_rule.py | is in gitlint-rules, where gitlint finds what the commit-msg hook runs | lib/x.py   |
      | gitlint               | gitlint --msg-filename "$1"                       | .gitlint             | [general]\nextra-path=./gitlint-rules\n      | .gitlint                 | is .gitlint, which the commit-msg hook runs                            | lib/x.py   |
      | gitlint, one module   | gitlint --msg-filename "$1"                       | .gitlint             | [general]\nextra-path=rules/mine.py\n        | rules/mine.py            | is rules/mine.py, which the commit-msg hook runs                       | rules2/x.py |
      | gitlint -C            | gitlint -C ci/gitlint.ini --msg-filename "$1"     | ci/gitlint.ini       | [general]\nextra-path=ci/rules\n             | ci/rules/r.py            | is in ci/rules, where gitlint finds what the commit-msg hook runs      | ci/x.py    |
      | gitlint -C            | gitlint -C ci/gitlint.ini --msg-filename "$1"     | ci/gitlint.ini       | [general]\nextra-path=ci/rules\n             | ci/gitlint.ini           | is ci/gitlint.ini, which the commit-msg hook runs                      | ci/x.py    |
      | gitlint -e            | gitlint -e tools/gl --msg-filename "$1"           | b.txt                | b\n                                          | tools/gl/r.py            | is in tools/gl, where gitlint finds what the commit-msg hook runs      | tools/x.py |
      | gitlint -c            | gitlint -c general.extra-path=tools/gl run-hook   | b.txt                | b\n                                          | tools/gl/r.py            | is in tools/gl, where gitlint finds what the commit-msg hook runs      | tools/x.py |
      | commitlint            | npx --no -- commitlint --edit "$1"                | .commitlintrc.json   | {"plugins": ["./tools/cl.js"]}               | tools/cl.js              | is tools/cl.js, which the commit-msg hook runs                         | lib/x.js   |
      | commitlint            | npx --no -- commitlint --edit "$1"                | .commitlintrc.json   | {}                                           | commitlint.config.js     | is commitlint.config.js, which the commit-msg hook runs                | lib/x.js   |
      | gitlint -c attached | gitlint -cgeneral.extra-path=tools/gl run-hook | b.txt | b\n | tools/gl/r.py | is in tools/gl, where gitlint finds what the commit-msg hook runs | tools/x.py |

  Scenario Outline: Under pre-commit's hook, the remote <id> hook's rules are refused
    Given a plain file ".pre-commit-config.yaml" containing "repos:\n- repo: https://github.com/jorisroovers/gitlint\n  rev: v0.19.1\n  hooks:\n  - id: <id>\n" committed
    And a plain file ".gitlint" containing "[general]\nextra-path=./gitlint-rules\n" committed
    And the repository's hook "commit-msg" is the pre-commit framework's
    Then the model's write of "gitlint-rules/my_rule.py" is refused: "is in gitlint-rules, where gitlint finds what the commit-msg hook (by .pre-commit-config.yaml) runs"

    Examples:
      | id         |
      | gitlint    |
      | gitlint-ci |

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
      | case                         | hook                   | file           | content                                                   | planted       | original | plant                     | said |
      | a script's sys.path          | python3 tools/check.py | tools/check.py | import sys\nsys.path.insert(0, "lib")\nimport helper\n    | lib/helper.py | x = 1    | open("hook-ran", "w")\n   | read-only in the sandbox, as your host runs them: |
      | a node script's worker       | node tools/check.js    | tools/check.js | const { Worker } = require("worker_threads");\nnew Worker("./other/o.js");\n | other/o.js | let x = 1 | require("fs").writeFileSync("hook-ran", "")\n | read-only in the sandbox, as your host runs them: |

  Scenario: A .env a sandboxed command writes, which my hook's script loads, is removed
    # The look after the command reads what the hook's script runs in turn as the look
    # before it did (a cached hook read once lost it: the new ignored .env stayed).
    Given a plain file "tools/check.py" containing "from dotenv import load_dotenv\nload_dotenv()\n" committed
    And a plain file ".gitignore" containing ".env\n" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\npython3 tools/check.py\n"
    And Claude answers through a stand-in server
    And Claude will propose the plan "tools" checked by ""
    And Claude will run "printf 'GIT_EXTERNAL_DIFF=x' > .env"
    When I run "agents plan run 'tools' --allow-command 'printf *'" with Claude
    Then the file ".env" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "removed .env: new, git would run it outside the sandbox"

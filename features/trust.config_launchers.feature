Feature: What my git config's launchers find in my tree is kept from the model
  As a developer whose git config runs a program through a launcher (`python3 -m`, `npx`,
  `uv run`, `env`, `timeout`, `sh -c`), a `cd` or a shell function, or through a form agents
  cannot read ahead (`eval`, a substitution, `make`)
  I want the model refused every file of my tree that the setting may run, and told why
  So that my next `git diff` or `git fetch` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path            | content |
      | a.txt           | a\n     |
      | pkg/__init__.py |         |
      | pkg/mod.py      | x = 1\n |

  Scenario Outline: Under <key> = <value>, the runner builds or runs my tree's project: all of it is refused
    Given the repository's git config sets "<key>" to "<value>"
    Then the model's write of "<path>" is refused: "<why>"

    Examples:
      | key               | value                                  | path      | why |
      | diff.x.textconv   | uv run --with-editable . -m json.tool                          | docs/x.md               | is in the tree, where uv run --with-editable finds what your git config's diff.x.textconv runs |
      | filter.x.clean    | uv run --project . srv                                         | docs/x.md               | is in the tree, where uv run --project finds what your git config's filter.x.clean runs |

  Scenario Outline: Under <key> = <value>, <path> is refused and <open> is not
    Given the repository's git config sets "<key>" to "<value>"
    Then the model's write of "<path>" is refused: "<why>"
    And the model's write of "<open>" is not refused

    Examples:
      | key               | value                                                          | path                    | why                                                                                                                    | open          |
      | filter.x.clean    | python3 -m nbstripout                                          | pkg/mod.py              | is in pkg, where python3 finds what your git config's filter.x.clean runs (python3 -I would not look there)         | lib/json.py   |
      | filter.x.clean    | python3 -m nbstripout                                          | new/__init__.py         | matches */__init__.*, where python3 finds what your git config's filter.x.clean runs (python3 -I would not look there) | new/x.py      |
      | diff.x.textconv   | python3 -I -m json.tool; python3 -W ignore tools/conv.py       | tools/json.py           | matches tools/*.py, where python3 finds what your git config's diff.x.textconv runs (python3 -I would not look there) | json.py       |
      | diff.x.textconv   | PYTHONPATH=lib:tools python3 -I -m x                           | lib/json.py             | matches lib/*.py, where PYTHONPATH finds what your git config's diff.x.textconv runs                                   | src/json.py   |
      | diff.x.textconv   | node -r ./hook.js tools/a/x.js                                 | tools/node_modules/m.js | is in tools/node_modules, where node finds what your git config's diff.x.textconv runs                               | lib/x.js      |
      | diff.x.textconv   | node -e 1                                                      | node_modules/m/index.js | is in node_modules, where node finds what your git config's diff.x.textconv runs                                     | lib/x.js      |
      | filter.x.clean    | uv run --frozen python -c pass                                 | pyproject.toml          | is in pyproject.toml, where uv run finds what your git config's filter.x.clean runs                                 | docs/x.md     |
      | diff.x.textconv   | uv run --with black python tools/fmt.py                        | tools/fmt.py            | is tools/fmt.py, which your git config's diff.x.textconv names for git to run | lib/fmt.py    |
      | diff.x.textconv   | uv run -w ruff --python 3.12 -m conv                           | conv.py                 | matches *.py, where uv run finds what your git config's diff.x.textconv runs | lib/conv.py   |
      | diff.x.textconv   | uv run -q --frozen -m conv; uv run -s tools/fmt.py              | conv.py                 | matches *.py, where uv run finds what your git config's diff.x.textconv runs | lib/conv.py   |
      | filter.x.clean    | uv run --directory tools python conv.py                        | tools/y.txt             | is in tools, where uv run --directory finds what your git config's filter.x.clean runs | lib/y.txt     |
      | filter.x.clean    | uv run --env-file tools/e.env python -c pass                   | tools/e.env             | is tools/e.env, which your git config's filter.x.clean names for git to run | lib/e.env     |
      | diff.x.textconv   | uvx --from ruff python tools/fmt.py                            | tools/fmt.py            | is tools/fmt.py, which your git config's diff.x.textconv names for git to run | lib/fmt.py    |
      | diff.x.textconv   | pipx run --spec ruff python tools/fmt.py                       | tools/fmt.py            | is tools/fmt.py, which your git config's diff.x.textconv names for git to run | lib/fmt.py    |
      | filter.x.clean    | bunx conv                                                      | node_modules/.bin/conv  | is in node_modules, where bunx finds what your git config's filter.x.clean runs                                     | lib/x.js      |
      | filter.x.clean    | bundle exec ruby -w tools/x.rb                                 | Gemfile                 | is in Gemfile, where bundle exec finds what your git config's filter.x.clean runs                                   | lib/x.rb      |
      | merge.x.driver    | env -u HOME -i A=1 timeout -s KILL 5 nice -n 1 exec -a x command ./tools/conv.sh %A | tools/conv.sh | is tools/conv.sh, which your git config's merge.x.driver names for git to run                           | tools/y.sh    |
      | merge.x.driver    | time -p nohup stdbuf -o L timeout --foreground=x 5 tools/conv.sh | tools/conv.sh         | is tools/conv.sh, which your git config's merge.x.driver names for git to run                                          | tools/y.sh    |
      | diff.x.textconv   | sh -ec 'cd a; ./b'                                             | a/c.sh                  | is in a, where cd finds what your git config's diff.x.textconv runs                                                  | c/c.sh        |
      | diff.x.textconv   | cat 2>/dev/null <in.txt \| mytool -x conv; sh -x tools/s.sh; bash -c; sh -e | conv                | is conv, which your git config's diff.x.textconv names for git to run                                                  | in.txt        |
      | diff.x.textconv   | python3 -c "import subprocess; subprocess.run(['sh', 'conv.sh'])" | conv.sh         | is conv.sh, which your git config's diff.x.textconv names for git to run                                               | lib/conv.sh   |
      | diff.x.textconv   | node -e "require('child_process').execSync('./tools/x')"       | tools/x                 | is tools/x, which your git config's diff.x.textconv names for git to run                                               | lib/x         |
      | diff.x.textconv   | perl -e 'exec "tools/p"'                                        | tools/p                 | is tools/p, which your git config's diff.x.textconv names for git to run                                               | lib/p         |
      | diff.x.textconv   | NODE_OPTIONS="--require ./evil.js" node x.js                    | evil.js                 | is evil.js, which your git config's diff.x.textconv names for git to run                                               | lib/evil.js   |
      | diff.x.textconv   | bash -o pipefail --rcfile r.sh -c 'cd a; ./b'                   | a/x.sh                  | is in a, where cd finds what your git config's diff.x.textconv runs                                                  | c/x.sh        |
      | diff.x.textconv   | bash -o pipefail --rcfile r.sh -c 'cd a; ./b'                   | r.sh                    | is r.sh, which your git config's diff.x.textconv names for git to run                                                  | c/x.sh        |
      | credential.helper | !(cd tools; ./x); ./y.sh                                       | y.sh                    | is y.sh, which your git config's credential.helper names for git to run                                                | lib/z.sh      |
      | credential.helper | !cd /none && ./x; ./tools/y.sh                                 | tools/y.sh              | is tools/y.sh, which your git config's credential.helper names for git to run                                          | lib/x         |
      | diff.x.textconv   | . ./tools/env.sh; perl -I lib tools/x.pl                       | tools/x.pl              | is tools/x.pl, which your git config's diff.x.textconv names for git to run                                            | src/y.pl      |
      | diff.x.textconv   | . ./tools/env.sh; perl -I lib tools/x.pl                       | tools/env.sh            | is tools/env.sh, which your git config's diff.x.textconv names for git to run                                          | src/y.pl      |
      | filter.x.clean    | python3 -m nsp.mod                                             | nsp/mod.py              | is in nsp, where python3 finds what your git config's filter.x.clean runs (python3 -I would not look there)          | lib/x.py      |
      | diff.x.textconv   | python3 -c "import nsp.mod"                                    | nsp/mod.py              | is in nsp, where python3 finds what your git config's diff.x.textconv runs (python3 -I would not look there)         | lib/x.py      |
      | diff.x.textconv   | python3 -c "from nsp import mod"                               | nsp/mod.py              | is nsp, which your git config's diff.x.textconv names for git to run                                                   | lib/x.py      |
      | diff.x.textconv   | perl -Mlib=tools x.pl                                          | tools/Y.pm              | is in tools, where perl -Mlib finds what your git config's diff.x.textconv runs                                      | src/Y.pm      |
      | diff.x.textconv   | RUBYOPT=-r./hook.rb ruby x.rb                                  | hook.rb                 | is hook.rb, which your git config's diff.x.textconv names for git to run                                               | lib/hook.rb   |
      | diff.x.textconv   | echo a#$(./tools/x)                                            | tools/x                 | is tools/x, which your git config's diff.x.textconv names for git to run                                               | docs/x.md     |
      | diff.x.textconv   | awk -f tools/x.awk                                             | tools/x.awk             | is tools/x.awk, which your git config's diff.x.textconv names for git to run                                           | lib/x.awk     |
      | diff.x.textconv   | gawk -i inc -f x.awk                                           | inc.awk                 | is inc.awk, which your git config's diff.x.textconv names for git to run                                               | lib/inc.awk   |
      | diff.x.textconv   | export PYTHONPATH=lib; python3 x.py                            | lib/json.py             | matches lib/*.py, where PYTHONPATH finds what your git config's diff.x.textconv runs                                   | src/json.py   |
      | diff.x.textconv   | sh -s < tools/s.sh                                             | tools/s.sh              | is tools/s.sh, which your git config's diff.x.textconv names for git to run                                            | lib/s.sh      |
      | diff.x.textconv   | python3 -I <<< 'import os; os.system("tools/t")'               | tools/t                 | is tools/t, which your git config's diff.x.textconv names for git to run                                               | lib/t         |
      | diff.x.textconv   | node --env-file=.env x.js                                      | .env                    | is .env, which your git config's diff.x.textconv names for git to run                                                  | lib/.env      |
      | diff.x.textconv   | PYTHONPATH=lib python3 -m a.b                                  | lib/a/b.py              | is in lib/a, where PYTHONPATH finds what your git config's diff.x.textconv runs                                      | src/a/b.py    |
      | diff.x.textconv   | node -r ./hook.js tools/a/x.js                                 | hook.js                 | is hook.js, which your git config's diff.x.textconv names for git to run                                               | lib/x.js      |
      | diff.x.textconv   | node --import=./h.mjs -e 1                                     | h.mjs                   | is h.mjs, which your git config's diff.x.textconv names for git to run                                                 | lib/x.js      |
      | diff.x.textconv   | perl -I lib -MConv -e 1                                        | lib/Conv.pm             | is in lib, where perl -I finds what your git config's diff.x.textconv runs                                           | src/Conv.pm   |
      | diff.x.textconv   | perl -Ilib tools/x.pl                                          | lib/y.pl                | is in lib, where perl -I finds what your git config's diff.x.textconv runs                                           | src/y.pl      |
      | diff.x.textconv   | ruby -I lib -r conv x.rb                                       | lib/conv.rb             | is in lib, where ruby -I finds what your git config's diff.x.textconv runs                                           | src/conv.rb   |
      | diff.x.textconv   | ruby -r ./hook x.rb                                            | hook.rb                 | is hook.rb, which your git config's diff.x.textconv names for git to run                                               | lib/hook.rb   |
      | diff.x.textconv   | Rscript tools/x.R                                              | .Rprofile               | is in .Rprofile, where Rscript finds what your git config's diff.x.textconv runs                                     | lib/x.R       |
      | diff.x.textconv   | sh ./scripts/*.sh                                              | scripts/new.sh          | may be run by your git config's diff.x.textconv, which runs `./scripts/*.sh` as a file from the tree: agents cannot tell which files it runs (name the program by a path in that setting) | lib/x.sh |
      | diff.x.textconv   | sh < tools/s.sh                                                | tools/s.sh              | is tools/s.sh, which your git config's diff.x.textconv names for git to run                                            | lib/s.sh      |
      | diff.x.textconv   | python3 -I < tools/x.py                                        | tools/x.py              | is tools/x.py, which your git config's diff.x.textconv names for git to run                                            | lib/x.py      |
      | diff.x.textconv   | node 0<tools/h.js                                              | tools/h.js              | is tools/h.js, which your git config's diff.x.textconv names for git to run                                            | lib/h.js      |
      | diff.x.textconv   | bash <<< 'cd tools; ./x.sh'                                    | tools/y.sh              | is in tools, where cd finds what your git config's diff.x.textconv runs                                              | lib/y.sh      |
      | credential.helper | !f() { echo "password=$(pass x)"; }; f                         | x                       | is x, which your git config's credential.helper names for git to run                                                   | docs/x.md     |
      | diff.x.textconv   | cat $(cd tools && ./conv.sh) >/dev/null                        | tools/c.sh              | is in tools, where cd finds what your git config's diff.x.textconv runs                                              | lib/c.sh      |
      | diff.x.textconv   | echo "`./tools/x`" $(( $(./b) + 1 ))                           | b                       | is b, which your git config's diff.x.textconv names for git to run                                                     | docs/x.md     |
      | diff.x.textconv   | echo "`./tools/x`" $(( $(./b) + 1 ))                           | tools/x                 | is tools/x, which your git config's diff.x.textconv names for git to run                                               | docs/x.md     |

  Scenario Outline: Under <key> = <value>, <launcher> may run every file: each is refused
    Given the repository's git config sets "<key>" to "<value>"
    Then the model's write of "docs/x.md" is refused: "is in the tree, where <launcher> finds what your git config's <key> runs"

    Examples:
      | key             | value                 | launcher    |
      | diff.x.textconv | cd /                  | cd          |
      | diff.x.textconv | cd .. && python3 -m x | cd          |
      | diff.x.textconv | lua tools/x.lua       | lua         |
      | diff.x.textconv | php -S localhost:8000 | php -S      |
      | diff.x.textconv | node --test           | node --test |

  Scenario Outline: Under <key> = <value>, which runs no file of the tree, the model may write
    Given the repository's git config sets "<key>" to "<value>"
    Then the model's write of "docs/x.md" is not refused
    And the model's write of "a.txt" is not refused

    Examples:
      | key               | value                                                        |
      | credential.helper | !f() { echo "password=$(cat ~/.tok)"; }; f                   |
      | credential.helper | !f() { test "$1" = get && echo "password=`cat ~/.tok`"; }; f |
      | diff.x.textconv   | echo $((1 + 2)) '$(./a.txt)'                                  |

  Scenario Outline: Under <key> = <value>, agents cannot tell what runs: every file is refused
    Given the repository's git config sets "<key>" to "<value>"
    Then the model's write of "docs/x.md" is refused: "may be run by your git config's <key>, which runs <what> from the tree: agents cannot tell which files it runs (name the program by a path in that setting)"

    Examples:
      | key               | value                                   | what                                           |
      | diff.x.textconv   | eval ./conv.sh                          | `eval`                                         |
      | filter.x.clean    | make -s fmt                             | `make`                                         |
      | credential.helper | !cd; ./cred.sh                          | `cd` to a folder agents cannot name            |
      | credential.helper | !cd ~/x; ./cred.sh                      | `cd` to a folder agents cannot name            |
      | diff.x.textconv   | $CONV                                   | `$CONV` as a program                           |
      | diff.x.textconv   | tools/*.sh                              | `tools/*.sh` as a program                      |
      | diff.x.textconv   | echo 'unclosed                          | an unclosed quote                              |
      | diff.x.textconv   | env -S 'a b'                            | `env -S`                                       |
      | diff.x.textconv   | env -C tools ./x                        | `env -C`                                       |
      | diff.x.textconv   | nohup --bogus x                         | `nohup --bogus`                                |
      | diff.x.textconv   | for f in a; do ./$f; done               | `for`                                          |
      | diff.x.textconv   | sh "$PWD"/x                             | `$PWD/x` as a file                             |
      | diff.x.textconv   | python3 $HOME/../x                      | `$HOME/../x` as a file                         |
      | diff.x.textconv   | sh ./scripts/*/../x.sh                  | `./scripts/*/../x.sh` as a file                |
      | diff.x.textconv   | sh tools/a~b                            | `tools/a~b` as a file                          |
      | diff.x.textconv   | echo $(cat x                            | an unclosed substitution                       |
      | diff.x.textconv   | python3 -c "$(cat x)"                   | code a substitution gives                      |
      | filter.x.clean    | cargo run -q                            | `cargo`                                        |
      | filter.x.clean    | go run ./cmd/conv                       | `go`                                           |
      | filter.x.clean    | ./gradlew -q conv                       | `gradlew`                                      |
      | filter.x.clean    | java -cp . Main                         | `java`                                         |
      | filter.x.clean    | nix-shell --run conv                    | `nix-shell`                                    |
      | filter.x.clean    | direnv exec . conv                      | `direnv`                                       |
      | filter.x.clean    | dotnet run                              | `dotnet`                                       |
      | filter.x.clean    | julia --project=. conv.jl               | `julia --project`                              |
      | diff.x.textconv   | bash -c 'sh ./{conv,x}.sh'              | `./{conv,x}.sh` as a file                      |
      | filter.x.clean    | python3 -m pytest -q                    | `python3 -m pytest`                            |
      | filter.x.clean    | pre-commit run                          | `pre-commit`                                   |

  Scenario Outline: Under a command line of <form> nested <deep> deep, every file is refused
    Given the repository's git config sets "diff.x.textconv" to <deep> nested <form> of "./x"
    Then the model's write of "docs/x.md" is refused: "may be run by your git config's diff.x.textconv, which runs a command line nested too deep to read from the tree: agents cannot tell which files it runs (name the program by a path in that setting)"

    Examples:
      | form          | deep |
      | substitutions | 3000 |
      | arithmetic    | 3000 |

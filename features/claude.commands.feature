Feature: Claude's commands are checked part by part and run in a sandbox
  As a developer who lets Claude run commands on my repository
  I want every part of a command line to match what I allowed, and what runs to be unable to
  touch anything but the working tree, see my API key or reach the network
  So that `--allow-command 'python3 -m unittest*'` allows running the tests and nothing else

  # Claude answers through the real anthropic SDK from a local stand-in server; the `agents`
  # command runs as a subprocess, with ANTHROPIC_API_KEY set to a known test value.

  Background:
    Given a git repository
    And Claude answers through a stand-in server

  Scenario: A command chained to an allowed one is refused, and the tree names the part
    Given Claude will propose the plan "run the tests"
    And Claude will run "python3 -m unittest -q; touch X"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'run the tests' --allow-command 'python3 -m unittest*'" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: `touch X` (in `python3 -m unittest -q; touch X`) matches no --allow-command pattern"

  Scenario Outline: A command hidden <where> is refused, and nothing of it runs
    Given Claude will propose the plan "run the tests"
    And Claude will run the command line "<command>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'run the tests' --allow-command 'python3 -m unittest*'" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: <refused> (in `<command>`) match"

    Examples:
      | where                     | command                                | refused                    |
      | after &&                  | python3 -m unittest -q && touch X      | `touch X`                  |
      | after \|\|                | python3 -m unittest -q \|\| touch X    | `touch X`                  |
      | behind a pipe             | python3 -m unittest -q \| touch X      | `touch X`                  |
      | in a subshell             | (python3 -m unittest -q; touch X)      | `touch X`                  |
      | in a group                | { python3 -m unittest -q; touch X; }   | `touch X`                  |

  Scenario Outline: A command substituted <where> is refused unchecked, and nothing of it runs
    Given Claude will propose the plan "run the tests"
    And Claude will run the command line "<command>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'run the tests' --allow-command 'python3 -m unittest*'" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: `<command>` cannot be checked (it substitutes"

    Examples:
      | where                     | command                                |
      | in $(...)                 | python3 -m unittest -q $(touch X)      |
      | in backticks              | python3 -m unittest -q `touch X`       |
      | in a process substitution | python3 -m unittest -q <(touch X)      |
      | in a redirect target      | python3 -m unittest -q > "$(touch X)"  |
      | in a quoted argument      | python3 -m unittest -q "$(touch X)"    |
      | in an assignment          | python3 -m unittest -q; Y=$(touch X)   |
      | in a ${...} operand       | python3 -m unittest -q ${PWD#$(touch X)} |

  Scenario Outline: A line bash reads otherwise than the check (<where>) is refused, and nothing of it runs
    Given Claude will propose the plan "run the tests"
    And Claude will run the command line "<command>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'run the tests' --allow-command 'python3 -m unittest*' --allow-command 'echo*'" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "cannot be checked (bash syntax this check cannot read: <why>"

    Examples:
      | where                        | command                                   | why                           |
      | a `$` before a new line      | echo ok >$\ntouch X                       | a new line inside a word      |
      | a carriage return after &>   | echo hi &><CR>\nsh -c 'touch X'           | it holds the character \x0d   |
      | a vertical tab before #      | echo ok <VT>#; touch X                    | it holds the character \x0b   |
      | a `\ ` before #              | python3 -m unittest -q \ #; touch X       | a `#` inside a word           |

  Scenario: A command reads the repository's config without its secrets, and git still works
    Given the repository's config holds tokens as CI checkouts write them
    And Claude will propose the plan "look"
    And Claude will run "git config --list > seen.txt; cat .git/config >> seen.txt; git status --short >> seen.txt; git log --oneline >> seen.txt; git remote -v >> seen.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan run 'look' --allow-command 'git *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "seen.txt" does not contain "SECRET"
    And the file "seen.txt" contains "remote.origin.url=https://example.com/r.git"
    And the file "seen.txt" contains "core.bare=false"
    And the file "seen.txt" contains "?? seen.txt"
    And the file "seen.txt" contains "initial"
    And the file "seen.txt" contains "https://example.com/r.git (fetch)"
    And the repository's config still holds its tokens

  Scenario: A nested repository's config is shown without its secrets too
    Given the nested repositories "sub" and "vendor/store.git" hold tokens in their configs
    And I change ".gitignore" to "sub/\n"
    And Claude will propose the plan "look"
    And Claude will run "cat sub/.git/config vendor/store.git/config > seen.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan run 'look' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "seen.txt" does not contain "SECRET"
    And the file "seen.txt" contains "https://example.com/r.git"
    And the nested repositories' configs still hold their tokens

  Scenario: A line that cannot be checked is refused without a terminal
    Given Claude will propose the plan "run the tests"
    And Claude will run "f() { touch X; }; f"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'run the tests' --allow-command 'f*'" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: `f() { touch X; }; f` cannot be checked (it defines a function)"

  Scenario: On a terminal, the question names the part no pattern allows; a yes runs the line
    Given Claude will propose the plan "count lines"
    And Claude will run "wc -l README.md > count.txt; touch X"
    When on a terminal I run "agents plan run 'count lines' --allow-command 'wc *'" answering "y" with Claude
    Then the exit code is 0
    And the terminal shows "`touch X` in it matches no --allow-command pattern [y/N]"
    And the file "count.txt" contains "README.md"
    And the file "X" exists

  # /proc shows the environment a process was started with: exec it
  @agents_exec
  Scenario: An allowed command finds no API key in any process it can see
    Given Claude will propose the plan "look around"
    And Claude will run "cat /proc/$PPID/environ > parent.env; cat /proc/[0-9]*/environ > seen.env"
    When I run "agents plan run 'look around' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "parent.env" does not hold the API key
    And the file "seen.env" does not hold the API key
    And the file "seen.env" holds "PATH="

  # /proc shows the environment a process was started with: exec it. Without the sandbox the
  # command's parent is agents, started with the key: the name is there, its value blanked.
  @agents_exec
  Scenario: Without the sandbox the same command reads agents' own environment, key blanked
    Given Claude will propose the plan "look around"
    And Claude will run "cat /proc/$PPID/environ > parent.env"
    When I run "agents plan run 'look around' --allow-command 'cat *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "parent.env" holds "ANTHROPIC_API_KEY="
    And the file "parent.env" does not hold the API key's value

  Scenario: An allowed command writes the working tree, and nothing outside it, .git or the network
    Given a folder outside the working tree and outside /tmp
    And Claude will write "probe.py" and run "python3 probe.py {outside}/x {port}":
      """
      import socket, sys
      def tried(act):
          try:
              act()
              return "yes"
          except OSError:
              return "no"
      outside = tried(lambda: open(sys.argv[1], "w").close())
      git = tried(lambda: open(".git/evil", "w").close())
      network = tried(lambda: socket.create_connection(("127.0.0.1", int(sys.argv[2])), 3).close())
      open("probe.txt", "w").write(f"outside: {outside}, git: {git}, network: {network}\n")
      """
    When I run "agents plan run 'probe' --allow-command 'python3 probe.py *'" with Claude
    Then the exit code is 0
    And the file "probe.txt" contains "outside: no, git: no, network: no"
    And nothing was written in the folder outside
    And the file ".git/evil" does not exist

  Scenario: With --allow-network the command reaches the network, and still nothing outside
    Given a folder outside the working tree and outside /tmp
    And Claude will write "probe.py" and run "python3 probe.py {outside}/x {port}":
      """
      import socket, sys
      def tried(act):
          try:
              act()
              return "yes"
          except OSError:
              return "no"
      outside = tried(lambda: open(sys.argv[1], "w").close())
      network = tried(lambda: socket.create_connection(("127.0.0.1", int(sys.argv[2])), 3).close())
      open("probe.txt", "w").write(f"outside: {outside}, network: {network}\n")
      """
    When I run "agents plan run 'probe' --allow-command 'python3 probe.py *' --allow-network" with Claude
    Then the exit code is 0
    And the file "probe.txt" contains "outside: no, network: yes"
    And nothing was written in the folder outside
    When I run "agents plan show --json" with Claude
    Then the JSON value "allow_network" is true

  Scenario: Without bubblewrap a command is refused, said once on stderr; --no-sandbox runs it
    Given a PATH without bwrap
    And Claude will propose the plan "count lines"
    And Claude will run "wc -l README.md > count.txt"
    And Claude will run "wc -l README.md > count.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'count lines' --allow-command 'wc *'" with Claude
    Then the exit code is 1
    And stderr has one line containing "note: the model's commands are refused: bwrap (bubblewrap) is not installed (install bubblewrap, or run the plan with --no-sandbox)"
    And the file "count.txt" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: no sandbox (install bubblewrap, or pass --no-sandbox)"
    Given Claude will propose the plan "count lines"
    And Claude will run "wc -l README.md > count.txt"
    When I run "agents plan run 'count lines' --allow-command 'wc *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "count.txt" contains "README.md"

  Scenario: Where bubblewrap cannot make namespaces, a command is refused, naming why
    Given a bwrap on PATH that says "bwrap: No permissions to create new namespace" and fails
    And Claude will propose the plan "count lines"
    And Claude will run "wc -l README.md > count.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'count lines' --allow-command 'wc *'" with Claude
    Then the exit code is 1
    And stderr has one line containing "refused: bwrap cannot make a sandbox here (bwrap: No permissions to create new namespace)"
    And the file "count.txt" does not exist

  # /proc shows the environment a process was started with: exec it
  @agents_exec
  Scenario: A resumed plan keeps the sandbox it was started with
    Given Claude will propose the plan "look around" checked by "test -f parent.env"
    And Claude's service answers 500 "api_error" 3 times
    When I run "agents plan run 'look around' --allow-command 'cat *' --allow-command 'test *'" with Claude
    Then the exit code is 4
    Given Claude will propose the plan "look around" checked by "test -f parent.env"
    And Claude will run "cat /proc/$PPID/environ > parent.env"
    When I run "agents plan resume" with Claude
    Then the exit code is 0
    And the file "parent.env" does not hold the API key

  # The command reads its parent's /proc/PID/cmdline: a fork's is the test process', so exec it
  @agents_exec
  Scenario: A plan file's commands still run as written, with no sandbox in between
    Given the plan file "plan.yaml":
      """
      task: Who runs me
      steps:
        - name: look at the parent
          options:
            - actions:
                - run: tr '\0' ' ' < /proc/$PPID/cmdline > parent.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file "parent.txt" contains "plan run --script"

  Scenario: The network flag is for Claude's commands only
    Given the plan file "plan.yaml":
      """
      task: Nothing
      steps:
        - name: nothing
          options:
            - actions:
                - run: "true"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --allow-network"
    Then the exit code is 2
    And stderr is one line containing "--allow-network is for Claude's commands"

  Scenario: Ctrl-C stops a sandboxed command and everything it started
    Given Claude will propose the plan "wait"
    And Claude will run "touch started; (sleep 30; echo late > late.txt) & sleep 30; echo late > late.txt"
    When I start "agents plan run 'wait' --allow-command '*'" with Claude and interrupt it once "started" exists
    Then the exit code is 130
    And no command of the plan is still running

  Scenario: A sandboxed command that runs too long is stopped, with everything it started
    Given Claude will propose the plan "wait"
    And Claude will run "(sleep 30; echo late > late.txt) & sleep 30; echo late > late.txt" with a timeout of 1 second
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'wait' --allow-command '*'" with Claude
    Then the exit code is 1
    And no command of the plan is still running
    When I run "agents plan tree" with Claude
    Then stdout contains "timed out after 1s"

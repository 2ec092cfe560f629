Feature: What the model puts in a venv of my tree never runs when I activate it later
  As a developer whose project holds a venv (`.venv`, `backend/.venv`) that I activate in a
  new terminal after the run (`source .venv/bin/activate`), not on PATH while agents runs
  I want what a command writes into that venv's `bin`, `lib` or `pyvenv.cfg` put back or
  refused, as for a venv on my PATH
  So that my next activation, `pytest` or `python` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path       | content            |
      | a.txt      | a\n                |
      | .gitignore | .venv/\n           |
    And an ignored file ".venv/pyvenv.cfg" containing "home = /usr/bin\n"
    And an ignored file ".venv/bin/activate" containing "# the venv's own\n"
    And an ignored file ".venv/lib/python3/site-packages/keep.pth" containing "# the user's"
    And Claude answers through a stand-in server

  Scenario: A line added to the venv's activate is put back, a new program in its bin removed
    Given Claude will propose the plan "tools" checked by ""
    And Claude will run "printf 'touch planted-ran' >> .venv/bin/activate; printf 'x' > .venv/bin/pytest; printf 'x' > .venv/bin/mytool"
    When I run "agents plan run 'tools' --allow-command 'printf *' --no-sandbox" with Claude
    Then the file ".venv/bin/activate" does not contain "planted-ran"
    And the file ".venv/bin/pytest" does not exist
    And the file ".venv/bin/mytool" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "put back .venv/bin/activate: changed by the command"
    And stdout contains "removed .venv/bin/pytest: new in a venv of the tree, your shell would run it once you activate the venv"

  Scenario: A .pth written into the site-packages of a venv one level down does not stay
    Given an ignored file "backend/.venv/pyvenv.cfg" containing "home = /usr/bin\n"
    And an ignored file "backend/.venv/lib/python3/site-packages/keep.pth" containing "# the user's"
    And Claude will propose the plan "tools" checked by ""
    And Claude will run "printf 'import os' > backend/.venv/lib/python3/site-packages/zz.pth; printf 'x' >> .venv/pyvenv.cfg"
    When I run "agents plan run 'tools' --allow-command 'printf *'" with Claude
    Then the file "backend/.venv/lib/python3/site-packages/zz.pth" does not exist
    And the file ".venv/pyvenv.cfg" does not contain "x"

  Scenario Outline: The model's <kind> of <file>, in a venv not on PATH, is refused
    Given Claude will propose the plan "tools" checked by ""
    And Claude will <kind> the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'tools'" with Claude
    And I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <why>, outside the sandbox"

    Examples:
      | kind   | file                                       | why                                                                                  |
      | write  | .venv/bin/activate                         | is in .venv/bin, of the venv .venv: your shell runs it once activated                |
      | write  | .venv/bin/git                              | is in .venv/bin, of the venv .venv: your shell runs it once activated                |
      | write  | .venv/lib/python3/site-packages/zz.pth     | is in .venv/lib, of the venv .venv: its python runs it once you activate it          |

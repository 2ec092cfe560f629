Feature: The model's file actions never touch what runs on my host later
  As a developer who lets Claude work in my working tree
  I want its write_file, edit_file and delete_file refused on the hooks git runs from my
  tree's core.hooksPath folder (husky's `.husky` too) and on agents' own venv in the tree
  So that my next `git commit` or `agents` runs nothing the model planted there

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario Outline: The model's <kind> of <hook> is refused (core.hooksPath <value>, <scope>)
    Given an executable file "<hook>" containing "#!/bin/sh\nexit 0\n" committed
    And the <scope> git config sets "core.hooksPath" to "<value>"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will <kind> the file "<hook>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "<hook>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<hook>' is in <folder>, the hooks folder git runs (core.hooksPath), outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | kind   | hook                  | value            | scope           | folder    |
      | write  | .githooks/pre-commit  | .githooks        | repository's    | .githooks |
      | edit   | .githooks/pre-commit  | .githooks        | repository's    | .githooks |
      | delete | .githooks/pre-commit  | .githooks        | repository's    | .githooks |
      | write  | .githooks/pre-commit  | .githooks        | user's global   | .githooks |
      | edit   | tools/hooks/pre-push  | ./tools//hooks/  | user's global   | tools/hooks |
      | edit   | .husky/pre-commit     | .husky/_         | repository's    | .husky    |
      | write  | .husky/_/h            | .husky/_         | user's global   | .husky    |
      | edit   | .config/husky/pre-commit | .config/husky/_ | repository's | .config/husky |
      | edit   | pre-commit            | .                | repository's    | the tree's top |

  Scenario Outline: A hook a sandboxed command plants or changes is refused (core.hooksPath <value>, <scope>)
    Given an executable file ".husky/pre-commit" containing "exit 0" committed
    And the <scope> git config sets "core.hooksPath" to "<value>"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "mkdir -p <folder> && printf 'touch x' > <hook> && chmod +x <hook>"
    When I run "agents plan run 'hooks' --allow-command 'mkdir *' --allow-command 'printf *' --allow-command 'chmod *'" with Claude
    Then the file ".husky/pre-commit" contains "exit 0"
    And the file ".githooks/pre-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "<said>"

    Examples:
      | value     | scope         | folder    | hook                 | said                                                                      |
      | .githooks | user's global | .githooks | .githooks/pre-commit | read-only in the sandbox, as your host runs them: .githooks                |
      | .husky/_  | repository's  | .husky    | .husky/pre-commit    | read-only in the sandbox, as your host runs them: .husky                   |

  Scenario Outline: The model's <kind> of a hook in a nested repository's own core.hooksPath folder is refused
    Given a nested repository "vendor" whose core.hooksPath ".githooks" holds "pre-commit"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will <kind> the file "vendor/.githooks/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "vendor/.githooks/pre-commit" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'vendor/.githooks/pre-commit' is in vendor/.githooks, the hooks folder git runs (core.hooksPath)"

    Examples:
      | kind   |
      | edit   |
      | write  |

  Scenario: The model's write of a hook in a submodule's own core.hooksPath folder is refused
    Given a submodule "lib" registered in the repository
    And the submodule "lib"'s git config sets "core.hooksPath" to "hooks"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file "lib/hooks/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "lib/hooks/pre-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'lib/hooks/pre-commit' is in lib/hooks, the hooks folder git runs (core.hooksPath)"

  Scenario: A hook a sandboxed command plants in a nested repository's hooks folder is refused
    Given a nested repository "vendor" whose core.hooksPath ".githooks" holds "pre-commit"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch x' > vendor/.githooks/post-commit && chmod +x vendor/.githooks/post-commit"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'chmod *'" with Claude
    Then the file "vendor/.githooks/post-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: vendor/.githooks"

  Scenario: The model's edit of a tree file a hook of .git/hooks links to is refused
    Given an executable file "scripts/pre-commit" containing "#!/bin/sh\nexit 0\n" committed
    And the repository's hook "pre-commit" is a link to its tree's "scripts/pre-commit"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will edit the file "scripts/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "scripts/pre-commit" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/pre-commit' is in scripts/pre-commit"

  Scenario Outline: The model's write into a tree folder .git/hooks links to is refused (<folder>)
    Given an executable file "githooks/pre-commit" containing "#!/bin/sh\nexit 0\n" committed
    And the repository's .git/hooks is a link to its tree's folder "<link>"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file "<hook>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "<hook>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<hook>' is in <folder>"

    Examples:
      | link     | hook                 | folder         |
      | githooks | githooks/post-commit | githooks       |
      | .        | post-commit          | the tree's top |

  Scenario: A hook a sandboxed command plants in a tree folder .git/hooks links to is refused
    Given an executable file "githooks/pre-commit" containing "#!/bin/sh\nexit 0\n" committed
    And the repository's .git/hooks is a link to its tree's folder "githooks"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch x' > githooks/post-commit && chmod +x githooks/post-commit"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'chmod *'" with Claude
    Then the file "githooks/post-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: githooks"

  Scenario: The model's write of a .pth into agents' own venv in the tree is refused
    Given the working tree holds the venv agents runs from
    And Claude will propose the plan "plant" checked by ""
    And Claude will write "zz_planted.pth" into the site-packages of the tree's venv
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'plant'" with Claude through the tree's venv
    Then no file the model wrote stands in the tree's venv
    When I run "agents plan tree" with Claude through the tree's venv
    Then stdout contains "is in .venv, agents' own Python, which the next `agents` runs, outside the sandbox: a model may not change it"

  Scenario: The model's writes ask git for its hooks folder and configs once, not once a write
    Given a nested repository "vendor" whose core.hooksPath ".githooks" holds "pre-commit"
    And no git config of the tree has changed for 2 seconds
    And Claude will propose the plan "many files" checked by ""
    And Claude will write 20 files in one step
    When I run "agents -v plan run 'many files'" with Claude
    Then the exit code is 0
    And the file "f19.txt" contains "19"
    And agents asked git for core.hooksPath at most 1 times
    And agents ran git config at most 8 times

  Scenario: A plan's commands ask git for its hooks folder once each, after it ran
    Given Claude will propose the plan "many commands" checked by ""
    And Claude will run 5 commands in one step
    When I run "agents -v plan run 'many commands' --allow-command 'echo *'" with Claude
    Then the exit code is 0
    And the file "c4.txt" contains "4"
    And agents asked git for core.hooksPath at most 6 times

  Scenario: The model's write into a folder of the tree on agents' import path is refused
    Given agents' import path holds the tree's folder "src"
    And Claude will propose the plan "plant" checked by ""
    And Claude will write the file "src/org/__init__.py"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'plant'" with Claude
    Then the file "src/org/__init__.py" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "path 'src/org/__init__.py' is in src, agents' own Python, which the next `agents` runs"

  Scenario: A sandboxed command cannot write into a folder of the tree on agents' import path
    Given agents' import path holds the tree's folder "src"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "printf 'import os' > src/copyreg_ext.py"
    When I run "agents plan run 'plant' --allow-command 'printf *'" with Claude
    Then the file "src/copyreg_ext.py" does not exist

  # The read-only bind pins the folder, not its name: a folder above it renamed, a new one
  # made in its place would be what the next `agents` imports from. In the command's
  # overlay a folder of the tree cannot be renamed (EXDEV): `mv` copies it and removes the
  # old one, which the bind refuses, so the folder stays (where the overlay cannot be
  # made, the put-back moves it back, `pinned.py`).
  Scenario: A sandboxed command cannot move the folder above agents' import path
    Given agents' import path holds the tree's folder "lib/src"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "mv lib lib2 && mkdir -p lib/src && printf 'import os' > lib/src/sitecustomize.py"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the file "lib/src/sitecustomize.py" does not exist
    And the file "lib/src/myproj/__init__.py" exists
    And the file "lib2/src" does not exist
    And stdout contains "Read-only file system"

  # A folder on agents' import path that is not there yet is on `sys.path` all the same:
  # what a command makes there would run in the next `agents`. One whose folder stands is
  # made for the command's time, empty and read-only: the command cannot make it.
  Scenario: A sandboxed command cannot make a folder on agents' import path
    Given agents' import path holds the tree's folder "src", not there yet
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "{ mkdir -p src && printf 'import os' > src/sitecustomize.py; } 2> said.txt || true"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the file "src" does not exist
    And the file "said.txt" contains "src/sitecustomize.py: Read-only file system"

  # Attack 21 #14: the `src/` I make (or check out) on my host while a command runs is mine,
  # not removed as the command's; the box held the made folder the whole time.
  Scenario: The folder on agents' import path I make while a command runs stays mine
    Given agents' import path holds the tree's folder "src", not there yet
    And Claude will propose the plan "plant" checked by ""
    And I run "echo USERDATA > src/mine.py" in the tree on my host once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      echo waiting
      """
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "src/mine.py" contains "USERDATA"
    And stdout does not contain "import path"

  # My `rmdir` ended the box's hold on it: from then on the command could have written the
  # new one too. Kept whole, off the import path, and said.
  Scenario: The folder on agents' import path I replace while a command runs is moved aside, not removed
    Given agents' import path holds the tree's folder "src", not there yet
    And Claude will propose the plan "plant" checked by ""
    And I run "rmdir src && mkdir src && echo USERDATA > src/mine.py" in the tree on my host once the command signals
    And Claude will run, then signal my git and wait for it:
      """
      echo waiting
      """
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "src" does not exist
    And the file "src.kept-1/mine.py" contains "USERDATA"
    And stdout contains "moved src aside to src.kept-1: new on agents' own import path during the command"

  # Its folder not there (`build`), the box holds nothing: what stands there after the
  # command, the command's or mine, is moved off the import path, never removed.
  Scenario: A sandboxed command that makes a folder on agents' import path has it moved aside
    Given agents' import path holds the tree's folder "build/py", not there yet
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "mkdir -p build/py && printf 'import os' > build/py/sitecustomize.py"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the file "build/py/sitecustomize.py" does not exist
    And the file "build/py.kept-1/sitecustomize.py" contains "import os"
    And stdout contains "moved build/py aside to build/py.kept-1: new on agents' own import path during the command"

  Scenario: Without the overlay, a command that moves the folder above agents' import path gets it back
    Given the environment variable "CLEVERAGENTS_OVERLAY" is "off"
    And agents' import path holds the tree's folder "lib/src"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "mv lib lib2 && mkdir -p lib/src && printf 'import os' > lib/src/sitecustomize.py"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the file "lib/src/sitecustomize.py" does not exist
    And the file "lib/src/myproj/__init__.py" exists
    And the file "lib2/src" does not exist
    And stdout contains "moved back lib/src, which it had moved"
    And stderr contains "commands write straight into the tree: turned off (CLEVERAGENTS_OVERLAY=off)"

  # A link the command would leave where the folder above stood would lead out of the
  # tree: the folder cannot be moved (as above), so no link stands there.
  Scenario: A link left where the folder above agents' import path stood leads nothing out
    Given agents' import path holds the tree's folder "lib/src"
    And a folder "victim" beside the tree holding "src/data.txt"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "mv lib lib2 && ln -s ../victim lib"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the folder "victim" beside the tree still holds "src/data.txt"
    And the file "lib/src/myproj/__init__.py" exists
    And stdout contains "Read-only file system"

  Scenario: A link left on the way to a missing folder of agents' import path leads nothing out
    Given agents' import path holds the tree's folder "build/py", not there yet
    And a folder "victim" beside the tree holding "py/data.txt"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "ln -s ../victim build"
    When I run "agents plan run 'plant' --allow-command '*'" with Claude
    Then the folder "victim" beside the tree still holds "py/data.txt"
    And the file "build" does not exist

  # The hooks folder's put-back writes no hook through a link the command left in its place
  # (into a host folder of the model's choosing), nor fails on one into the tree.
  Scenario Outline: A link left where the hooks folder stood is removed, not written through (<where>)
    Given an executable file ".githooks/pre-push" containing "#!/bin/sh\nexit 0\n" committed
    And the repository's git config sets "core.hooksPath" to ".githooks"
    And a folder "victim" beside the tree holding "keep.txt"
    And Claude will propose the plan "plant" checked by ""
    And Claude will run "mv .githooks gh2 && ln -s <target> .githooks"
    # On the host (`--no-sandbox`): in the sandbox `.githooks` is a mount point, no `mv` moves it.
    When I run "agents plan run 'plant' --allow-command '*' --no-sandbox" with Claude
    Then the exit code is 0
    And the folder "victim" beside the tree holds nothing but "keep.txt"
    And the file ".githooks/pre-push" contains "exit 0"

    Examples:
      | where            | target    |
      | out of the tree  | ../victim |
      | into the tree    | gh2       |

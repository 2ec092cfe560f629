Feature: A put-back that fails on one place still takes back every other
  As a developer whose plan runs commands in a sandbox
  I want what a command planted where my host runs things taken back place by place, one
  failing put-back stopping no other, and what stands in the failed place made inert
  So that a disk error in one `.git` never leaves a planted `git` on my PATH live

  # Attack 26: a RecursionError in one place's put-back stopped the put-back whole; the
  # crash's rollback restores only what a checkpoint holds, so an ignored `.venv/bin/git`
  # and a nested repository's hook the same command planted stayed, and ran on the host.
  # The failure here is injected (`features/support/put_back_fault/sitecustomize.py`).

  @agents_exec
  Scenario Outline: The put-back of <place> fails; every planted file is gone
    Given a git repository with files:
      | path                      | content          |
      | a.txt                     | a\n              |
      | .gitignore                | /.venv/\n        |
      | sub/.claude/settings.json | {"user": true}\n |
    And an ignored file ".venv/bin/activate" containing "# the venv's own\n"
    And the tree's folder ".venv/bin" is first on the user's PATH
    And a nested repository "vendor/lib" with a commit
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: "printf '{\"hooks\":{}}' > sub/.claude/settings.json && printf '#!/bin/sh\\necho >> planted-ran\\n' > .venv/bin/git && printf '#!/bin/sh\\necho >> planted-ran\\n' > vendor/lib/.git/hooks/post-commit && chmod +x .venv/bin/git vendor/lib/.git/hooks/post-commit"
      """
    And the put-back of "<place>" fails with an I/O error
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the file ".venv/bin/git" does not exist
    And the file "vendor/lib/.git/hooks/post-commit" does not exist
    And the file "sub/.claude/settings.json" contains "user"
    And the file ".venv/bin/activate" contains "# the venv's own\n"
    And the user's git, at the top and in "vendor/lib", runs nothing the command planted
    And the exit code is 1
    And stderr contains "note: could not put back <place> (OSError: Input/output error); what the command left there may run on your host"
    And stdout contains "✗ #3  action · run"
    When I run "agents plan undo"
    Then the exit code is 0
    And the file ".venv/bin/git" does not exist
    And the file "sub/.claude/settings.json" contains "user"
    And the file ".venv/bin/activate" contains "# the venv's own\n"

    Examples:
      | place                            |
      | .git                             |
      | the nested .git folders          |
      | .claude folders, folders on PATH |
      | sub/.claude/settings.json        |

  # Review30, 4: a command interrupted (Ctrl-C, SIGTERM) whose put-back then failed on a
  # place said only "interrupted": the place was named nowhere, not on stderr, not in the
  # plan's outcome.
  @agents_exec
  Scenario: The put-back of a command I interrupt fails; the place is named
    Given a git repository with files:
      | path       | content   |
      | a.txt      | a\n       |
      | .gitignore | /.venv/\n |
    And an ignored file ".venv/bin/activate" containing "# the venv's own\n"
    And the tree's folder ".venv/bin" is first on the user's PATH
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: "printf '#!/bin/sh\\necho >> planted-ran\\n' > .venv/bin/git && chmod +x .venv/bin/git && echo > started.txt && sleep 30"
      """
    And the put-back of ".claude folders, folders on PATH" fails with an I/O error
    When I start "agents plan run --script {tmp}/plan.yaml" and interrupt it once "started.txt" exists
    Then the exit code is 130
    And stderr contains "note: could not put back .claude folders, folders on PATH (OSError: Input/output error)"
    And the file ".venv/bin/git" does not exist
    When I run "agents plan show --json"
    Then stdout contains "could not put back .claude folders, folders on PATH"

  # review30 finding 0: a lock the command left beside the config made git's put-back of
  # a setting fail unread; the user's next `git status` ran the model's fsmonitor. A lock
  # file it left is removed first; one that cannot go (a folder) fails the put-back, and
  # the config is then written back through a copy put in its place, never git's lock.
  @agents_exec
  Scenario Outline: A lock the command left beside the git config keeps no setting live
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And a nested repository "vendor/lib" with a commit
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: "git config core.fsmonitor 'echo x >> planted-ran; false'; <lock>"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is <code>
    And <stream> contains "<said>"
    And stdout contains "<then>"
    And the user's git, at the top and in "vendor/lib", runs nothing the command planted
    When I run "agents plan undo"
    Then the exit code is 0
    And the user's git, at the top and in "vendor/lib", runs nothing the command planted

    Examples:
      | lock                   | code | stream | said                                                                                          | then                                                   |
      | touch .git/config.lock | 0    | stdout | removed .git/config.lock: the command left it                                                 | put back git config core.fsmonitor: set by the command |
      | mkdir .git/config.lock | 1    | stderr | note: could not put back git config (GitFailed: git config failed: could not lock config file | wrote core.fsmonitor back into .git/config itself      |

  # What makes a failed place inert may fail too: a planted file that cannot be removed is
  # left with no permission bits (no one can exec it), one that cannot even be changed is
  # named; a config not written back is left with no permission bits, or named to be
  # cleaned by hand; a failure to keep what the command left is named as well.
  @agents_exec
  Scenario Outline: The put-back of <place> fails, and so does <also>
    Given a git repository with files:
      | path       | content   |
      | a.txt      | a\n       |
      | .gitignore | /.venv/\n |
    And the tree's folder ".venv/bin" is first on the user's PATH
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: "git config core.fsmonitor 'echo x >> planted-ran; false' && printf '#!/bin/sh\\necho >> planted-ran\\n' > .venv/bin/git && chmod +x .venv/bin/git"
      """
    And the put-back of "<place>" fails with an I/O error
    And "<fault>" fails with an I/O error too
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "could not put back <place> (OSError: Input/output error)"
    And stdout contains "<said>"
    And the file "<file>" has mode <mode>

    Examples:
      | place                            | also                      | fault                                                             | said                                                                                                                        | file          | mode |
      | .claude folders, folders on PATH | removing what it left     | pathlib:Path.unlink if .venv/bin/git'                             | could not put back .venv/bin/git (OSError: Input/output error); what the command left there may run on your host: look at it before you run git or Claude Code in this tree; `agents plan undo` puts the files back as before the run; it is left with no permission bits: nothing runs it | .venv/bin/git | 000  |
      | .claude folders, folders on PATH | removing or changing it   | pathlib:Path.unlink if .venv/bin/git'; os:chmod if .venv/bin/git' | could not put back .venv/bin/git (OSError: Input/output error); what the command left there may run on your host: look at it before you run git or Claude Code in this tree; `agents plan undo` puts the files back as before the run; put back git config core.fsmonitor | .venv/bin/git | 755  |
      | .claude folders, folders on PATH | keeping what it left      | cleveragents.adapters.git.saved_files:FileSaver.hash_files        | could not put back what the command left in .claude folders, folders on PATH (OSError: Input/output error)                | .venv/bin/git | 755  |
      | git config                       | writing the config back   | os:replace if .git/config.cleveragents-                           | left .git/config with no permission bits (writing core.fsmonitor back failed: [Errno 5] Input/output error); remove core.fsmonitor from it, then `chmod 644 .git/config`: until then git refuses it | .git/config   | 000  |
      | git config                       | writing it or changing it | os:replace if .git/config.cleveragents-; os:chmod if .git/config' | could not make .git/config inert (Input/output error): remove core.fsmonitor from it                                      | .git/config   | 644  |

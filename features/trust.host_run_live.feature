Feature: What my host runs never holds the model's bytes, not even while its command runs
  As a developer whose dotfiles repository holds what ~/.bashrc links to
  I want a sandboxed command's writes to the files my host runs kept out of my tree while
  it runs, not only put back when it ends
  So that a shell I open meanwhile sources nothing the model wrote

  Background:
    Given a git repository with files:
      | path   | content                                     |
      | bashrc | [ -f ~/dot/local.sh ] && . ~/dot/local.sh\n |
    And the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude answers through a stand-in server

  Scenario: A shell started while the command sleeps runs neither its bashrc nor its new local.sh
    # The command writes the startup file and the file it sources, not there yet, then
    # sleeps: the shells started meanwhile, outside the sandbox, source both.
    Given a shell outside the sandbox starts every 50 ms, reading "note.txt" of the tree
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch bashrc-ran' >> bashrc; printf 'touch local-ran' > local.sh; echo sleeping > note.txt; sleep 2"
    When I run "agents plan run 'dots' --allow-command 'printf *' --allow-command 'echo *' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And the shell outside the sandbox read "sleeping" while the command ran, and ran nothing
    And the file "bashrc" does not contain "ran"
    And the file "local.sh" does not exist

  Scenario: A nested repository's hooks are read-only while the command runs
    # The user's `git commit` in `sub` meanwhile would run the model's pre-commit hook.
    Given a nested repository "sub" whose hook "pre-commit" holds "#!/bin/sh\nexit 0\n"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch hook-ran' >> sub/.git/hooks/pre-commit && echo wrote > wrote.txt; printf 'x' > sub/.git/hooks/post-commit && echo wrote >> wrote.txt; echo done > note.txt"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'echo *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "wrote.txt" does not exist

  Scenario: My own save of bashrc, in place while the command runs, stays mine
    # The box held bashrc read-only the whole command: what changed there is the host's.
    Given the user saves "bashrc" in place with the line "# USER EDIT" while the command waits
    And Claude will propose the plan "save" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'save' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "bashrc" contains "# USER EDIT"
    And stdout does not contain "put back bashrc"

  Scenario: My editor's save of bashrc during the command ends the box's hold, and I am told
    # A rename over a bound file detaches the box's mount on the host's side only: the box
    # writes into its overlay, where the hold stands, so the model's append never reaches
    # the file; the put-back takes my save away, kept in a commit.
    Given the user saves "bashrc" by renaming a copy over it with the line "# USER EDIT" while the command waits
    And Claude will propose the plan "save" checked by ""
    And Claude will run "echo started > go; cat done; echo '# MODEL' >> bashrc; echo finished > note.txt"
    When I run "agents plan run 'save' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And stdout contains "bashrc was replaced on the host during the command (the box's hold on it ended then): put back to the checkpoint; the version that stood is kept in commit"
    And the file "bashrc" does not contain "# USER EDIT"
    And the file "bashrc" does not contain "# MODEL"
    And "bashrc" of the side commit the outcome names holds "# USER EDIT"


  Scenario: A file I put in place of a made one during the command is taken out, and I am told
    # `local.sh`, not there, is made for the command's time; my `rm` ends the box's bind,
    # so the model could write my new file since: removed as new, said so, its bytes kept.
    Given the user runs "rm -f local.sh; echo '# USER FILE' > local.sh" in the tree while the command waits
    And Claude will propose the plan "made" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'made' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And stdout contains "local.sh was replaced on the host during the command (the box's hold on it ended then): removed, as the checkpoint has none; the version that stood is kept in commit"
    And stdout does not contain "what the command wrote there"
    And "local.sh" of the side commit the outcome names holds "# USER FILE"


  Scenario: My own .claude made anew during the command is kept, never removed
    # The box pins `.claude` read-only; my `mv` of it and my new one are the host's (attack
    # 21 #14: what I put there was removed, in no commit). The bind ended with my `mv`, so
    # the model could write my new folder since: it is moved aside, not left where it runs.
    Given a plain file ".claude/settings.json" containing "{}\n" committed
    And the user runs "mv .claude .claude-old && mkdir .claude && echo USERDATA > .claude/settings.local.json" in the tree while the command waits
    And Claude will propose the plan "mine" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'mine' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file ".claude.kept-1/settings.local.json" contains "USERDATA"
    And the file ".claude/settings.json" contains "{}"
    And stdout contains ".claude was replaced on the host during the command (the box's hold on it ended then): put back as it was; what stood there is kept as .claude.kept-1"

  Scenario: What I push into a bare repository of the tree during the command stays there
    # The box held the bare repository read-only: its new objects and branch are mine.
    Given the tree holds a bare clone "remote.git" of itself, its remote "local"
    And the user pushes a commit as "x1" to "local" while the command waits
    And Claude will propose the plan "push" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'push' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the bare repository "remote.git" has the branch "x1"
    And stdout does not contain "remote.git"

  Scenario: My edit of a nested repository's hook while the command runs stays mine
    # Its hooks folder is bound read-only: what changed in it meanwhile is mine.
    Given a nested repository "sub" whose hook "pre-commit" holds "#!/bin/sh\nexit 0\n"
    And the user saves "sub/.git/hooks/pre-commit" in place with the line "# USER EDIT" while the command waits
    And Claude will propose the plan "hook" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'hook' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "sub/.git/hooks/pre-commit" contains "# USER EDIT"
    And stdout does not contain "put back sub"

  Scenario: My git config of a nested repository during the command stays mine
    # git writes a config anew and renames it over: the box's read-only copy over it is gone,
    # but the nested `.git` is read-only whole in the box, so what stands there is mine.
    Given a nested repository "sub" whose hook "pre-commit" holds "#!/bin/sh\nexit 0\n"
    And the user runs "git -C sub config user.name me" in the tree while the command waits
    And Claude will propose the plan "config" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'config' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "sub/.git/config" contains "name = me"
    And stdout does not contain "sub/.git/config was replaced"
    And stdout does not contain "put back sub/.git"

  Scenario: A held file the command wrote through another name of it is never written
    # The box holds bashrc read-only, but not alias.txt, the same file under another name:
    # the command writes a copy of it in its overlay, applied as a file of its own.
    Given "alias.txt" of the tree is another name of its "bashrc"
    And Claude will propose the plan "alias" checked by ""
    And Claude will run "printf 'touch model-ran' >> alias.txt; echo finished > note.txt"
    When I run "agents plan run 'alias' --allow-command 'printf *' --allow-command 'echo *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "alias.txt" contains "model-ran"
    And the file "bashrc" does not contain "model-ran"

  Scenario: My own line added to .git/info/exclude while the command runs stays mine
    # The box binds .git read-only the whole command: what changed there is the host's, not
    # put back (and lost) as the command's.
    Given the user runs "echo mine.log >> .git/info/exclude" in the tree while the command waits
    And Claude will propose the plan "exclude" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'exclude' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file ".git/info/exclude" contains "mine.log"
    And stdout does not contain "put back .git/info/exclude"

  Scenario: My own git config setting made while the command runs stays mine
    # The box binds .git read-only the whole command: a setting that changed there is the
    # host's (the user's `git config` meanwhile), not put back as the command's.
    Given the user runs "git config core.editor mine-editor" in the tree while the command waits
    And Claude will propose the plan "config" checked by ""
    And Claude will run "echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'config' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file ".git/config" contains "mine-editor"
    And stdout does not contain "put back git config"

  Scenario Outline: A .git the command makes in my folder is never in my tree, not even while it runs
    # Attack 27 F1: my own git in docs/ meanwhile ran the model's fsmonitor on the host. The
    # command writes into an overlay of the tree: its new .git, which runs something, is
    # left out when the overlay is applied, kept in a commit.
    Given a plain file "docs/d.md" containing "d\n" committed
    And the user runs "test -e docs/.git && echo seen > seen.txt; git -C docs status --short >/dev/null 2>&1" in the tree while the command waits
    And Claude will propose the plan "nest" checked by ""
    And Claude will run "<made> && echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'nest' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "note.txt" exists
    And the file "docs/ran" does not exist
    And the file "seen.txt" does not exist
    And the file "docs/.git" does not exist
    And stdout contains "left out of the tree: docs/.git"

    Examples:
      | made                                                                                                                                                               |
      | git init -q docs && git -C docs config core.fsmonitor 'touch ran; false'                                                                                           |
      | git init -q --bare gd && git --git-dir=gd config core.bare false && git --git-dir=gd config core.fsmonitor 'touch ran; false' && echo 'gitdir: ../gd' > docs/.git |

  Scenario: A folder of mine the command makes a git directory runs nothing, not even while it runs
    # git takes a folder with a HEAD, objects/ and refs/ for a git directory: my `git st` in
    # docs/ meanwhile ran the model's alias. Its config is left out when the overlay is applied.
    Given a plain file "docs/d.md" containing "d\n" committed
    And the user runs "git -C docs st >/dev/null 2>&1; true" in the tree while the command waits
    And Claude will propose the plan "shape" checked by ""
    And Claude will run "mkdir -p docs/objects docs/refs && echo 'ref: refs/heads/main' > docs/HEAD && printf '[alias]\n\tst = !touch ran\n' > docs/config && echo started > go; cat done; echo finished > note.txt"
    When I run "agents plan run 'shape' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "docs/ran" does not exist
    And the file "note.txt" exists
    And the file "docs/config" does not exist
    And stdout contains "left out of the tree: docs/config (makes docs a git directory, its config names alias.st)"

  Scenario: What I save while the command runs stays mine; where we both wrote, mine is kept
    # Attack 27 F2: the tree was shared, so my edits counted as the command's. The command
    # writes into an overlay now: my new file is untouched, and my edit of the file it
    # writes after me is kept in a commit the outcome names.
    Given a plain file "shared.txt" containing "first\n" committed
    And the user runs "echo 'my edit' >> shared.txt; echo 'my work' > mine.txt" in the tree while the command waits
    And Claude will propose the plan "both" checked by ""
    And Claude will run "echo started > go; cat done; echo model > shared.txt; echo finished > note.txt"
    When I run "agents plan run 'both' --allow-command 'echo *' --allow-command 'cat *'" with Claude
    Then the exit code is 0
    And the file "mine.txt" contains "my work"
    And the file "shared.txt" contains "model"
    And "shared.txt" of the side commit the outcome names holds "my edit"
    When I run "agents plan tree --json" with Claude
    Then a decision of the plan tree wrote "note.txt shared.txt"
    # An undo of the run takes back the command's own changes, never my new file.
    When I run "agents plan undo 1" with Claude
    Then the exit code is 0
    And the file "mine.txt" contains "my work"
    And the file "note.txt" does not exist

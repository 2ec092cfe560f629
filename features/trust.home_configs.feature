Feature: What my home's own configs and linked programs run from my tree is kept from the model
  As a developer whose home's `~/.ssh/config`, `~/.vimrc`, `~/.tmux.conf` or `~/.inputrc`
  includes a file of my dotfiles tree, whose `~/bin` links to a program of a project, or
  who installed a project editable into my home
  I want what those run on the host put back when a sandboxed command changes it
  So that my next `ssh`, `vim` or `tool` runs nothing the model wrote

  Background:
    Given a git repository with files:
      | path      | content            |
      | notes.txt | n\n                |
      | extra.sh  | export EDITOR=vi\n |
    And Claude answers through a stand-in server

  Scenario: What a program my ~/bin links to in the tree runs beside it is put back
    # `~/bin/tool -> proj/scripts/tool`, which runs its sibling `impl.py` (which imports
    # from its folder): the model's line there would run at my next `tool`.
    Given an executable file "scripts/tool" containing "#!/bin/sh\nexec python3 "$(dirname "$(readlink -f "$0")")/impl.py" "$@"\n" committed
    And a plain file "scripts/impl.py" containing "import helper\n" committed
    And the user's home links "bin/tool" to the tree's "scripts/tool"
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch planted-ran' >> scripts/impl.py && printf 'x' > scripts/helper.py && printf 'x' > notes"
    When I run "agents plan run 'dots' --allow-command 'printf *'" with Claude
    Then the file "scripts/impl.py" does not contain "planted-ran"
    And the file "scripts/helper.py" does not exist
    And the file "notes" exists

  Scenario: What my .bashrc's function sources is read at its calls, and a system $(cmd) path is not my tree
    # `source_if_exists ~/dotfiles/x.sh` sources that file (and only it); `$(uname -m)`
    # prints what the system holds, outside my home: neither keeps the whole tree.
    Given the tree lies in the user's home at "dotfiles"
    And the user's own ".bashrc" in their home holds "source_if_exists() {\n  [ -f \"$1\" ] && . \"$1\"\n}\nsource_if_exists ~/dotfiles/extra.sh\n. \"$(uname -m)/completion.sh\"\n"
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch planted-ran' >> extra.sh && printf 'x' >> notes.txt"
    When I run "agents plan run 'dots' --allow-command 'printf *'" with Claude
    Then the file "extra.sh" does not contain "planted-ran"
    And the file "notes.txt" contains "x"
    And stderr does not contain "every file of the tree counts as your home's"

Feature: A link on the way to what my hooks run is kept as it was
  As a developer whose hook runs `scripts/check.sh` where `scripts` is a committed link
  I want a sandboxed command that re-points such a link undone
  So that my next `git commit` runs nothing the model planted behind a new target

  Background:
    Given a git repository with files:
      | path           | content   |
      | a.txt          | a\n       |
      | tools/check.sh | exit 0\n  |
    And a symlink "scripts" pointing to "tools" committed
    And Claude answers through a stand-in server

  Scenario Outline: A committed folder link re-pointed to what a command wrote before comes back (<case>)
    # The first command writes alt/check.sh while nothing runs it; the second re-points
    # `scripts` to alt, so git would run the first one's file as scripts/check.sh.
    Given <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run two commands, "mkdir -p alt && printf 'touch hook-ran' > alt/check.sh" then "<relink>"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'mkdir *' --allow-command 'ln *' --allow-command 'rm *'" with Claude
    Then the file "scripts/check.sh" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back scripts: a link on the way to what runs on the host, <how> by the command"
    When the user commits everything with git
    Then the file "hook-ran" does not exist

    Examples:
      | case                | setup                                                                            | relink             | how        |
      | a hook's script     | the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n" | ln -sfn alt scripts | re-pointed |
      | a git config program | the repository's git config sets "diff.t.textconv" to "sh scripts/check.sh"     | ln -sfn alt scripts | re-pointed |
      | removed and made anew | the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n" | rm scripts && ln -s alt scripts | re-pointed |

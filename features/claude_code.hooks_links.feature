Feature: A repository install of the Claude Code hooks stays in the repository
  As a developer who clones a repository and records my own Claude Code sessions in it
  I want `agents hooks install claude-code` to refuse a committed link leading elsewhere
  So that a repository install never edits my own ~/.claude settings or another file

  Scenario Outline: A link out of the repository on the way to the settings is refused
    Given a git repository
    And outside the repository the file "claude/settings.json" holds "{}"
    And the repository's "<link>" is a link to "<target>" outside it
    When I run "agents hooks <command> claude-code"
    Then the exit code is 2
    And stderr is one line containing "leads out of the repository"
    And outside the repository the file "claude/settings.json" still holds "{}"
    And outside the repository there is no file "claude/settings.local.json"

    Examples:
      | link                        | target               | command   |
      | .claude/settings.local.json | claude/settings.json | install   |
      | .claude/settings.local.json | claude/settings.json | uninstall |
      | .claude                     | claude               | install   |

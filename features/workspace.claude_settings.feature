Feature: A model's file actions never change what Claude Code runs
  As a developer who lets a model write files in my working tree
  I want its write, edit and delete refused where Claude Code takes hooks or permissions
  So that my next `claude` runs nothing of the model's, outside the sandbox

  # A real repository with the user's own `sub/.claude` (settings, a hook, CLAUDE.md) and
  # the real workspace environment; a model's action comes with its plan's confinement, a
  # plan file's (written by a person) without.

  Scenario Outline: A model's <kind> of <path> is refused
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link "cfg" to "sub/.claude"
    And the user's tree also has the link "hook.sh" to "sub/.claude/hooks/fmt.sh"
    When the model's action "<kind>" is applied to "<path>"
    Then the action is refused, naming "<path>", and every file Claude Code runs is as it was

    Examples:
      | kind   | path                           |
      | write  | .claude/settings.json          |
      | write  | sub/.claude/settings.local.json |
      | write  | other/.CLAUDE/hooks/start.sh   |
      | edit   | sub/.claude/settings.json      |
      | delete | sub/.claude/settings.json      |
      | write  | cfg/settings.json              |
      | edit   | hook.sh                        |
      | write  | sub/.claude/skills/s/SKILL.md  |
      | write  | .claude/scheduled_tasks.json   |
      | write  | .claude/loop.md                |
      | write  | sub/.claude/workflows/deploy.js |
      | write  | .claude/routines/r.json        |
      | write  | .claude/launch.json            |
      | write  | .claude/output-styles/terse.md |
      | write  | .claude/commands/ship.md       |
      | write  | sub/.claude/agents/rev.md      |

  Scenario Outline: A model's <kind> of <path>, where a .claude or .mcp.json link of the tree leads, is refused
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "tools/claude/README" holding "readme"
    And the user's tree also has the file "tools/mcp.json" holding "{}"
    And the user's tree also has the link ".claude" to "tools/claude"
    And the user's tree also has the file "deep/README" holding "deep"
    And the user's tree also has the link "deep/.mcp.json" to "../tools/mcp.json"
    When the model's action "<kind>" is applied to "<path>"
    Then the action is refused, naming "<path>", and every file Claude Code runs is as it was

    Examples:
      | kind   | path                             |
      | write  | tools/claude/settings.json       |
      | write  | tools/claude/hooks/x.sh          |
      | write  | tools/mcp.json                   |
      | edit   | tools/mcp.json                   |

  Scenario Outline: A model's <kind> of <path>, where a link inside a .claude leads, is refused
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the file "docs/s/SKILL.md" holding "x"
    And the user's tree also has the file "tools/rev.md" holding "x"
    And the user's tree also has the link "sub/.claude/skills" to "../../docs"
    And the user's tree also has the link "sub/.claude/commands" to "../../tools"
    When the model's action "<kind>" is applied to "<path>"
    Then the action is refused, naming "<path>", and every file Claude Code runs is as it was

    Examples:
      | kind   | path            |
      | write  | docs/s/SKILL.md |
      | write  | docs/t/SKILL.md |
      | edit   | tools/rev.md    |

  Scenario: A model's write of the tree's top settings.json is refused where .claude links to the top
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link ".claude" to "."
    When the model's action "write" is applied to "settings.json"
    Then the action is refused, naming "settings.json", and every file Claude Code runs is as it was

  Scenario Outline: A <who>'s <kind> of <path> is done
    Given a working tree whose sub folder has the user's own .claude
    When the <who>'s action "<kind>" is applied to "<path>"
    Then the action is done

    Examples:
      | who       | kind  | path                   |
      | model     | write | sub/.claude/CLAUDE.md  |
      | model     | write | sub/claude/settings.json |
      | plan file | write | .claude/settings.json  |

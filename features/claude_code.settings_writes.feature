Feature: Claude Code's own writes never change what Claude Code runs
  As a developer who lets `agents plan run --actor claude-code` work in my working tree
  I want its Write, Edit, MultiEdit and NotebookEdit calls into Claude Code's settings, hooks,
  commands, skills and agents refused, as our own model's writes are
  So that my next `claude` runs nothing the model planted there

  # The pure rule our PreToolUse hook applies (`domain/tool_effects.py`), on a real folder
  # whose links the file system resolves: `sub/.claude` is the user's own, `cfg` links to
  # it, `hook.sh` to its hook, `up` to `sub`. TREE stands for the tree's absolute path.

  Background:
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link "cfg" to "sub/.claude"
    And the user's tree also has the link "hook.sh" to "sub/.claude/hooks/fmt.sh"
    And the user's tree also has the link "up" to "sub"

  Scenario Outline: Claude Code's <tool> of <path> is refused
    Then Claude Code's "<tool>" of "<path>" is refused, naming it

    Examples:
      | tool         | path                                     |
      | Write        | .claude/settings.json                    |
      | Write        | TREE/.claude/settings.local.json         |
      | Edit         | sub/.claude/settings.json                |
      | MultiEdit    | other/.CLAUDE/hooks/start.sh             |
      | Write        | .claude/skills/x/SKILL.md                |
      | Write        | a/b/.claude/commands/deploy.md           |
      | Write        | .Claude./Agents/reviewer.md              |
      | NotebookEdit | .claude/skills/n.ipynb                   |
      | Write        | sub/./x/../.claude/settings.json         |
      | Write        | cfg/settings.json                        |
      | Edit         | hook.sh                                  |
      | Write        | up/.claude/skills/s/SKILL.md             |
      | Write        | TREE/../home/.claude/settings.json       |

  Scenario Outline: Claude Code's <tool> of <path> goes ahead
    Then Claude Code's "<tool>" of "<path>" goes ahead

    Examples:
      | tool  | path                     |
      | Write | sub/.claude/CLAUDE.md    |
      | Write | sub/claude/settings.json |
      | Write | settings.json            |
      | Edit  | cfg/CLAUDE.md            |
      | Read  | .claude/settings.json    |
      | Write | TREE/../home/notes.md    |

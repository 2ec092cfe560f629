Feature: Which names Claude Code opens as .claude, and what in it runs something
  As a developer whose tree may be checked out on macOS or Windows too
  I want every name a disk opens as `.claude` looked at, and every file there that runs
  a command or grants a permission
  So that no spelling of the folder lets a command's settings through

  Scenario Outline: "<name>" is Claude Code's folder: <answer>
    Then the folder name "<name>" is Claude Code's folder: <answer>

    Examples:
      | name               | answer |
      | .claude            | yes    |
      | .CLAUDE            | yes    |
      | .Claude            | yes    |
      | .cla<U+200C>ude    | yes    |
      | <U+FEFF>.claude    | yes    |
      | .claude.           | yes    |
      | .claude<U+0020>    | yes    |
      | claude             | no     |
      | .claudex           | no     |
      | .claude.d          | no     |
      | ..                 | no     |

  Scenario Outline: "<path>" in a .claude runs or permits something: <answer>
    Then the path "<path>" in a .claude runs or permits something: <answer>

    Examples:
      | path                    | answer |
      | settings.json           | yes    |
      | settings.local.json     | yes    |
      | Settings.JSON           | yes    |
      | hooks/format.sh         | yes    |
      | commands/deploy.md      | yes    |
      | skills/s/SKILL.md       | yes    |
      | agents/reviewer.md      | yes    |
      | CLAUDE.md               | no     |
      | rules/style.md          | no     |
      | output-styles/terse.md  | yes    |
      | loop.md                 | yes    |
      | workflows/deploy.js     | yes    |
      | routines/nightly.json   | yes    |
      | launch.json             | yes    |
      | scheduled_tasks.json    | yes    |

Feature: Claude Code's own writes never change what Claude Code or git runs
  As a developer who lets `agents plan run --actor claude-code` work in my working tree
  I want its Write, Edit, MultiEdit and NotebookEdit calls into Claude Code's settings, hooks,
  commands, skills and agents, into any `.mcp.json` and into any `.git` refused, as our own
  model's writes are
  So that my next `claude` or `git` runs nothing the model planted there

  # The pure rule our PreToolUse hook applies (`domain/tool_effects.py`), on a real folder
  # whose links the file system resolves: `sub/.claude` is the user's own, `cfg` links to
  # it, `hook.sh` to its hook, `up` to `sub`, `g` to the tree's `.git`. TREE stands for the
  # tree's absolute path.

  Background:
    Given a working tree whose sub folder has the user's own .claude
    And the user's tree also has the link "cfg" to "sub/.claude"
    And the user's tree also has the link "hook.sh" to "sub/.claude/hooks/fmt.sh"
    And the user's tree also has the link "up" to "sub"
    And the user's tree also has the link "g" to ".git"
    And the user's tree also has the link "hk" to "sub/.claude/hooks"

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
      | Write        | .claude/launch.json                      |
      | Write        | sub/.claude/routines/r.json              |
      | Write        | TREE/../home/.claude/settings.json       |
      | Write        | .mcp.json                                |
      | Edit         | sub/.mcp.json                            |
      | Write        | TREE/a/.MCP.json                         |
      | Write        | hk/../settings.json                      |

  Scenario Outline: Claude Code's <tool> of <path>, where a .claude or .mcp.json link of the tree leads, is refused
    Given the user's tree also has the file "tools/claude/README" holding "readme"
    And the user's tree also has the link "other/.claude" to "../tools/claude"
    And the user's tree also has the link ".mcp.json" to "tools/mcp.json"
    Then Claude Code's "<tool>" of "<path>" is refused, naming it

    Examples:
      | tool         | path                                     |
      | Write        | tools/claude/settings.json               |
      | Edit         | TREE/tools/claude/settings.local.json    |
      | Write        | tools/claude/hooks/x.sh                  |
      | Write        | tools/mcp.json                           |
      | Edit         | ./tools/mcp.json                         |

  Scenario Outline: Claude Code's <tool> of <path>, in a .git, is refused
    Then Claude Code's "<tool>" of "<path>" is refused as git's own, naming it

    Examples:
      | tool         | path                          |
      | Write        | .git/hooks/pre-commit         |
      | Write        | ./x/../.git/config            |
      | Edit         | TREE/.git/config              |
      | MultiEdit    | .GIT/hooks/post-checkout      |
      | Write        | .git./hooks/pre-commit        |
      | Write        | sub/vendor/.git/config        |
      | NotebookEdit | .git/objects/ab/cdef.ipynb    |
      | Write        | g/hooks/pre-push              |
      | Write        | .git                          |
      | Write        | TREE/../other/.git/config     |

  Scenario Outline: Claude Code's <tool> of <path>, in a git directory of another name, is refused
    Given the user's tree also keeps git directories under other names
    Then Claude Code's "<tool>" of "<path>" is refused as in a git directory <why>

    Examples:
      | tool         | path                        | why                                 |
      | Write        | mirror/hooks/post-update    | (it holds HEAD, objects/ and refs/) |
      | Write        | vstore/config               | (named by a .git file)              |
      | Edit         | TREE/lstore/hooks/pre-push  | (named by a .git file)              |
      | MultiEdit    | linked/.././lstore/config   | (named by a .git file)              |
      | Write        | half/refs/heads/main        | (it holds HEAD, objects/ and refs/) |
      | NotebookEdit | mirror/x/../info/n.ipynb    | (it holds HEAD, objects/ and refs/) |
      | Write        | shared/config               | (named by a commondir file)         |
      | Write        | taken/hooks/pre-commit      | (it holds HEAD, objects/ and refs/) |
      | Write        | pointer/commondir           | (it holds HEAD, and a commondir names objects/ and refs/) |

  Scenario Outline: Claude Code's <tool> of <path>, beside git directories of other names, goes ahead
    Given the user's tree also keeps git directories under other names
    Then Claude Code's "<tool>" of "<path>" goes ahead

    Examples:
      | tool  | path                  |
      | Write | odd/notes.txt         |
      | Write | half/info/exclude     |
      | Write | plain/README          |
      | Write | wt/README             |
      | Write | vendor/lib/src.py     |
      | Write | tools/objects/x.py    |
      | Write | notes/HEAD            |
      | Write | pointer/notes.txt     |
      | Write | odd/commondir         |

  Scenario: Writes at random paths in and beside git directories of other names
    When Claude Code writes at random paths in and beside git directories of other names
    Then each write into one is refused as git's own, and each beside them goes ahead

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
      | Write | .gitignore               |
      | Write | .github/workflows/ci.yml |
      | Edit  | sub/x.git/config         |
      | Write | git/hooks/pre-commit     |

  Scenario: A refused path's control characters are shown escaped
    Then Claude Code's "Write" of ".git/hooks/ESC[2Jpre-commit" is refused, shown as ".git/hooks/\x1b[2Jpre-commit"

Feature: No write of Claude Code's lands where Claude Code takes its settings, or in a .git
  As a developer who lets `agents plan run --actor claude-code` write in my working tree
  I want every Write, Edit, MultiEdit or NotebookEdit that would land in a `.claude` setting,
  a `.mcp.json` or a `.git` refused, whatever the path's case, `.` and `..`, links or
  absolute form
  So that my next `claude` or `git` runs nothing the model planted

  # Each example: a random path (links into the user's `sub/.claude` and `.git`, a
  # `.claude` and a `.mcp.json` link to ordinarily named places, `.claude`
  # and `.git` in any case and with trailing dots, `.` and `..`, relative or absolute)
  # written for real; where the file landed is found by its inode in a walk that follows
  # no link. If that place is one Claude Code runs or takes permissions from, or in a
  # `.git`, the hook's rule must have refused the call.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every write landing in a .claude setting or a .git is refused
    When Claude Code's writes land at random places of a tree with links
    Then every write that lands where Claude Code or git takes settings was refused

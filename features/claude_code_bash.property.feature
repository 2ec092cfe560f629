Feature: Claude Code's Bash calls leave no .git or .claude setting behind
  As a developer who lets Claude Code run commands in my working tree
  I want every `.git` and `.claude` setting its Bash calls plant put back or removed
  So that my next `git status` or `claude` runs nothing of the model's choosing

  # Each example: one to three Bash calls of the real Claude Code under the real `agents
  # plan run --actor claude-code`, or in a session the user runs recorded by the installed
  # hooks, each planting a nested repository with core.fsmonitor, a `.git` file, `.claude`
  # settings, a hook in `.git/hooks`, a `.mcp.json`, core.hooksPath or core.fsmonitor in
  # the repository's own config, or nothing, failing or not
  # (features/support/claude_code_bash_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (3 by default: each runs Claude
  # Code); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the Bash calls plant, and whether they fail, nothing is left
    When random Bash calls of Claude Code plant .git and .claude settings
    Then nothing they planted is left, and each call's outcome names it

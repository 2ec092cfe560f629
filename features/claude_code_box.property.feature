Feature: Claude Code's allowed Bash commands run in the sandbox, exactly as written
  As a developer who lets Claude Code run commands in my working tree
  I want its allowed Bash commands to run where agents runs its own actor's, `.git` read-only
  So that no command it runs changes my HEAD, branches, stash, index or config

  # Each example: one to four allowed Bash calls of the real Claude Code under the real
  # `agents plan run --actor claude-code`: git commands that would change the user's git
  # state, or commands writing random text (quoted, or in a here-document) and exiting
  # with a random code (features/support/claude_code_box_property.py); then `agents plan
  # undo` puts the tree back as before the run, what a last failing call wrote too.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (2 by default: each runs Claude
  # Code); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the allowed commands do, git's state stays and text arrives exactly
    When random allowed Bash calls of Claude Code run in the sandbox
    Then the user's git state is unchanged and each command ran exactly as written

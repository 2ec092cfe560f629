Feature: Every `!` line Claude Code would run from a skill is read
  As a developer whose project's skills and slash commands hold `` !`cmd` `` lines and
  ```` ```! ```` blocks, which Claude Code runs on the host when they are used
  I want every one of those lines found, whatever Markdown surrounds it
  So that the tree script each runs is kept from the model

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  # The reference is Claude Code 2.1.332's own reader: its two regular expressions and its
  # blanking of ordinary code spans, applied as it applies them. trust.claude_programs.feature
  # shows the same with the real `agents` command.
  Scenario: A random skill's `!` lines are those Claude Code finds, and their scripts are kept
    When random skills are written into a real tree's .claude and read
    Then every `!` line Claude Code finds was found, and each script one runs is a host-run place

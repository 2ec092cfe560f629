Feature: A correction's journal names what Claude Code's Write or Edit leaves, before it runs
  As someone whose correction was killed just after Claude Code's Edit or Write wrote a file
  I want the journal to have named the bytes that call leaves there, before it ran
  So that settling the correction puts that file back, not keeps it as if I had edited it

  # Each example: a random file (any text, `\n` or `\r\n` line ends, or bytes that are no
  # UTF-8), a random Edit of it (a part found once, or everywhere with replace_all, as
  # Claude Code requires; the model sees `\n` line ends and Claude Code writes them back as
  # the file had them) and a random Write. What the edit or the write leaves must be among
  # what the journal names (`domain/tool_writes.left_by`), each entry judged by the blob id
  # the real `git hash-object` gives those bytes; an Edit whose part is not in the file
  # (Claude Code refuses it) names nothing. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many
  # examples (100 by default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed
  # printed on stderr.

  Scenario: Every Write and Edit Claude Code makes is named by the journal before it runs
    When random Edit and Write calls of Claude Code are journaled before they run
    Then what each call leaves in its file is named by an entry of the journal

  # The rule's model of Claude Code held against the real one (the stand-in Messages API
  # asks it for an Edit whose part spans a line's end, and a Write, in `\r\n` files).
  Scenario: What the real Claude Code's Edit and Write leave in \r\n files is named
    When the real Claude Code edits and writes files with \r\n line ends in a run
    Then what its Edit and its Write left is named by an entry of the journal

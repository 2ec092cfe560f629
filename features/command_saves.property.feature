Feature: What a command deletes or changes of ignored files, nested repositories and modes comes back
  As a developer whose plan runs commands such as `rm -rf .env build vendor/lib` or `chmod 600 x`
  I want a restore to the checkpoint before the command to bring back every byte and mode
  So that a command is as undoable as the agent's own `delete:` actions

  # Each example: a real git repository with committed files of random modes and ignored
  # files and folders of random bytes, modes and links, and maybe a nested repository with
  # commits, packed refs, a stash, untracked and ignored files (untracked `lib/`, or
  # `build/dep/` inside an ignored folder), and folders that stand empty, of random modes
  # (`uploads/2024` in a 1777 `uploads`, `logs`); a random shell command (rm -rf, truncate,
  # append, chmod, mv, ln -s, a folder where a file was, a file written into an empty
  # folder; of the nested repository's `.git`, config, refs and index too) run by the real
  # workspace environment, maybe after the agent's own writes into the empty folders.
  # Before it the real GitCheckpoints saves the ignored files and nested repositories and
  # notes the modes; after it, records what changed; a restore of the checkpoint before,
  # with that record (as `agents plan undo` does), must give back every path that existed
  # before it: bytes, mode, link target; and every folder that stood empty, with its mode.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A restore to before a random command gives back every unrecorded byte and every mode
    When random commands change ignored files and modes, and the checkpoint before is restored
    Then every path that existed before the command is back, byte for byte, with its mode

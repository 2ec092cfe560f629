Feature: A save names folders inside the folders it saves whole, and lists each folder once
  As a developer whose plan ran a command that made a folder 1,100 levels deep
  I want `agents plan undo` of it to save that folder in seconds, and exactly
  So that the undo brings back the exact state without walking the folder once per level

  # The undo of such a command saves each folder the command made (1,101 paths, one inside
  # the other): each was walked whole, the deepest listed 1,101 times, 606,651 listings in
  # all, over ten minutes. Now each outermost folder is walked once, and what a folder
  # inside it holds is read from that walk.
  # The property: random trees of folders, files (modes 600, 755), links to files and to
  # folders, FIFOs and files where a folder on the way would be; a random set of paths in
  # them (nested, not there, through a link) saved at once gives the record of each path
  # saved alone, put together (files, bytes, modes, absent paths), and lists no folder
  # twice. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A save of random nested paths is the saves of each path alone, each folder listed once
    When random nested paths are saved at once and each alone
    Then the saves hold the same files and absent paths, and no folder was listed twice

  Scenario: A save of each folder of one 300 levels deep lists each folder once
    When each folder of one 300 levels deep with a file at the bottom is saved
    Then the save listed 301 folders, one per folder

  # A restore (and an undo) made the folders on the way to a file it writes with
  # `os.makedirs`, which called itself once per missing folder: at about 1,000 levels it
  # raised RecursionError, the undo was rolled back (exit 70), and a user's deep folder a
  # full-scope correction removed never came back (attack 31, F10). The property: one to
  # three files, links or executables at random depths (a few levels, or 1,000 to 1,100),
  # some of their way standing already, are written as `git checkout-index` writes them
  # (kinds, permission bits, names, bytes, link targets); 12 examples by default.
  Scenario: A restore writes files 1,100 folders deep as git's checkout does
    When random files at depths up to 1,100 folders are written as a restore writes them
    Then each stands as git's checkout makes it

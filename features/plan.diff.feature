Feature: What a diff shows, how it is coloured, and which pager shows it
  As a developer reading what an agent changed
  I want `agents plan diff` to paint and page a diff the way git does
  So that I read an agent's changes as I read my own, and my pager settings hold

  # Unset is "-", an empty value "(empty)".
  Scenario Outline: The pager is chosen as git chooses it: <case>
    Given GIT_PAGER is "<git_pager>", core.pager is "<core_pager>" and PAGER is "<pager>"
    When the pager is chosen
    Then the pager is "<chosen>"

    Examples:
      | case                              | git_pager | core_pager | pager      | chosen     |
      | nothing set: less                 | -         | -          | -          | less       |
      | PAGER alone                       | -         | -          | more       | more       |
      | core.pager before PAGER           | -         | less -S    | more       | less -S    |
      | GIT_PAGER before both             | most      | less -S    | more       | most       |
      | an empty GIT_PAGER means none     | (empty)   | less -S    | more       | none       |
      | cat in core.pager means none      | -         | cat        | more       | none       |
      | cat in PAGER means none           | -         | -          | cat        | none       |
      | a shell command is kept whole     | -         | -          | less -R \| tee x | less -R \| tee x |

  Scenario: core.pager is not read when GIT_PAGER decides
    Given GIT_PAGER is "most", core.pager is "less -S" and PAGER is "-"
    When the pager is chosen
    Then core.pager was not read

  Scenario: A patch is painted as git paints it; file contents stay data
    Given the patch
      """
      diff --git a/notes.md b/notes.md
      index 1111111..2222222 100644
      --- a/notes.md
      +++ b/notes.md
      @@ -1,3 +1,3 @@ def context():
       kept
      ---- a removed line that looks like a header
      +++++ an added line that looks like one
      -[red]markup[/red]
      """
    When it is painted for a terminal
    Then the painted line 1 is bold "diff --git a/notes.md b/notes.md"
    And the painted line 4 is bold "+++ b/notes.md"
    And the painted line 5 starts cyan "@@ -1,3 +1,3 @@", then " def context():"
    And the painted line 6 is plain " kept"
    And the painted line 7 is red "---- a removed line that looks like a header"
    And the painted line 8 is green "+++++ an added line that looks like one"
    And the painted line 9 is red "-[red]markup[/red]"

  Scenario: A hunk header of another shape is painted whole
    Given the patch
      """
      @@ odd
      """
    When it is painted for a terminal
    Then the painted line 1 is cyan "@@ odd"

  Scenario: A stat's graph is painted, its names and summary are not
    Given the stat
      """
       a.txt   | 3 ++-
       b.txt   | 2 --
       new.txt | 1 +
       bin.dat | Bin 0 -> 3 bytes
       3 files changed, 3 insertions(+), 3 deletions(-)
      """
    When it is painted for a terminal
    Then the painted line 1 is " a.txt   | 3 " with the graph green "++", red "-"
    And the painted line 2 is " b.txt   | 2 " with only the red graph "--"
    And the painted line 3 is " new.txt | 1 " with only the green graph "+"
    And the painted line 4 is plain " bin.dat | Bin 0 -> 3 bytes"
    And the painted line 5 is plain " 3 files changed, 3 insertions(+), 3 deletions(-)"

  Scenario Outline: A file's status in words: <status>
    When a path goes from mode "<before>" to mode "<after>"
    Then its status is "<status>"

    Examples:
      | before | after  | status       |
      | 000000 | 100644 | added        |
      | 100755 | 000000 | deleted      |
      | 100644 | 100644 | modified     |
      | 100644 | 100755 | modified     |
      | 100644 | 120000 | type_changed |
      | 120000 | 160000 | type_changed |

  Scenario Outline: Colour is on <case>
    Given colour is "<choice>" and NO_COLOR is "<no_color>"
    Then stdout gets colour: <answer>

    Examples:
      | case                                      | choice | no_color | answer |
      | when forced, even with NO_COLOR           | always | 1        | yes    |
      | never when turned off                     | never  | -        | no     |
      | only on a terminal in auto (here: a file) | auto   | -        | no     |

  Scenario: An unfinished step's changes end at the newest decision below it that finished
    Given the decisions "1 step, 2 action under 1 done, 3 step under 1, 4 action under 3 done, 5 action under 3, 6 action done"
    Then the last finished below "1" is "4"
    And the last finished below "3" is "4"
    And the last finished below "5" is "none"

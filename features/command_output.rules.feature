Feature: How much of a command's output a decision keeps
  As a developer whose test suite printed a megabyte
  I want a decision to keep the head and the tail of the output, saying what was cut
  So that the store stays small and I still see the first error and the summary

  # Text is written with \n for a line end and \xff for a byte that is not UTF-8;
  # "<cut N of M>" stands for the line `capped` puts where it cut N bytes of M.

  Scenario Outline: <case>
    Then "<printed>" capped at <cap> bytes is kept as "<kept>", <cut> bytes cut

    Examples:
      | case                                            | printed                  | cap | kept                         | cut |
      | under the cap: as printed                       | a\nb\n                   | 8   | a\nb\n                       | 0   |
      | exactly the cap: as printed                     | abcdefgh                 | 8   | abcdefgh                     | 0   |
      | bytes that are not UTF-8 are replaced           | a\xffb                   | 8   | a\ufffdb                     | 0   |
      | over: head and tail, cut at line ends           | a\nb\nc\nd\ne\nf\ng\nh\n | 8   | a\nb\n<cut 10 of 16>h\n      | 10  |
      | one long line: cut in it, the note on its own   | xxxxxxxxxx               | 4   | xx\n<cut 6 of 10>xx          | 6   |
      | line ends too far in: cut in the line           | abcdefg\nhijklmnopq      | 8   | abcd\n<cut 10 of 18>nopq     | 10  |

  Scenario Outline: A decision that ran <ran> keeps <kept>
    Then a decision that ran "<commands>" printing "<outputs>" keeps "<kept>"

    Examples:
      | ran           | commands | outputs   | kept                    |
      | no command    | -        | -         | None                    |
      | one command   | make     | ok\n      | ok\n                    |
      | two commands  | a, b     | 1, 2\n    | $ a\n1\n$ b\n2\n        |
      | a silent one  | a, b     | , 2\n     | $ a\n$ b\n2\n           |

Feature: Local planning rules inside one step
  As a developer whose agent tries one local action after another inside a plan step
  I want each retain, explore, revert and cancel to follow fixed, visible rules
  So that the agent keeps what helps, backs out of dead ends and stops when it loops

  # A history is written step by step: distances "2>3, 3>3.5" and states "a>b, b>c"
  # mean a first step from state a at 2 to state b at 3, then from b at 3 to c at 3.5.
  # Distances run 0-10 and 10 is the goal reached, so a rising distance is progress.

  Scenario Outline: After a local step the decision follows seed 001's order
    Given a local history with distances "<distances>" and states "<states>"
    When the local decision is taken with the goal <goal> and <options>
    Then the local decision is "<decision>" because "<reason>"

    Examples: the goal reached comes first
      | distances          | states             | goal    | options        | decision | reason        |
      | 2>2, 2>2           | a>a, a>a           | met     | nothing left   | success  | goal reached  |
      | 5>4, 4>3, 3>2      | a>b, b>c, c>d      | met     | nothing left   | success  | goal reached  |
      | -                  | -                  | met     | nothing left   | success  | goal reached  |

    Examples: a state visited three times cancels, before any regression or progress
      | distances          | states             | goal    | options        | decision | reason                         |
      | 2>2, 2>2           | a>a, a>a           | not met | an option left | cancel   | stuck: the same state 3 times  |
      | 1>2, 2>3, 3>4, 4>5 | a>b, b>a, a>b, b>a | not met | an option left | cancel   | stuck: the same state 3 times  |
      | 5>4, 4>3, 3>2      | a>a, a>b, b>a      | not met | an option left | cancel   | stuck: the same state 3 times  |
      | 2>3, 3>4, 4>5      | a>b, b>a, c>a      | not met | an option left | cancel   | stuck: the same state 3 times  |
      | 2>3, 3>4           | a>b, b>a           | not met | nothing left   | retain   | good progress (+1)             |
      | 2>3, 3>4, 4>5, 5>6 | a>b, b>c, c>a, a>d | not met | nothing left   | retain   | good progress (+1)             |

    Examples: three falls in a row cancel, two do not
      | distances          | states             | goal    | options        | decision | reason                                            |
      | 5>4, 4>3, 3>2      | a>b, b>c, c>d      | not met | an option left | cancel   | regression 3 times in a row                       |
      | 7>8, 6>5, 5>4, 4>3 | a>b, b>c, c>d, d>e | not met | an option left | cancel   | regression 3 times in a row                       |
      | 5>6, 6>5, 5>4      | a>b, b>c, c>d      | not met | an option left | explore  | no progress, an option is left to explore         |
      | 5>4, 4>4, 4>3      | a>b, b>c, c>d      | not met | nothing left   | revert   | no progress and nothing left to explore: dead end |

    Examples: progress above 0.5 is good, above 0 is some, and only the last step counts
      | distances          | states             | goal    | options        | decision | reason                                            |
      | 2>3.5              | a>b                | not met | nothing left   | retain   | good progress (+1.5)                              |
      | 3>3.8              | a>b                | not met | an option left | retain   | good progress (+0.8)                              |
      | 3>3.5              | a>b                | not met | nothing left   | retain   | some progress (+0.5)                              |
      | 0.6>1.1            | a>b                | not met | nothing left   | retain   | some progress (+0.5)                              |
      | 3>3.1              | a>b                | not met | nothing left   | retain   | some progress (+0.1)                              |
      | 3>3                | a>b                | not met | nothing left   | revert   | no progress and nothing left to explore: dead end |
      | 1>4, 4>4           | a>b, b>c           | not met | an option left | explore  | no progress, an option is left to explore         |
      | 4>1, 1>1.2         | a>b, b>c           | not met | nothing left   | retain   | some progress (+0.2)                              |

    Examples: without progress, an option left is explored and otherwise the step is reverted
      | distances          | states             | goal    | options        | decision | reason                                            |
      | 3>3                | a>b                | not met | an option left | explore  | no progress, an option is left to explore         |
      | 4>3                | a>b                | not met | an option left | explore  | no progress, an option is left to explore         |
      | 4>3                | a>b                | not met | nothing left   | revert   | no progress and nothing left to explore: dead end |
      | 0>0                | a>b                | not met | nothing left   | revert   | no progress and nothing left to explore: dead end |

  Scenario: There is nothing to decide before the first local step
    Given a local history with distances "-" and states "-"
    When the local decision is taken with the goal not met and an option left
    Then the local decision is refused because "the local history is empty"

  Scenario Outline: A local step's distances lie between 0 and 10
    When a local step goes from distance <before> to distance <after>
    Then the local step gives "<outcome>"

    Examples:
      | before | after | outcome       |
      | 0      | 10    | progress +10  |
      | 10     | 0     | progress -10  |
      | 2.5    | 2.5   | progress +0   |
      | -0.1   | 5     | refused       |
      | 5      | -0.1  | refused       |
      | 10.5   | 5     | refused       |
      | 5      | 10.5  | refused       |

  Scenario Outline: A state visited three times means the local plan is stuck
    Given the local states visited "<states>"
    Then the local states count as stuck: <stuck>

    Examples:
      | states        | stuck |
      | -             | no    |
      | a             | no    |
      | a b c d       | no    |
      | a b a         | no    |
      | a a b b       | no    |
      | a a a         | yes   |
      | a b a c a     | yes   |
      | b a b a b a b | yes   |

  Scenario Outline: Three falls in a row are a consistent regression
    Given a local history of fresh states with distances "<distances>"
    Then the local history counts as a consistent regression: <regression>

    Examples:
      | distances               | regression |
      | -                       | no         |
      | 5>4                     | no         |
      | 5>4, 4>3                | no         |
      | 5>4, 4>3, 3>2           | yes        |
      | 6>7, 5>4, 4>3, 3>2      | yes        |
      | 5>4, 4>3, 3>2, 2>3      | no         |
      | 5>4, 4>4, 4>3           | no         |
      | 5>4, 4>3.9, 3.9>3.8     | yes        |

  Scenario Outline: A local plan gets at most 10 iterations
    Given a local history of <count> fresh steps
    Then the local iterations left are <left>

    Examples:
      | count | left |
      | 0     | 10   |
      | 1     | 9    |
      | 9     | 1    |
      | 10    | 0    |
      | 12    | 0    |

  Scenario Outline: The scripted actor's distance is the share of checks that pass
    When the local distance is scored from <passed> of <total> checks passing
    Then the local distance is "<distance>"

    Examples:
      | passed | total | distance |
      | 0      | 3     | 0        |
      | 1      | 3     | 3.33     |
      | 2      | 4     | 5        |
      | 3      | 3     | 10       |
      | 0      | 0     | 10       |
      | 4      | 3     | refused  |
      | -1     | 3     | refused  |
      | 0      | -1    | refused  |

  Scenario Outline: Two working trees are compared by the Jaccard similarity of their (path, blob) pairs
    Given the local tree planned on is "<planned on>"
    And the local tree now is "<now>"
    Then the local trees are <similarity> similar both ways

    Examples:
      | planned on      | now             | similarity |
      | a:1 b:2         | a:1 b:2         | 1          |
      | -               | -               | 1          |
      | a:1             | -               | 0          |
      | a:1             | a:2             | 0          |
      | a:1 b:1         | a:1 c:1         | 0.33       |
      | a:1 b:1 c:1 d:1 | a:1 b:1 c:1     | 0.75       |
      | a:1 b:1 c:1 d:1 | a:1 b:1 c:1 d:2 | 0.6        |

  Scenario Outline: A working tree less than 0.7 similar to the one planned on has drifted
    Given the local tree planned on is "<planned on>"
    And the local tree now is "<now>"
    Then the local tree counts as drifted: <drifted>

    Examples:
      | planned on                              | now                                     | drifted |
      | a:1 b:1 c:1 d:1 e:1 f:1 g:1 h:1 i:1 j:1 | a:1 b:1 c:1 d:1 e:1 f:1 g:1 h:1 i:1 j:1 | no      |
      | a:1 b:1 c:1 d:1 e:1 f:1 g:1 h:1 i:1 j:1 | a:1 b:1 c:1 d:1 e:1 f:1 g:1             | no      |
      | a:1 b:1 c:1 d:1 e:1 f:1 g:1 h:1 i:1 j:1 | a:1 b:1 c:1 d:1 e:1 f:1                 | yes     |
      | a:1 b:1 c:1 d:1                         | a:1 b:1 c:1 d:2                         | yes     |
      | -                                       | -                                       | no      |
      | -                                       | a:1                                     | yes     |

  Scenario Outline: Five successful verifications in a row without the goal stall the run
    When <successes> successful verifications in a row have not reached the goal
    Then the local velocity counts as stalled: <stalled>

    Examples:
      | successes | stalled |
      | 0         | no      |
      | 4         | no      |
      | 5         | yes     |
      | 6         | yes     |

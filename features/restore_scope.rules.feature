Feature: Which files a restore puts back, keeps or finds in conflict
  As a developer who edits files while an agent works
  I want a restore to put back only what it is asked to, and to name what we both changed
  So that my own edits are never overwritten without a word

  # Paths are written "a, b"; "-" is none. `candidates` are what the restore is asked to put
  # back (what the agent's subtree changed, or the paths a person named), `differ` the paths
  # whose working-tree state is not the target's, `mine` the paths changed since the agent's
  # last checkpoint, `never` the plan file.

  Scenario Outline: <case>
    Given a restore asked for "<candidates>", with "<differ>" differing from the target and "<mine>" changed since the agent
    When its paths are grouped with the <scope> scope, never restoring "<never>"
    Then restored is "<restored>", kept is "<kept>" and conflicts are "<conflicts>"

    Examples: agent scope
      | case                                                       | candidates          | differ                     | mine         | scope | never     | restored     | kept      | conflicts |
      | changed by the agent only: restored                        | a.txt               | a.txt                      | -            | agent | -         | a.txt        | -         | -         |
      | changed by the user only: kept                             | -                   | u.txt                      | u.txt        | agent | -         | -            | u.txt     | -         |
      | changed by both: a conflict                                | a.txt               | a.txt                      | a.txt        | agent | -         | -            | -         | a.txt     |
      | the user made it equal to the target: kept, not a conflict | a.txt               | -                          | a.txt        | agent | -         | -            | a.txt     | -         |
      | the agent changed it and back: nothing to do               | a.txt               | -                          | -            | agent | -         | -            | -         | -         |
      | the three groups at once, each sorted                      | c.txt, a.txt, b.txt | a.txt, b.txt, c.txt, u.txt | b.txt, u.txt | agent | -         | a.txt, c.txt | u.txt     | b.txt     |
      | the plan file, edited by the user: kept                    | a.txt, plan.yaml    | a.txt, plan.yaml           | plan.yaml    | agent | plan.yaml | a.txt        | plan.yaml | -         |
      | the plan file, changed by the agent only: kept             | plan.yaml           | plan.yaml                  | -            | agent | plan.yaml | -            | plan.yaml | -         |

    Examples: full scope: the working tree becomes the target's, no conflict
      | case                                          | candidates | differ              | mine         | scope | never     | restored            | kept      | conflicts |
      | every differing path, the user's too          | a.txt      | a.txt, b.txt, u.txt | b.txt, u.txt | full  | -         | a.txt, b.txt, u.txt | -         | -         |
      | the user made it equal to the target: kept    | a.txt      | a.txt               | u.txt        | full  | -         | a.txt               | u.txt     | -         |
      | the plan file is never restored, even in full | a.txt      | a.txt, plan.yaml    | plan.yaml    | full  | plan.yaml | a.txt               | plan.yaml | -         |

  Scenario Outline: In each other's way: <case>
    Given a restore that writes "<writes>" where I made "<mine>" since
    Then the paths in each other's way are "<clash>"

    Examples:
      | case                                            | writes       | mine           | clash             |
      | a file of mine where a folder comes back        | d/f1         | d              | d, d/f1           |
      | a folder of mine where a file comes back        | f            | f/a/mine       | f, f/a/mine       |
      | deeper: a file of mine two folders up           | d/e/f1, x    | d              | d, d/e/f1         |
      | side by side: no clash                          | d/f1         | d2, e/f1       | -                 |
      | the same path is a plain conflict, not this one | d/f1         | d/f1           | -                 |
      | a prefix of the name is no folder               | src/app.py   | src/app        | -                 |

  Scenario Outline: A path named "<path>" is <verdict> "<pathspecs>"
    Then the path "<path>" is <verdict> "<pathspecs>"

    Examples:
      | path          | verdict    | pathspecs    |
      | a.txt         | within     | a.txt        |
      | a.txt         | within     | b.txt, a.txt |
      | a.txt         | not within | b.txt        |
      | a.txt         | not within | -            |
      | src/app.py    | within     | src          |
      | src/app.py    | within     | src/         |
      | src/deep/x.py | within     | src/deep     |
      | src           | within     | src/         |
      | src2/app.py   | not within | src          |
      | srcfile       | not within | src          |
      | src/app.py    | not within | src/app      |
      | src           | not within | src/app.py   |

  # The agent's work on a.txt, from its own decisions' changes in order ("A>B": from A to B;
  # "-" absent), against the target's and the working tree's a.txt: none of its work (it
  # left it as it found it), undone (back to what the agent found, which holds what the
  # user did before the agent first changed it), or a conflict (the user changed it since
  # the agent did, or between two of its changes: putting back what the agent found would
  # lose their bytes, or keep the agent's first change).
  Scenario Outline: The agent's work on a path: <case>
    Given the agent's decisions changed a.txt as "<changes>"
    When a.txt is "<target>" at the target and "<now>" in the working tree
    Then a.txt is <verdict>

    Examples:
      | case                                            | changes            | target | now | verdict                             |
      | written once, untouched since: undone           | ->A                | -      | A   | the agent's, undone                 |
      | written twice: undone from the first            | ->A, A>B           | -      | B   | the agent's, undone                 |
      | written, then put back as it was: not its work  | O>A, A>O           | O      | O   | none of the agent's                 |
      | changed by the user after the agent             | O>A                | O      | U   | the agent's, conflict               |
      | changed by the user before the agent first did  | U>A                | O      | A   | the agent's, undone                 |
      | made by the user, deleted by a command          | U>-                | -      | -   | the agent's, undone                 |
      | changed by the user between the agent's changes | O>A, U>B           | O      | B   | the agent's, conflict               |
      | put back by the agent around the user's change  | O>A, A>O, U>B, B>U | O      | U   | none of the agent's                 |
      | made by the user, deleted, made again the same  | U>-                | -      | U   | the agent's, as it found it already |
      | made by the user, deleted, made anew by them    | U>-                | -      | V   | the agent's, conflict               |
      | deleted by the agent, untouched since: undone   | O>-                | O      | -   | the agent's, undone                 |
      | never changed by the agent: not its work        | -                  | O      | U   | none of the agent's                 |

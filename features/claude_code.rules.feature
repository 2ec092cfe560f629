Feature: How Claude Code's tool calls are read
  As a developer whose Claude Code session is recorded as a plan
  I want each tool call named in one line, checkpointed when it may change files, and placed
  in its session
  So that `plan tree` reads like what Claude Code did, and a correction can fork it there

  Scenario Outline: Which calls get a checkpoint before them: <tool>
    Then a call of "<tool>" gets a checkpoint: <checkpoint>

    Examples:
      | tool         | checkpoint |
      | Write        | yes        |
      | Edit         | yes        |
      | MultiEdit    | yes        |
      | NotebookEdit | yes        |
      | Bash         | yes        |
      | mcp__x__new  | yes        |
      | Read         | no         |
      | Grep         | no         |
      | Glob         | no         |
      | LS           | no         |
      | TodoWrite    | no         |

  Scenario Outline: A call in one line: <case>
    Then the call of "<tool>" with <input> in "/repo" reads "<line>"

    Examples:
      | case                      | tool  | input                                        | line                  |
      | a path in the tree        | Write | {"file_path": "/repo/src/a.py"}              | Write src/a.py        |
      | a path elsewhere          | Edit  | {"file_path": "/etc/hosts"}                  | Edit /etc/hosts       |
      | a command on lines        | Bash  | {"command": "make\n  test"}                  | Bash: make test       |
      | a search                  | Grep  | {"pattern": "TODO"}                          | Grep TODO             |
      | nothing to name           | Task  | {}                                           | Task                  |
      | its to-do list            | TodoWrite | {"todos": [{"content": "add a", "status": "completed"}, {"content": "test", "status": "pending"}]} | TodoWrite: add a (completed); test (pending) |
      | an empty to-do list       | TodoWrite | {"todos": []}                            | TodoWrite: nothing to do |

  Scenario: A long call is cut to the width of a line
    Then the call of "Bash" with a 300-character command reads 120 characters ending in "…"

  Scenario Outline: What a finished call did: <case>
    Then the call of "<tool>" that answered <response> succeeded: <ok>, "<outcome>"

    Examples:
      | case                     | tool  | response                                        | ok  | outcome                   |
      | a command's first line   | Bash  | {"stdout": "one\ntwo", "interrupted": false}    | yes | ran: one                  |
      | a silent command         | Bash  | {"stdout": "", "stderr": ""}                    | yes | ran: no output            |
      | an interrupted command   | Bash  | {"stdout": "", "interrupted": true}             | no  | interrupted: no output    |
      | a write                  | Write | {"type": "create"}                              | yes | done (create)             |
      | an error                 | Edit  | {"error": "old_string not found"}               | no  | failed: old_string not found |
      | a plain text answer      | Read  | "1\\tline"                                      | yes | done                      |

  Scenario: A call's place in its session file
    Given a session file where the assistant says "I will add it." then calls "toolu_7" after message "u-before"
    Then the place of "toolu_7" is after "u-before", in its own message, with the rationale "I will add it."
    And the place of "toolu_8" is unknown
    And the place of "toolu_7" in a missing session file is unknown

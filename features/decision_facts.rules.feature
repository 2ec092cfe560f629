Feature: A decision's action and texts in the words a person reads
  As someone reading `agents plan decision D`
  I want its action field by field, and its texts as lines with nothing hidden in them
  So that I never have to read a Python repr, and no control character acts on my terminal

  # `\n` is a newline, `\e` the escape character, `\u200b` a zero-width space, `LONG` 12 lines.
  Scenario Outline: A text shown: <case>
    When the text "<text>" is shown
    Then it reads "<shown>"

    Examples:
      | case                                | text                 | shown                                     |
      | one line                            | hello\n              | hello                                     |
      | empty                               |                      | (empty)                                   |
      | two lines without a final newline   | a\nb                 | a\nb\n(no newline at the end)             |
      | a terminal escape, escaped          | red \e[31m\n         | red \x1b[31m                              |
      | an invisible character, escaped     | a\u200bb             | a\u200bb                                  |
      | more than ten lines                 | LONG                 | 1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n… 2 more lines (all of it: --json) |

  Scenario Outline: An action shown: <type>
    When the action <action> is shown
    Then its rows are "<rows>"

    Examples:
      | type       | action                                                                              | rows                                                    |
      | delete     | {"type": "delete", "path": "old.txt"}                                               | action=delete old.txt                                   |
      | edit       | {"type": "edit", "path": "a.py", "find": "x = 1\n", "replace": ""}                  | action=edit a.py; find=x = 1; replace with=(empty)      |
      | run        | {"type": "run", "command": "make", "timeout": 60, "irreversible": true, "output": "V"} | action=run make; timeout=60 seconds; irreversible=yes: what it did outside the working tree stays; output kept as={{ outputs.V }} |
      | unknown    | {"type": "click", "target": "OK"}                                                   | action=click; target=OK                                 |
      | page       | {"type": "browser", "op": "press", "key": "Control+o"}                              | action=press Control+o                                  |
      | bad page   | {"type": "browser", "op": "fly"}                                                    | action=a page action this version cannot read           |
      | local      | {"actions": [{"type": "browser", "op": "back"}, {"type": "delete", "path": "a"}]}   | action=back; action=delete a                            |

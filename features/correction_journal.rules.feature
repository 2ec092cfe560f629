Feature: A correction's journal names what each write leaves before it writes
  As someone whose correction was killed half-way, who then edited files by hand
  I want its journal to say, before each write or delete it began, what that leaves
  So that settling it puts back the files it wrote, and never one I changed since

  # The entry is made before the action; a file "now" is judged against it when the
  # correction is settled. Blob ids are the ones `git hash-object` gives the bytes.
  Scenario Outline: A file now, against the entry of <action>: <case>
    When the journal entry is made before the action <action> on "a.txt"
    Then a file at "a.txt" now <now> is as the action left it: <left>

    Examples:
      | action                                           | case                    | now                      | left |
      | {"type": "write", "path": "a.txt", "content": "hi\n"} | as written              | holding "hi\n"           | yes  |
      | {"type": "write", "path": "a.txt", "content": "hi\n"} | changed since           | holding "hi!\n"          | no   |
      | {"type": "write", "path": "a.txt", "content": "hi\n"} | cut short, empty        | holding ""               | no   |
      | {"type": "write", "path": "a.txt", "content": "hi\n"} | deleted since           | absent                   | no   |
      | {"type": "write", "path": "a.txt", "content": "hi\n"} | a link to the same text | a link to "hi\n"         | no   |
      | {"type": "delete", "path": "a.txt"}                   | as deleted              | absent                   | yes  |
      | {"type": "delete", "path": "a.txt"}                   | made again since        | holding "hi\n"           | no   |

  # An edit's result is known from the file as it is just before (read as the edit reads
  # it: bytes, `\r\n` kept): a correction killed after it wrote puts it back.
  Scenario Outline: The entry of an edit of a file holding <before>: <case>
    When "a.txt" holds "<before>" and the journal entry is made before the action <action>
    Then a file at "a.txt" now <now> is as the action left it: <left>

    Examples:
      | before   | action                                                               | case              | now               | left |
      | a\n      | {"type": "edit", "path": "a.txt", "find": "a", "replace": "b"}       | as edited         | holding "b\n"     | yes  |
      | a\n      | {"type": "edit", "path": "a.txt", "find": "a", "replace": "b"}       | not edited yet    | holding "a\n"     | no   |
      | a\r\na\r\n | {"type": "edit", "path": "a.txt", "find": "a\r\n", "replace": "" } | first line gone   | holding "a\r\n"   | yes  |

  Scenario: The entry of an edit whose text is not in the file names no file
    When "a.txt" holds "b\n" and the journal entry is made before the action {"type": "edit", "path": "a.txt", "find": "a", "replace": "b"}
    Then the entry names no file, only that an action began

  Scenario Outline: An action whose result is not known before it runs: <what>
    When the journal entry is made before the action <action> on "a.txt"
    Then the entry names no file, only that an action began

    Examples:
      | what          | action                                                                  |
      | an edit of a file not read | {"type": "edit", "path": "a.txt", "find": "a", "replace": "b"} |
      | a command     | {"type": "run", "command": "make"}                                      |
      | a tool's call | null                                                                    |

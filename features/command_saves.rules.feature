Feature: How the bound on what is saved before a command reads
  As a developer told which ignored files a command may destroy for good
  I want their sizes and names said plainly, and a name's control characters escaped
  So that the note before the command is one honest line

  Scenario Outline: A size of <size> bytes reads "<text>"
    Then a size of <size> bytes reads "<text>"

    Examples:
      | size       | text     |
      | 0          | 0 bytes  |
      | 1023       | 1023 bytes |
      | 1536       | 1.5 KiB  |
      | 67108864   | 64 MiB   |
      | 1288490189 | 1.2 GiB  |

  Scenario: A name with terminal control characters is shown escaped
    Then the name "a<ESC>[2Kb<NL>c" is shown as "a\x1b[2Kb\x0ac"

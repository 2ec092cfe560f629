Feature: plan diff shows a file's control characters escaped on a terminal, exact in a pipe
  As a developer reading on a terminal what an agent wrote
  I want a file's escape sequences shown as text, not acted on by my terminal
  So that a diff cannot erase or rewrite lines I read, while scripts still get git's bytes

  # Step 1 writes out.txt holding an erase-line sequence, a carriage return and a
  # clipboard-writing OSC 52 sequence, and makes files whose names hold a title-setting OSC
  # sequence and a bell, a screen-erasing sequence (a folder), a byte that is not UTF-8, a
  # quote, a backslash, a tab and a non-ASCII letter.
  # The Background's plan runs once per process; each scenario works on a fresh copy of
  # what it left (features/support/kept_setup.py).
  Background:
    Given a git repository where the plan file "plan.yaml" has run with "agents plan run --script {tmp}/plan.yaml --quiet":
      """
      task: print
      steps:
        - name: print
          options:
            - actions:
                - run: "printf 'A\\033[2K\\rB\\033]52;c;cHduZWQ=\\007C\\n' > out.txt; touch \"$(printf 'f\\033]0;PWN\\007x')\" \"$(printf 'h\\377i')\" 'q\"b' 'b\\c' \"$(printf 't\\tn')\" \u00e9.txt; mkdir \"$(printf 'd\\033[2Jz')\"; echo > \"$(printf 'd\\033[2Jz')/q\""
      """

  Scenario: On a terminal, without a pager, only our own colours act on the diff
    When on a terminal I run "agents plan diff 3 --no-pager" with no question to answer
    Then the terminal shows "+A\x1b[2K\rB\x1b]52;c;cHduZWQ=\x07C" literally
    And the terminal shows no control character but line ends and colour codes

  Scenario: On a terminal, through a pager, the pager gets the diff escaped
    Given the pager is "sed s/^/paged:/"
    When on a terminal I run "agents plan diff 3" with no question to answer
    Then the terminal shows "paged:" literally
    And the terminal shows "+A\x1b[2K\rB\x1b]52;c;cHduZWQ=\x07C" literally
    And the terminal shows no control character but line ends and colour codes

  Scenario: Piped, the patch is git's exact bytes
    Then piped, "agents plan diff 3" prints the characters "+A\x1b[2K\rB\x1b]52;c;cHduZWQ=\x07C\n"

  Scenario: On a terminal, the names of the files changed are shown too
    When on a terminal I run "agents plan diff 3 --no-pager --name-only" with no question to answer
    Then the terminal shows "out.txt" literally
    And the terminal shows no control character but line ends and colour codes

  Scenario Outline: Piped, the names of the files changed are quoted as git quotes them (core.quotePath <quote>)
    Given the repository's core.quotePath is "<quote>"
    Then piped, "agents plan diff 3 --name-only" prints the names "git diff --name-only" prints of the same change

    Examples:
      | quote |
      | true  |
      | false |

Feature: What the sandbox keeps bounded: output, file reads, and its limits
  As a developer letting a model run commands and read files
  I want output streamed into a bounded record, reads bounded and never hanging,
  and the sandbox's limits set and named as documented
  So that nothing a model asks for can take agents' memory or stop it for good

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  Scenario: Output streamed in chunks of any size is kept as the whole output would be
    When random outputs are streamed in random chunks into records of random caps
    Then every record kept what capping the whole output keeps

  Scenario Outline: Reading <kind> for the model is refused without reading it
    Given a git repository
    And <kind> at "thing" in the repository
    When the model's read of "thing" is answered
    Then the answer is "it is <said>, not a regular file"

    Examples:
      | kind        | said                  |
      | a FIFO      | a FIFO (named pipe)   |
      | a socket    | a socket              |
      | a directory | a directory           |

  Scenario Outline: A read of <size> characters, at most 10, is <kept>
    Given a git repository
    And a file "notes.txt" of <size> characters "<char>"
    When the model's read of "notes.txt" is answered, at most 10 characters
    Then the answer has <shown> characters "<char>" <said>

    Examples:
      | size | char | kept          | shown | said                                                      |
      | 10   | a    | whole         | 10    | and nothing more                                          |
      | 11   | a    | cut           | 10    | then "[agents: cut after 10 characters; the file has 11 bytes]" |
      | 10   | é    | whole         | 10    | and nothing more                                          |
      | 41   | é    | cut           | 10    | then "[agents: cut after 10 characters; the file has 82 bytes]" |

  # A value that is no whole number from 1 up is refused: cli.refusals.feature.
  Scenario Outline: The sandbox's <limit> limit is <amount> unless <variable> says otherwise
    Given the environment variable "<variable>" is "<value>"
    Then the sandbox's <limit> limit is named "<named>"

    Examples:
      | limit     | variable                       | value | amount  | named                           |
      | memory    | CLEVERAGENTS_SANDBOX_MEMORY_MB | 512   | 512 MiB | the memory limit (512 MiB)      |
      | process   | CLEVERAGENTS_SANDBOX_PROCESSES | 64    | 64      | the process limit (64)          |
      | file size | CLEVERAGENTS_SANDBOX_FILE_MB   | 8     | 8 MiB   | the file size limit (8 MiB)     |
      | /tmp size | CLEVERAGENTS_SANDBOX_TMP_MB    | -     | 512 MiB | the /tmp size limit (512 MiB)   |

  Scenario Outline: A command that <ended> is said to be stopped by <stopped>
    Then a sandboxed command that ended with <code> printing "<printed>" was stopped by "<stopped>"

    Examples:
      | ended                        | code | printed                         | stopped                      |
      | succeeded                    | 0    | MemoryError                     | nothing                      |
      | failed for its own reasons   | 1    | AssertionError                  | nothing                      |
      | was killed by SIGXFSZ        | 153  | -                               | the file size limit (1 GiB)  |
      | met a full /tmp              | 1    | No space left on device         | the /tmp size limit (512 MiB) |
      | could not fork               | 254  | fork: retry: Resource temporarily unavailable | the process limit (1024) |

  Scenario Outline: --pass-env <name> is refused before a plan is made
    Given a git repository
    When I run "agents plan run 'look around' --pass-env <name>"
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And the repository has no plan

    Examples:
      | name              | message                                                     |
      | ANTHROPIC_API_KEY | --pass-env ANTHROPIC_API_KEY is refused: the model's commands never see it |
      | A=B               | --pass-env 'A=B' is not a variable name                     |

  Scenario: --pass-env is for Claude's commands, not a plan file's
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Nothing
      steps: []
      """
    When I run "agents plan run --script {tmp}/plan.yaml --pass-env HOME"
    Then the exit code is 2
    And stderr is one line containing "--pass-env is for Claude's commands"

  Scenario: A command whose leftover process holds its output open is stopped at its timeout
    Given a git repository
    When the workspace runs "sleep 30 & echo started" with a timeout of 1 second
    Then the action fails with "timed out after 1s"
    And the command's kept output is "started"

  Scenario: PATH entries that are relative, missing or not a bin folder are left out of the sandbox
    Given a git repository
    And PATH also holds "relative/bin", "/nonexistent/bin" and "/root"
    When the sandbox runs "test ! -e /nonexistent && echo shown"
    Then the action succeeds
    And the command's kept output is "shown"

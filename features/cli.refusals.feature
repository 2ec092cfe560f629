Feature: Input agents cannot act on is refused with exit 2, saying why
  As a developer who mistyped a path, named a folder or set a variable wrong
  I want one line on stderr naming what is wrong and exit 2
  So that I never read "nothing to restore" or get a default I did not ask for

  Background:
    Given a git repository with files:
      | path       | content |
      | notes.txt  | one\n   |
    And the plan file "notes.yaml":
      """
      task: Change the notes
      steps:
        - name: write notes
          options:
            - actions:
                - write: notes.txt
                  content: "two\n"
      """

  Scenario Outline: `plan restore` of a path inside .git (<path>) is refused
    Given I have run "agents plan run --script {tmp}/notes.yaml --quiet"
    When I run "agents plan restore 1 <path> --yes"
    Then the exit code is 2
    And stderr is one line containing "is inside a git directory (.git)"
    And the file "notes.txt" holds exactly "two\n"

    Examples:
      | path          |
      | .git/config   |
      | .GIT/config   |
      | .git          |
      | sub/.Git/HEAD |

  Scenario: `plan export` into the git directory is refused, and HEAD stays as it was
    Given I have run "agents plan run --script {tmp}/notes.yaml --quiet"
    When I run "agents plan export {first_plan} .git/HEAD"
    Then the exit code is 2
    And stderr is one line containing "is inside the repository's git directory"
    And git can still read the repository's HEAD

  Scenario Outline: `<command>` never writes through a link in the working tree (<case>)
    Given I have run "agents plan run --script {tmp}/notes.yaml --quiet"
    And outside the repository the file "precious.txt" holds "precious"
    And outside the repository the file "dir/keep.txt" holds "kept"
    And the repository's "artifacts/out" is a link to "precious.txt" outside it
    And the repository's "linked" is a link to "dir" outside it
    When I run "agents <command> <path>"
    Then the exit code is 2
    And stderr is one line containing "<said>"
    And outside the repository the file "precious.txt" still holds "precious"
    And outside the repository there is no file "dir/out"

    Examples:
      | case             | command                                        | path          | said                                       |
      | the file         | plan export {first_plan}                       | artifacts/out | artifacts/out is a link                    |
      | a folder         | plan export {first_plan}                       | linked/out    | linked is a link in the working tree       |
      | the page         | plan tree --format html --output               | artifacts/out | artifacts/out is a link                    |
      | a folder of page | plan tree --format html --output               | linked/out    | linked is a link in the working tree       |

  Scenario: `plan import` of a directory says it is a directory
    Given an empty folder "exported" in the repository
    When I run "agents plan import exported"
    Then the exit code is 2
    And stderr is one line containing "exported is a directory, not a file `agents plan export` wrote"

  Scenario Outline: <variable>=<value> is refused, not replaced by the default
    When I run "agents plan run --script {tmp}/notes.yaml" with the environment <variable>=<value>
    Then the exit code is 2
    And stderr is one line containing "<variable>='<value>' is not a <limit> limit: it takes a whole number of <unit>, 1 or more"
    And the repository has no plan
    And the file "notes.txt" holds exactly "one\n"

    Examples:
      | variable                       | value | limit     | unit             |
      | CLEVERAGENTS_SANDBOX_MEMORY_MB | lots  | memory    | megabytes (MiB)  |
      | CLEVERAGENTS_SANDBOX_FILE_MB   | 0     | file size | megabytes (MiB)  |
      | CLEVERAGENTS_SANDBOX_PROCESSES | -5    | process   | processes        |
      | CLEVERAGENTS_SANDBOX_TMP_MB    | 1.5   | /tmp size | megabytes (MiB)  |
      | CLEVERAGENTS_SANDBOX_HARD_LINKS | many | hard-linked file | files          |
      | CLEVERAGENTS_SANDBOX_HARD_LINKS | 2501 | hard-linked file | files          |

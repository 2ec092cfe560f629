Feature: A command that breaks the packed refs of a nested repository with a commit is undone
  As a developer with a repository of its own inside my tree (a vendored checkout)
  I want a command that leaves its packed refs unreadable to git to stop neither the run
  nor its undo, and to be told what no checkpoint holds
  So that a model cannot stop a run, block its undo, or keep what it made, with one line

  # Before: git died reading lib's HEAD ("unexpected line in lib/.git/packed-refs") in the
  # `diff-index` after the command (exit 3) and in the undo's `read-tree` (exit 3, until the
  # user repaired the file by hand); a last line without a newline, a folder or a link to
  # one in its place stopped `add` (exit 3): git reads a small file, and maps a big one
  # ("mmap failed", naming no file: a folder over 32 KiB). A repository the command made
  # with a commit and broke so stayed after undo, unnamed (attack report 17, sections 6, 7).

  Scenario Outline: The run goes on and undo brings the repository back (<way>)
    Given a git repository
    And a nested repository "lib" with a commit
    And the nested repository "lib" keeps its refs packed
    And the plan file "plan.yaml":
      """
      task: Break the nested repository's refs
      steps:
        - name: break
          options:
            - actions:
                - run: echo changed > lib/l.txt; <command>; echo done > out.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "not checkpointed: lib/ (a nested repository whose refs git cannot read"
    And the file "out.txt" holds exactly "done\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "out.txt" does not exist
    And the file "lib/l.txt" holds exactly "library\n"
    And git reads the refs of the nested repository "lib"
    And stderr does not contain "left as it stands"

    Examples:
      | way                     | command                                                          |
      | a bad line              | echo garbage >> lib/.git/packed-refs                             |
      | no newline at the end   | printf garbage >> lib/.git/packed-refs                           |
      | a folder in its place   | rm lib/.git/packed-refs && mkdir lib/.git/packed-refs            |
      | a link to a folder      | rm lib/.git/packed-refs && ln -s refs lib/.git/packed-refs       |
      | a link to a big folder  | mkdir lib/.git/big && seq 2000 \| sed s,^,lib/.git/big/a-file-with-a-long-name-, \| xargs touch && rm lib/.git/packed-refs && ln -s big lib/.git/packed-refs |

  Scenario: Undo names the broken repository the command made, which no checkpoint holds
    Given a git repository
    And the file "f.txt" is committed with "keep"
    And the plan file "plan.yaml":
      """
      task: Make a repository and break its refs
      steps:
        - name: make
          options:
            - actions:
                - run: echo changed > f.txt; git init -q lib && cd lib && echo x > a && git add a && git -c user.name=m -c user.email=m@m commit -qm m && git pack-refs --all && echo garbage >> .git/packed-refs
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "not checkpointed: lib/"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "f.txt" holds exactly "keep"
    And the nested repository "lib" still stands
    And stderr contains "left as it stands: lib/ (a nested repository whose refs git cannot read"

  Scenario: Undo names a repository with no commit the command made, which no checkpoint holds
    # Before: `git init lib` (its HEAD names a branch not made yet) survived the undo unnamed,
    # and the command's outcome did not say that no checkpoint holds it.
    Given a git repository
    And the file "f.txt" is committed with "keep"
    And the plan file "plan.yaml":
      """
      task: Make a repository with no commit
      steps:
        - name: make
          options:
            - actions:
                - run: echo changed > f.txt; git init -q lib && echo x > lib/a
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "not checkpointed: lib/ (a nested repository with no commit: no checkpoint holds it or its files"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "f.txt" holds exactly "keep"
    And the nested repository "lib" still stands
    And stderr contains "left as it stands: lib/ (a nested repository with no commit, which no checkpoint holds: if the plan made it, remove it yourself)"

  Scenario: A local action's outcome names the repository its checkpoint leaves out
    Given a git repository
    And a nested repository "lib" with a commit
    And the nested repository "lib" keeps its refs packed
    And the plan file "plan.yaml":
      """
      task: A local action breaks the nested repository's refs
      steps:
        - name: configure
          options:
            - name: guess
              actions:
                - write: conf.txt
                  content: "wrong\n"
          check:
            - run: grep -q right conf.txt
          local:
            - name: break and fix
              actions:
                - run: echo garbage >> lib/.git/packed-refs; echo right > conf.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "success: goal reached; not checkpointed: lib/ (a nested repository whose refs git cannot read"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And git reads the refs of the nested repository "lib"

Feature: One object layer writes and reads every git object agents makes, as git would
  As a maintainer of the git layer, and a user whose repository holds what agents writes
  I want each git primitive written once, in one module, with the objects git would write
  So that a fix to one place fixes every caller, and no object of ours differs from git's

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Blobs, trees and commits written in-process are the very objects git writes
    When random blobs, trees and commits are written in-process and by git
    Then each object has git's id, and git reads it back as the same bytes

  Scenario: A shared plan's records commit is the same whatever commit encoding the user set
    # `git commit-tree` adds an `encoding` header under i18n.commitEncoding: the same
    # records on the same parents gave another commit in a clone with that setting.
    Given a git repository
    And the git setting "i18n.commitEncoding" is "latin1"
    And the plan file "plan.yaml":
      """
      task: encoded
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: out.txt
                  content: "hi\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    Then the remote's records commit of the pushed plan has no encoding header

  Scenario: Each git primitive is run from one module of the git layer, and git only by its runner
    When the modules of the git layer are read for the git commands they run
    Then "cat-file" and "hash-object" are run by the object store alone
    And "update-ref" is run by the ref mover alone
    And no module runs "mktree" or "commit-tree"
    And no module of the git layer but the runner and the kept reader starts a process
    And the modes and object id patterns are defined in one module

  Scenario: Records that name no file content are refused in one line that says what to do
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: emptied
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: out.txt
                  content: "hi\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the remote's records commit of the pushed plan holds no records file
    When I run "agents plan pull origin"
    Then the exit code is 3
    And stderr is one line containing "has no file content"
    And the pushed plan is not in the clone

  Scenario: In a shared repository the objects an export writes go into folders with git's bits
    # The records commit is written in-process: its object folders must let group members'
    # git write there, as those `hash-object` made did.
    Given a git repository
    And the git setting "core.sharedRepository" is "group"
    And the umask is 077
    And the plan file "plan.yaml":
      """
      task: shared
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: out.txt
                  content: "hi\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository's objects are all packed
    And the folders of the object database are noted
    When I run "agents plan export {first_plan} {tmp}/plan.bundle"
    Then the exit code is 0
    And each object folder made since has the bits 2770, as git gives a folder it makes

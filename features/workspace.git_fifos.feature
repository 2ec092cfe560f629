Feature: A command's FIFO named as a file git reads never hangs the plan
  As a developer who lets a model run commands in my working tree
  I want a FIFO a command leaves at a `.gitignore` (or `.gitattributes`, `.mailmap`) removed
  So that the checkpoint after it, and my own `git status`, never wait forever on it

  # git opens every `.gitignore` it meets in a folder it walks, by name; `open` on a FIFO
  # waits for a writer, with git's signals blocked around its index lock: only SIGKILL
  # stops it, and the next command's settling would wait on it again.
  Scenario: FIFOs named .gitignore, .gitattributes and .mailmap are removed and named
    Given a git repository with files:
      | path  | content |
      | sub/s | s\n     |
    And the plan file "plan.yaml":
      """
      task: pipes
      steps:
        - name: pipes
          options:
            - actions:
                - run: mkfifo sub/.gitignore .gitattributes .mailmap fifo
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "removed .gitattributes, .mailmap, sub/.gitignore: git would wait on it for good"
    And the file "sub/.gitignore" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0

  # In a git directory git opens its `HEAD`, the ref it names and `packed-refs` by name: in a
  # new nested repository (which the checkpoint's `git add` looks into for its commit), or in
  # a folder that a `HEAD` would make one.
  Scenario: FIFOs a nested repository's git reads, and a HEAD, are removed and named
    Given a git repository with files:
      | path  | content |
      | sub/s | s\n     |
    And the plan file "plan.yaml":
      """
      task: pipes
      steps:
        - name: pipes
          options:
            - actions:
                - run: git init -q -b main n && mkfifo n/.git/refs/heads/main n/.git/packed-refs && mkdir -p d/objects d/refs && mkfifo d/HEAD
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "removed d/HEAD, n/.git/packed-refs, n/.git/refs/heads/main: git would wait on it for good"

Feature: Undo gives back the empty folders a command wrote into, with their modes
  As a developer whose tree holds folders that stand empty (`uploads/` of mode 1777, `logs/`)
  I want undo of a run that wrote files into them to leave them standing as they were
  So that undo removes only the folders the agent made, never mine

  # No checkpoint holds an empty folder: the restore removes the file the command wrote
  # there, then the folder it leaves empty and those holding only it, as git does. The
  # look before the command lists the empty folders; those it filled are recorded, made
  # again by undo and by a correction, with their modes (and those of the folders
  # holding them, `uploads` here).
  Background:
    Given a git repository with files:
      | path  | content |
      | t     | t\n     |
    And an empty folder "uploads/2024" with mode 755
    And I make "uploads" mode 1777
    And an empty folder "logs" with mode 700

  Scenario: A command writes into empty folders; undo, redo and undo keep them as they stood
    Given the plan file "plan.yaml":
      """
      task: Write logs
      steps:
        - name: write
          options:
            - actions:
                - run: "printf 'x\\n' > uploads/2024/f; printf 'y\\n' > logs/app; mkdir made; printf 'z\\n' > made/f"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "uploads/2024/f" does not exist
    And the folder "uploads" has mode 1777
    And the folder "uploads/2024" has mode 755
    And the folder "logs" has mode 700
    And the folder "made" does not exist
    And stdout lists "uploads" under "put back (ignored files and modes no checkpoint holds)"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "uploads/2024/f" holds exactly "x\n"
    And the file "logs/app" holds exactly "y\n"
    And the file "made/f" holds exactly "z\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "logs/app" does not exist
    And the folder "uploads" has mode 1777
    And the folder "uploads/2024" has mode 755
    And the folder "logs" has mode 700
    And the folder "made" does not exist

  Scenario: A correction to before the command keeps the empty folders it wrote into
    Given the plan file "plan.yaml":
      """
      task: Write logs
      steps:
        - name: write
          options:
            - actions:
                - run: "printf 'x\\n' > uploads/2024/f; printf 'y\\n' > logs/app"
        - name: more
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --no-execute --yes"
    Then the exit code is 0
    And the file "logs/app" does not exist
    And the file "a.txt" does not exist
    And the folder "uploads" has mode 1777
    And the folder "uploads/2024" has mode 755
    And the folder "logs" has mode 700

  Scenario: The agent's own write into an empty folder, then undo: the folder stays
    Given the plan file "plan.yaml":
      """
      task: Write a log
      steps:
        - name: write
          options:
            - actions:
                - write: uploads/2024/f
                  content: "x\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "uploads/2024/f" does not exist
    And the folder "uploads" has mode 1777
    And the folder "uploads/2024" has mode 755

  # A file I put there after the run is mine: undo leaves it, and the folder holding it.
  Scenario: A file I added since to a folder the command wrote into stays, with the folder
    Given the plan file "plan.yaml":
      """
      task: Write a log
      steps:
        - name: write
          options:
            - actions:
                - run: "printf 'y\\n' > logs/app; printf 'x\\n' > uploads/2024/f"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I change "logs/mine" to "mine\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "logs/app" does not exist
    And the file "logs/mine" holds exactly "mine\n"
    And the folder "logs" has mode 700
    And the folder "uploads/2024" has mode 755

  # The other way round: a correction writes a file back into a folder the command emptied,
  # and its undo empties it again; `uploads`, holding only that folder, keeps its mode too.
  Scenario: Undo of a correction that refilled an emptied folder keeps the modes of both
    Given I change "uploads/2024/f" to "f\n"
    And the plan file "plan.yaml":
      """
      task: Tidy uploads
      steps:
        - name: tidy
          options:
            - actions:
                - run: rm uploads/2024/f
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 3 --guidance keep --no-execute --yes"
    Then the file "uploads/2024/f" holds exactly "f\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "uploads/2024/f" does not exist
    And the folder "uploads" has mode 1777
    And the folder "uploads/2024" has mode 755

Feature: An ignored file a command replaced by a folder comes back with undo and a correction
  As a developer whose `.env` (ignored, so in no checkpoint) an agent's command replaced by a folder
  I want undo and a correction to take the command's folder away and give my file back
  So that "restored" means my file is back, byte for byte, with its mode (attack 12, finding 18)

  # The command removes the ignored .env (mode 600) and makes a folder .env/ holding a file.
  # Before: undo and the correction listed .env as restored and put back, and left the folder.
  Background:
    Given a git repository with files:
      | path       | content  |
      | .gitignore | /.env*\n |
      | a.txt      | a\n      |
    And I change ".env" to "SECRET=1\n"
    And I make ".env" mode 600
    And the plan file "plan.yaml":
      """
      task: Make .env a folder
      steps:
        - name: swap
          options:
            - actions:
                - run: rm -f .env && mkdir .env && printf 'x\n' > .env/inner
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"

  Scenario: Undo gives the file back in place of the command's folder; undoing that gives the folder
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file ".env" holds exactly "SECRET=1\n"
    And the file ".env" has mode 600
    And stdout lists ".env" under "put back (ignored files and modes no checkpoint holds)"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file ".env/inner" holds exactly "x\n"

  Scenario: A correction to before the command gives the file back in place of the folder
    When I run "agents plan correct --mode=revert --decision 2 --guidance other --no-execute --yes --mine"
    Then the exit code is 0
    And the file ".env" holds exactly "SECRET=1\n"
    And the file ".env" has mode 600

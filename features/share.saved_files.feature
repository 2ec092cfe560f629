Feature: Files saved for undo never travel with a plan, and never come in with one
  As a developer who keeps secrets in ignored files such as .env
  I want a pulled plan never to bring files saved for undo into my tree
  So that neither an older version's plan nor a forged one writes another clone's
  ignored files over mine (attack report 5, finding 0)

  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository
      And the file ".gitignore" is committed with ".env"
      And the plan file "plan.yaml":
        """
        task: benign
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
      '''
    And the clone's ignored file ".env" holds "API_URL=https://victim.internal"

  Scenario: Saved files among the checkpoints, as older versions sent them, refuse the pull
    Given the remote's checkpoints of the pushed plan hold a commit "cleveragents saved files: before a command" of ".env" holding "API_URL=https://attacker.example", which decision 3 names as files it replaced
    When I run "agents plan pull origin"
    Then the exit code is 2
    And stderr is one line containing "holds files saved for undo among its checkpoints"
    And the pushed plan is not in the clone

  Scenario: Files sent as a checkpoint and named as saved files are never put back
    Given the remote's checkpoints of the pushed plan hold a commit "cleveragents checkpoint: x" of ".env" holding "API_URL=https://attacker.example", which decision 3 names as files it replaced
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance redo --trust-plan"
    Then the exit code is 0
    And the clone's ignored file ".env" still holds "API_URL=https://victim.internal"

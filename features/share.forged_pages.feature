Feature: A decision's page record is read only when it has the shape `agents` records
  As a developer who pulls plans from a shared remote anyone with push access can write to
  I want a pulled decision's page (URL, what changed, screenshot and state ids) checked
  So that a forged page cannot crash `agents plan tree` or make its HTML embed my files,
  and a page damaged in my own store shows as not readable instead of crashing

  # The Background's plan runs once per process; each scenario works on a fresh copy of
  # what it left (features/support/kept_setup.py).
  Background:
    Given a git repository where the plan file "plan.yaml" has run with "agents plan run --script {tmp}/plan.yaml":
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

  Scenario Outline: A pulled decision whose page is not as recorded refuses the whole pull
    Given the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['page'] = <page>
      """
    When I run "agents plan pull origin"
    Then the exit code is 2
    And stderr is one line containing "names a page not as recorded: its `<where>` is bad"
    And the pushed plan is not in the clone

    Examples:
      | page                                                           | where         |
      | {'state': 'a' * 64, 'changes': 'x'}                            | changes       |
      | {'state': 'a' * 64, 'changes': {'added': 5}}                   | changes.added |
      | {'state': 'a' * 64, 'changes': {}, 'screenshot': '../../../../secret'} | screenshot |
      | {'state': '../../../../secret', 'changes': {}}                 | state         |
      | {'state': 'a' * 64, 'changes': {'url': 7}}                     | changes.url   |
      | {'state': 'a' * 64, 'changes': {}, 'storage': '../../../../secret'} | storage  |
      | {'state': 'a' * 64, 'changes': {}, 'base': 'b' * 63}           | base          |

  Scenario: A pulled decision whose page is as recorded is taken and shown
    Given the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['page'] = {'state': 'a' * 64, 'changes': {'url': 'http://127.0.0.1:1/x', 'removed': [['button', 'Go']]}, 'screenshot': 'b' * 64}
      """
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "page http://127.0.0.1:1/x · 1 element changed"

  Scenario: A pulled decision whose page names its cookies and storage by their ids is taken
    Given the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['page'] = {'state': 'a' * 64, 'changes': {'url': 'http://127.0.0.1:1/x'}, 'storage': 'c' * 64, 'base': 'd' * 64}
      """
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "page http://127.0.0.1:1/x"

  Scenario Outline: A page damaged in the store shows as not readable, and no id of it is a path
    Given decision 3 of the newest plan has the page <page> in the store
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "page not readable"
    When I run "agents plan tree --format html"
    Then the exit code is 0
    And stdout contains "page not readable"
    And stdout does not contain "secret"
    When I run "agents plan decision 3"
    Then the exit code is 0
    And stdout has a line "page" "not readable"
    And stdout does not contain "secret"

    Examples:
      | page                                                                               |
      | {"state": "../../../../secret", "changes": "x"}                                    |
      | {"state": "aa", "changes": {"added": 5}}                                           |
      | {"state": "aa", "changes": {}, "screenshot": "../../../../../secret"}               |

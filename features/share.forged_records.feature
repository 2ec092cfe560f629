Feature: Records pulled from another clone are checked whole before anything trusts them
  As a developer who pulls plans from a shared remote anyone with push access can write to
  I want every record of a pulled or imported plan checked where it enters, whole
  So that forged records cannot run commands, touch files outside my tree, undo as if
  they were mine, or replace another of my plans

  # The Background runs the plan and pushes it once per process; each scenario works on a
  # fresh copy of what that left (features/support/kept_setup.py).
  Background:
    Given a clone pulled from a bare remote the plan a repository ran from "plan.yaml":
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

  Scenario: A pulled plan's goal checks are commands a person here must vouch for
    Given the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'plan': r['body']['goal'] = [{'run': f'touch {T}/pwned-goal'}]
      """
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance redo"
    Then the exit code is 3
    And stderr contains "only if you vouch for them"
    And nothing exists at "{tmp}/pwned-goal"
    When on a terminal I say "y" then "n" to "agents plan correct --mode=revert --decision 2 --guidance redo"
    Then the terminal shows "pwned-goal"
    And the terminal shows "the plan file was not trusted"
    And nothing exists at "{tmp}/pwned-goal"

  Scenario Outline: A pulled record naming a path outside the tree refuses the whole pull
    Given a canary file "{tmp}/host/m" with mode 0600
    And a canary file "{tmp}/host/x" with mode 0644
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['replaced'] = [{'plan_id': P, 'absent': [<absent>], 'modes': {<mode>: 0o777}, 'at': 1}]
      """
    When I run "agents plan pull origin"
    Then the exit code is 2
    And stderr is one line containing "names the path"
    And the pushed plan is not in the clone
    When I run "agents plan correct --mode=revert --decision 2 --guidance redo --trust-plan"
    Then the exit code is 2
    And the canary file "{tmp}/host/m" is still there with mode 0600
    And the canary file "{tmp}/host/x" is still there with mode 0644

    Examples:
      | absent                   | mode                   |
      | T + '/host/x'            | T + '/host/m'          |
      | '../../host/x'           | '../../host/m'         |
      | 'a/./../../../host/x'    | 'ok.txt'               |
      | '.GIT/config'            | 'sub/.git/config'      |
      | 'ok.txt'                 | 'git~1/hooks/pre-push' |
      | ''                       | 'ok.txt'               |
      | 'a\x00b'                 | 'ok.txt'               |

  Scenario Outline: A pulled operation whose clone of origin is missing or null is refused
    Given the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'operation': <edit>
      """
    When I run "agents plan pull origin"
    Then the exit code is 2
    And stderr is one line containing "bad `body.made_in`"
    And the pushed plan is not in the clone
    When I run "agents plan undo"
    Then the exit code is 2
    And stderr contains "no operation to undo"

    Examples:
      | edit                         |
      | r['body']['made_in'] = None  |
      | del r['body']['made_in']     |
      | r['body']['made_in'] = 7     |

  Scenario: Records that name another plan than their ref are refused, and change nothing
    Given the plan file "mine.yaml":
      """
      task: mine
      steps:
        - name: s1
          options:
            - actions:
                - write: mine.txt
                  content: "mine\n"
      """
    And the clone has run "agents plan run --script {tmp}/mine.yaml"
    And the remote holds records under the plan name "deadbeef", made from the pushed plan's:
      """
      if r['type'] == 'records': r['plan'] = V
      if r['type'] == 'plan': r['body'].update(id=V, task='HIJACKED')
      if r['type'] in ('decision', 'correction', 'operation'): r['body']['plan_id'] = V
      """
    When I run "agents plan pull origin deadbeef"
    Then the exit code is 2
    And stderr is one line containing "say they are plan"
    And the clone's own plan is as it was

  Scenario Outline: A malformed pulled record is refused with one line, never a crash
    Given the remote's records of the pushed plan are rewritten:
      """
      <edit>
      """
    When I run "agents plan pull origin"
    Then the exit code is 2
    And stderr is one line containing "of the plan records"
    And the pushed plan is not in the clone

    Examples:
      | edit                                                                        |
      | if r['type'] == 'decision': del r['body']['seq']                            |
      | if r['type'] == 'decision': r['body']['plan_id'] = 'f00df00d'               |
      | if r['type'] == 'checkpoint': r['id'] = '--output=/tmp/x'                   |
      | if r['type'] == 'message': r['n'] = 'one'                                   |
      | if r['type'] == 'plan': r['type'] = 'plan?'                                 |
      | if r['type'] == 'plan': r.clear()                                           |
      | if r['type'] == 'decision': del r['body']['status']                         |
      | if r['type'] == 'state': r['message'] = 999                                 |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': 'f00df00d'}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'commit': '-p'}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'modes': {'ok.txt': 0o4755}}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'modes': {'ok.txt': 2**70}}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'modes': {'ok.txt': -1}}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'folders': {'src': 0o4755}}] |
      | if r['type'] == 'decision': r['body']['replaced'] = [{'plan_id': P, 'folders': {'../out': 0o700}}] |

  Scenario Outline: A plan is exported only into a regular file
    Given I have run "agents plan pull origin"
    And a FIFO "{tmp}/fifo"
    When I run "agents plan export <plan> <path>"
    Then the exit code is 2
    And stderr is one line containing "is not a regular file"
    And "{tmp}/fifo" is still a FIFO

    Examples:
      | plan           | path       |
      | {first_plan}   | {tmp}/fifo |
      | {first_plan}   | {tmp}      |

  Scenario: A forged bundle is refused as a forged pull is
    Given a canary file "{tmp}/host/x" with mode 0644
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['replaced'] = [{'plan_id': P, 'absent': [T + '/host/x'], 'at': 1}]
      """
    And the remote's plan refs are bundled into "evil.bundle"
    When I run "agents plan import {tmp}/evil.bundle"
    Then the exit code is 2
    And stderr is one line containing "names the path"
    And the pushed plan is not in the clone
    And the canary file "{tmp}/host/x" is still there with mode 0644

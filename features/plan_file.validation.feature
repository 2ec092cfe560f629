Feature: Plan files are validated with errors naming the line and the field
  As someone writing a plan file for CI
  I want a mistake in my plan file to be reported with its line and field
  So that I can fix it without guessing

  Scenario Outline: Invalid plan files
    Given a git repository
    And a plan file "plan.yaml" with the text "<text>"
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And the repository has no plan

    Examples:
      | text                                                                               | message                                                   |
      | task: x                                                                            | plan.yaml:1: (top level): a plan file has either steps or phases (not both, not neither) |
      | steps: []\ntask: x                                                                 | plan.yaml:1: (top level): a plan file has either steps or phases |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - write: a | plan.yaml:6: steps[0].options[0].actions[0].content: Field required |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - copy: a  | plan.yaml:6: steps[0].options[0].actions[0]: an action needs exactly one of: write, edit, delete, run, goto, click, fill, check, uncheck, select, press, back |
      | task: x\nsteps:\n  - name: s\n    option: []                                       | plan.yaml:3: steps[0].options: Field required; {tmp}/plan.yaml:4: steps[0].option: Extra inputs are not permitted |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - run: ls\n            timeout: -1 | plan.yaml:7: steps[0].options[0].actions[0].timeout: Input should be greater than 0 |
      | task: [unclosed                                                                    | not valid YAML                                            |
      | just a string                                                                      | a plan file is a mapping with `task` and `steps`          |
      | task: x\nsteps: 3\ngoal: 4\nfoo: 1\nbar: 2                                         | (and 1 more)                                              |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - run: ls\n            timeout: .inf | plan.yaml:7: steps[0].options[0].actions[0].timeout: a timeout is at most 86400 seconds (a day) |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - run: ls\n            timeout: 1e300 | plan.yaml:7: steps[0].options[0].actions[0].timeout: a timeout is at most 86400 seconds (a day) |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - run: ls\n            timeout: .nan | plan.yaml:7: steps[0].options[0].actions[0].timeout: Input should be greater than 0 |
      | task: x\ngoal:\n  - run: ls\n    timeout: .inf\nsteps:\n  - name: s\n    options:\n      - actions:\n          - run: ls | plan.yaml:3: goal[0]: a timeout is at most 86400 seconds (a day) |
      | task: x\ntask: y\nsteps: []                                                         | plan.yaml:2: the key `task` appears twice (first on line 1) |
      | task: x\nsteps:\n  - name: s\n    options: []\n    name: t                         | plan.yaml:5: the key `name` appears twice (first on line 3) |
      | task: x\nbrowser:\n  url: http://127.0.0.1:1/\n  on_screen_change: always\nsteps:\n  - name: s\n    options:\n      - actions:\n          - back: true | plan.yaml:4: browser.on_screen_change: Input should be 'continue' or 'replan' |

  Scenario Outline: Plan files too large or too deep, or naming a file the file system refuses
    Given a git repository
    And a plan file "plan.yaml" with the text "<text>", where LONG is "<unit>" <times> times
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And the repository has no plan

    Examples:
      | text                                                                                    | unit | times   | message                                       |
      | task: x\nsteps: LONG                                                                     | [    | 2000    | plan.yaml:2: nested more than 50 levels deep   |
      | task: x\nsteps: []\n# LONG                                                              | x    | 1100000 | plan.yaml is larger than 1 MiB                 |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - write: LONG\n            content: x | a | 256 | write: path 'aaaa |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - edit: d/LONG\n            find: a\n            replace: b | é | 128 | has a name over 255 bytes |
      | task: x\nsteps:\n  - name: s\n    options:\n      - actions:\n          - delete: LONG   | a    | 256     | delete: path 'aaaa                             |

  Scenario: A device is not a plan file, and is not read to its end
    Given a git repository
    When I run "agents plan run --script /dev/zero"
    Then the exit code is 2
    And stderr is one line containing "cannot read plan file /dev/zero: it is not a regular file"

  Scenario: A plan file that does not exist
    Given a git repository
    When I run "agents plan run --script {tmp}/missing.yaml"
    Then the exit code is 2
    And stderr is one line containing "cannot read plan file"

  Scenario: A plan file that is not UTF-8
    Given a git repository
    And a plan file "latin1.yaml" that is not UTF-8
    When I run "agents plan run --script {tmp}/latin1.yaml --json"
    Then the exit code is 2
    And the JSON value "error.kind" is "invalid_plan_file"

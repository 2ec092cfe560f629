Feature: Contingencies and sub-tasks
  As someone writing a plan file for CI
  I want known fixes tried before anything cleverer, and long plans split into sub-tasks
  that hand their outputs on
  So that common failures fix themselves and a long plan reads as its parts

  Background:
    Given a git repository

  Scenario Outline: A contingency fixes a failure without local planning
    Given the plan file "plan.yaml":
      """
      task: Needs a config
      contingencies:
        - name: create the config
          <condition>
          actions:
            - write: config.ini
              content: "[main]\n"
      steps:
        - name: run the tool
          options:
            - name: run it
              actions:
                - write: tool.sh
                  content: "test -f config.ini || { echo 'no config found'; exit 1; }\n"
          check:
            - run: sh tool.sh
          local:
            - name: never needed
              actions:
                - write: local.txt
                  content: "x"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file "config.ini" contains "[main]"
    And the file "local.txt" does not exist
    When I run "agents plan tree"
    Then stdout contains "step 1 · run the tool — done (create the config)"
    And stdout does not contain "local_action"

    Examples:
      | condition                   |
      | when_output: "no config"    |
      | when_missing: config.ini    |

  Scenario Outline: Contingencies are validated
    Given a plan file "bad.yaml" with the text "<text>"
    When I run "agents plan run --script {tmp}/bad.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"

    Examples:
      | text                                                                                                    | message                                                  |
      | task: x\ncontingencies:\n  - name: c\n    actions: [{write: a, content: b}]\nsteps:\n  - replan\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | needs exactly one of when_output, when_missing |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '('\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is not a regular expression |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '(a+)+$'\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is refused: a repetition without a bound inside another (as `(a+)+`) |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '(?:x\|(a+)+)'\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is refused: a repetition without a bound inside another (as `(a+)+`) |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '(?=(a+)+)'\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is refused: a repetition without a bound inside another (as `(a+)+`) |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '(x)?(?(1)(a+)+\|y)'\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is refused: a repetition without a bound inside another (as `(a+)+`) |
      | task: x\ncontingencies:\n  - name: c\n    when_output: '(?>(a+)+)'\n    actions: [{write: a, content: b}]\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}] | when_output is refused: a repetition without a bound inside another (as `(a+)+`) |
      | task: x\nsteps:\n  - replan                                                                             | a plan file needs at least one step besides replan |
      | task: x\nsteps:\n  - name: s\n    options: [{actions: [{write: a, content: b}]}]\nphases:\n  - name: p\n    steps: [replan] | either steps or phases |

  Scenario: Seven steps run as sub-tasks, passing an output along
    Given the plan file "plan.yaml":
      """
      task: Seven steps
      steps:
        - name: version
          options:
            - actions:
                - run: echo 1.2.3
                  output: version
        - name: two
          options: [{actions: [{write: s2.txt, content: "2"}]}]
        - name: three
          options: [{actions: [{write: s3.txt, content: "3"}]}]
        - name: four
          options: [{actions: [{write: s4.txt, content: "4"}]}]
        - name: five
          options: [{actions: [{write: s5.txt, content: "5"}]}]
        - name: release notes
          options:
            - actions:
                - write: NOTES.md
                  content: "Release {{ outputs.version }}\n"
        - name: tag
          options:
            - actions:
                - run: echo "v{{ outputs.version }}" > TAG
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "#2  sub-task · part 1 (steps 1-5)"
    And stdout contains "#13  sub-task · part 2 (steps 6-7)"
    And the file "NOTES.md" contains "Release 1.2.3"
    And the file "TAG" contains "v1.2.3"
    When I run "agents plan tree"
    Then stdout contains "sub-task · part 1 (steps 1-5) — done; outputs so far: version"

  Scenario: Phases in a plan file are sub-tasks by name; a missing output fails the action
    Given the plan file "plan.yaml":
      """
      task: Build and ship
      phases:
        - name: build
          steps:
            - name: compile
              options: [{actions: [{write: app.bin, content: "bin"}]}]
        - name: ship
          steps:
            - name: upload
              options:
                - actions:
                    - write: shipped.txt
                      content: "{{ outputs.url }}"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stdout contains "#2  sub-task · build"
    And stdout contains "#5  sub-task · ship"
    And stderr contains "no output 'url' yet"

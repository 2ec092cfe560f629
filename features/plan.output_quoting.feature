Feature: An earlier command's output is data in the lines and pages that use it
  As someone whose plan file runs `cat notes.txt` and then `echo got {{ outputs.x }}`
  I want the output to go into the later line as one quoted word, and into a `goto` only
  when it is a web address
  So that what a file of the tree holds never becomes a command or a page of this machine

  Background:
    Given a git repository

  Scenario: An output holding shell syntax is one word of the later command
    Given an untracked file "notes.txt" containing "hi; touch ../pwned"
    And the plan file "plan.yaml":
      """
      task: Say what the notes say
      steps:
        - name: read and say
          options:
            - actions:
                - run: cat notes.txt
                  output: x
                - run: "echo got {{ outputs.x }} > said.txt"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file "{tmp}/pwned" does not exist outside the repository
    And the file "said.txt" contains "got hi; touch ../pwned"

  Scenario: A goto made from an output is refused unless it is a web address
    Given the plan file "plan.yaml" on a page served here:
      """
      task: Open what the command said
      browser:
        url: {URL}
      steps:
        - name: open it
          options:
            - actions:
                - run: echo file:///etc/passwd
                  output: u
                - goto: "{{ outputs.u }}"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "refused: goto 'file:///etc/passwd' is not an http:// or https:// address"

  Scenario: A goto written as a file address is refused when the plan file is read
    Given a plan file "plan.yaml" with the text "task: x\nbrowser: {url: 'http://127.0.0.1:9/'}\nsteps:\n  - name: s\n    options:\n      - actions:\n          - goto: file:///etc/passwd"
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 2
    And stderr is one line containing "goto 'file:///etc/passwd' is not an http:// or https:// address"
    And the repository has no plan

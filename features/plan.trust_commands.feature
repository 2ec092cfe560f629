Feature: The trust question lists every command a plan can run
  As a developer asked whether a plan from another clone may run its commands here
  I want every command it can run in the list: its plan file's, and its own goal checks
  So that nothing runs that I was not shown

  Scenario: Every field of a plan that runs a command is listed in the trust question
    Then every field of a plan that holds a command is in the list a person vouches for

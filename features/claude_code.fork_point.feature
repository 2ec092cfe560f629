Feature: A tool call's fork point is read even when the session file lags behind the hook
  As a developer who will send Claude Code back to one of its tool calls
  I want the message just before each call recorded, even if Claude Code writes it late
  So that a correction can always fork the session just before the call

  Scenario: The call's entry reaches the session file after its hook started
    Given a session file that gets the call "toolu_7" after message "u-before" only 300 ms later
    When the hook of the call "toolu_7" asks where it sits
    Then it sits after "u-before", waited for

  Scenario: No session file: the place is unknown at once
    When the hook of the call "toolu_7" with no session file asks where it sits
    Then its place is unknown, found at once

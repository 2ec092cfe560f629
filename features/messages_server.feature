Feature: A local stand-in for the Anthropic Messages API
  As a developer testing the Claude actor without the live service
  I want a local server that answers the real anthropic SDK with replies scripted in advance
  So that tool calls, rate limits, server errors and timeouts are tested offline and fast

  Scenario: A scripted tool call reaches the SDK and the request is logged
    Given a stand-in Messages API
    And the stand-in Messages API answers with the tool "run_command" and input:
      """
      {"command": "pytest -q", "timeout": 30}
      """
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command"
    Then the SDK's reply calls the tool "run_command" with input:
      """
      {"command": "pytest -q", "timeout": 30}
      """
    And the stand-in Messages API received 1 request
    And the stand-in Messages API's last request offered the tool "run_command" and forced it
    And the stand-in Messages API's last request holds the user message "Run the tests."
    And the stand-in Messages API's last request came with the header "anthropic-version"
    And the stand-in Messages API's last request came with the header "Authorization"

  Scenario: A rate limit is retried by the SDK and the retry succeeds
    Given a stand-in Messages API
    And the stand-in Messages API answers with error 429 "rate_limit_error"
    And the stand-in Messages API answers with the tool "run_command" and input:
      """
      {"command": "make"}
      """
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command" with 2 retries
    Then the SDK's reply calls the tool "run_command" with input:
      """
      {"command": "make"}
      """
    And the stand-in Messages API received 2 requests
    And the stand-in Messages API saw the retry counts "0, 1"
    And the stand-in Messages API has no scripted reply left

  Scenario: More server errors than retries reach the caller
    Given a stand-in Messages API
    And the stand-in Messages API answers with error 500 "api_error" 4 times
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command" with 2 retries
    Then the SDK call failed with "InternalServerError"
    And the SDK's error has status 500 and type "api_error"
    And the stand-in Messages API received 3 requests
    And the stand-in Messages API saw the retry counts "0, 1, 2"

  Scenario: An overload the server says not to retry fails at once
    Given a stand-in Messages API
    And the stand-in Messages API answers with error 529 "overloaded_error" that must not be retried
    And the stand-in Messages API answers with the text "never reached"
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command" with 2 retries
    Then the SDK call failed with "OverloadedError"
    And the SDK's error has status 529 and type "overloaded_error"
    And the stand-in Messages API received 1 request

  Scenario: A reply slower than the client's timeout is a timeout
    Given a stand-in Messages API
    And the stand-in Messages API answers after 2 seconds with the tool "run_command" and input:
      """
      {"command": "sleep 1"}
      """
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command" with a timeout of 0.5 seconds
    Then the SDK call failed with "APITimeoutError"
    And the SDK gave up within 1.5 seconds
    And the stand-in Messages API received 1 request

  Scenario: With no scripted reply left the error names the stand-in server
    Given a stand-in Messages API
    When the Anthropic SDK asks the stand-in Messages API for the tool "run_command" with 2 retries
    Then the SDK call failed with "InternalServerError"
    And the SDK's error has status 500 and type "api_error"
    And the SDK's error says "stand-in server: no scripted reply left"
    And the stand-in Messages API received 1 request

  Scenario Outline: A request that breaks a rule of the API is refused with 400, as the service does
    Given a stand-in Messages API
    And the stand-in Messages API answers with the text "never reached"
    When the Anthropic SDK sends the stand-in Messages API the conversation "<conversation>"
    Then the SDK call failed with "BadRequestError"
    And the SDK's error mentions "<rule>"
    And the stand-in Messages API has 1 scripted reply left

    Examples:
      | conversation                                   | rule                                              |
      | two user messages in a row                     | roles must alternate                              |
      | a first message from the assistant             | the first message must use the user role          |
      | a tool call not answered by its result         | tool_use ids were found without tool_result blocks |
      | a tool result that answers no call             | a tool_result answers no tool_use                 |
      | five cache breakpoints                         | a maximum of 4 blocks with cache_control          |
      | an empty message                               | all messages must have non-empty content          |

  Scenario: Prompt caching: a long prefix is written once, then read, and usage says so
    Given a stand-in Messages API
    And the stand-in Messages API answers with the text "one"
    And the stand-in Messages API answers with the text "two"
    When the Anthropic SDK sends the stand-in Messages API a long cached prompt twice, the second time with a question more
    Then the first usage wrote the prompt to the cache and read nothing
    And the second usage read the same number of tokens from the cache and wrote the question

  # The SDK does not hand on the `ping` the stand-in sends after the first block starts.
  Scenario: A streamed reply reaches the SDK as events in the service's order
    Given a stand-in Messages API
    And the stand-in Messages API answers with the text "Let me look." and the tool "Write" with input:
      """
      {"file_path": "/tmp/x/notes.txt", "content": "a line long enough to take several pieces\n"}
      """
    When the Anthropic SDK streams a request to the stand-in Messages API
    Then the stream's events are message_start, content_block_start, content_block_delta, content_block_stop, content_block_start, content_block_delta, content_block_stop, message_delta, message_stop
    And the streamed message says "Let me look." and calls the tool "Write" with input:
      """
      {"file_path": "/tmp/x/notes.txt", "content": "a line long enough to take several pieces\n"}
      """
    And the streamed message stopped for "tool_use"

  Scenario: Claude Code's own requests are answered without using up the script
    Given a stand-in Messages API that answers Claude Code's own requests
    And the stand-in Messages API answers with the text "scripted"
    When the Anthropic SDK asks the stand-in Messages API without tools
    And the Anthropic SDK counts the tokens of a request to the stand-in Messages API
    Then the stand-in Messages API still has 1 scripted reply
    And the stand-in Messages API logged the paths /v1/messages, /v1/messages/count_tokens

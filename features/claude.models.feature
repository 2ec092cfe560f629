Feature: Claude on every current model, with honest accounting and clear stops
  As a developer who gives cleveragents an API key today
  I want it to work with the current models, count every request and its cost exactly,
  stop clearly (and resumably) whatever the service answers, and replay on another clone
  So that the bill, the tree and the exit code all tell the truth

  Background:
    Given a git repository
    And Claude answers through a stand-in server

  Scenario Outline: A plan completes, and a correction re-executes, on <model>
    Given Claude will propose the plan "first file" then "second file"
    And Claude will write "a.txt" with "a"
    And Claude will write "b.txt" with "sqlite"
    And I have run "agents plan run 'two files' --model <model>" with Claude
    And Claude will propose the plan "second file"
    And Claude will write "b.txt" with "postgres"
    When I run "agents plan correct --mode=revert --decision 5 --guidance 'use PostgreSQL'" with Claude
    Then the exit code is 0
    And the file "b.txt" contains "postgres"
    And no request forced a tool choice
    And every request Claude got names the model "<model>"
    And stderr does not contain "deprecated"

    Examples:
      | model             |
      | claude-sonnet-5-5 |
      | claude-opus-5-5   |
      | claude-haiku-4-5  |

  Scenario: The default model is a current one, and the stand-in refuses a forced tool choice for it
    Given Claude will propose the plan "write greet.py" checked by "test -f greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting' --allow-command 'test *'" with Claude
    Then the exit code is 0
    And every request Claude got names the model "claude-sonnet-5-5"
    And no request forced a tool choice
    And the stand-in refuses a forced tool choice for "claude-sonnet-5-5" with 400

  Scenario: A deprecated model warns once, with its end of life
    Given a model the installed anthropic SDK lists as deprecated
    And Claude will propose the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting' --model {deprecated}" with Claude
    Then the exit code is 0
    And stderr is one line containing "the model {deprecated} is deprecated and reaches its end of life on {end_of_life}"

  Scenario: A model from before structured outputs gets a forced tool call
    Given Claude will call the tool "propose_plan" with the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting' --model claude-3-7-sonnet-20250219" with Claude
    Then the exit code is 0
    And request 1 forced the tool "propose_plan"

  Scenario: A write cut off at max_tokens is asked again with more room, never sent back as invalid
    Given Claude will propose the plan "write big.txt"
    And Claude will list the files first
    And Claude will start writing "big.txt" and be cut off at max_tokens
    And Claude will write "big.txt" with "all of it"
    When I run "agents plan run 'a big file'" with Claude
    Then the exit code is 0
    And the file "big.txt" contains "all of it"
    And request 3 had room for 8192 tokens and request 4 for 21000
    And no request sent back "invalid input"
    And the store holds each turn of the exchange once
    When I run "agents plan show --json" with Claude
    Then the spending the plan shows is what the server answered

  Scenario: Cut off even with the most room, the plan stops clearly, resumable
    Given Claude will propose the plan "write big.txt"
    And Claude will start writing "big.txt" and be cut off at max_tokens
    And Claude will start writing "big.txt" and be cut off at max_tokens
    When I run "agents plan run 'a big file'" with Claude
    Then the exit code is 4
    And stderr is one line containing "the model's reply was cut at its output limit (21,000 tokens)"
    And stderr contains "agents plan resume"
    When I run "agents plan show --json" with Claude
    Then the JSON value "status" is "stopped"
    And the spending the plan shows is what the server answered

  Scenario: A paused turn goes on; the text of a reply is kept as said
    Given Claude will propose the plan "write greet.py"
    And Claude will pause its turn
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting'" with Claude
    Then the exit code is 0
    And request 3 ends with the paused turn sent back

  Scenario: A paused turn that goes on with a tool call is one turn of the model
    Given Claude will propose the plan "write greet.py"
    And Claude will pause its turn
    And Claude will read "README.md" 1 times, then write "greet.py" with "x = 1"
    When I run "agents plan run 'add a greeting'" with Claude
    Then the exit code is 0
    And the file "greet.py" contains "x = 1"
    And request 4 sends back one turn of the model holding "working on it" and the call to "read_file"

  Scenario: A model that answers in words is reminded once to use the tools
    Given Claude will propose the plan "write greet.py"
    And Claude will answer in words "I would write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting'" with Claude
    Then the exit code is 0
    And request 3 reminds Claude to "Answer through the tools"

  Scenario Outline: What the service answers is said in one line, the plan stopped and resumable
    Given Claude will propose the plan "write greet.py"
    And Claude's service answers <answer>
    When I run "agents plan run 'add a greeting'" with Claude
    Then the exit code is 4
    And stderr is one line containing "<said>"
    And stderr contains "(continue with `agents plan resume "
    When I run "agents plan show --json" with Claude
    Then the JSON value "status" is "stopped"
    And the spending the plan shows is what the server answered

    Examples:
      | answer                                                   | said                                                                                         |
      | with a refusal                                           | the model declined to go on (stop reason: refusal)                                           |
      | a malformed body                                         | the model's service answered with a malformed reply                                          |
      | 400 "invalid_request_error" saying "prompt is too long"  | the model's service refused the request (400 invalid_request_error): prompt is too long       |
      | 401 "authentication_error" saying "invalid x-api-key"    | the model's service refused the key (401 authentication_error): invalid x-api-key (check ANTHROPIC_API_KEY) |
      | 403 "permission_error" saying "not allowed"              | the key may not do this (403 permission_error): not allowed                                  |
      | 404 "not_found_error" saying "model: claude-nope"        | the model 'claude-sonnet-5-5' was not found (404 not_found_error): model: claude-nope         |
      | 529 "overloaded_error" 3 times saying "Overloaded"        | the model's service answered 529 (overloaded_error), even after retries: Overloaded          |
      | 429 "rate_limit_error" 3 times saying "slow down"         | the model's service is rate limiting this key (429 rate_limit_error), even after retries      |
      | with the context window full                             | the conversation outgrew the model's context window                                          |

  Scenario Outline: A model setting in the environment that is no number is bad input, not a crash
    Given Claude will propose the plan "write greet.py"
    And every command runs with Claude and the environment <name>=<value>
    When I run "agents plan run 'add a greeting'" and note the modules it imports
    Then the exit code is 2
    And stderr is one line containing "<name> is '<value>', not <what>"
    And it imported none of "anthropic"

    Examples:
      | name                       | value | what                       |
      | CLEVERAGENTS_MODEL_TIMEOUT | abc   | a number of seconds above 0 |
      | CLEVERAGENTS_MODEL_TIMEOUT | nan   | a number of seconds above 0 |
      | CLEVERAGENTS_MODEL_TIMEOUT | 0     | a number of seconds above 0 |
      | CLEVERAGENTS_MODEL_RETRIES | -1    | a whole number, 0 or more  |
      | CLEVERAGENTS_MODEL_RETRIES | 2.5   | a whole number, 0 or more  |

  Scenario: A model the key cannot use is resumed with another
    Given Claude will propose the plan "write greet.py"
    And Claude's service answers 404 "not_found_error" saying "model: claude-sonnet-5-5"
    And the plan "add a greeting" was run with Claude and stopped
    And Claude will propose the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan resume --model claude-haiku-4-5" with Claude
    Then the exit code is 0
    And the file "greet.py" contains "x = 1"
    And the last request named the model "claude-haiku-4-5"

  Scenario: Every request is counted, cache tokens too, and priced by exact model id
    Given the file "big.txt" is committed with 20000 characters
    And Claude will propose the plan "read and write"
    And Claude will read "big.txt" 3 times, then write "out.txt" with "done"
    When I run "agents plan run 'read it' --model claude-opus-4-5" with Claude
    Then the exit code is 0
    And request 4 read from the prompt cache
    When I run "agents plan show --json" with Claude
    Then the spending the plan shows is what the server answered, priced at 5, 25, 6.25 and 0.5 dollars
    And the JSON value "usage.cache_read_tokens" is above 0

  Scenario: A model whose price is not known has an unknown cost, and no dollar budget
    Given Claude will propose the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting' --model claude-new-model" with Claude
    Then the exit code is 0
    When I run "agents plan show" with Claude
    Then stdout contains "unknown (the model's price is not known)"
    When I run "agents plan run 'again' --model claude-new-model --budget-usd 1" with Claude
    Then the exit code is 2
    And stderr is one line containing "--budget-usd needs a model whose price is known"
    When I run "agents plan resume --budget-usd 1" with Claude
    Then the exit code is 2
    And stderr is one line containing "--budget-usd needs a model whose price is known"

  Scenario Outline: A budget of <what> stops the plan in the middle of a step, resumable with more
    Given Claude will propose the plan "read and write"
    And Claude will read "README.md" 3 times, then write "out.txt" with "done"
    When I run "agents plan run 'read it' <flag>" with Claude
    Then the exit code is 4
    And stderr contains "<said>"
    And stderr contains "<hint>"
    When I run "agents plan show --json" with Claude
    Then the JSON value "status" is "stopped"
    And the spending the plan shows is what the server answered
    Given the stand-in forgets the replies it did not give
    And Claude will propose the plan "read and write"
    And Claude will write "out.txt" with "done"
    When I run "agents plan resume <more>" with Claude
    Then the exit code is 0
    And the file "out.txt" contains "done"

    Examples:
      | what     | flag                 | said                                  | hint                      | more                    |
      | requests | --budget-requests 3  | the request budget (3) is spent       | --budget-requests N       | --budget-requests 10    |
      | tokens   | --budget-tokens 1500 | the token budget (1,500) is spent     | --budget-tokens N         | --budget-tokens 100000  |
      | dollars  | --budget-usd 0.004   | the dollar budget ($0.004) is spent   | --budget-usd N            | --budget-usd 1          |

  Scenario: After a replan, the prompt shows no finished step as the current one
    Given Claude will propose the plan "first file" with a replan after it
    And Claude will write "a.txt" with "a"
    And Claude will propose the plan "second file"
    And Claude will write "b.txt" with "b"
    When I run "agents plan run 'two files'" with Claude
    Then the exit code is 0
    And request 3 holds "Completed steps" and not "Current step: first file"

  Scenario: A cassette recorded in one clone replays in another after a failed check
    Given Claude will propose the plan "write t.py" checked by "python3 t.py"
    And Claude will write "t.py" with "import os, sys, time\nprint(os.getcwd(), 'took', time.time() % 1, 's')\nprint('Ran 1 test in 0.012s')\nsys.exit(1)\n"
    And Claude will write "t.py" with "print('ok')\n"
    When I run "agents plan run 'write t' --allow-command 'python3 *' --record {tmp}/cassette" with Claude
    Then the exit code is 0
    And a request holds the working tree's path and a duration only as "<working tree>" and "<time>" in the cassette
    Given a second git repository like the first
    When I run "agents plan run 'write t' --allow-command 'python3 *' --actor replay --cassette {tmp}/cassette" in it without an API key
    Then the exit code is 0
    And the file "t.py" in it contains "print('ok')"

  Scenario: A duration the user wrote in the task is not normalised away on replay
    Given Claude will propose the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a 5s timeout, version 1.2s' --record {tmp}/cassette" with Claude
    Given a second git repository like the first
    When I run "agents plan run 'add a 9s timeout, version 1.2s' --actor replay --cassette {tmp}/cassette" in it without an API key
    Then the exit code is 2
    And stderr contains "no longer matches 0001.json"

  Scenario: A changed request is refused on replay with the first line that differs
    Given Claude will propose the plan "write greet.py"
    And Claude will write "greet.py" with "x = 1\n"
    When I run "agents plan run 'add a greeting' --record {tmp}/cassette" with Claude
    Given a second git repository like the first
    When I run "agents plan run 'add a farewell' --actor replay --cassette {tmp}/cassette" in it without an API key
    Then the exit code is 2
    And stderr contains "line 1: was "Task: add a greeting", is now "Task: add a farewell""

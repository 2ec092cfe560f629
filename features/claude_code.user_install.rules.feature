Feature: A user install of our hooks stands aside only for a repository install that records in its place
  As a developer who installed the recorder in my own Claude Code settings (`--user`)
  I want it to stand aside only where the repository's settings run our hook exactly as my
  install does (Python, policy flags), for every event and every tool
  So that a committed settings file that merely names our module cannot silence it

  Scenario Outline: Repository settings <case>: the user install stands aside: <answer>
    Then a user install run by "/opt/py/bin/python" stands aside for repository settings <case>: <answer>

    Examples:
      | case                                       | answer |
      | as hooks install writes them               | yes    |
      | holding commands to a policy               | no     |
      | of ours beside a hook of the user's        | yes    |
      | naming our module in a Stop hook           | no     |
      | of ours for three events only              | no     |
      | of ours for Read calls only                | no     |
      | of ours run by another Python              | no     |
      | of ours with a flag we never write         | no     |
      | of ours with an unclosed quote             | no     |
      | of ours as a prompt hook                   | no     |
      | with no hooks at all                       | no     |

  Scenario Outline: What hooks status says of a user install <user> in a repository <case>
    Then hooks status says of a user install <user> in a repository <case>: <said>

    Examples:
      | user                               | case                               | said |
      | as hooks install writes            | as hooks install writes them       | "stands aside here" |
      | as hooks install writes            | naming our module in a Stop hook   | "records here: this repository's" |
      | as hooks install writes            | with no hooks at all               | nothing |
      | that is not there                  | as hooks install writes them       | nothing |
      | with an unclosed quote             | as hooks install writes them       | nothing |
      | with a policy                      | holding commands to a policy       | "stands aside here" |
      | with a policy                      | as hooks install writes them       | "records here" |

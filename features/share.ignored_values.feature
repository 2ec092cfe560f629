@agents_forked
Feature: A plan that read an ignored file's values, however it read them, is not pushed
  As a developer who keeps keys in ignored files (`.env`, `secrets.json`, `secrets/`)
  I want `agents plan push` to refuse a plan whose records or checkpoints hold a value of one
  So that the everyday ways a command reads a key do not send it to the remote (attack
  report 14, finding 6): `jq -r`, `env | grep`, a glob, a copy into a file that is not
  ignored, a key rotated since (the other forms: session_values.property.feature)

  # Each scenario: a real repository ignoring `.env`, `.env.*`, `secrets.json` and
  # `secrets/`, with a key in each; a real `agents plan run` of one sandboxed command; a
  # real `agents plan push` to a local bare remote, whose objects are then read.

  Background:
    Given a repository keeping a key in each of its ignored files, and a bare remote "origin"

  Scenario Outline: The push is refused, naming the file and --with-ignored-reads
    When a plan runs "<command>" and is pushed to "origin"
    Then the push is refused, naming "<file>" and "--with-ignored-reads"
    And no object of the remote holds a key

    Examples:
      | command                                                                       | file                |
      | jq -r .api_key secrets.json                                                   | secrets.json        |
      | . ./.env; env \| grep AWS                                                     | .env                |
      | cat secrets/*                                                                 | secrets/credentials |
      | cp .env .env.bak                                                              | .env                |
      | cat .env; sed -i s/SECRET-123/ROTATED-9/ .env                                 | .env                |

  Scenario: A plan that read no key is pushed, and --with-ignored-reads sends one that did
    When a plan runs "ls -a; grep -c HOST .env.db; echo localhost > host.txt" and is pushed to "origin"
    Then the exit code is 0
    When a plan runs "jq -r .api_key secrets.json" and is pushed to "origin" with "--with-ignored-reads"
    Then the exit code is 0

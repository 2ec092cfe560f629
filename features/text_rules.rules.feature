Feature: Which texts can be stored and run
  As a developer whose plan files, arguments and model replies become records
  I want a text the store cannot keep, or a command no program can be given, named as such
  So that it is refused as bad input, never an internal error

  # `\udcff` is a lone surrogate, `\0` a NUL; values are JSON.
  Scenario Outline: Whether a value can be stored: <case>
    When the value <value> is checked for storing
    Then the answer is "<answer>"

    Examples:
      | case                       | value                              | answer                                                     |
      | plain text                 | "hello"                            | storable                                                   |
      | a surrogate in a list      | ["ok", "a\udcffb"]                 | text holds \udcff, which is not a character (not valid UTF-8) |
      | a surrogate in a key       | {"a\ud800": 1}                     | text holds \ud800, which is not a character (not valid UTF-8) |
      | numbers and nothing        | [1, null, true]                    | storable                                                   |

  Scenario Outline: A model's reply written for sending back: <case>
    When the reply <value> is written for sending back
    Then it is written as <written>

    Examples:
      | case                       | value                               | written                              |
      | untouched                  | {"a": ["b", 1]}                     | {"a": ["b", 1]}                      |
      | surrogates in a list       | {"input": {"c": ["x\udcffy"]}}      | {"input": {"c": ["x\\udcffy"]}}      |

  Scenario: A command with a NUL cannot be run
    Then "echo \0" is refused as a command, and "echo ok" is not

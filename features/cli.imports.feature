Feature: The command-line modules import one another without a cycle
  As a maintainer of the `agents` command
  I want every import between the modules of cleveragents/cli to point one way
  So that a module can be read, moved or tested without the rest of the CLI coming along,
  and every command gets its repository and store from `bootstrap()` (or, for the read-only
  views, `bootstrap_rows()`)

  # A cycle hidden by an import inside a function is still a cycle: the walk reads every
  # import statement, wherever it stands, except under `if TYPE_CHECKING:` (never run), and
  # every `importlib.import_module(...)` or `__import__(...)`, whose computed name stands for
  # any string of its module (the `plan` app's registry names its command modules so).

  Scenario: The modules of cleveragents/cli form no import cycle
    Given the modules of the package "cleveragents.cli"
    When their imports are walked, those inside functions too
    Then no module imports itself through others

  Scenario: The commands reach the repository and the store only through a composition root
    Given the modules of the package "cleveragents.cli"
    When their imports are walked, those inside functions too
    Then no module imports anything under "cleveragents.adapters.git, cleveragents.adapters.storage"

  Scenario: A cycle hidden inside a function is found
    Given a package "hidden" whose modules are
      | module | source                                             |
      | a      | from hidden import b                               |
      | b      | def later():\n    from hidden.c import go          |
      | c      | import hidden.a                                    |
      | d      | from . import a                                    |
    When their imports are walked, those inside functions too
    Then the cycle "hidden.a -> hidden.b -> hidden.c -> hidden.a" is found

  Scenario: A cycle through a registry that imports its modules by name is found
    Given a package "loaded" whose modules are
      | module   | source                                                                                          |
      | registry | import importlib\nNAMES = ["show"]\ndef load(name):\n    return importlib.import_module(f"loaded.{name}") |
      | show     | def helped():\n    return __import__("loaded", fromlist=["help"]).help                          |
      | help     | from loaded.registry import NAMES                                                               |
    When their imports are walked, those inside functions too
    Then the cycle "loaded.help -> loaded.registry -> loaded.show -> loaded.help" is found

  Scenario: An import only for the type checker is no cycle
    Given a package "typed" whose modules are
      | module | source                                                                  |
      | a      | from typed import b                                                     |
      | b      | from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from typed import a |
    When their imports are walked, those inside functions too
    Then no cycle is found

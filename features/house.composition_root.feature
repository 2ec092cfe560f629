Feature: The composition root builds the services and decides nothing
  As a maintainer of cleveragents
  I want `bootstrap.py` to only wire adapters into services
  So that every rule lives where a test calls it (a service, an adapter or the domain), and
  reading the root tells how the parts fit together, not what any of them does

  # A decision is a loop, a `try`, a comprehension, an `if` (statement or expression) or an
  # `and`/`or` (`x or "default"`); an `if TYPE_CHECKING:` and an `if` on a flag the function
  # was given (`settling`) are wiring.

  Scenario: The composition root holds no decision
    Given the module "cleveragents/bootstrap.py"
    Then it holds no decision: no loop, no try, no if but on TYPE_CHECKING or a flag it was given

  Scenario: A rule hidden in a factory the root hands a service is found
    Given a module whose source is
      """
      from typing import TYPE_CHECKING
      if TYPE_CHECKING:
          from pathlib import Path
      def wired(settling):
          if not settling:
              pass
          def carry(plan):
              return {} if plan.kind != "claude-code" else plan.files
          def program(plan):
              return plan.source or "claude"
          return carry
      """
    Then the decision "line 8: if plan.kind != 'claude-code'" is found
    And the decision "line 10: plan.source or 'claude'" is found

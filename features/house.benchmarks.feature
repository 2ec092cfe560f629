Feature: The benchmarks still run on the code they measure
  As the engineer who reads `nox -s bench` before a release
  I want every benchmark to run to its report at a tiny size in the suite
  So that a change to the recorder or the checkpoint store cannot leave `nox -s bench` broken
  unseen until someone needs its ratios

  # Only that each script runs and prints its targets is checked here: its times are
  # meaningless at these sizes, and the suite never judges a time (CONTRIBUTING.md).
  # `--module` measures another checkout (PYTHONPATH=/path/to/it): `python -m cleveragents`
  # in the bench's repository was refused, its folder first on the import path.
  Scenario: The start-up benchmark times each command, as `python -m cleveragents` too
    When I run the benchmark "startup.py --runs 1 --module"
    Then the benchmark ends with exit code 0
    And its report times the commands "agents plan show, agents plan list"

  Scenario: The scale benchmark runs its plan runs and both conversation models
    When I run the benchmark "scale.py --runs 50,100 --model-decisions 50"
    Then the benchmark ends with exit code 0
    And its report has the targets "ms_per_decision_ratio, conversation_model_bytes"

  Scenario: The shortcut benchmark sets each in-process git path beside its plumbing
    When I run the benchmark "shortcuts.py --sizes 120 --repeat 1"
    Then the benchmark ends with exit code 0
    And its report has the ratios "index_update_1, index_holds_115, checkout_115, ref, commit"
    And its report has the ratios "ignore_1, blob_1, tree_1, tree_115"

Feature: The benchmarks still run on the code they measure
  As the engineer who reads `nox -s bench` before a release
  I want every benchmark to run to its report at a tiny size in the suite
  So that a change to the recorder or the checkpoint store cannot leave `nox -s bench` broken
  unseen until someone needs its ratios

  # Only that each script runs and prints its targets is checked here: its times are
  # meaningless at these sizes, and the suite never judges a time (CONTRIBUTING.md).
  Scenario: The scale benchmark runs its plan runs and both conversation models
    When I run the benchmark "scale.py --runs 50,100 --model-decisions 50"
    Then the benchmark ends with exit code 0
    And its report has the targets "ms_per_decision_ratio, conversation_model_bytes"

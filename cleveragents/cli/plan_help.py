"""The `plan` group's one-line help: the root shows it without importing the plan commands."""

PLAN_HELP = "Run plans, look at their decision trees, correct them, undo anything."

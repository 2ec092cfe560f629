Feature: A vouch opens to the model only what the vouched program reads
  As a developer who vouched for a linter my pre-commit hook runs (`agents hooks vouch`)
  I want every file of my tree that my hook still runs kept from the model
  So that a vouch for one program never lets the model plant what my next commit runs

  # Each example makes a real program of a random name agents does not know, outside the
  # tree on PATH, vouched for by its name or its path; the hook runs it beside tree files
  # that run (a script, a function of the same name, a tree program of the same name), the
  # user's own `git commit` runs the hook, and each tree file that ran must be judged
  # host-run (the program is `nice` by that name, running the file its words name); the
  # folder only the vouched program is given by a bare name must be open to the model.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every tree file the hook runs stays refused once its program is vouched for
    When my hook runs a random program I vouched for beside tree files, and I commit
    Then every tree file that ran is refused to the model, and what the program reads is open

  # Each example makes the vouched program a real file of a random form on PATH: a shell
  # wrapper of the tree's `tools/NAME` (`exec`, a call, `env bash`, after a `cd`), the
  # console script of an editable install of the tree's package (a venv whose `.pth` names
  # the tree's `src`), or a wrapper of a program outside the tree; the user's `git commit`
  # runs the hook, and each tree file that ran must be judged host-run (attack 21, finding 16).
  Scenario: Every tree file a vouched program's own wrapper runs stays refused
    When my hook runs a random wrapper I vouched for on PATH, and I commit
    Then every tree file that ran is refused to the model, and what the program reads is open

  # Each example copies a real console script of the suite's venv (a runner's: robot,
  # pabot, behave, coverage, uvicorn, typer, mcp; or a data tool's: jsonschema,
  # markdown-it) onto PATH under a random name (attack 21, finding 2).
  Scenario: A runner's console script under any name cannot be vouched for
    When I vouch for a copy of a random console script under a random name
    Then it is refused exactly when the script is a runner's, and counts only when it is not

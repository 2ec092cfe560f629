Feature: No tree file that my config's Python or node script starts is open to the model
  As a developer whose git config runs a Python, node or shell script of my tree, which
  starts others (`subprocess.run`, `os.system`, `exec(open(...).read())`, `execSync`,
  `spawnSync`)
  I want every tree file git really runs that way refused to the model, and no more
  So that my next `git diff` runs nothing the model planted, and the model keeps my tree

  # Each example writes random Python, node and shell scripts starting each other by a
  # random form of their language (cycles too), names one as `diff.x.textconv` and has git
  # run it; each script that ran leaves a mark, and must be judged host-run; a file none
  # names must not. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every tree file git runs through my config's script's calls is refused to the model
    When my git config's script starts random tree scripts, and git runs it
    Then every tree script that ran was refused to the model, and no other file

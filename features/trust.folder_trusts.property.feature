Feature: Whatever VS Code or mise runs of a folder it trusts is kept from the model, and only that
  As a developer who trusted my tree (or a folder above it) in VS Code or mise
  I want every file of it that tool runs on open or `cd` kept from the model, however my
  home records the trust, and the files of folders it does not trust left to the model
  So that opening the folder or `cd` into it runs nothing the model wrote, and no refusal
  stands where nothing would run

  # Each example: a home recording a trust drawn at random (VS Code's settings or its
  # trusted list, mise's `trust` records, a `--monorepo` mark, `trusted_config_paths`,
  # `MISE_TRUSTED_CONFIG_PATHS`, `MISE_YES`, either set in ~/.bashrc, or none) over a folder drawn from the tree's
  # parent, the tree, a folder of it, or another (of the main checkout, when the tree is a
  # linked worktree of it: mise trusts the same path of the worktree); then paths drawn at random (the tools'
  # config names and others, at any depth) judged by `host_files.host_run` over what
  # `folder_trusts.tree_trusts` reads on a real file system, in process, against what the
  # tool trusts; a config at the tree's top or a folder of it (drawn) naming a script to run (mise's
  # `_.source`, `_.path`, a hook; a VS Code folder-open task or a setting's program), which is
  # host-run exactly where that config is. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A path is host-run exactly when a trusting tool runs it
    When homes trusting folders in VS Code or mise are made at random
    Then every path a trusting tool runs is host-run, and no other path is

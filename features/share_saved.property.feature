Feature: Push and export never carry what the user ignored
  As a developer who keeps secrets in ignored files (.env, build/, logs)
  I want random commands on them, then a push and an export of the plan, checked end to end
  So that a plan that uploads an ignored byte, or can no longer undo, fails the build

  # Each example: a real git repository ignoring .env, build/ and *.log, each holding a
  # random secret; a plan whose one command deletes, rewrites or keeps each; `agents plan
  # push` to a real bare remote and `agents plan export` to a bundle fetched into an empty
  # repository. No object of either holds a secret, and `agents plan undo` puts every file
  # back as it was before the run.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (3 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No secret of an ignored file reaches the remote or the bundle, and undo still works
    When random commands on ignored files run in plans that are pushed and exported
    Then no example's remote or bundle held a secret, and undo brought every file back

Feature: A hook line putting its input into code is read as code agents cannot read
  As a developer whose own Claude Code hook runs `jq -r .tool_input.file_path | xargs -I{} sh -c '...{}...'`
  I want agents to see that the model's file name becomes shell code there
  So that a Write of a file named `a$(id)b.txt` never runs `id` on my host

  # Each example: xargs options, a replace string and an interpreter (sh, bash, dash,
  # busybox sh, python3, perl, node), the string in its code or as a plain argument
  # (features/support/xargs_splice_property.py). Where installed, the code case runs with
  # an input that computes the marker only as code, and must print it.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each line splicing its input into code is the whole tree; an argument is not
    When random xargs lines put their input into code or into an argument
    Then each that puts it into code is the whole tree, and its interpreter runs it

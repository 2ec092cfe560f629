"""Claude Code as an actor: its headless CLI drives itself; each tool call reaches us through
a command hook and becomes a decision, with a checkpoint before the ones that change files.

`program` finds the CLI, `session` runs it (settings, environment, the hook's socket, its
stream of messages), `hook` is the command Claude Code runs for each hook event, and
`transcript` reads the session file for what a fork needs later.
"""

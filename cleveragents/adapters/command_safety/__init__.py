"""Command safety for a model's commands: how bash reads a line, and the sandbox it runs in."""

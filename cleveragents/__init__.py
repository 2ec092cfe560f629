"""cleveragents: an agent on your git working tree, with a checkpoint before every decision."""

__version__ = "0.1.0"

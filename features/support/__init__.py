"""Test support shared by the behave steps (never imported by cleveragents itself)."""

"""Environments beside the working tree."""

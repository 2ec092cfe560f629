"""The version of the JSON documents `--json` prints, and `agents schema` describes.

A module of its own, without pydantic: `agents plan list --json` prints it and must not pay
for importing pydantic (`cli/plan_views.py`). The documents themselves are `documents.py`.
"""

from __future__ import annotations

# Goes up when a key goes away, changes its type or what it means; a new key does not change
# it (scripts must ignore keys they do not know). 1 was `plan tree --json`'s `"schema": 1`;
# 2 put `schema_version` in every document and made every id a string.
SCHEMA_VERSION = 2

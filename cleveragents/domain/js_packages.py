"""Which packages a node tool's config may name without loading a file of the tree.

A package a config names (`"plugins": ["local-rules"]`, `require("@babel/eslint-parser")`,
`"import/resolver": {"webpack": {}}`) is found in `node_modules` (host-run), but may load a
tree file by ITS convention: `eslint-plugin-local-rules` requires `eslint-local-rules.js`
from the project's top, `@babel/eslint-parser` the babel config, a webpack resolver
`webpack.config.js`, `prettier-plugin-tailwindcss` the tailwind config, a workspace
package linked into `node_modules` the tree's `packages/*`. agents reads no package's
conventions: a config naming a package that is not one of `KNOWN` (the tools' own, and
rule sets and parsers known to load no tree file but data) may run any file, the whole
tree (said so). `DATA_KEYS` are where a data config names packages.
"""

from __future__ import annotations

import json
import re

# Packages known to load nothing of the tree but data (package.json, tsconfig.json).
KNOWN = frozenset((
    "eslint", "@eslint/js", "@eslint/eslintrc", "@eslint/compat", "globals",
    "typescript-eslint", "@typescript-eslint/parser", "@typescript-eslint/eslint-plugin",
    "eslint-config-prettier", "eslint-plugin-react", "eslint-plugin-react-hooks",
    "eslint-plugin-jsx-a11y", "eslint-plugin-n", "eslint-plugin-node", "eslint-plugin-promise",
    "eslint-plugin-unicorn", "eslint-plugin-jest", "eslint-plugin-vue", "vue-eslint-parser",
    "eslint-plugin-import", "eslint-config-airbnb", "eslint-config-airbnb-base",
    "eslint-config-standard", "eslint-plugin-security", "eslint-plugin-sonarjs",
    "stylelint", "stylelint-config-standard", "stylelint-config-recommended",
    "stylelint-config-standard-scss", "stylelint-config-recommended-scss", "postcss-scss",
    "@commitlint/config-conventional", "@commitlint/config-angular", "@commitlint/cli",
    "eslint-import-resolver-node", "eslint-import-resolver-typescript",
))  # fmt: skip
# Keys of a data config (at any depth) whose values name packages; `settings` keys holding
# `resolver` name them by their keys too.
DATA_KEYS = frozenset((
    "plugins", "extends", "parser", "processor", "processors", "customSyntax",
    "parserPreset", "formatter", "preset",
))  # fmt: skip
# How a config names a package short under a key (`react` in `plugins` for
# `eslint-plugin-react`, `prettier` in `extends` for `eslint-config-prettier`).
_PREFIXES = {
    "plugins": ("eslint-plugin-", "stylelint-", "prettier-plugin-"),
    "extends": ("eslint-config-", "stylelint-config-", "@commitlint/config-"),
    "resolver": ("eslint-import-resolver-",),
}  # fmt: skip


def known(word: str, key: str = "") -> bool:
    """Whether `word`, a package as a config names it under `key` (`react` in `plugins`,
    `plugin:react/recommended`, `@typescript-eslint`, `eslint:recommended`; a module path
    of a JavaScript config without one: `node:fs`, `@eslint/js`), loads no tree file; a
    relative path is read as one (`tool_configs`), so it is not judged here."""
    if word.startswith(("eslint:", "node:", "./", "../")) or word in (".", ".."):
        return True
    if word.startswith("plugin:"):
        word, key = word.removeprefix("plugin:"), "plugins"
    prefixes = _PREFIXES.get(key, ())
    parts = word.split("/")
    if word.startswith("@"):  # `@scope`, `@scope/name`: `@scope/eslint-plugin[-name]`
        scope, rest = parts[0], parts[1] if len(parts) > 1 else ""
        names = {f"{scope}/{rest}"} if rest else set()
        kinds = [p.rstrip("-") for p in prefixes if not p.startswith("@")]
        names |= {f"{scope}/{k}-{rest}" if rest else f"{scope}/{k}" for k in kinds}
        names |= {f"{scope}/{k}" for k in kinds}
    else:
        names = {parts[0], *(p + parts[0] for p in prefixes if not parts[0].startswith(p))}
    return bool(names & KNOWN)


def named_packages(data: object) -> list[str]:
    """The packages a parsed data config names under `DATA_KEYS` (at any depth) and as
    `settings`' resolvers, not known ones (`known`)."""
    found: list[str] = []
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, dict):
            for inner, value in node.items():
                inner = str(inner)
                if "resolver" in inner and isinstance(value, dict):
                    found += [k for k in map(str, value) if not known(k, "resolver")]
                stack.append((inner, value))
        elif isinstance(node, list):
            stack += [(key, item) for item in node]
        elif isinstance(node, str) and (key in DATA_KEYS or "resolver" in key):
            found += [] if known(node, "resolver" if "resolver" in key else key) else [node]
    return list(dict.fromkeys(found))


def loose_json(text: str) -> object:
    """JSON as eslint and prettier read it: `//` and `/* */` comments and trailing commas
    allowed (raises ValueError when it is not that)."""
    out: list[str] = []
    at, quote = 0, ""
    while at < len(text):
        char = text[at]
        if quote:
            out.append(char)
            if char == "\\":
                out.append(text[at + 1 : at + 2])
                at += 1
            elif char == quote:
                quote = ""
        elif char == '"':
            quote = char
            out.append(char)
        elif text.startswith("//", at):
            at = len(text) if (end := text.find("\n", at)) < 0 else end - 1
        elif text.startswith("/*", at):
            end = text.find("*/", at + 2)
            if end < 0:
                raise ValueError("an unclosed comment")
            at = end + 1
        else:
            out.append(char)
        at += 1
    return json.loads(re.sub(r",(\s*[\]}])", r"\1", "".join(out)))

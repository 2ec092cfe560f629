"""YAML read so that no text can hang or crash the reader: a plan file, a hook manager's
config of the tree (`hook_runs.py`), written by the model or a colleague.

Anchors and aliases make a small text expand to billions of values (`a1: &a1 [*a0, *a0,
...]` nine levels deep: 10^9 from 500 bytes), an alias may name the node it is in (a
cycle: a walk over it never ends), and deep nesting overflows the composer's stack. So the
nesting is checked on the event stream before anything recurses (`MAX_DEPTH`), and the
node graph's size with aliases expanded (`MAX_NODES`, each node counted once however many
aliases name it) before any data is built.
"""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 50
MAX_NODES = 100_000


class TooLarge(ValueError):
    """YAML past a bound: `why` says which, `line` where (from 1)."""

    def __init__(self, why: str, line: int) -> None:
        super().__init__(why)
        self.why, self.line = why, line


def load(text: str) -> object:
    """The data of `text` as `yaml.safe_load` gives it; TooLarge past a bound, ValueError
    for text that is not YAML."""
    import yaml

    try:  # libyaml's parser where there is one (ten times faster), else PyYAML's
        node = compose(text, getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as error:
        raise ValueError(str(error)) from error
    if node is None:
        return None
    expanded_size(node)
    from yaml.constructor import SafeConstructor

    return SafeConstructor().construct_document(node)


def compose(text: str, loader: Any) -> Any:
    """The node graph of `text` (None for no document), nesting checked first."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 1
                raise TooLarge(f"nested more than {MAX_DEPTH} levels deep", line)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return yaml.compose(text, Loader=loader)


def expanded_size(root: Any, visit: Any = None) -> int:
    """How many values the graph at `root` holds with its aliases expanded; TooLarge past
    `MAX_NODES`, or for an alias naming a node it is in. `visit(node)` is called once for
    each node, parents first (a plan file's checks)."""
    import yaml

    sizes: dict[int, int] = {}
    entered: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]  # children before parents: (node, done?)
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        else:
            children = list(node.value) if isinstance(node, yaml.SequenceNode) else []
        if not done:
            if id(node) in entered:  # met again below itself
                raise TooLarge("an alias refers to a node it is in", node.start_mark.line + 1)
            entered.add(id(node))
            if visit is not None:
                visit(node)
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
            continue
        sizes[id(node)] = 1 + sum(sizes[id(child)] for child in children)
        if sizes[id(node)] > MAX_NODES:
            why = f"holds more than {MAX_NODES} values once its aliases are expanded"
            raise TooLarge(why, node.start_mark.line + 1)
    return sizes[id(root)]

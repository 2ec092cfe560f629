"""Steps of `sandbox.hard_links.property.feature` and `sandbox.hard_links.rules.feature`."""

from __future__ import annotations

from typing import Any

from behave import given, then, when

from features.support.properties import run_property


@when("random sandboxed commands write, chmod, move and remove hard-linked files")
def step_hard_links_property(context: Any) -> None:
    from features.support.hard_links_property import check_property

    run_property(context, "hard links property", check_property, 8)


@then("no store file changed, a refused command never ran, and in-tree names stayed writable")
def step_hard_links_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('the tree\'s names "{names}" of one file of {links:d} links')
def step_names_of_one_file(context: Any, names: str, links: int) -> None:
    if not hasattr(context, "linked_names"):
        context.linked_names = []
    inode = (1, len(context.linked_names) + 100)
    context.linked_names += [(inode, links, name) for name in names.split()]


@then('the files held read-only are "{paths}"')
def step_files_held(context: Any, paths: str) -> None:
    from cleveragents.domain.hard_links import linked_outside

    assert linked_outside(context.linked_names) == paths.split()


@given('linked files "{paths}" and 1 of them in "{folder}"')
def step_linked_files(context: Any, paths: str, folder: str) -> None:
    context.linked_paths = [p for p in paths.split() if not p.endswith("own.txt")]
    # each folder's own regular files: the linked ones, and `own.txt` in `folder`
    counts: dict[str, int] = {}
    for path in paths.split():
        parent = path.rpartition("/")[0]
        counts[parent] = counts.get(parent, 0) + 1
    context.own_files = counts
    assert folder in counts


@then('with a bound of {bound:d} the places held read-only are "{places}"')
def step_places_held(context: Any, bound: int, places: str) -> None:
    from cleveragents.domain.hard_links import held_places

    held = held_places(sorted(context.linked_paths), context.own_files, bound)
    assert held == places.split(), held


@then("with a bound of {bound:d} nothing is held: the command is refused")
def step_nothing_held(context: Any, bound: int) -> None:
    from cleveragents.domain.hard_links import held_places

    assert held_places(sorted(context.linked_paths), context.own_files, bound) is None


@then('refusing {count:d} linked files with a bound of {bound:d} says "{said}" and no setting')
def step_refusal_beyond_most(context: Any, count: int, bound: int, said: str) -> None:
    from cleveragents.adapters.command_safety.limits import HARD_LINKS, MOST_HARD_LINKS
    from cleveragents.domain.hard_links import refusal

    text = refusal([f"f{i}" for i in range(count)], bound, HARD_LINKS[1], MOST_HARD_LINKS)
    assert text.endswith(said), text
    assert HARD_LINKS[1] not in text, text


@when("random sandboxed scripts write, remove, move and remake files, folders and links")
def step_overlay_property(context: Any) -> None:
    from features.support.overlay_apply_property import check_property

    run_property(context, "overlay apply property", check_property, 10)


@then("each tree after its command is what the same script made of a plain copy")
def step_overlay_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure

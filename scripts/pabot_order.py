"""Complete pabot's ordering file: every Robot suite listed, new ones first, gone ones out.

pabot starts the suites an ordering file lists in its order and every other suite after
them. The file comes from the last clean run (`scripts/pabot_ordering.txt`, longest first),
so a suite added since was started last, after all the long ones, and if long it ran alone
at the end with the other core idle. Here a suite the file does not list goes first (its
time unknown, it may be long; a short one started early costs nothing), and a line naming a
suite no longer there is dropped (a group left with none, too: pabot would run every suite).

    python scripts/pabot_order.py reports/pabot-ordering.txt robot

With --timed OUTPUT, the file is written anew from Robot's output.xml of a run: longest
first, and the suites shorter than SHORT seconds a few to a Robot process (pabot's `{ }`
group, up to GROUP seconds of them): each process of its own spent some 1.2 s of CPU
starting Robot, coverage and the libraries, more than many of these suites take. A suite
that sets the Robot process' environment (`Set Environment Variable`) runs alone.

    python scripts/pabot_order.py --timed reports/robot/output.xml reports/pabot-ordering.txt
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SHORT = 15.0  # a suite the run timed under this many seconds shares a Robot process
GROUP = 60.0  # with others, up to this many seconds of them
ALONE = "Set Environment Variable"  # a suite whose file says it runs in a process of its own


def suite_names(suites: Path) -> list[str]:
    """The top-level suite names Robot gives the `.robot` files of `suites`, by file name:
    `browser_box.robot` in `robot/` is `Robot.Browser Box`."""
    top = _printable(suites.resolve().name)
    return [f"{top}.{_printable(file.stem)}" for file in sorted(suites.glob("*.robot"))]


def completed(lines: list[str], names: list[str]) -> list[str]:
    """The ordering's lines with the suites of `names` it does not list first, in file
    order, and its `--suite` lines naming none of `names` dropped."""
    known = set(names)
    listed = {line.removeprefix("--suite ").strip() for line in lines if _names_suite(line)}
    kept = [line for line in lines if not _names_suite(line) or line[8:].strip() in known]
    return [f"--suite {name}" for name in names if name not in listed] + _no_empty_group(kept)


def _no_empty_group(lines: list[str]) -> list[str]:
    """`lines` without a `{` directly followed by its `}`."""
    kept: list[str] = []
    for line in lines:
        if line.strip() == "}" and kept and kept[-1].strip() == "{":
            kept.pop()
        else:
            kept.append(line)
    return kept


def timed(output: Path) -> list[tuple[float, str, bool]]:
    """Each `.robot` suite of Robot's `output`: its seconds, its name (`Robot.Browser Box`),
    whether it must run alone (its file sets the process' environment)."""
    top = ET.parse(output).getroot().find("suite")
    if top is None:
        return []
    found = []
    for suite in top.iter("suite"):
        source = suite.get("source", "")
        status = suite.find("status")
        if not source.endswith(".robot") or status is None:
            continue
        try:
            alone = ALONE in Path(source).read_text()
        except OSError:  # gone since: alone, as a suite not timed would be
            alone = True
        found.append(
            (float(status.get("elapsed", 0)), f"{top.get('name')}.{suite.get('name')}", alone)
        )
    return found


def grouped(suites: list[tuple[float, str, bool]]) -> list[str]:
    """The ordering's lines: longest first, the short suites packed in groups, each group
    placed by its seconds in all."""
    items: list[tuple[float, list[str]]] = []
    group: list[str] = []
    seconds = 0.0
    for spent, name, alone in sorted(suites, key=lambda s: (-s[0], s[1])):
        if spent >= SHORT or alone:
            items.append((spent, [name]))
            continue
        if group and seconds + spent > GROUP:
            items.append((seconds, group))
            group, seconds = [], 0.0
        group.append(name)
        seconds += spent
    if group:
        items.append((seconds, group))
    lines: list[str] = []
    for _, names in sorted(items, key=lambda item: -item[0]):  # stable: ties keep their order
        suite_lines = [f"--suite {name}" for name in names]
        lines += ["{", *suite_lines, "}"] if len(names) > 1 else suite_lines
    return lines


def _names_suite(line: str) -> bool:
    return line.startswith("--suite ")


def _printable(name: str) -> str:
    """Robot's name for a file or folder: underscores as spaces, each word capitalised."""
    return " ".join(word[:1].upper() + word[1:] for word in name.split("_") if word)


def main() -> int:
    if sys.argv[1:2] == ["--timed"]:
        return _write_timed()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ordering", type=Path, help="pabot's ordering file, rewritten")
    parser.add_argument("suites", type=Path, help="the folder of the .robot files")
    args = parser.parse_args()
    lines = args.ordering.read_text().splitlines() if args.ordering.exists() else []
    names = suite_names(args.suites)
    new = completed(lines, names)
    args.ordering.write_text("".join(f"{line}\n" for line in new))
    first = [line for line in new if line not in lines]
    print(f"pabot ordering: {len(names)} suites; not timed yet, so started first: {len(first)}")
    return 0


def _in_groups(lines: list[str]) -> list[str]:
    """The `--suite` lines of `lines` inside a `{ }` group."""
    found, inside = [], False
    for line in lines:
        inside = line == "{" or (inside and line != "}")
        if inside and line.startswith("--suite "):
            found.append(line)
    return found


def _write_timed() -> int:
    """--timed OUTPUT ORDERING: the ordering written from a run's times; left as it was
    when Robot left no output, or one that times no suite."""
    parser = argparse.ArgumentParser(description="pabot's ordering from a run's times")
    parser.add_argument("--timed", type=Path, required=True, help="Robot's output.xml")
    parser.add_argument("ordering", type=Path, help="pabot's ordering file, written")
    args = parser.parse_args()
    try:
        suites = timed(args.timed)
    except (OSError, ET.ParseError):
        suites = []
    lines = grouped(suites)
    if lines:
        args.ordering.write_text("".join(f"{line}\n" for line in lines))
    together = len(_in_groups(lines))
    print(
        f"pabot ordering: {len(suites)} suites timed, {together} of them "
        f"in {lines.count('{')} Robot processes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

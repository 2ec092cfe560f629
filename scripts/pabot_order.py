"""Complete pabot's ordering file: every Robot suite listed, new ones first, gone ones out.

pabot starts the suites an ordering file lists in its order and every other suite after
them. The file comes from the last clean run (`scripts/pabot_ordering.txt`, longest first),
so a suite added since was started last, after all the long ones, and if long it ran alone
at the end with the other core idle. Here a suite the file does not list goes first (its
time unknown, it may be long; a short one started early costs nothing), and a line naming a
suite no longer there is dropped.

    python scripts/pabot_order.py reports/pabot-ordering.txt robot
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


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
    return [f"--suite {name}" for name in names if name not in listed] + kept


def _names_suite(line: str) -> bool:
    return line.startswith("--suite ")


def _printable(name: str) -> str:
    """Robot's name for a file or folder: underscores as spaces, each word capitalised."""
    return " ".join(word[:1].upper() + word[1:] for word in name.split("_") if word)


def main() -> int:
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


if __name__ == "__main__":
    sys.exit(main())

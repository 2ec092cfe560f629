"""The X cookies a headed Chromium box gets (`x_cookies.py`), against what `xauth` itself
picks for the same DISPLAY from random authority files."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path
from typing import Any

from behave import then, when
from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.environments.browser.chromium_box import ChromiumBox
from features.support.properties import reproducible, run_property

HOST = socket.gethostname()
ADDRESSES = {
    256: [HOST.encode(), HOST.upper().encode() + b"X", b"otherhost", b""],
    65535: [b"", b"otherhost"],
    0: [bytes([127, 0, 0, 1]), bytes([10, 1, 2, 3]), bytes([10, 9, 9, 9])],
    6: [bytes(15) + b"\x01", bytes([0xFD]) + bytes(14) + b"\x07"],
    252: [HOST.encode()],  # FamilyLocalHost: never the local display's in a file
}
ENTRY = st.sampled_from(sorted(ADDRESSES)).flatmap(
    lambda family: st.tuples(
        st.just(family),
        st.sampled_from(ADDRESSES[family]),
        st.sampled_from([b"", b"0", b"1", b"91", b"00"]),
    )
)
DISPLAYS = [
    ":0", ":1", ":91.0", "unix:1", f"{HOST}/unix:0", "otherhost/unix:1", "localhost:0",
    "127.0.0.1:1", f"{HOST}:0", "10.1.2.3:0", "10.1.2.3:91", "nohost.invalid:0", "/tmp/x:1",
]  # fmt: skip


def _field(data: bytes) -> bytes:
    return len(data).to_bytes(2, "big") + data


def _entry(family: int, address: bytes, number: bytes, cookie: bytes) -> bytes:
    name = b"MIT-MAGIC-COOKIE-1"
    return family.to_bytes(2, "big") + b"".join(map(_field, (address, number, name, cookie)))


def _xauth_picks(source: Path, display: str) -> list[bytes]:
    """The entries `xauth nextract` gives for `display`, as bytes of the file."""
    said = subprocess.run(
        ["xauth", "-f", str(source), "nextract", "-", display],
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    picked = []
    for line in said.stdout.splitlines():
        hexes = line.split(" ")  # an empty field shows as nothing between two spaces
        fields = [bytes.fromhex(hexes[i]) for i in (2, 4, 6, 8)]
        picked.append(int(hexes[0], 16).to_bytes(2, "big") + b"".join(map(_field, fields)))
    return sorted(picked)


def _given(kept: bytes) -> list[bytes]:
    """The entries of the box's authority file, each as its bytes."""
    entries, at = [], 0
    while at < len(kept):
        start, at = at, at + 2
        for _ in range(4):
            at += 2 + int.from_bytes(kept[at : at + 2], "big")
        entries.append(kept[start:at])
    return sorted(entries)


def _cookies(examples: int, seed: int, tmp: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(
        entries=st.lists(ENTRY, max_size=8, unique=True),
        display=st.sampled_from(DISPLAYS),
    )
    def check(entries: list[tuple[int, bytes, bytes]], display: str) -> None:
        nonlocal ran
        ran += 1
        home = tmp / f"example-{ran}"
        (home / "profile").mkdir(parents=True)
        source = home / "Xauthority"
        cookies = [bytes([n]) * 16 for n in range(len(entries))]
        source.write_bytes(b"".join(_entry(*e, c) for e, c in zip(entries, cookies, strict=True)))
        saved = dict(os.environ)
        try:
            os.environ.update({"DISPLAY": display, "XAUTHORITY": str(source)})
            box = ChromiumBox(home, tmp)
            box.headed = True
            box.options("/bin/sh", home / "profile")
        finally:
            os.environ.clear()
            os.environ.update(saved)
        given_box = _given((home / "box-Xauthority").read_bytes())
        expected = _xauth_picks(source, display)
        assert given_box == expected, (
            f"DISPLAY={display}: the box got {given_box}, xauth picks {expected}"
        )

    check()
    return ran


@when("the headed Chromium box is given random X authority files")
def step_box_cookies(context: Any) -> None:
    context.property_ran = run_property(context, "X cookies property", _cookies, 30)


@then("each box got the cookies xauth picks for its DISPLAY, and no other")
def step_box_cookies_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure

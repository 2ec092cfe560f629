"""The Chromium box (`chromium_box.py`) probed with the real bwrap in random environments:
what it shows of the host is only what it must."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path
from typing import Any

from behave import then, when
from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.environments.browser.chromium_box import (
    ETC,
    HOME,
    PASSED,
    ChromiumBox,
)
from features.support.properties import reproducible, run_property

DISPLAYED = ("DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")
# What the probe reports, one fact a line. A socket bound over a file bwrap made reads as
# a file in its folder's listing (`find -type s` misses it): each path is asked itself.
PROBE = r"""
env | sed 's/^/env /'
find / \( -path /proc -o -path /sys -o -path /usr -o -path /dev \) -prune -o -print \
    2>/dev/null | while read -r f; do [ -S "$f" ] && echo "socket $f"; done
for place in / /etc /usr /var/cache/fontconfig /tmp /dev/shm "$1" "$(dirname "$1")"; do
    touch "$place/probe-write" 2>/dev/null && echo "wrote $place"
done
echo x 2>/dev/null > /proc/sys/kernel/core_pattern && echo "wrote /proc/sys"
ls -A /etc | sed 's/^/etc /'
sed 's/^/passwd /' /etc/passwd
test -e "$2" && echo "canary $2"
exit 0
"""
NAMES = st.from_regex(r"[A-Z][A-Z0-9_]{0,11}", fullmatch=True).filter(
    lambda n: n not in ("PATH", "HOME", *PASSED, *DISPLAYED)
)
VALUES = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=8, max_size=20)


def _probe(examples: int, seed: int, tmp: Path) -> int:
    bwrap = shutil.which("bwrap")
    assert bwrap is not None, "the property needs bwrap"
    ran = 0

    @reproducible(examples, seed)
    @given(
        secrets=st.dictionaries(NAMES, VALUES, max_size=4),
        locale=st.sampled_from([{}, {"LANG": "C.UTF-8"}, {"LC_ALL": "C", "TZ": "UTC"}]),
        headed=st.booleans(),
        display=st.sampled_from([":0", ":91.0", "host:3", "", "/tmp/x:1"]),
        wayland=st.from_regex(r"[a-z][a-z0-9-]{0,9}", fullmatch=True),
    )
    def check(
        secrets: dict[str, str], locale: dict[str, str], headed: bool, display: str, wayland: str
    ) -> None:
        nonlocal ran
        ran += 1
        place = tmp / f"example-{ran}"
        home, runtime = place / "browser", place / "run"
        profile = home / "profile"
        for folder in (profile, runtime):
            folder.mkdir(parents=True)
        canary = home / "canary"
        canary.write_text("a secret beside the profile\n")
        servers = [socket.socket(socket.AF_UNIX) for _ in range(2)]
        for server, name in zip(servers, (wayland, f"{wayland}-other"), strict=True):
            server.bind(str(runtime / name))
        shown = {**secrets, **locale, "DISPLAY": display, "WAYLAND_DISPLAY": wayland}
        shown["XDG_RUNTIME_DIR"] = str(runtime)
        saved = dict(os.environ)
        try:
            for name in ("LANG", "LANGUAGE", "LC_ALL", "TZ", "XAUTHORITY"):
                os.environ.pop(name, None)
            os.environ.update(shown)
            box = ChromiumBox(home, place)
            box.headed = headed
            assert box.unavailable() is None, box.unavailable()
            argv = [bwrap, *box.options("/bin/sh", profile), "--", "/bin/sh", "-c", PROBE]
            said = subprocess.run(
                [*argv, "probe", str(profile), str(canary)],
                env=dict(os.environ),
                capture_output=True,
                text=True,
                timeout=30,
            )
        finally:
            os.environ.clear()
            os.environ.update(saved)
            for server in servers:
                server.close()
        assert said.returncode == 0, f"the probe failed ({said.returncode}): {said.stderr}"
        _judge(said.stdout, secrets, locale, headed, wayland, str(profile))

    check()
    return ran


def _judge(
    report: str,
    secrets: dict[str, str],
    locale: dict[str, str],
    headed: bool,
    wayland: str,
    profile: str,
) -> None:
    facts: dict[str, list[str]] = {}
    for line in report.splitlines():
        kind, _, fact = line.partition(" ")
        facts.setdefault(kind, []).append(fact)
    names = {fact.partition("=")[0] for fact in facts.get("env", [])}
    allowed = {"PATH", "HOME", "PWD", "SHLVL", "_", *locale, *(DISPLAYED if headed else ())}
    assert names <= allowed, f"the box's environment has {sorted(names - allowed)}"
    leaked = [value for value in secrets.values() if value in report]
    assert not leaked, f"a secret reached the box: {leaked}"
    sockets = facts.get("socket", [])
    assert sockets == ([f"{HOME}/{wayland}"] if headed else []), f"sockets in the box: {sockets}"
    # The folders above the profile are made in the box's own root, read-only, or in its
    # own /tmp (where these examples' are): writing there reaches nothing of the host.
    wrote = set(facts.get("wrote", []))
    host = {"/", "/etc", "/usr", "/var/cache/fontconfig", "/proc/sys"}
    assert not wrote & host, f"the box wrote in {sorted(wrote & host)}"
    assert {"/tmp", "/dev/shm", profile} <= wrote, f"the box wrote only in {sorted(wrote)}"
    tops = {name.split("/")[0] for name in ETC} | {"passwd", "group"}
    etc = set(facts.get("etc", []))
    assert etc <= tops, f"/etc in the box holds {sorted(etc - tops)}"
    passwd = facts.get("passwd", [])
    assert [entry.split(":")[0] for entry in passwd] == ["nobody"], passwd
    assert "canary" not in facts, "the canary beside the profile is in the box"


@when("the Chromium box is probed in random environments")
def step_box_probed(context: Any) -> None:
    context.property_ran = run_property(context, "chromium box property", _probe, 10)


@then("every box showed only its allowed environment, socket, folders and files")
def step_box_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("the Chromium box is made for a tree under /opt, beside the app's .env")
def step_box_under_opt(context: Any) -> None:
    """`/opt/APP/repo`, the app's `.env` beside it: `/opt` is shown whole in the box."""
    bwrap = shutil.which("bwrap")
    assert bwrap is not None, "the scenario needs bwrap"
    app = Path(os.path.realpath(__import__("tempfile").mkdtemp(prefix="agents-box-", dir="/opt")))
    context.add_cleanup(shutil.rmtree, app)
    tree = app / "repo"
    home = tree / ".git" / "cleveragents" / "browser"
    (home / "profile").mkdir(parents=True)
    (app / ".env").write_text("DB_PASSWORD=BOX-CANARY\n")
    (app / ".env").chmod(0o644)
    (tree / "main.py").write_text("TREE-CANARY\n")
    (home.parent / "state.db").write_text("STORE-CANARY\n")
    box = ChromiumBox(home, tree)
    assert box.unavailable() is None, box.unavailable()
    look = f"cat {app}/.env {tree}/main.py; ls -A {tree} {home.parent}; exit 0"
    argv = [bwrap, *box.options("/bin/sh", home / "profile"), "--", "/bin/sh", "-c", look]
    context.box_said = subprocess.run(argv, capture_output=True, text=True, timeout=30)


@then("the box shows nothing of the tree, its git directory, or what lies beside them")
def step_box_shows_nothing(context: Any) -> None:
    said = context.box_said
    assert "CANARY" not in said.stdout, said.stdout
    # Of the tree only the empty folders on the way to the profile, the box's own bind.
    assert "main.py" not in said.stdout and "state.db" not in said.stdout, said.stdout

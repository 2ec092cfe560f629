"""Steps of page_site.property.feature: the site guard's pattern against Node's reading of
addresses (the browser's), run as the JavaScript RegExp the Playwright driver runs."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import reproducible, run_property

# One JSON line in ([site, address, pattern source]); out: null when the address is no
# http(s) URL, else [same origin as the site, has user info, the pattern matches its href].
JUDGE = (
    "require('readline').createInterface({input: process.stdin}).on('line', (line) => {"
    " const [site, address, source] = JSON.parse(line); let out = null;"
    " try { const u = new URL(address);"
    "  if (u.protocol === 'http:' || u.protocol === 'https:') out = ["
    "   u.origin === new URL(site).origin, u.username !== '' || u.password !== '',"
    "   new RegExp(source).test(u.href)] } catch (e) {}"
    " console.log(JSON.stringify(out)) })"
)
SITES = [
    "http://127.0.0.1:8765/app/",
    "http://LOCALHOST:80/",
    "https://Example.test:443/x?y",
    "http://[::1]:8080/",
    "https://example.test",
]


def _matched(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import example
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.adapters.environments.browser.page_site import SiteGuard

    scheme = st.sampled_from(["http://", "https://", "HTTP://", "hTTps://"])
    user = st.sampled_from(["", "", "", "u@", "u:p@"])
    host = st.sampled_from(
        [
            *("127.0.0.1", "localhost", "LOCALHOST", "example.test", "Example.Test", "[::1]"),
            *("127.0.0.1.evil.test", "example.test.evil.test", "evil.test", "[::2]", "0x7f.0.0.1"),
        ]
    )
    port = st.sampled_from(["", ":80", ":443", ":8765", ":8080", ":08765", ":876"])
    path = st.sampled_from(["", "/", "/app/", "?q=1", "#f", "/%2f", "/../x"])
    addresses = st.tuples(scheme, user, host, port, path).map("".join)
    node = subprocess.Popen(
        ["node", "-e", JUDGE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    matched = 0
    try:

        @reproducible(examples, seed)
        @for_every(st.sampled_from(SITES), addresses)
        @example("http://127.0.0.1:8765/app/", "http://127.0.0.1:87650/")
        @example("https://example.test", "https://example.test:443/")
        @example("http://127.0.0.1:8765/app/", "http://127.0.0.1.evil.test:8765/")
        def check(site: str, address: str) -> None:
            nonlocal matched
            assert node.stdin is not None and node.stdout is not None
            pattern = SiteGuard(site).pattern
            assert pattern.flags & ~re.UNICODE == 0  # the driver runs the source alone
            node.stdin.write(json.dumps([site, address, pattern.pattern]) + "\n")
            node.stdin.flush()
            judged = json.loads(node.stdout.readline())
            if judged is None:
                return
            same, user_info, matches = judged
            matched += 1
            if not same:
                assert matches, (site, address, "another origin is not routed")
            elif not user_info:
                assert not matches, (site, address, "the site's own address is routed")

        check()
    finally:
        assert node.stdin is not None
        node.stdin.close()
        node.wait(timeout=30)  # it ends when its input does: ended by us, by its own PID
    return matched


@when(
    "random addresses are matched against the guard of random plan sites as a browser writes them"
)
def step_matched(context: Any) -> None:
    context.property_ran = run_property(context, "site guard property", _matched, 300)


@then("every address of another origin is routed to the guard, and none of the site's own")
def step_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure

"""Steps of plan.output_quoting.feature (a page served by the scenario itself) and of
output_quoting.property.feature (outputs in shell lines run by bash)."""

from __future__ import annotations

import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from behave import given, then, when

PAGE = b"<!doctype html><title>Home</title><h1>Home</h1>"


class _Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: Any) -> None:  # the scenario's output stays quiet
        pass


@given('the plan file "{name}" on a page served here:')
def step_plan_file_on_page(context: Any, name: str) -> None:
    """The plan file with `{URL}` a page this scenario serves on 127.0.0.1 (a thread)."""
    site = ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    context.add_cleanup(site.server_close)
    context.add_cleanup(site.shutdown)
    url = f"http://127.0.0.1:{site.server_address[1]}/"
    (context.tmp / name).write_text(context.text.replace("{URL}", url) + "\n")


@when("random outputs are put into shell lines and the lines run in bash")
def step_random_outputs(context: Any) -> None:
    """Each example: an output of any characters (shell syntax weighted in) goes into
    `printf %s v{{ outputs.x }}` and the line runs in a real bash, in an empty folder."""
    import os
    import sys

    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.domain.action import RunAction, with_outputs
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 60))
    seed = property_seed()
    print(
        f"output quoting property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    folder = context.tmp / "shell"
    folder.mkdir()
    syntax = st.sampled_from(
        [
            *("; touch canary", "$(touch canary)", "`touch canary`", "' ; touch canary '"),
            *('" && touch canary"', "\ntouch canary\n", "| tee canary", "> canary", "$HOME"),
            *("*", "~", "{a,b}", "\\", "#", "${IFS}", "!!", "$'\\x41'", " "),
        ]
    )
    characters = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
    outputs = st.lists(st.one_of(st.text(characters), syntax), max_size=6).map("".join)

    @reproducible(examples, seed)
    @for_every(outputs)
    def check(output: str) -> None:
        action = with_outputs(RunAction(command="printf %s v{{ outputs.x }}"), {"x": output})
        assert isinstance(action, RunAction)
        ran = subprocess.run(
            ["bash", "--noprofile", "--norc", "-c", action.command],
            cwd=folder,
            capture_output=True,
            env={"PATH": os.environ["PATH"], "HOME": str(folder)},
            check=False,
        )
        printed = ran.stdout.decode(errors="surrogateescape")
        assert printed == f"v{output}", f"{output!r} ran as {action.command!r}: {printed!r}"
        assert not list(folder.iterdir()), f"{output!r} made {list(folder.iterdir())!r}"

    context.property_failure = None
    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"


@then("every output was printed as it was, and nothing else ran")
def step_outputs_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure

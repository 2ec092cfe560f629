"""Steps of plan.output_quoting.feature: a page served by the scenario itself."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from behave import given

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

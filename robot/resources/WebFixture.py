"""A small web application for the browser suites, served by the test itself on 127.0.0.1.

`GET /` is the settings page (`web/index.html`): a Settings dialog with a checkbox, a text
field, a select and a Save button that POSTs the form to `/save`; a wrong dialog (Export)
that leads nowhere; a File menu; a link to `/about`. `GET /saved` answers what the last
POST saved, so a test sees the server's own state; every path asked for is noted (`pages
fetched`), so a test sees whether a page was fetched at all. `GET /hostile` names its
title and its button with markup (`<script>alert(1)</script>`). `GET /search` replaces
its results as a query is typed; `GET /batch` is seed 001's "Add Files" window; `GET /prefs`
sets a cookie and storage (`web/prefs.html`). `GET /leave` links to another site (`start
other site`): a link, one opening a new tab, one redirected there, a picture from there.
`GET /chat` sends "BUY" over a WebSocket (`/socket`) when Buy is clicked; the server counts
the messages it got (`messages on server`).
Run as a script, it serves until killed and prints its port first.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PAGE = (Path(__file__).parent / "web" / "index.html").read_bytes()
# A page that sets a cookie and local and session storage, and shows what it opened with.
PREFS = (Path(__file__).parent / "web" / "prefs.html").read_bytes()
ABOUT = b"<!doctype html><title>About</title><h1>About</h1><a href='/'>Home</a>"
# A page whose Go button blocks its main thread for good: nothing on it answers after.
BUSY = b"<!doctype html><title>Busy</title><button onclick='for (;;) {}'>Go</button>"
# A page whose title and element names are markup as text: pictures must show them as text.
HOSTILE = (
    b"<!doctype html><title>&lt;script&gt;alert(2)&lt;/script&gt;</title>"
    b"<button onclick=\"this.textContent = '<img src=x onerror=alert(3)>'\">"
    b"&lt;script&gt;alert(1)&lt;/script&gt;</button>"
)


# A search page whose results the site itself replaces as the query is typed: every one
# for "a", one of six for "b". A plan made on the first results sees them change under it.
SEARCH = (Path(__file__).parent / "web" / "search.html").read_bytes()
# Seed 001's "Add Files": the button opens a context menu (the wrong one); Ctrl+O opens
# the file dialog.
BATCH = (Path(__file__).parent / "web" / "batch.html").read_bytes()

# A shop whose Buy button sends its order over a WebSocket, not as a request.
CHAT = (
    b"<!doctype html><title>Shop</title><h1>Shop</h1><p id=s>ready</p>"
    b"<button onclick=\"ws.send('BUY')\">Buy</button>"
    b"<button onclick=\"document.getElementById('s').textContent = 'noted'\">Note</button>"
    b"<script>var ws = new WebSocket('ws://' + location.host + '/socket');</script>"
)
# RFC 6455's fixed key suffix, for the handshake's accept value.
SOCKET_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


# A page with ways to another site (`{AWAY}`): a model driving it must not follow them.
LEAVE = (
    b"<!doctype html><title>Leave</title><img alt='' src='{AWAY}picture.png'>"
    b"<a href='{AWAY}secret?typed=ada'>Elsewhere</a> "
    b"<a href='{AWAY}tab' target='_blank'>Elsewhere in a tab</a> <a href='/about'>About</a>"
    b" <a href='/redirect'>Redirected</a>"
)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        self.server.fetched.append(self.path)
        pages = {"/": self.server.page, "/about": ABOUT, "/busy": BUSY, "/hostile": HOSTILE}
        pages |= {"/search": SEARCH, "/batch": BATCH, "/prefs": PREFS, "/chat": CHAT}
        if self.path == "/socket":
            self._socket()
            return
        pages |= {"/leave": LEAVE.replace(b"{AWAY}", self.server.away.encode())}
        body = {**pages, "/saved": self.server.saved}.get(self.path)
        if self.path == "/redirect":  # a link of the site that leads to the other one
            self.send_response(302)
            self.send_header("Location", f"{self.server.away}redirected")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if body is None:
            self.send_error(404)
            return
        kind = "text/plain" if self.path == "/saved" else "text/html; charset=utf-8"
        self._reply(body, kind)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.server.saved = self.rfile.read(length)
        self.server.posts += 1
        self._reply(b"ok", "text/plain")

    def _socket(self) -> None:
        """Accept the WebSocket and count each text message until the page closes it."""
        key = self.headers.get("Sec-WebSocket-Key", "").encode()
        accept = base64.b64encode(hashlib.sha1(key + SOCKET_GUID).digest()).decode()
        self.send_response(101)
        self.send_header("Upgrade", "websocket")
        self.send_header("Connection", "Upgrade")
        self.send_header("Sec-WebSocket-Accept", accept)
        self.end_headers()
        self.wfile.flush()
        while len(head := self.rfile.read(2)) == 2 and head[0] & 0x0F != 8:
            length = head[1] & 0x7F
            if length == 126:
                length = int.from_bytes(self.rfile.read(2), "big")
            self.rfile.read(4 + length)  # the mask and the (masked) message
            self.server.messages += head[0] & 0x0F == 1
        self.close_connection = True

    def _reply(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    page = PAGE
    saved = b""
    posts = 0
    messages = 0  # text messages on /socket
    away = "http://127.0.0.1:9/"  # where /leave links to: `start other site`

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, _Handler)
        self.fetched: list[str] = []


class WebFixture:
    """Robot keywords: start the fixture site, read what it saved, stop it."""

    ROBOT_LIBRARY_SCOPE = "TEST"

    def __init__(self) -> None:
        self.server: _Server | None = None
        self.other: _Server | None = None
        self.held: list[socket.socket] = []  # the unused URLs' ports, bound till the test ends

    def start_fixture_site(self, port: int | str = 0) -> str:
        """Serve the site on `port` of 127.0.0.1 (a free one by default); return its base
        URL. The `agents` commands the test starts after this wait 500 ms, not 2 s, for a
        page expectation (unless the test set its own): no element of this site appears
        later than the event that makes it, so only the checks that fail ever wait, and
        progress is measured by checks that mostly do (a seed 001 plan idled 27 s of 61)."""
        os.environ.setdefault("CLEVERAGENTS_BROWSER_EXPECT_MS", "500")
        self.server = _Server(("127.0.0.1", int(port)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop_fixture_site(self) -> None:
        for server in (self.server, self.other):
            if server is not None:
                server.shutdown()
                server.server_close()
        self.server = self.other = None
        for held in self.held:
            held.close()
        self.held = []

    def start_other_site(self) -> str:
        """Serve a second site on another port (another origin), the one `/leave` links to;
        return its base URL."""
        assert self.server is not None
        self.other = _Server(("127.0.0.1", 0))
        threading.Thread(target=self.other.serve_forever, daemon=True).start()
        self.server.away = f"http://127.0.0.1:{self.other.server_address[1]}/"
        return self.server.away

    def pages_fetched_by_other_site(self) -> list[str]:
        assert self.other is not None
        return list(self.other.fetched)

    def unused_url(self) -> str:
        """A URL of 127.0.0.1 on a port nothing listens on: bound and never listened on, and
        held till the site stops, so no server of a test beside this one takes it meanwhile
        (let go at once, one did: the goto reached it and the plan did not fail)."""
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.held.append(probe)
        return f"http://127.0.0.1:{probe.getsockname()[1]}/"

    def rename_on_the_page(self, old: str, new: str) -> None:
        """The site changes: every `old` in the page's text becomes `new`."""
        assert self.server is not None
        self.server.page = PAGE.replace(old.encode(), new.encode())

    def saved_on_server(self) -> str:
        assert self.server is not None
        return self.server.saved.decode()

    def pages_fetched(self) -> list[str]:
        """The paths asked for since the site started (or since `forget pages fetched`)."""
        assert self.server is not None
        return list(self.server.fetched)

    def forget_pages_fetched(self) -> None:
        assert self.server is not None
        self.server.fetched.clear()

    def posts_on_server(self) -> int:
        assert self.server is not None
        return self.server.posts

    def messages_on_server(self) -> int:
        """How many messages pages sent over the fixture's WebSocket."""
        assert self.server is not None
        return self.server.messages

    def listening_sockets(self, pids: list[int]) -> list[str]:
        """The TCP sockets the processes `pids` listen on (local addresses, in hex)."""
        inodes = set()
        for pid in pids:
            with contextlib.suppress(OSError):
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    with contextlib.suppress(OSError):
                        inodes.add(os.readlink(fd))
        found = []
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and f"socket:[{fields[9]}]" in inodes:  # LISTEN
                    found.append(fields[1])
        return found

    def chromium_processes(self, repo: str) -> list[int]:
        """The PIDs of every process running with the repository's browser profile."""
        flag = f"--user-data-dir={Path(repo).resolve()}/.git/cleveragents/browser/profile"
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    command = (entry / "cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if flag.encode() in command:
                    found.append(int(entry.name))
        return found


if __name__ == "__main__":
    fixture = WebFixture()
    print(fixture.start_fixture_site(), flush=True)
    threading.Event().wait() if len(sys.argv) < 2 else None

"""A local stand-in for the Anthropic Messages API, for tests that use the real SDK.

The server listens on 127.0.0.1 only and answers ``POST /v1/messages`` (non-streaming) with
replies scripted in advance, first in first out::

    with MessagesServer() as server:
        server.reply_tool("run", {"command": "pytest"})
        client = anthropic.Anthropic(api_key="sk-test", base_url=server.url, max_retries=0)
        message = client.messages.create(...)
        assert server.requests[0].body["tools"][0]["name"] == "run"

A reply is taken from the queue when its request arrives, so a request the client gave up on
(a timeout) still uses up its reply. With no reply left the server answers HTTP 500 with the
message ``stand-in server: no scripted reply left`` and ``x-should-retry: false``, so the SDK
fails at once instead of retrying a scripting mistake.

Every request, whatever its path, is logged with its JSON body and its headers (lower-cased
names) in ``server.requests``.

It checks requests the way the service does, and answers 400 ``invalid_request_error``
when one breaks a rule: roles that do not alternate (or a first message not the user's),
a message with empty content (but for a final assistant one),
a ``tool_use`` not answered by a ``tool_result`` in the next message (or a result for no
call), more than four cache breakpoints, and a forced ``tool_choice`` (``tool``/``any``)
for the models that refuse one (:data:`REFUSE_FORCED_TOOL`).

It models prompt caching as the API documents it: a ``cache_control`` breakpoint writes
the prefix up to it (tools, then system, then messages) when it is long enough for the
model; a later request whose prefix, at a block boundary up to 20 blocks before one of
its breakpoints, matches a written one reads it. ``usage`` reports
``cache_creation_input_tokens``, ``cache_read_input_tokens`` and the rest as
``input_tokens``, tokens estimated as one per four characters of JSON. A scripted reply
that fixes ``input_tokens`` reports those instead, with no cache tokens.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, cast
from urllib.parse import urlsplit

from features.support import messages_stream

NO_REPLY_LEFT = "stand-in server: no scripted reply left"
DEFAULT_MODEL = "claude-stand-in"
# Models that answer a forced tool choice with 400 (their pages: "forced tool use returns
# an error").
REFUSE_FORCED_TOOL = frozenset({"claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1"})
# The shortest prefix a model caches, in tokens; 1024 for the others.
MIN_CACHEABLE = {"claude-haiku-4-5": 4096, "claude-opus-4-5": 4096, "claude-haiku-5-5": 2048}
LOOKBACK = 20  # block boundaries before a breakpoint where a cache hit is looked for


@dataclass(frozen=True)
class LoggedRequest:
    """One request as the stand-in server received it."""

    method: str
    path: str  # without the query string
    query: str
    headers: dict[str, str]  # lower-cased names
    body: Any  # the decoded JSON, or the raw text when it was not JSON, or None when empty


@dataclass(frozen=True)
class ScriptedReply:
    """One answer waiting in the queue. ``model`` in a message body is filled in on answering."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    raw: bytes | None = None  # sent as it is instead of `body` (a malformed answer)


def error_body(error_type: str, message: str) -> dict[str, Any]:
    """The body the Messages API gives with an error status."""
    return {"type": "error", "error": {"type": error_type, "message": message}}


class MessagesServer:
    """A threaded HTTP server on 127.0.0.1 that answers like the Anthropic Messages API."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, answer_side_requests: bool = False
    ) -> None:
        self._address = (host, port)
        # Claude Code's own requests (no tools: titles, checks) get a short text, not a
        # scripted reply (`messages_stream.side_answer`).
        self.answer_side_requests = answer_side_requests
        self._lock = threading.Lock()
        self._replies: deque[ScriptedReply] = deque()
        self._log: list[LoggedRequest] = []
        self._message_ids = itertools.count(1)
        self._tool_use_ids = itertools.count(1)
        self._request_ids = itertools.count(1)
        self._stopping = threading.Event()
        self._connections: set[socket.socket] = set()
        self._handler_threads: set[threading.Thread] = set()
        self._httpd: _HTTPServer | None = None
        self._serve_thread: threading.Thread | None = None
        self._cache: set[str] = set()  # prefixes written to the prompt cache
        self._answers: list[tuple[int, dict[str, Any] | None]] = []

    # --- life cycle -------------------------------------------------------------------------

    def start(self) -> MessagesServer:
        """Bind a free port (unless one was given) and serve in a background thread."""
        if self._httpd is not None:
            raise RuntimeError("the stand-in Messages API is already started")
        self._stopping.clear()
        httpd = _HTTPServer(self._address, _Handler, self)
        self._httpd = httpd
        self._serve_thread = threading.Thread(
            target=httpd.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=f"stand-in-messages-api:{httpd.server_address[1]}",
            daemon=True,
        )
        self._serve_thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Stop serving, drop open connections and wait at most about ``timeout`` seconds.

        Delayed replies are cut short; their clients see the connection close. Calling it
        again, or on a server never started, does nothing.
        """
        httpd = self._httpd
        if httpd is None:
            return
        self._httpd = None
        self._stopping.set()
        httpd.shutdown()
        with self._lock:
            connections = list(self._connections)
            threads = list(self._handler_threads)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        httpd.server_close()
        if self._serve_thread is not None:
            self._serve_thread.join(timeout)
            self._serve_thread = None
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(max(deadline - time.monotonic(), 0.0))

    def __enter__(self) -> MessagesServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """The base URL to give the SDK, e.g. ``http://127.0.0.1:43125``."""
        if self._httpd is None:
            raise RuntimeError("the stand-in Messages API is not started")
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    # --- what the tests look at -------------------------------------------------------------

    @property
    def requests(self) -> list[LoggedRequest]:
        """A copy of the log of every request received so far, oldest first."""
        with self._lock:
            return list(self._log)

    @property
    def answers(self) -> list[tuple[int, dict[str, Any] | None]]:
        """Each answer sent: its status and, for a message, its ``usage``; oldest first."""
        with self._lock:
            return list(self._answers)

    @property
    def pending(self) -> int:
        """How many scripted replies are still waiting."""
        with self._lock:
            return len(self._replies)

    # --- scripting ------------------------------------------------------------------------

    def reply(self, scripted: ScriptedReply) -> None:
        """Queue any prepared reply."""
        with self._lock:
            self._replies.append(scripted)

    def reply_message(
        self,
        content: list[dict[str, Any]],
        *,
        stop_reason: str = "end_turn",
        input_tokens: int | None = None,
        output_tokens: int = 5,
        delay: float = 0.0,
    ) -> str:
        """Queue a 200 message with these content blocks; returns the message id.

        With ``input_tokens`` None, usage is counted from the request (with the cache).
        """
        with self._lock:
            message_id = f"msg_{next(self._message_ids)}"
        self.reply(
            ScriptedReply(
                status=200,
                body={
                    "id": message_id,
                    "type": "message",
                    "role": "assistant",
                    "model": None,
                    "content": content,
                    "stop_reason": stop_reason,
                    "stop_sequence": None,
                    "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
                },
                delay=delay,
            )
        )
        return message_id

    def reply_tool(
        self,
        name: str,
        input: dict[str, Any],
        *,
        input_tokens: int | None = None,
        output_tokens: int = 5,
        delay: float = 0.0,
    ) -> str:
        """Queue a message that calls one tool; returns the ``toolu_<n>`` id of the call."""
        return self.reply_tools(
            [(name, input)],
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            delay=delay,
        )[0]

    def reply_tools(
        self,
        calls: Iterable[tuple[str, dict[str, Any]]],
        *,
        text: str | None = None,
        stop_reason: str = "tool_use",
        input_tokens: int | None = None,
        output_tokens: int = 5,
        delay: float = 0.0,
    ) -> list[str]:
        """Queue one message calling several tools (after an optional text block).

        Returns the ``toolu_<n>`` ids of the calls, in order.
        """
        blocks: list[dict[str, Any]] = []
        if text is not None:
            blocks.append({"type": "text", "text": text, "citations": None})
        ids: list[str] = []
        for name, tool_input in calls:
            with self._lock:
                tool_use_id = f"toolu_{next(self._tool_use_ids)}"
            ids.append(tool_use_id)
            blocks.append(
                {"type": "tool_use", "id": tool_use_id, "name": name, "input": tool_input}
            )
        self.reply_message(
            blocks,
            stop_reason=stop_reason,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            delay=delay,
        )
        return ids

    def reply_text(
        self,
        text: str,
        *,
        stop_reason: str = "end_turn",
        input_tokens: int | None = None,
        output_tokens: int = 5,
        delay: float = 0.0,
    ) -> str:
        """Queue a message with one text block; returns the message id."""
        return self.reply_message(
            [{"type": "text", "text": text, "citations": None}],
            stop_reason=stop_reason,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            delay=delay,
        )

    def reply_error(
        self,
        status: int,
        error_type: str,
        message: str,
        *,
        retry_after: float | None = None,
        should_retry: bool | None = None,
        headers: Mapping[str, str] | None = None,
        delay: float = 0.0,
    ) -> None:
        """Queue an error answer, e.g. ``429 rate_limit_error`` or ``529 overloaded_error``.

        ``retry_after`` sets the ``retry-after`` header in seconds (fractions allowed; the SDK
        reads it as a float but ignores 0 or less and then backs off 0.5 s, 1 s, ...).
        ``should_retry`` sets ``x-should-retry``, which overrides the SDK's own choice.
        """
        extra: dict[str, str] = {}
        if retry_after is not None:
            extra["retry-after"] = f"{retry_after:g}"
        if should_retry is not None:
            extra["x-should-retry"] = "true" if should_retry else "false"
        extra.update({name.lower(): value for name, value in (headers or {}).items()})
        self.reply(
            ScriptedReply(
                status=status,
                body=error_body(error_type, message),
                headers=extra,
                delay=delay,
            )
        )

    def forget(self) -> None:
        """Drop every scripted reply not given yet."""
        with self._lock:
            self._replies.clear()

    def reply_raw(self, text: str, *, status: int = 200) -> None:
        """Queue an answer whose body is ``text`` as it is (labelled JSON): a malformed one."""
        self.reply(ScriptedReply(status=status, body={}, raw=text.encode("utf-8")))

    # --- used by the request handler --------------------------------------------------------

    def _usage(self, body: dict[str, Any]) -> dict[str, int]:
        """Input, cache-write and cache-read tokens of a request, the cache updated."""
        blocks, breakpoints = _prefix_blocks(body)
        sizes = [_tokens(b) for b in blocks]
        ends = list(itertools.accumulate(sizes))
        hashes = [_digest(blocks[: i + 1]) for i in range(len(blocks))]
        least = MIN_CACHEABLE.get(str(body.get("model")), 1024)
        with self._lock:
            read_at = -1
            for point in breakpoints:
                for i in range(point, max(point - LOOKBACK, -1), -1):
                    if hashes[i] in self._cache:
                        read_at = max(read_at, i)
                        break
            written = [p for p in breakpoints if p > read_at and ends[p] >= least]
            self._cache.update(hashes[p] for p in written)
        read = ends[read_at] if read_at >= 0 else 0
        write = ends[max(written)] - read if written else 0
        total = ends[-1] if ends else 0
        return {
            "input_tokens": total - read - write,
            "cache_creation_input_tokens": write,
            "cache_read_input_tokens": read,
        }

    def _answered(self, status: int, usage: dict[str, Any] | None) -> None:
        with self._lock:
            self._answers.append((status, usage))

    def _record(self, entry: LoggedRequest) -> None:
        with self._lock:
            self._log.append(entry)

    def _next_reply(self) -> ScriptedReply | None:
        with self._lock:
            return self._replies.popleft() if self._replies else None

    def _next_request_id(self) -> str:
        with self._lock:
            return f"req_stand_in_{next(self._request_ids)}"

    def _opened(self, connection: socket.socket) -> None:
        with self._lock:
            self._connections.add(connection)
            self._handler_threads.add(threading.current_thread())

    def _closed(self, connection: socket.socket) -> None:
        with self._lock:
            self._connections.discard(connection)
            self._handler_threads.discard(threading.current_thread())


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # Handler threads are joined by MessagesServer.stop with a bound, not by server_close.
    block_on_close = False

    def __init__(
        self,
        address: tuple[str, int],
        handler: type[BaseHTTPRequestHandler],
        owner: MessagesServer,
    ) -> None:
        self.owner = owner
        super().__init__(address, handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (a timeout) leaves a broken pipe behind; that is expected.
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK's connection pool expects
    server_version = "StandInMessagesAPI/1.0"
    timeout = 60  # an idle keep-alive connection is closed after this many seconds
    disable_nagle_algorithm = True  # headers and body go out at once, not 40 ms apart

    @property
    def owner(self) -> MessagesServer:
        return cast(_HTTPServer, self.server).owner

    def setup(self) -> None:
        super().setup()
        self.owner._opened(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        except OSError:
            pass
        finally:
            self.owner._closed(self.connection)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the request log is server.requests

    def do_POST(self) -> None:
        self._serve("POST")

    def do_GET(self) -> None:
        self._serve("GET")

    def do_PUT(self) -> None:
        self._serve("PUT")

    def do_DELETE(self) -> None:
        self._serve("DELETE")

    def _serve(self, method: str) -> None:
        try:
            self._answer(method)
        except OSError:
            self.close_connection = True
        except Exception as error:  # a bug here must reach the test, not hang it
            self.close_connection = True
            self._send(
                500,
                error_body("api_error", f"stand-in server: internal error: {error!r}"),
                {"x-should-retry": "false"},
            )

    def _answer(self, method: str) -> None:
        owner = self.owner
        url = urlsplit(self.path)
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            key = name.lower()
            headers[key] = f"{headers[key]}, {value}" if key in headers else value
        raw = self._read_body()
        body: Any = None
        is_json = True
        if raw:
            text = raw.decode("utf-8", errors="replace")
            try:
                body = json.loads(text)
            except ValueError:
                body, is_json = text, False
        owner._record(LoggedRequest(method, url.path, url.query, headers, body))

        if method == "POST" and url.path.rstrip("/") == "/v1/messages/count_tokens":
            self._send(200, messages_stream.counted_tokens(body or {}), {})
            return
        if method != "POST" or url.path.rstrip("/") != "/v1/messages":
            self._send(
                404,
                error_body("not_found_error", f"stand-in server: no {method} {url.path}"),
                {"x-should-retry": "false"},
            )
            return
        if not is_json or not isinstance(body, dict):
            self._send(
                400,
                error_body("invalid_request_error", "stand-in server: the body is no JSON object"),
                {"x-should-retry": "false"},
            )
            return
        broken = _broken_rule(body)
        if broken:
            self._send(
                400,
                error_body("invalid_request_error", broken),
                {"x-should-retry": "false"},
            )
            return

        if owner.answer_side_requests and messages_stream.is_side_request(body):
            self._answer_message(body, messages_stream.side_answer(body), 200, {})
            return
        scripted = owner._next_reply()
        if scripted is None:
            self._send(500, error_body("api_error", NO_REPLY_LEFT), {"x-should-retry": "false"})
            return
        if scripted.delay > 0 and owner._stopping.wait(scripted.delay):
            self.close_connection = True  # stopped while waiting: just hang up
            return
        if scripted.raw is not None:
            owner._answered(scripted.status, None)
            self._send_bytes(scripted.status, scripted.raw, scripted.headers)
            return
        payload = json.loads(json.dumps(scripted.body))  # a fresh copy per answer
        if payload.get("type") == "message" and payload.get("model") is None:
            payload["model"] = body.get("model") or DEFAULT_MODEL
        if payload.get("type") == "message" and payload["usage"]["input_tokens"] is None:
            payload["usage"].update(owner._usage(body))
        self._answer_message(body, payload, scripted.status, scripted.headers)

    def _answer_message(
        self, body: dict[str, Any], payload: dict[str, Any], status: int, headers: Mapping[str, str]
    ) -> None:
        """Send a message (or an error), streamed as events when the request asked for it."""
        self.owner._answered(status, payload.get("usage"))
        if status != 200 or not body.get("stream"):
            self._send(status, payload, headers)
            return
        self.close_connection = True  # the stream's end is the connection's
        try:
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("cache-control", "no-cache")
            self.send_header("connection", "close")
            self.send_header("request-id", self.owner._next_request_id())
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(messages_stream.encoded(payload))
            self.wfile.flush()
        except OSError:
            pass  # the client is gone

    def _read_body(self) -> bytes:
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            chunks: list[bytes] = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send(self, status: int, payload: dict[str, Any], headers: Mapping[str, str]) -> None:
        self._send_bytes(status, json.dumps(payload).encode("utf-8"), headers)

    def _send_bytes(self, status: int, data: bytes, headers: Mapping[str, str]) -> None:
        try:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", self.owner._next_request_id())
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            self.close_connection = True  # the client is gone (it timed out)


def _broken_rule(body: dict[str, Any]) -> str | None:
    """The first rule of the Messages API this request breaks, said as the service would."""
    choice = body.get("tool_choice") or {}
    model = str(body.get("model"))
    if choice.get("type") in ("tool", "any") and model in REFUSE_FORCED_TOOL:
        return f"tool_choice of type {choice['type']!r} is not supported with {model}: use auto"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "messages: at least one message is required"
    if messages[0].get("role") != "user":
        return "messages: the first message must use the user role"
    calls: set[str] = set()
    for i, message in enumerate(messages):
        role = message.get("role")
        final_assistant = i == len(messages) - 1 and role == "assistant"
        if not message.get("content") and not final_assistant:
            return f"messages.{i}: all messages must have non-empty content"
        if i and role == messages[i - 1].get("role"):
            return f"messages.{i}: roles must alternate between user and assistant"
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        if role == "user":
            answered = {b.get("tool_use_id") for b in blocks if b.get("type") == "tool_result"}
            if answered - calls:
                return f"messages.{i}: a tool_result answers no tool_use of the message before"
            if calls - answered:
                return f"messages.{i}: tool_use ids were found without tool_result blocks"
            calls = set()
        else:
            calls = {b.get("id") for b in blocks if b.get("type") == "tool_use"}
    if calls:
        return "the last message calls tools: their results must follow in a user message"
    blocks, breakpoints = _prefix_blocks(body)
    if len(breakpoints) > 4:
        return f"a maximum of 4 blocks with cache_control may be provided; found {len(breakpoints)}"
    return None


def _prefix_blocks(body: dict[str, Any]) -> tuple[list[Any], list[int]]:
    """The request's blocks in cache order (tools, system, messages), without their
    ``cache_control``, and the positions of the breakpoints among them."""
    found: list[Any] = []
    breakpoints: list[int] = []

    def add(block: Any) -> None:
        if isinstance(block, dict) and "cache_control" in block:
            breakpoints.append(len(found))
            block = {k: v for k, v in block.items() if k != "cache_control"}
        found.append(block)

    for tool in body.get("tools") or []:
        add(tool)
    system = body.get("system")
    for block in [system] if isinstance(system, str) else system or []:
        add(block)
    for message in body.get("messages") or []:
        content = message.get("content")
        # A string is one text block, as the API reads it.
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        for block in blocks or []:
            add({**block, "role": message.get("role")})
    return found, breakpoints


def _tokens(block: Any) -> int:
    return math.ceil(len(json.dumps(block, sort_keys=True)) / 4)


def _digest(blocks: list[Any]) -> str:
    return hashlib.sha256(json.dumps(blocks, sort_keys=True).encode()).hexdigest()

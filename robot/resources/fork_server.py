"""The fork server of `ForkedAgents.py`: a new Python, started once per Robot process, that
imports what an `agents` command needs (`forked_agents.prepared`) and forks one child per
command handed to it on its socket (the descriptor its argument names): argv, cwd and
environment as JSON, the command's stdin, stdout and stderr as descriptors (SCM_RIGHTS). It
answers with the child's pid, then with its wait status once it has ended. Forked from
Robot's own big process a command took twice the wall time of a new Python; forked from
this small one it does not (numbers in CHANGELOG.md). It ends when Robot closes its end."""

from __future__ import annotations

import array
import json
import os
import shutil
import signal
import socket
import sys
from pathlib import Path

CHECKOUT = str(Path(__file__).resolve().parents[2])
sys.path.insert(0, CHECKOUT)  # for the fork's body
from features.support.forked_agents import (  # noqa: E402
    leave_heap_alone,
    prepared,
    restart_coverage,
    run_main,
)

# The import path a new `agents` has (its own host folders read it): the script's folder
# first, not this one's, and not the checkout put there above.
sys.path.remove(CHECKOUT)
sys.path[0] = os.path.dirname(shutil.which("agents") or sys.executable)

LARGEST = 1 << 20  # a request's JSON: argv, cwd and the whole environment


def serve(channel: socket.socket) -> None:
    while True:
        fds = array.array("i")
        data, ancillary, _, _ = channel.recvmsg(LARGEST, socket.CMSG_SPACE(3 * fds.itemsize))
        if not data:  # Robot has closed its end
            return
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
        request = json.loads(data)
        prepared(request["env"])
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child(channel, request, list(fds))
        for fd in fds:
            os.close(fd)
        channel.sendall(json.dumps({"pid": pid}).encode())
        _, status = os.waitpid(pid, 0)
        channel.sendall(json.dumps({"status": status}).encode())


def _child(channel: socket.socket, request: dict[str, object], fds: list[int]) -> None:
    try:
        leave_heap_alone()
        channel.close()
        os.setsid()  # as Robot's Process starts a command: a session of its own
        restart_coverage()
        for fd, target in zip(fds, (0, 1, 2), strict=True):
            os.dup2(fd, target)
            os.close(fd)
    finally:
        run_main(request["argv"], request["cwd"], request["env"])  # type: ignore[arg-type]


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Robot's Ctrl-C is for Robot; EOF ends us
    serve(socket.socket(fileno=int(sys.argv[1])))

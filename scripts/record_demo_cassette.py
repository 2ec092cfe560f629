"""Record the cassette `agents demo --actor replay` plays, against the local stand-in server.

Never against the live service: the replies are scripted here, the requests are the real
ones the actor makes on the demo repository. Run from the top of the checkout:

    python scripts/record_demo_cassette.py
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cleveragents.cli.demo import CLAUDE_TASK, FILES  # noqa: E402
from features.support.messages_server import MessagesServer  # noqa: E402

TARGET = ROOT / "cleveragents" / "data" / "demo-cassette"
GREET = "def hello(name):\n    return 'Hello, ' + name + '!'\n"
TEST = (
    "import unittest\n\nimport greet\n\n\nclass HelloTest(unittest.TestCase):\n"
    "    def test_capital(self):\n        self.assertEqual(greet.hello('Ada'), 'Hello, Ada!')\n"
)


def main() -> None:
    from cleveragents.bootstrap import bootstrap_new

    shutil.rmtree(TARGET, ignore_errors=True)
    root = Path(tempfile.mkdtemp(prefix="cleveragents-record-"))
    with MessagesServer() as server:
        plan = {
            "rationale": "a module, then its test",
            "steps": [
                {"name": "write the greeting module", "checks": ["python3 -c 'import greet'"]},
                {"name": "add a test", "checks": ["python3 -m unittest -q test_greet"]},
            ],
        }
        server.reply_text(json.dumps(plan))  # structured outputs: the JSON as text
        server.reply_tool("list_files", {"path": "."})
        server.reply_tools(
            [
                ("write_file", {"path": "greet.py", "content": GREET}),
                ("finish_step", {"option": "titlecase module"}),
            ]
        )
        server.reply_tools(
            [
                ("write_file", {"path": "test_greet.py", "content": TEST}),
                ("finish_step", {"option": "unittest"}),
            ]
        )
        os.environ.update(ANTHROPIC_API_KEY="sk-stand-in", ANTHROPIC_BASE_URL=server.url)
        services = bootstrap_new(root, FILES)
        try:
            plan = services.creation.for_task(CLAUDE_TASK, None, ["python3 *"], record=TARGET)
            plan = services.lifecycle.start(plan, "record the demo cassette")
        finally:
            services.close()
    shutil.rmtree(root)
    print(f"{plan.status.value}: {len(list(TARGET.glob('*.json')))} exchanges in {TARGET}")


if __name__ == "__main__":
    main()

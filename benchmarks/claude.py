"""Claude benchmark: what prompt caching saves, and how many requests a plan takes.

Measured in one run, through the real AnthropicActor and the real anthropic SDK talking
HTTP to the local stand-in of the Messages API (features/support/messages_server.py),
which models prompt caching as the API documents it and counts tokens as one per four
characters of JSON:

- `caching`: one step refined in 12 turns, the model reading a 20 KB file at each of the
  first 11 and writing a file at the 12th; once with the actor's cache breakpoints and
  once without. Billed input is counted in base input tokens: cache writes at 1.25x,
  cache reads at 0.1x (the list prices' ratios). Target: caching cuts it by >= 60 %.
- `demo`: requests to the model for the bundled demo task (`agents demo --actor
  replay`), and the tokens they took.

This is a benchmark, not a test: a missed target is reported in the JSON (`met: false`)
and the exit status stays 0. Usage: python benchmarks/claude.py. One JSON document goes
to stdout.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cleveragents.adapters.actors.claude import AnthropicActor  # noqa: E402
from cleveragents.adapters.actors.claude_models import cost  # noqa: E402
from cleveragents.domain.strategy import ActorContext, StepSpec  # noqa: E402
from features.support.messages_server import MessagesServer  # noqa: E402

TURNS = 12
FILE_BYTES = 20_000
MODEL = "claude-sonnet-5-5"
TARGET_CUT = 0.60


def _repository(folder: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    line = "a line of the file the model reads at every turn of the step\n"
    (folder / "big.txt").write_text((line * (FILE_BYTES // len(line) + 1))[:FILE_BYTES])
    return folder


def _step(root: Path, cache: bool) -> dict[str, Any]:
    """One 12-turn step through the actor; what the stand-in billed for it."""
    import anthropic

    with MessagesServer() as server:
        for _ in range(TURNS - 1):
            server.reply_tool("read_file", {"path": "big.txt"})
        server.reply_tools(
            [
                ("write_file", {"path": "out.txt", "content": "done"}),
                ("finish_step", {"option": "read, then write"}),
            ]
        )
        client = anthropic.Anthropic(api_key="sk-bench", base_url=server.url, max_retries=0)
        actor = AnthropicActor(MODEL, root, root / ".git", client=client, cache=cache)
        context = ActorContext(
            task="summarise big.txt into out.txt",
            steps=[StepSpec(name="read big.txt, write out.txt")],
            step_index=0,
        )
        attempt = actor.refine(context)
        client.close()
        assert attempt is not None and len(server.requests) == TURNS
    spent = actor.spent
    billed = spent.input_tokens + 1.25 * spent.cache_write_tokens + 0.1 * spent.cache_read_tokens
    return {
        "requests": spent.api_calls,
        "input_tokens": spent.input_tokens,
        "cache_write_tokens": spent.cache_write_tokens,
        "cache_read_tokens": spent.cache_read_tokens,
        "output_tokens": spent.output_tokens,
        "billed_input_tokens": round(billed),
        "cost_usd": round(spent.cost_usd or 0.0, 6),
    }


def _demo() -> dict[str, Any]:
    """The bundled demo task replayed: its requests and tokens."""
    from cleveragents.bootstrap import bootstrap_new
    from cleveragents.cli.demo import FILES, _replayed

    root = Path(tempfile.mkdtemp(prefix="cleveragents-bench-"))
    services = bootstrap_new(root, FILES)
    try:
        plan, _, _ = _replayed(services)
    finally:
        services.close()
        shutil.rmtree(root, ignore_errors=True)
    usage = plan.usage
    return {
        "status": plan.status.value,
        "requests": usage.api_calls,
        "actor_calls": usage.actor_calls,
        "tokens": usage.tokens,
        "requests_per_actor_call": round(usage.api_calls / max(usage.actor_calls, 1), 2),
    }


def main() -> None:
    os.environ.pop("ANTHROPIC_API_KEY", None)
    with tempfile.TemporaryDirectory(prefix="cleveragents-bench-") as folder:
        root = _repository(Path(folder))
        cached = _step(root, cache=True)
        plain = _step(root, cache=False)
    cut = 1 - cached["billed_input_tokens"] / plain["billed_input_tokens"]
    report = {
        "benchmark": "claude",
        "python": platform.python_version(),
        "model": MODEL,
        "caching": {
            "turns": TURNS,
            "file_bytes": FILE_BYTES,
            "with_cache": cached,
            "without_cache": plain,
            "ratio_billed_input": round(
                cached["billed_input_tokens"] / plain["billed_input_tokens"], 3
            ),
            "cut": round(cut, 3),
            "cost_ratio": round(cached["cost_usd"] / plain["cost_usd"], 3),
            "target_cut": TARGET_CUT,
            "met": cut >= TARGET_CUT,
        },
        "demo": _demo(),
        "price_check": {"sonnet_5_5_per_mtok_input": cost(MODEL, 1_000_000, 0)},
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

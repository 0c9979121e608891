"""OpenRLHF's remote reward model (``--reward.remote_url http://127.0.0.1:PORT/reward``).

OpenRLHF posts ``{"query": [...], "prompts": [...], "labels": [...]}``: each query is the prompt
followed by the response, and the labels are the dataset's ``--data.label_key`` column (use
``task_id``). The answer is ``{"rewards": [...], "scores": [...], "extra_logs": {...}}``, the
extra logs holding, per response, ``passed``, ``tests_share``, ``timeout`` and
``syntax_error``. Every request gets an HTTP answer: a bad body or an unknown task id is a 400,
a refusal or fault of the verdict service behind it a 502, anything else a 500, each with
``{"error": ...}`` (OpenRLHF logs the status and its body instead of a dropped connection).
Served by the standard library's threading HTTP server on 127.0.0.1. OpenRLHF also takes a
Python file as ``--reward.remote_url``: this file's path gives it `reward_func`, scoring in
the trainer's process (the verdicts still come from the sandbox's judge).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from classwright.rewards.scoring import REWARDS, score_details
from classwright.rewards.shaping import Shaping, split_keywords

if TYPE_CHECKING:
    from classwright.evaluator.scoring.reward import RewardDetail

Scorer = Callable[[Sequence[str], Sequence[str]], "list[RewardDetail]"]
LOG = logging.getLogger(__name__)
BODY_LIMIT = 64 * 1024 * 1024
"""The largest request body read (a batch of long responses is a few megabytes)."""


def response_of(query: str, prompt: str) -> str:
    """The response part of a query (the query itself when it does not start with the prompt)."""
    return query[len(prompt) :] if prompt and query.startswith(prompt) else query


def rewards_for(
    body: dict[str, Any], scorer: Scorer = score_details, shaping: Shaping | None = None
) -> dict[str, Any]:
    queries, prompts, labels = body.get("query"), body.get("prompts"), body.get("labels")
    if not isinstance(queries, list) or not isinstance(labels, list) or len(queries) != len(labels):
        raise ValueError("expected lists 'query' and 'labels' of the same length")
    prompts = (
        prompts
        if isinstance(prompts, list) and len(prompts) == len(queries)
        else [""] * len(queries)
    )
    details = scorer(
        [str(x) for x in labels],
        [response_of(str(q), str(p)) for q, p in zip(queries, prompts, strict=True)],
    )
    shaping = shaping or Shaping()
    rewards = [shaping.apply(d) for d in details]
    logs = [d.logs() for d in details]
    names = ("passed", "tests_share", "timeout", "syntax_error", "flagged")
    return {
        "rewards": rewards,
        "scores": rewards,
        "extra_logs": {name: [entry[name] for entry in logs] for name in names},
    }


def reward_func(
    queries: Sequence[str], prompts: Sequence[str], labels: Sequence[str], **settings: Any
) -> dict[str, Any]:
    """OpenRLHF's reward function form: ``reward_func(queries, prompts, labels)``; ``url``,
    ``token``, ``reward_range``, ``format_penalty`` ... as the other adapters take them
    (default: the environment)."""
    scoring, shaping = split_keywords(settings)
    body = {"query": list(queries), "prompts": list(prompts), "labels": list(labels)}
    return rewards_for(body, lambda ids, texts: score_details(ids, texts, **scoring), shaping)


def error_status(error: BaseException) -> int:
    """The HTTP status of a failure to score a request."""
    from classwright.client import ServiceError
    from classwright.schema.errors import InputError

    if isinstance(error, ValueError | InputError | KeyError):
        return 400
    if isinstance(error, ServiceError | OSError):
        return 502
    return 500


def make_server(
    host: str = "127.0.0.1",
    port: int = 0,
    scorer: Scorer = score_details,
    shaping: Shaping | None = None,
) -> ThreadingHTTPServer:
    """A server answering POST /reward (and POST /) in OpenRLHF's format; call serve_forever."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            try:
                length = int(self.headers.get("Content-Length") or 0)
                if not 0 <= length <= BODY_LIMIT:
                    raise ValueError(f"a body of {length} bytes (at most {BODY_LIMIT})")
                answer = rewards_for(json.loads(self.rfile.read(length) or b"{}"), scorer, shaping)
                status = 200
            except Exception as error:
                status = error_status(error)
                if status == 500:
                    LOG.exception("scoring a reward request failed")
                message = getattr(error, "describe", None)
                text = message() if callable(message) else str(error)
                answer = {"error": f"{type(error).__name__}: {text}"}
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: a trainer posts a batch per step."""

    return ThreadingHTTPServer((host, port), Handler)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m classwright.rewards.openrlhf --port 5000``: serve until interrupted."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m classwright.rewards.openrlhf")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--reward", choices=REWARDS, default="class")
    parser.add_argument("--format-penalty", type=float, default=0.0)
    parser.add_argument("--reward-range", type=float, nargs=2, default=(0.0, 1.0))
    args = parser.parse_args(argv)
    scoring, shaping = split_keywords(
        {
            "reward": args.reward,
            "format_penalty": args.format_penalty,
            "reward_range": args.reward_range,
        }
    )
    server = make_server(
        args.host, args.port, lambda ids, texts: score_details(ids, texts, **scoring), shaping
    )
    print(f"OpenRLHF remote reward on http://{args.host}:{server.server_port}/reward", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

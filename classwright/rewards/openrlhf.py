"""OpenRLHF's remote reward model (``--remote_rm_url http://127.0.0.1:PORT/reward``).

OpenRLHF posts ``{"query": [...], "prompts": [...], "labels": [...]}``: each query is the prompt
followed by the response, and the labels are the dataset's ``--label_key`` column (use
``task_id``). The answer is ``{"rewards": [...], "scores": [...], "extra_logs": {...}}``.
Served by the standard library's threading HTTP server on 127.0.0.1. OpenRLHF also takes a
Python file as ``--remote_rm_url``: this file's path gives it `reward_func`, scoring in the
trainer's process (the verdicts still come from the sandbox's judge).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from classwright.rewards.scoring import score_completions

Scorer = Callable[[Sequence[str], Sequence[str]], list[float]]


def response_of(query: str, prompt: str) -> str:
    """The response part of a query (the query itself when it does not start with the prompt)."""
    return query[len(prompt) :] if prompt and query.startswith(prompt) else query


def rewards_for(body: dict[str, Any], scorer: Scorer = score_completions) -> dict[str, Any]:
    queries, prompts, labels = body.get("query"), body.get("prompts"), body.get("labels")
    if not isinstance(queries, list) or not isinstance(labels, list) or len(queries) != len(labels):
        raise ValueError("expected lists 'query' and 'labels' of the same length")
    prompts = (
        prompts
        if isinstance(prompts, list) and len(prompts) == len(queries)
        else [""] * len(queries)
    )
    rewards = scorer(
        [str(x) for x in labels],
        [response_of(str(q), str(p)) for q, p in zip(queries, prompts, strict=True)],
    )
    mean = sum(rewards) / len(rewards) if rewards else 0.0
    return {
        "rewards": rewards,
        "scores": rewards,
        "extra_logs": {"class_pass": [mean] * len(rewards)},
    }


def reward_func(
    queries: Sequence[str],
    prompts: Sequence[str],
    labels: Sequence[str],
    *,
    url: str | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    """OpenRLHF's reward function form: ``reward_func(queries, prompts, labels)``; ``url`` and
    ``token`` as `score_completions` takes them (default: the environment)."""
    body = {"query": list(queries), "prompts": list(prompts), "labels": list(labels)}
    return rewards_for(body, lambda ids, texts: score_completions(ids, texts, url=url, token=token))


def make_server(
    host: str = "127.0.0.1", port: int = 0, scorer: Scorer = score_completions
) -> ThreadingHTTPServer:
    """A server answering POST /reward (and POST /) in OpenRLHF's format; call serve_forever."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            try:
                length = int(self.headers.get("Content-Length") or 0)
                answer = rewards_for(json.loads(self.rfile.read(length) or b"{}"), scorer)
                status = 200
            except (ValueError, json.JSONDecodeError) as error:
                answer, status = {"error": str(error)}, 400
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
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port)
    print(f"OpenRLHF remote reward on http://{args.host}:{server.server_port}/reward", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

"""Every command docs/rl.md gives runs as written, against the trainers' own code: the verl YAML
through verl's `load_reward_manager`, the OpenRLHF command line through OpenRLHF's own argument
parser, the reward server's command, and the export command."""

from __future__ import annotations

import ast
import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import fenced
from serving import free_port
from wallet_task import HOSTILE

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "rl.md"
PLACEHOLDER = re.compile(r"/path/to/site-packages/classwright/rewards/(\w+\.py)")


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def block(title: str, language: str) -> str:
    found = re.findall(rf"```{language}\n(.*?)```", section(title), flags=re.DOTALL)
    assert found, f"docs/rl.md's {title} section has no {language} block"
    return str(found[0])


def installed(text: str) -> str:
    """The page's placeholder paths replaced by the installed package's files."""
    import classwright.rewards

    here = Path(classwright.rewards.__file__).parent
    return PLACEHOLDER.sub(lambda m: str(here / m.group(1)), text)


def test_the_verl_yaml_loads_through_verls_loader_and_scores(
    answer_model: Path, wallet_tasks: Path, task_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    reward = pytest.importorskip("verl.trainer.ppo.reward", reason="needs verl: setup-vllm.sh")
    import yaml
    from omegaconf import OmegaConf
    from test_verl_loader import _row
    from transformers import AutoTokenizer

    monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
    monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)
    config = OmegaConf.create(yaml.safe_load(installed(block("verl", "yaml"))))
    tokenizer = AutoTokenizer.from_pretrained(answer_model)
    manager = reward.load_reward_manager(config, tokenizer)
    results = {}
    for name, text in {
        "correct": fenced(HOSTILE / "honest.py"),
        "prose": "I cannot write this class.",
    }.items():
        row = _row(tokenizer, "write the class .", text, task_id)
        results[name] = manager.loop.run_until_complete(manager.run_single(row))
    assert results["correct"]["reward_score"] == 1.0
    # The page's reward_kwargs set a format penalty of 0.5: prose scores below a wrong class.
    assert results["prose"]["reward_score"] == -0.5
    assert results["prose"]["reward_extra_info"]["syntax_error"] == 1.0


def openrlhf_parser_accepts(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    """OpenRLHF's own parser, built by the statements of train_ppo_ray's main block up to its
    parse (importing the module needs its GPU stack), given ``arguments``."""
    from importlib.util import find_spec

    spec = find_spec("openrlhf.cli.train_ppo_ray")
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    main = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
    )
    statements = []
    for statement in main.body:
        statements.append(statement)
        if "parse_args" in ast.unparse(statement):
            break
    program = "import argparse, sys\nfrom datetime import datetime\n" + "\n".join(
        ast.unparse(s) for s in statements
    )
    program += "\nprint(json.dumps({k: v for k, v in vars(args).items() if v is not None}))"
    return subprocess.run(
        [sys.executable, "-c", "import json\n" + program, *arguments],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_openrlhf_command_line_parses_with_openrlhfs_own_parser() -> None:
    pytest.importorskip("openrlhf", reason="needs OpenRLHF: setup-vllm.sh")
    line = next(line for line in block("OpenRLHF", "bash").splitlines() if "train_ppo_ray" in line)
    arguments = shlex.split(line)[3:]
    parsed = openrlhf_parser_accepts(arguments)
    assert parsed.returncode == 0, parsed.stderr
    values: dict[str, Any] = json.loads(parsed.stdout.strip().splitlines()[-1])
    assert values["reward.remote_url"] == "http://127.0.0.1:5000/reward"
    assert values["data.label_key"] == "task_id"
    # The positive control: the flags of older OpenRLHF releases are refused by this one.
    old = openrlhf_parser_accepts(["--remote_rm_url", "http://x/reward", "--label_key", "t"])
    assert old.returncode == 2 and "unrecognized arguments" in old.stderr


def test_the_reward_server_command_serves_rewards(
    wallet_tasks: Path, task_id: str, tmp_path: Path
) -> None:
    line = next(
        line
        for line in block("OpenRLHF", "bash").splitlines()
        if "classwright.rewards.openrlhf" in line
    )
    command = shlex.split(line.rstrip("& "))
    port = free_port()
    command[command.index("--port") + 1] = str(port)
    command[0] = sys.executable
    log = (tmp_path / "server.log").open("wb")
    env = {"CLASSWRIGHT_TASKS": str(wallet_tasks), "PATH": "/usr/bin:/bin"}
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        url = f"http://127.0.0.1:{port}/reward"
        deadline = time.monotonic() + 60
        body = {"query": [fenced(HOSTILE / "honest.py")], "prompts": [""], "labels": [task_id]}
        while True:
            try:
                answer = httpx.post(url, json=body, timeout=120)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.3)
        assert answer.status_code == 200
        assert answer.json()["rewards"] == [1.0]
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def test_the_export_command_writes_the_rows_the_trainers_read(
    wallet_tasks: Path, task_id: str, tmp_path: Path
) -> None:
    command = re.search(r"`(classwright export [^`]+)`", DOC.read_text(encoding="utf-8"))
    assert command is not None
    words = shlex.split(command.group(1))
    words[words.index("TASKS")] = str(wallet_tasks)
    out = tmp_path / "rows.jsonl"
    words[words.index("rows.jsonl")] = str(out)
    executable = Path(sys.executable).with_name("classwright")
    done = subprocess.run(
        [str(executable), *words[1:]], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["task_id"] for row in rows] == [task_id]
    assert rows[0]["reward_model"]["ground_truth"] == task_id

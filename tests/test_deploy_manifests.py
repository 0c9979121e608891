"""The deployment files under deploy/: the YAML parses, every command is a real `classwright`
command line (parsed by the CLI itself), images, ports and addresses agree, every pod that runs
a sandbox may run it at full isolation (bubblewrap), and the serve replicas state their
inline-task policy."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.main import get_command

from classwright.cli import app
from classwright.commands.executor_option import parse_executor

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
KUBERAY = DEPLOY / "kuberay"


def _documents() -> list[dict[str, Any]]:
    return [
        document
        for path in sorted(KUBERAY.glob("*.yaml"))
        for document in yaml.safe_load_all(path.read_text())
        if document
    ]


def _of_kind(kind: str) -> list[dict[str, Any]]:
    return [d for d in _documents() if d["kind"] == kind]


def _pod_specs() -> list[dict[str, Any]]:
    specs = []
    for document in _documents():
        spec = document["spec"]
        if document["kind"] == "RayCluster":
            specs.append(spec["headGroupSpec"]["template"]["spec"])
            specs += [group["template"]["spec"] for group in spec["workerGroupSpecs"]]
        elif document["kind"] in ("Deployment", "Job"):
            specs.append(spec["template"]["spec"])
    return specs


def _containers() -> list[dict[str, Any]]:
    return [c for spec in _pod_specs() for c in spec["containers"]]


def _parse(command: list[str]) -> Any:
    """Parse a command line with the CLI's own parser: an unknown option or a bad value raises."""
    assert command[0] == "classwright"
    sub = get_command(app).commands[command[1]]  # type: ignore[attr-defined]
    return sub.make_context(command[1], list(command[2:]))


def _ray_cluster() -> dict[str, Any]:
    (cluster,) = _of_kind("RayCluster")
    return cluster


def test_manifests_parse_and_name_their_kinds() -> None:
    kinds = sorted(d["kind"] for d in _documents())
    assert {"RayCluster", "Job", "Deployment", "Service"} <= set(kinds)
    assert all(d["apiVersion"] and d["metadata"]["name"] for d in _documents())


def test_one_image_pinned_to_the_clusters_ray_version() -> None:
    images = {c["image"] for c in _containers()}
    assert len(images) == 1
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    pinned = re.search(r'"ray==([0-9.]+)"', dockerfile)
    assert pinned is not None
    assert _ray_cluster()["spec"]["rayVersion"] == pinned.group(1)
    # The tasks path the commands name is where the image puts the checkout.
    assert "COPY . /opt/classwright" in dockerfile


def test_commands_are_real_command_lines_that_join_the_cluster() -> None:
    cluster = _ray_cluster()
    head = cluster["spec"]["headGroupSpec"]["template"]["spec"]["containers"][0]
    client_port = next(p["containerPort"] for p in head["ports"] if p["name"] == "client")
    commands = [c["command"] for c in _containers() if c.get("command")]
    assert commands
    for command in commands:
        context = _parse(command)
        tasks = context.params["tasks"]
        for path in tasks if isinstance(tasks, list) else [tasks]:
            assert str(path).startswith("/opt/classwright/benchmark/")
        kind, address = parse_executor(context.params["executor"])
        assert kind == "ray"
        assert address == f"ray://{cluster['metadata']['name']}-head-svc:{client_port}"


def test_serve_replicas_listen_where_the_service_and_probes_look() -> None:
    (deployment,) = _of_kind("Deployment")
    (service,) = _of_kind("Service")
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    context = _parse(container["command"])
    assert context.info_name == "serve"
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    (service_port,) = service["spec"]["ports"]
    assert ports[service_port["targetPort"]] == context.params["port"]
    assert container["readinessProbe"]["httpGet"]["port"] in ports
    assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    # A non-loopback bind needs a token: the file is where the secret is mounted.
    assert context.params["host"] == "0.0.0.0"
    token = Path(context.params["token_file"])
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
    (mount,) = [name for name, path in mounts.items() if token.parent == Path(path)]
    assert token.name in {item["path"] for item in volumes[mount]["secret"]["items"]}


# What bubblewrap needs of a container: the capability to make namespaces and mounts, and no
# seccomp or AppArmor profile that refuses unshare, mount and pivot_root.
FULL_ISOLATION_CONTEXT = {
    "capabilities": {"add": ["SYS_ADMIN"]},
    "seccompProfile": {"type": "Unconfined"},
    "appArmorProfile": {"type": "Unconfined"},
}


def _runs_sandboxes(container: dict[str, Any]) -> bool:
    """Ray workers (the actors' sandboxes) and serve replicas (they time canonical solutions
    in a sandbox of their own); the head runs no actors and an evaluate driver scores on Ray."""
    command = container.get("command") or []
    return container["name"] == "ray-worker" or command[:2] == ["classwright", "serve"]


def test_pods_that_run_sandboxes_can_run_them_at_full_isolation() -> None:
    running = [c for c in _containers() if _runs_sandboxes(c)]
    assert {c["name"] for c in running} == {"ray-worker", "serve"}
    for container in running:
        context = container.get("securityContext", {})
        for key, wanted in FULL_ISOLATION_CONTEXT.items():
            got = context.get(key, {})
            for field, value in wanted.items():
                present = set(got.get(field, [])) if isinstance(value, list) else got.get(field)
                assert present == (set(value) if isinstance(value, list) else value), (
                    f"{container['name']}: securityContext.{key}.{field}"
                )


def test_serve_replicas_refuse_inline_tasks_and_say_why() -> None:
    """The replicas score on Ray, whose actors' isolation the server cannot see: inline tasks
    are refused unless the operator opts in, and this manifest does not (its header says why)."""
    (deployment,) = _of_kind("Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    context = _parse(container["command"])
    assert parse_executor(context.params["executor"])[0] == "ray"
    assert context.params["allow_inline_tasks"] is False
    header = (KUBERAY / "serve.yaml").read_text().split("apiVersion")[0]
    assert "Inline tasks" in header and "--allow-inline-tasks" in header
    # The option exists: the parser knows it (a typo would make the check above vacuous).
    opted = _parse([*container["command"], "--allow-inline-tasks"])
    assert opted.params["allow_inline_tasks"] is True


def test_the_parser_refuses_what_the_cli_would() -> None:
    # Negative controls: the check above fails on an option or a command that does not exist.
    with pytest.raises(Exception, match="No such option: --no-such-option"):
        _parse(["classwright", "evaluate", "--no-such-option"])
    with pytest.raises(Exception, match="valid integer"):
        _parse(["classwright", "evaluate", "--jobs", "none"])
    with pytest.raises(KeyError):
        _parse(["classwright", "no-such-command"])

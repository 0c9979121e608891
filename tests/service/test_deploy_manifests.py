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

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
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


def _ray_commands() -> list[tuple[Any, int]]:
    """Each command that scores on the cluster, parsed, with how many pods run it."""
    found = []
    for document in _documents():
        if document["kind"] not in ("Deployment", "Job"):
            continue
        copies = document["spec"].get("replicas", 1) if document["kind"] == "Deployment" else 1
        for container in document["spec"]["template"]["spec"]["containers"]:
            found.append((_parse(container["command"]), copies))
    return found


def test_every_process_on_the_cluster_asks_for_a_share_that_fits() -> None:
    """A process that leaves --jobs out takes every free CPU of the cluster, and the next one's
    actors never start: each names its share, and the shares fit the worker group."""
    (group,) = _ray_cluster()["spec"]["workerGroupSpecs"]
    cpus = group["replicas"] * int(group["rayStartParams"]["num-cpus"])
    commands = _ray_commands()
    assert {c.info_name for c, _ in commands} == {"serve", "evaluate"}
    shares = [(context.params["jobs"], copies) for context, copies in commands]
    assert all(jobs is not None for jobs, _ in shares), shares
    assert sum(jobs * copies for jobs, copies in shares) <= cpus
    # Two replicas, so that each one's share matters.
    assert dict((c.info_name, n) for c, n in commands)["serve"] >= 2
    # Each pod of the group gives as many CPUs to Ray as it holds.
    (worker,) = group["template"]["spec"]["containers"]
    assert worker["resources"]["limits"]["cpu"] == group["rayStartParams"]["num-cpus"]


def test_startup_probe_waits_as_long_as_the_actors_may_take_to_start() -> None:
    from classwright.evaluator.executors.ray import START_SECONDS

    (deployment,) = _of_kind("Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    probe = container["startupProbe"]
    assert probe["httpGet"]["path"] == "/healthz"
    assert probe["periodSeconds"] * probe["failureThreshold"] >= START_SECONDS + 60


def test_serve_replicas_share_one_verdict_cache_on_one_node() -> None:
    """One cache volume for every replica; SQLite's WAL needs its writers on one machine, so
    the volume is ReadWriteOnce and the replicas are required on the same node."""
    (deployment,) = _of_kind("Deployment")
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    cache = Path(_parse(container["command"]).params["cache"])
    mounts = {m["name"]: Path(m["mountPath"]) for m in container["volumeMounts"]}
    (volume_name,) = [name for name, path in mounts.items() if cache == path]
    volumes = {v["name"]: v for v in pod["spec"]["volumes"]}
    claim = volumes[volume_name]["persistentVolumeClaim"]["claimName"]
    claims = {c["metadata"]["name"]: c for c in _of_kind("PersistentVolumeClaim")}
    assert claims[claim]["spec"]["accessModes"] == ["ReadWriteOnce"]
    (rule,) = pod["spec"]["affinity"]["podAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"
    ]
    assert rule["topologyKey"] == "kubernetes.io/hostname"
    assert rule["labelSelector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    header = (KUBERAY / "serve.yaml").read_text().split("apiVersion")[0]
    assert "WAL" in header and "network filesystem" in header


def test_serve_replicas_raise_the_client_limits() -> None:
    """A tenant is a token; a trainer's rollout workers share one and may all reach one replica:
    each replica takes more than serve's defaults of one tenant, and more than the 128
    concurrent per-rollout requests benchmarks/serve_fairness.py sends."""
    (deployment,) = _of_kind("Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    context = _parse(container["command"])
    defaults = _parse(["classwright", "serve"]).params
    for limit in ("max_client_requests", "max_client_samples"):
        assert context.params[limit] > defaults[limit], limit
    assert context.params["max_client_requests"] >= 128
    assert context.params["max_client_samples"] <= context.params["max_queue"]
    assert context.params["token_file"] is not None  # tenants by token, not by address

"""The generation options ``classwright generate`` and ``classwright eval`` share, declared once.

:func:`takes_generation_options` gives a command every option below and hands it the one
:class:`GenerationOptions` built from them, so the two commands list only their own options.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from enum import StrEnum
from functools import wraps
from typing import Annotated, Any, TypeVar

import typer

from classwright.evaluator.backends import BackendName
from classwright.evaluator.backends.openai import ClientOptions
from classwright.evaluator.backends.options import GenerationOptions, sampling_for
from classwright.evaluator.backends.vllm import EngineOptions, parse_engine_args
from classwright.evaluator.prompts import Context, PromptStyle

R = TypeVar("R")
_CLIENT = ClientOptions()
_ENGINE = EngineOptions()


class Preset(StrEnum):
    """The paper's sampling settings."""

    greedy = "greedy"
    nucleus = "nucleus"


Model = Annotated[
    str,
    typer.Option(
        help="Model folder or name (vllm), model name on the server (openai), "
        "or the samples / ClassEval output file to replay (replay).",
        show_default=False,
    ),
]
ContextHelp = (
    "What per-method prompts show of other methods (JavaBench): maximum, selective or minimum. "
    "Default: ClassEval's (incremental maximum, compositional selective)."
)
StyleHelp = (
    "chat: the model's chat template; plain: one text prompt; auto: chat when the model has a "
    "template (vllm) / chat (openai)."
)
EngineArgHelp = (
    "KEY=VALUE passed to vllm.LLM (repeatable; VALUE read as JSON when it parses, else text), "
    "e.g. tensor_parallel_size=2, distributed_executor_backend=ray."
)


def _option(kind: Any, default: Any = inspect.Parameter.empty, **info: Any) -> tuple[Any, Any]:
    return Annotated[kind, typer.Option(**info)], default


# name: (annotation, default); the order is the order in --help.
_SHARED: dict[str, tuple[Any, Any]] = {
    "model": (Model, inspect.Parameter.empty),
    "backend": _option(BackendName, BackendName.vllm, help="Where completions come from."),
    "preset": _option(
        Preset,
        Preset.greedy,
        help="greedy: 1 sample at temperature 0; nucleus: 5 at 0.2, top-p 0.95.",
    ),
    "samples": _option(int | None, None, min=1, help="Samples per task (overrides preset)."),
    "temperature": _option(
        float | None, None, min=0.0, help="Sampling temperature (overrides preset)."
    ),
    "top_p": _option(float | None, None, min=0.0, max=1.0, help="Nucleus top-p."),
    "max_tokens": _option(int, 2048, min=1, help="Tokens generated per completion at most."),
    "seed": _option(int | None, None, help="Sampling seed (sample i uses seed + i)."),
    "stop": _option(list[str] | None, None, help="Stop sequence (repeatable)."),
    "context": _option(Context | None, None, help=ContextHelp),
    "prompt_style": _option(PromptStyle, PromptStyle.auto, help=StyleHelp),
    "base_url": _option(str, _CLIENT.base_url, help="OpenAI-compatible endpoint (openai)."),
    "api_key": _option(
        str, "", envvar="OPENAI_API_KEY", help="API key (openai).", show_default=False
    ),
    "concurrency": _option(
        int, _CLIENT.concurrency, min=1, help="Requests in flight at once (openai)."
    ),
    "retries": _option(int, _CLIENT.retries, min=0, help="Retries of a failed request (openai)."),
    "request_timeout": _option(
        float, _CLIENT.timeout, min=0.1, help="Seconds per request (openai)."
    ),
    "tensor_parallel_size": _option(
        int, _ENGINE.tensor_parallel_size, min=1, help="GPUs per model (vllm)."
    ),
    "max_model_len": _option(int | None, None, min=16, help="Context length (vllm)."),
    "gpu_memory_utilization": _option(
        float,
        _ENGINE.gpu_memory_utilization,
        min=0.05,
        max=1.0,
        help="Fraction of GPU memory for vLLM.",
    ),
    "dtype": _option(
        str, _ENGINE.dtype, help="Weights dtype for vLLM (auto, bfloat16, float16...)."
    ),
    "enforce_eager": _option(bool, False, help="Skip CUDA graph capture (vllm)."),
    "engine_arg": _option(list[str] | None, None, help=EngineArgHelp),
}


def generation_options(values: dict[str, Any]) -> GenerationOptions:
    """The one options object from the values of the shared command-line options."""
    return GenerationOptions(
        backend=values["backend"],
        model=values["model"],
        sampling=sampling_for(
            values["preset"].value,
            values["samples"],
            values["temperature"],
            values["top_p"],
            values["max_tokens"],
            values["seed"],
            tuple(values["stop"] or ()),
        ),
        context=values["context"],
        style=values["prompt_style"],
        client=ClientOptions(
            base_url=values["base_url"],
            api_key=values["api_key"] or "EMPTY",
            concurrency=values["concurrency"],
            retries=values["retries"],
            timeout=values["request_timeout"],
        ),
        engine=EngineOptions(
            tensor_parallel_size=values["tensor_parallel_size"],
            max_model_len=values["max_model_len"],
            gpu_memory_utilization=values["gpu_memory_utilization"],
            dtype=values["dtype"],
            enforce_eager=values["enforce_eager"],
            engine_args=parse_engine_args(values["engine_arg"] or ()),
        ),
    )


def takes_generation_options(command: Callable[..., R]) -> Callable[..., R]:
    """``command(options: GenerationOptions, ...)`` as a Typer command taking every shared
    option, plus its own, and called with the one object built from the shared ones.

    The shared options are listed where ``options`` stands, except ``--model`` and
    ``--backend``, which frame the command's first option (where its output goes): the order
    ``--help`` shows and a results file's recorded command line keeps.
    """
    hints = typing.get_type_hints(command, include_extras=True)
    own = [
        parameter.replace(annotation=hints[name], kind=inspect.Parameter.KEYWORD_ONLY)
        for name, parameter in inspect.signature(command).parameters.items()
    ]
    shared = {
        name: inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, annotation=kind, default=default
        )
        for name, (kind, default) in _SHARED.items()
    }
    at = [p.name for p in own].index("options")
    first = next(n for n, p in enumerate(own) if hints[p.name] is not typer.Context)
    model, backend = shared.pop("model"), shared.pop("backend")
    parameters = [
        *own[:first],
        model,
        own[first],
        backend,
        *own[first + 1 : at],
        *shared.values(),
        *own[at + 1 :],
    ]

    @wraps(command)
    def wrapper(**values: Any) -> R:
        chosen = {name: values.pop(name) for name in _SHARED}
        return command(options=generation_options(chosen), **values)

    del wrapper.__wrapped__  # the signature below, not the command's, is the one to read
    wrapper.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
    return wrapper

"""The ``openai`` backend: any OpenAI-compatible endpoint (``vllm serve``, OpenAI itself).

Requests run on a bounded number of worker threads. Each request has a timeout and a bounded
number of attempts; rate limits (429), server errors (5xx), timeouts, lost connections and
malformed answers are retried with exponential backoff (a ``Retry-After`` header is honoured,
up to a cap). Any other refusal (a wrong model name, a bad key) is final at once. When a request
fails for good the run stops with :class:`GenerationError`; completions already yielded are the
caller's to keep.

The workers are daemon threads fed from a queue, so that Ctrl-C or a fatal error returns at
once instead of waiting for requests still in flight.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from classwright.evaluator.backends.base import (
    BackendName,
    Completion,
    GenerationError,
    Request,
    Sampling,
)
from classwright.evaluator.prompts import PromptStyle

if TYPE_CHECKING:
    from openai.types.chat import ChatCompletionMessageParam

    from classwright.evaluator.backends.options import GenerationOptions

_MAX_RETRY_AFTER = 60.0


@dataclass(frozen=True)
class ClientOptions:
    """How the client talks to the server (not part of the config hash)."""

    base_url: str = "http://127.0.0.1:8000/v1"
    api_key: str = "EMPTY"
    concurrency: int = 8
    """Requests in flight at once."""
    retries: int = 4
    """Attempts after the first, for faults worth retrying."""
    timeout: float = 600.0
    """Seconds one request may take."""
    backoff: float = 1.0
    """Seconds before the first retry; doubled on each further one."""


class _Retryable(Exception):
    def __init__(self, reason: str, delay: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.delay = delay


def backend(model: str, options: GenerationOptions) -> OpenAIBackend:
    """The backend ``open_backend`` gives for ``openai``."""
    return OpenAIBackend(model, options.style, options.client)


def identity(model: str) -> str:
    """The model as recorded in the config hash: its name on the server."""
    return model


class OpenAIBackend:
    """Completions from an OpenAI-compatible HTTP server."""

    name = BackendName.openai
    whole_samples = False

    def __init__(
        self,
        model: str,
        style: PromptStyle = PromptStyle.auto,
        options: ClientOptions | None = None,
    ) -> None:
        import openai

        self.model = model
        self.options = options or ClientOptions()
        # Chat is the common denominator of hosted endpoints; plain completions on request.
        self.chat = style is not PromptStyle.plain
        self._openai = openai
        self.client = openai.OpenAI(
            base_url=self.options.base_url,
            api_key=self.options.api_key,
            max_retries=0,
            timeout=self.options.timeout,
        )

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        work: queue.SimpleQueue[int] = queue.SimpleQueue()
        for position in range(len(requests)):
            work.put(position)
        done: queue.SimpleQueue[tuple[int, Completion | GenerationError]] = queue.SimpleQueue()
        stop = threading.Event()

        def worker() -> None:
            while not stop.is_set():
                try:
                    position = work.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((position, self._complete(requests[position], sampling, stop)))
                except GenerationError as error:
                    done.put((position, error))
                    return
                except Exception as error:  # a bug must end the run, not hang it
                    done.put((position, GenerationError(f"request failed: {error!r}")))
                    return

        for _ in range(max(1, min(self.options.concurrency, len(requests)))):
            threading.Thread(target=worker, daemon=True).start()
        try:
            for _ in range(len(requests)):
                position, result = _next(done)
                if isinstance(result, GenerationError):
                    raise result
                yield position, result
        finally:
            stop.set()

    def _complete(self, request: Request, sampling: Sampling, stop: threading.Event) -> Completion:
        attempts = self.options.retries + 1
        reason = ""
        for attempt in range(attempts):
            if stop.is_set():
                raise GenerationError("stopped")
            try:
                return self._call(request, sampling)
            except _Retryable as fault:
                reason = fault.reason
                delay = fault.delay
            if attempt + 1 < attempts:
                wait = self.options.backoff * 2**attempt if delay is None else delay
                stop.wait(min(wait, _MAX_RETRY_AFTER))
        raise GenerationError(
            f"{self.options.base_url}: {reason} (gave up after {attempts} attempts)"
        )

    def _call(self, request: Request, sampling: Sampling) -> Completion:
        openai = self._openai
        common: dict[str, Any] = {
            "model": self.model,
            "n": request.n,
            "temperature": sampling.temperature,
            "top_p": sampling.top_p,
            "max_tokens": sampling.max_tokens,
        }
        if request.seed is not None:
            common["seed"] = request.seed
        if sampling.stop:
            common["stop"] = list(sampling.stop)
        try:
            if self.chat:
                # The prompt's messages are plain role/content dicts, which is what the
                # typed message params describe.
                messages = cast("list[ChatCompletionMessageParam]", request.prompt.messages())
                response = self.client.chat.completions.create(messages=messages, **common)
            else:
                response = self.client.completions.create(prompt=request.prompt.plain(), **common)
        except openai.RateLimitError as error:
            raise _Retryable("rate limited (HTTP 429)", _retry_after(error.response)) from None
        except openai.APITimeoutError:
            raise _Retryable(f"no answer within {self.options.timeout:g} s") from None
        except openai.APIConnectionError:
            raise _Retryable("cannot connect to the server") from None
        except openai.InternalServerError as error:
            raise _Retryable(f"server error (HTTP {error.status_code})") from None
        except openai.APIStatusError as error:
            raise GenerationError(
                f"{self.options.base_url}: the server refused the request "
                f"(HTTP {error.status_code}): {_short(error.message)}"
            ) from None
        except (openai.APIResponseValidationError, ValueError, TypeError) as error:
            raise _Retryable(f"malformed response: {_short(str(error))}") from None
        return self._completion(response, request.n)

    def _completion(self, response: Any, n: int) -> Completion:
        """The texts of a response, checked: a body without them is a malformed answer."""
        try:
            choices = sorted(response.choices, key=lambda choice: choice.index or 0)
            if self.chat:
                texts = [choice.message.content for choice in choices]
            else:
                texts = [choice.text for choice in choices]
        except (AttributeError, TypeError) as error:
            raise _Retryable(f"malformed response: {_short(str(error))}") from None
        if len(texts) != n or not all(isinstance(text, str) for text in texts):
            raise _Retryable(f"malformed response: expected {n} text(s), got {len(texts)}")
        usage = getattr(response, "usage", None)
        return Completion(
            texts=tuple(texts),
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
        )

    def close(self) -> None:
        self.client.close()


def _next(
    done: queue.SimpleQueue[tuple[int, Completion | GenerationError]],
) -> tuple[int, Completion | GenerationError]:
    # A short timeout keeps the main thread responsive to Ctrl-C while it waits.
    while True:
        try:
            return done.get(timeout=0.2)
        except queue.Empty:
            continue


def _retry_after(response: Any) -> float | None:
    value = getattr(response, "headers", {}).get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 200 else text[:197] + "..."


def wait_for_server(base_url: str, seconds: float) -> bool:
    """True once ``base_url``/models answers; used by scripts that start a server."""
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=2) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            time.sleep(0.5)
    return False

"""Generating samples for tasks: the three strategies, batched rounds, resumable output.

Every sample is one line of ``samples.jsonl`` (see ``schema/samples.schema.json``), written and
flushed as soon as its last completion arrives, so a crash or Ctrl-C loses only work in flight.
Each line carries a config hash over the model, the backend, the prompt template version, the
strategy and context, the sampling settings and the task's content; ``resume`` continues a file
only when every line in it was made with the same settings.

Batching: holistic generation sends every task in one batch; incremental generation runs round
``r`` (the ``r``-th method) for every task and sample at once; compositional generation sends
every method of every task in one batch. A sample of those two strategies needs many requests, so
each answered request is also written to the request journal beside the samples
(``<out>.requests``, see ``RequestJournal``): a resumed run replays the journal instead of asking
again, so an interrupt at 90% of the requests resumes at 90%. The journal is removed once every
sample is written. A backend whose answers are finished samples (replayed
outputs) is asked for whole classes whatever the strategy, which then only labels the samples.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from classwright.evaluator.backends import (
    Backend,
    BackendName,
    Completion,
    Request,
    Sampling,
    Usage,
    model_identity,
)
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.evaluator.prompts import (
    TEMPLATE_VERSION,
    Context,
    PromptStyle,
    Strategy,
    compositional_others,
    default_context,
    holistic_prompt,
    incremental_others,
    method_prompt,
)
from classwright.evaluator.scoring.extraction import extract_code
from classwright.evaluator.scoring.samples import Sample, sample_line
from classwright.evaluator.scoring.splicing import assemble_class, extract_method
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

Key = tuple[str, int]
AnswerKey = tuple[str, int | None, int]
"""(task id, sample index or None when the answer serves every sample, method number)."""


@dataclass(frozen=True)
class RunSettings:
    """Everything that decides the text of a sample, apart from the task itself."""

    model: str
    backend: BackendName
    strategy: Strategy
    context: Context
    style: PromptStyle
    sampling: Sampling

    def describe(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "backend": self.backend.value,
            "strategy": self.strategy.value,
            "context": self.context.value,
            "prompt_style": self.style.value,
            "template_version": TEMPLATE_VERSION,
            "sampling": self.sampling.to_json(),
        }

    def config_hash(self, task: TaskRecord) -> str:
        """A short hash of these settings and the task's content."""
        payload = json.dumps(
            {"settings": self.describe(), "task": task.to_json()},
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def run_settings(options: GenerationOptions, strategy: Strategy) -> RunSettings:
    """The settings of a run of ``strategy`` with ``options``, known before the backend opens."""
    return RunSettings(
        model=model_identity(options.backend, options.model),
        backend=options.backend,
        strategy=strategy,
        context=options.context or default_context(strategy),
        style=options.style,
        sampling=options.sampling,
    )


@dataclass
class RunReport:
    """What a run produced: counts, token usage and wall time."""

    written: int = 0
    kept: int = 0
    """Samples already in the file from an earlier run (``resume``)."""
    replayed: int = 0
    """Answered requests taken from the request journal of an earlier run (``resume``)."""
    usage: Usage = field(default_factory=Usage)
    seconds: float = 0.0


class SampleFile:
    """``samples.jsonl`` opened for appending, with the samples it already holds."""

    def __init__(
        self, path: Path, settings: RunSettings, tasks: Sequence[TaskRecord], resume: bool
    ) -> None:
        self.path = path
        self.settings = settings
        self.hashes = {task.task_id: settings.config_hash(task) for task in tasks}
        self.done: set[Key] = set()
        self.journal = RequestJournal(journal_path(path), self.hashes, resume)
        if path.exists() and path.stat().st_size > 0:
            if not resume:
                raise InputError(path, "already exists; pass --resume to continue it")
            self.done = self._read_existing()
        # Opened on the first write, so that a check before a long model load creates nothing.
        self.handle: IO[str] | None = None

    def _read_existing(self) -> set[Key]:
        # A line cut short by a crash has no newline: it is dropped and regenerated.
        done: set[Key] = set()
        for number, line in enumerate(_complete_lines(self.path), start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
                key = (str(value["task_id"]), int(value["index"]))
                found = value.get("config_hash")
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise InputError(self.path, "not a sample line", number) from None
            _check_made_here(
                self.path, number, "sample of task", "sample", key[0], found, self.hashes
            )
            done.add(key)
        return done

    def write(self, sample: Sample) -> None:
        if self.handle is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.handle = self.path.open("a", encoding="utf-8", newline="\n")
        self.handle.write(sample_line(sample) + "\n")
        self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
            self.handle = None
        self.journal.close()


def journal_path(samples: Path) -> Path:
    """Where the answered requests of ``samples``' unfinished samples are kept."""
    return samples.with_name(samples.name + ".requests")


def _complete_lines(path: Path) -> list[str]:
    """The lines of ``path``, a line cut short by a crash (no newline) removed from the file."""
    raw = path.read_bytes()
    complete = raw[: raw.rfind(b"\n") + 1]
    if len(complete) != len(raw):
        with path.open("r+b") as handle:
            handle.truncate(len(complete))
    return complete.decode("utf-8").splitlines()


class RequestJournal:
    """One JSON line per answered request of a per-method strategy, flushed as it arrives.

    A line holds the answer's texts, error and token counts, keyed by task, sample (None for a
    compositional answer, which serves every sample) and method number, with the task's config
    hash, so that a resumed run with the same settings replays it and one with other settings is
    refused like a samples file.
    """

    def __init__(self, path: Path, hashes: dict[str, str], resume: bool) -> None:
        self.path = path
        self.hashes = hashes
        self.answers: dict[AnswerKey, Completion] = {}
        self.handle: IO[str] | None = None
        if path.exists() and path.stat().st_size > 0:
            if not resume:
                raise InputError(path, "holds answers of an unfinished run; pass --resume")
            self._read()

    def _read(self) -> None:
        for number, line in enumerate(_complete_lines(self.path), start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
                sample = value["sample"]
                key = (
                    str(value["task_id"]),
                    None if sample is None else int(sample),
                    int(value["method"]),
                )
                completion = Completion(
                    texts=tuple(str(t) for t in value["texts"]),
                    prompt_tokens=int(value.get("prompt_tokens", 0)),
                    completion_tokens=int(value.get("completion_tokens", 0)),
                    error=str(value.get("error", "")),
                )
                found = value.get("config_hash")
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise InputError(self.path, "not a request journal line", number) from None
            _check_made_here(
                self.path, number, "answer for task", "answer", key[0], found, self.hashes
            )
            self.answers[key] = completion

    def record(self, key: AnswerKey, completion: Completion) -> None:
        if self.handle is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.handle = self.path.open("a", encoding="utf-8", newline="\n")
        line = {
            "task_id": key[0],
            "sample": key[1],
            "method": key[2],
            "config_hash": self.hashes[key[0]],
            "texts": list(completion.texts),
            "error": completion.error,
            "prompt_tokens": completion.prompt_tokens,
            "completion_tokens": completion.completion_tokens,
        }
        self.handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        self.handle.flush()
        self.answers[key] = completion

    def close(self) -> None:
        if self.handle is not None:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
            self.handle = None

    def remove(self) -> None:
        """Drop the journal once every sample it served is in the samples file."""
        self.close()
        self.path.unlink(missing_ok=True)


def _line(
    settings: RunSettings,
    task: TaskRecord,
    index: int,
    completion: str,
    code: str | None,
    raw_outputs: list[str] | None = None,
    errors: Iterable[str] = (),
) -> Sample:
    per_method = raw_outputs is not None
    return Sample(
        task_id=task.task_id,
        index=index,
        completion=completion,
        code=code,
        config_hash=settings.config_hash(task),
        strategy=settings.strategy.value,
        model=settings.model,
        backend=settings.backend.value,
        context=settings.context.value,
        template_version=TEMPLATE_VERSION,
        methods=tuple(m.method_name for m in task.methods_info) if per_method else None,
        raw_outputs=tuple(raw_outputs) if raw_outputs is not None else None,
        errors=tuple(sorted(set(filter(None, errors)))),
    )


def holistic_code(completion: str, task: TaskRecord) -> str | None:
    """The class found in a whole-class completion; None when none parses."""
    found = extract_code(completion, task.class_name)
    return found.code if found.parses else None


def _text(completion: Completion, index: int) -> str:
    return completion.texts[index] if index < len(completion.texts) else ""


def progress_unit(settings: RunSettings, backend: Backend) -> str:
    """What a run's progress counts: samples for whole classes, requests for per-method work."""
    per_method = settings.strategy is not Strategy.holistic and not backend.whole_samples
    return "requests" if per_method else "samples"


def generate(
    tasks: Sequence[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    out: Path,
    resume: bool = False,
    progress: ProgressReporter = NO_PROGRESS,
    report: RunReport | None = None,
) -> RunReport:
    """Generate ``settings.sampling.n`` samples per task into ``out``; see the module doc.

    ``report``, when given, is filled as the run goes, so that a caller still has the counts of
    a run that ended in an error or an interrupt.

    ``progress`` counts what ``progress_unit`` names: samples, each named ``task_id#index``, or
    answered requests, each named by its task, sample and method with the samples written so far.
    """
    sink = SampleFile(out, settings, tasks, resume)
    report = report or RunReport()
    report.kept = len(sink.done)
    started = time.monotonic()
    try:
        strategy = _holistic if backend.whole_samples else _STRATEGIES[settings.strategy]
        strategy(tasks, settings, backend, sink, report, progress)
        # Every sample is written: the answers that made them are no longer needed.
        sink.journal.remove()
    finally:
        sink.close()
        report.seconds = time.monotonic() - started
    return report


def _missing(task: TaskRecord, n: int, done: set[Key]) -> list[int]:
    return [index for index in range(n) if (task.task_id, index) not in done]


def _emit(
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
    sample: Sample,
    counts_samples: bool = True,
) -> None:
    sink.write(sample)
    report.written += 1
    if counts_samples:
        progress.advance(f"{sample.task_id}#{sample.index}")


def _answered(
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
    key: AnswerKey,
    completion: Completion,
    method: str,
) -> None:
    """Journal one new answer and count it."""
    sink.journal.record(key, completion)
    report.usage.add(completion)
    sample = "" if key[1] is None else f"#{key[1]}"
    samples = report.kept + report.written
    progress.advance(f"{key[0]}{sample} {method} ({samples} samples written)")


def _holistic(
    tasks: Sequence[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
) -> None:
    n = settings.sampling.n
    pending = [(task, _missing(task, n, sink.done)) for task in tasks]
    pending = [(task, missing) for task, missing in pending if missing]
    requests = [
        Request(holistic_prompt(task), n=n, seed=settings.sampling.seed, task_id=task.task_id)
        for task, _ in pending
    ]
    for position, completion in backend.generate(requests, settings.sampling):
        report.usage.add(completion)
        task, missing = pending[position]
        for index in missing:
            text = _text(completion, index)
            given = completion.codes[index] if index < len(completion.codes) else None
            code = given if given is not None else holistic_code(text, task)
            _emit(
                sink,
                report,
                progress,
                _line(settings, task, index, text, code, None, [completion.error]),
            )


@dataclass
class _Thread:
    """One incremental sample in progress: the methods generated so far for (task, index)."""

    task: TaskRecord
    index: int
    raw: list[str] = field(default_factory=list)
    methods: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _sample_seed(sampling: Sampling, index: int) -> int | None:
    return None if sampling.seed is None else sampling.seed + index


def _incremental(
    tasks: Sequence[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
) -> None:
    sampling = settings.sampling
    threads = [
        _Thread(task, index) for task in tasks for index in _missing(task, sampling.n, sink.done)
    ]
    done_samples = sum(len(t.methods_info) * len(sink.done & _keys(t, sampling.n)) for t in tasks)
    progress.expect(done_samples + sum(len(t.task.methods_info) for t in threads))
    for thread in threads:
        _replay(thread, sink, report)
    progress.advance("", done_samples + report.replayed)
    for thread in [t for t in threads if len(t.methods) == len(t.task.methods_info)]:
        _finish_thread(thread, settings, sink, report, progress)
    rounds = max((len(t.task.methods_info) for t in threads), default=0)
    for round_number in range(rounds):
        # A thread replayed from the journal past this round waits for its own round.
        active = [
            t
            for t in threads
            if len(t.methods) == round_number and len(t.task.methods_info) > round_number
        ]
        requests = []
        for thread in active:
            method = thread.task.methods_info[round_number]
            others = incremental_others(thread.methods, thread.task, settings.context)
            prompt = method_prompt(thread.task, method, settings.context, others)
            requests.append(
                Request(
                    prompt,
                    n=1,
                    seed=_sample_seed(sampling, thread.index),
                    task_id=thread.task.task_id,
                    method=method.method_name,
                    sample=thread.index,
                )
            )
        for position, completion in backend.generate(requests, sampling):
            thread = active[position]
            method = thread.task.methods_info[round_number]
            key = (thread.task.task_id, thread.index, round_number)
            _answered(sink, report, progress, key, completion, method.method_name)
            _take(thread, completion)
            if round_number == len(thread.task.methods_info) - 1:
                _finish_thread(thread, settings, sink, report, progress)


def _keys(task: TaskRecord, n: int) -> set[Key]:
    return {(task.task_id, index) for index in range(n)}


def _take(thread: _Thread, completion: Completion) -> None:
    """Add the answer for the thread's next method."""
    method = thread.task.methods_info[len(thread.methods)]
    text = _text(completion, 0)
    thread.raw.append(text)
    thread.methods.append(extract_method(text, method.method_name) or "")
    thread.errors.append(completion.error)


def _replay(thread: _Thread, sink: SampleFile, report: RunReport) -> None:
    """Take the thread's answers journaled by an earlier run, in method order."""
    answers = sink.journal.answers
    while len(thread.methods) < len(thread.task.methods_info):
        found = answers.get((thread.task.task_id, thread.index, len(thread.methods)))
        if found is None:
            return
        _take(thread, found)
        report.replayed += 1


def _finish_thread(
    thread: _Thread,
    settings: RunSettings,
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
) -> None:
    names = [m.method_name for m in thread.task.methods_info]
    code = assemble_class(thread.task, dict(zip(names, thread.methods, strict=True)))
    line = _line(
        settings,
        thread.task,
        thread.index,
        "\n\n".join(thread.raw),
        code,
        thread.raw,
        thread.errors,
    )
    _emit(sink, report, progress, line, counts_samples=False)


def _compositional(
    tasks: Sequence[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    sink: SampleFile,
    report: RunReport,
    progress: ProgressReporter,
) -> None:
    """Every method of every task asked alone, then each class assembled from its answers.

    Long because it keeps the three steps of a resumable run together: replaying the journal of
    answered requests, asking only what is missing, and writing each sample once complete."""
    n = settings.sampling.n
    pending = {task.task_id: _missing(task, n, sink.done) for task in tasks}
    todo = [task for task in tasks if pending[task.task_id]]
    journaled = sink.journal.answers
    answers: dict[str, dict[int, Completion]] = {task.task_id: {} for task in todo}
    for task in todo:
        for number in range(len(task.methods_info)):
            found = journaled.get((task.task_id, None, number))
            if found is not None:
                answers[task.task_id][number] = found
                report.replayed += 1
    finished = sum(len(t.methods_info) for t in tasks if not pending[t.task_id])
    progress.expect(sum(len(t.methods_info) for t in tasks))
    progress.advance("", finished + report.replayed)
    slots: list[tuple[TaskRecord, int]] = []
    requests: list[Request] = []
    for task in todo:
        if not task.methods_info:
            for index in pending[task.task_id]:
                _emit(
                    sink,
                    report,
                    progress,
                    _line(settings, task, index, "", assemble_class(task, {}), []),
                    counts_samples=False,
                )
            continue
        if len(answers[task.task_id]) == len(task.methods_info):
            _finish_task(task, answers[task.task_id], pending[task.task_id], settings, sink, report)
            continue
        for number, method in enumerate(task.methods_info):
            if number in answers[task.task_id]:
                continue
            others = compositional_others(task, method, settings.context)
            prompt = method_prompt(task, method, settings.context, others)
            slots.append((task, number))
            requests.append(
                Request(
                    prompt,
                    n=n,
                    seed=settings.sampling.seed,
                    task_id=task.task_id,
                    method=method.method_name,
                )
            )
    for position, completion in backend.generate(requests, settings.sampling):
        task, number = slots[position]
        answers[task.task_id][number] = completion
        # Journaled before the samples: a crash between the two only replays it.
        key = (task.task_id, None, number)
        _answered(sink, report, progress, key, completion, task.methods_info[number].method_name)
        if len(answers[task.task_id]) == len(task.methods_info):
            _finish_task(task, answers[task.task_id], pending[task.task_id], settings, sink, report)


def _finish_task(
    task: TaskRecord,
    answers: dict[int, Completion],
    indices: list[int],
    settings: RunSettings,
    sink: SampleFile,
    report: RunReport,
) -> None:
    """Write the samples of a compositional task once every method is answered."""
    by_method = [answers[i] for i in range(len(task.methods_info))]
    for index in indices:
        raw = [_text(c, index) for c in by_method]
        methods = {
            m.method_name: extract_method(text, m.method_name) or ""
            for m, text in zip(task.methods_info, raw, strict=True)
        }
        code = assemble_class(task, methods)
        errors = [c.error for c in by_method]
        line = _line(settings, task, index, "\n\n".join(raw), code, raw, errors)
        _emit(sink, report, NO_PROGRESS, line)


_STRATEGIES = {
    Strategy.holistic: _holistic,
    Strategy.incremental: _incremental,
    Strategy.compositional: _compositional,
}


def saved_work(out: Path) -> str:
    """What a stopped run left for ``--resume``, read from the files themselves, as a sentence."""
    samples = _count_lines(out)
    answers = _count_lines(journal_path(out))
    if not samples and not answers:
        return "nothing was written (no sample or answered request was finished)"
    kept = [f"{samples} sample{'s' * (samples != 1)} in {out}"] if samples else []
    if answers:
        noun = "answered request" + "s" * (answers != 1)
        kept.append(f"{answers} {noun} in {journal_path(out)}")
    return f"kept {' and '.join(kept)}; continue with --resume"


def _count_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _check_made_here(
    path: Path,
    number: int,
    of_task: str,
    what: str,
    task_id: str,
    found: object,
    hashes: Mapping[str, str],
) -> None:
    """Line ``number`` of ``path`` was made for one of this run's tasks with this run's settings."""
    expected = hashes.get(task_id)
    if expected is None:
        raise InputError(path, f"{of_task} {task_id!r}, which is not among the tasks", number)
    if found != expected:
        raise InputError(
            path,
            f"{what} made with other settings (config hash {found}, this run "
            f"{expected}); use the same settings or another --out",
            number,
        )

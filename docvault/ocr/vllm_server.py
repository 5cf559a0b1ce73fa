"""Start and supervise a persistent `vllm serve` process for the OCR model.

The service composes it like this (everything runs on the service's event loop)::

    supervisor = VllmSupervisor(VllmServerSettings(model=..., host=..., port=...))
    await supervisor.start()            # checks ninja and vllm, spawns, returns at once
    await supervisor.wait_healthy()     # optional: block until GET /health answers 200
    supervisor.state                    # SupervisorState for the status page and worker
    await supervisor.stop()             # SIGTERM the process group, SIGKILL after grace

Several replicas of the engine (`VllmReplicas`) are several supervisors; those on the same
GPU share one start gate: only one engine at a time per GPU is between its launch and its
first healthy answer, at start and at every restart. Replicas on different GPUs (each its own
`CUDA_VISIBLE_DEVICES`, `VllmServerSettings.gpus`) start at the same time.

While running it drains the child's output line by line into this module's logger, polls
`/health`, and restarts the child with exponential backoff whenever it exits; the backoff
starts again from the beginning once a child has been healthy for `healthy_reset_seconds`.
The engine is loaded once and kept: a start takes minutes (185-273 s measured on an H200).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import signal
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from docvault.errors import EngineConfigurationError, EngineUnavailable
from docvault.ocr.engine_cache import autotuning_folder, share_autotuning
from docvault.runtime import backoff_seconds, bound_child_command
from docvault.vocabulary import EngineState

logger = logging.getLogger(__name__)

# The engine settings measured best on 827 real letters (docs/gpu.md, "The engine's tuned
# settings").
TUNED_ARGUMENTS: tuple[str, ...] = (
    "--gpu-memory-utilization", "0.9",
    "--max-model-len", "32768",
    "--gdn-prefill-backend", "triton",
    "--mm-processor-cache-gb", "0",
    "--disable-uvicorn-access-log",
)  # fmt: skip
# vLLM's own log lines carry their level near the start: "(APIServer pid=7) ERROR 05-01 ...".
LOG_LEVEL_PATTERN = re.compile(r"^(?:\([^)]*\)\s*)?(DEBUG|INFO|WARNING|ERROR|CRITICAL)\b")
# NVLink multicast off in NCCL, PyTorch and NVSHMEM for every engine docvault starts: on a
# host whose GPUs are shared, a program that uses it can put them out of service for a day or
# more (the two-GPU H200 machines of bench/gpu/ require it), and vLLM's data and tensor
# parallelism reach NCCL and PyTorch's symmetric memory. Harmless on one GPU; a value the
# admin's own environment sets wins.
MULTICAST_OFF: Mapping[str, str] = {
    "NCCL_NVLS_ENABLE": "0",
    "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
    "NVSHMEM_DISABLE_NVLS": "1",
}
# A long line (a traceback's repr of a tensor) must not stop the drain.
OUTPUT_LINE_LIMIT = 1024 * 1024
EXIT_POLL_SECONDS = 0.05
# After SIGKILL of the whole group the pipes close at once; only a process that moved to
# its own session could keep them open longer.
REAP_TIMEOUT_SECONDS = 10.0


@dataclass(frozen=True)
class VllmServerSettings:
    """How to run `vllm serve`; built by the service from docvault's settings."""

    model: str = "ATH-MaaS/OvisOCR2"
    host: str = "127.0.0.1"
    port: int = 8000
    command: tuple[str, ...] = ("vllm",)
    # Flags that replace a tuned flag of the same name, or are added after them.
    arguments: tuple[str, ...] = ()
    # The child's whole environment, handed down by the root (docvault's own, for the
    # replicas it starts); its PATH is where ninja and vllm are looked for.
    environment: Mapping[str, str] = field(default_factory=dict)
    # The GPUs this engine sees, as CUDA_VISIBLE_DEVICES names them ("1", or "0,1" for a
    # data-parallel server); empty: every GPU docvault sees.
    gpus: str = ""
    # vLLM's compile and Triton autotuning caches (VLLM_CACHE_ROOT), kept across restarts and
    # shared by the replicas; empty: vLLM's own default under the engine's home folder.
    cache_folder: str = ""
    # The real engine took 185-273 s to become healthy on an H200 (model load, CUDA graphs).
    start_timeout_seconds: float = 600.0
    stop_grace_seconds: float = 30.0
    health_interval_seconds: float = 2.0
    health_request_timeout_seconds: float = 5.0
    backoff_initial_seconds: float = 5.0
    backoff_max_seconds: float = 300.0
    healthy_reset_seconds: float = 600.0


@dataclass(frozen=True)
class SupervisorState:
    """A snapshot of the supervised engine, for the status page and the worker."""

    status: EngineState
    base_url: str
    pid: int | None = None
    restarts: int = 0
    last_exit_code: int | None = None
    last_error: str | None = None


@dataclass
class _Run:
    """One child process and the tasks that drain its output."""

    process: asyncio.subprocess.Process
    launched_at: float
    drains: list[asyncio.Task[None]] = field(default_factory=list)
    healthy_since: float | None = None


def engine_environment(
    base: Mapping[str, str], gpus: str, cache_folder: str = ""
) -> dict[str, str]:
    """The environment of an engine process: `base`, multicast off, its GPUs and its caches.

    `gpus` replaces a CUDA_VISIBLE_DEVICES of `base` (it names the engine's GPUs); with it
    comes CUDA_DEVICE_ORDER=PCI_BUS_ID unless `base` sets an order, so that "1" is the GPU
    nvidia-smi calls 1 (CUDA's own default orders the fastest first). `cache_folder` becomes
    VLLM_CACHE_ROOT unless `base` names one: 102 of a cold start's ~300 s are Triton
    autotuning of the gated-delta-rule kernels, whose results vLLM keeps under that folder
    (TRITON_CACHE_AUTOTUNING, on by default since vLLM 0.22), so a restart or a second replica
    with the same flags finds them there (bench/gpu/RESULTS.md, "Issue 53").
    """
    environment = {**MULTICAST_OFF, **base}
    if cache_folder:
        environment.setdefault("VLLM_CACHE_ROOT", cache_folder)
        environment.setdefault("TRITON_CACHE_DIR", autotuning_folder(cache_folder))
        environment.setdefault("TRITON_CACHE_AUTOTUNING", "1")
    if gpus:
        environment.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
        environment["CUDA_VISIBLE_DEVICES"] = gpus
    return environment


def merged_arguments(overrides: Sequence[str]) -> list[str]:
    """The tuned flags with `overrides` applied: same flag replaced, new flags appended."""
    flags = parse_flags(TUNED_ARGUMENTS)
    flags.update(parse_flags(overrides))
    merged: list[str] = []
    for flag, values in flags.items():
        merged += [flag, *values]
    return merged


def parse_flags(arguments: Sequence[str]) -> dict[str, list[str]]:
    """`--flag value`, `--flag=value` and bare `--switch` into an ordered mapping."""
    flags: dict[str, list[str]] = {}
    current: list[str] | None = None
    for argument in arguments:
        if argument.startswith("--"):
            name, equals, value = argument.partition("=")
            current = flags[name] = [value] if equals else []
        elif current is not None:
            current.append(argument)
        else:
            raise ValueError(f"vLLM argument '{argument}' does not follow a --flag.")
    return flags


class VllmSupervisor:
    """Runs `vllm serve` as a child process group, keeps it healthy, stops it cleanly."""

    def __init__(
        self,
        settings: VllmServerSettings,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        start_gate: asyncio.Lock | None = None,
    ) -> None:
        self.settings = settings
        # Held from a launch until that engine is healthy (or gave up); shared by the
        # replicas on the same GPU.
        self._start_gate = start_gate if start_gate is not None else asyncio.Lock()
        self._clock = clock
        self._sleep = sleep
        self._status = EngineState.stopped
        self._run: _Run | None = None
        self._restarts = 0
        self._last_exit_code: int | None = None
        self._last_error: str | None = None
        self._healthy = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._launch: asyncio.Task[_Run | None] | None = None

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL of the supervised engine."""
        return f"http://{self._connect_host()}:{self.settings.port}/v1"

    @property
    def state(self) -> SupervisorState:
        process = self._run.process if self._run is not None else None
        running = process is not None and process.returncode is None
        return SupervisorState(
            status=self._status,
            base_url=self.base_url,
            pid=process.pid if running and process is not None else None,
            restarts=self._restarts,
            last_exit_code=self._last_exit_code,
            last_error=self._last_error,
        )

    def command_line(self) -> list[str]:
        """The full `vllm serve` command this supervisor runs."""
        settings = self.settings
        serve = [*settings.command, "serve", settings.model]
        address = ["--host", settings.host, "--port", str(settings.port)]
        return serve + address + merged_arguments(settings.arguments)

    def check_prerequisites(self) -> None:
        """Raise EngineConfigurationError, before anything starts, if vllm cannot run."""
        search_path = self._search_path()
        executable = self.settings.command[0]
        if shutil.which(executable, path=search_path) is None:
            raise EngineConfigurationError(
                f"The vLLM engine cannot be started: the command '{executable}' was not found "
                "on docvault's PATH. Install vLLM into docvault's environment "
                "(pip install 'docvault[vllm]'), or set the engine command to the full path "
                "of the vllm executable."
            )
        flags = parse_flags(merged_arguments(self.settings.arguments))
        uses_triton = flags.get("--gdn-prefill-backend") == ["triton"]
        if uses_triton and shutil.which("ninja", path=search_path) is None:
            raise EngineConfigurationError(
                "The vLLM engine cannot be started: the program 'ninja' is not on docvault's "
                "PATH, and vLLM's triton prefill backend (--gdn-prefill-backend triton) needs "
                "it to compile its kernels; without it vLLM dies at start with a bare "
                "FileNotFoundError. Install it with 'pip install ninja' in docvault's "
                "environment or 'apt-get install ninja-build', and make sure its folder is on "
                "the PATH of the docvault service."
            )

    async def start(self) -> None:
        """Check the prerequisites, spawn the engine and supervise it in the background."""
        if self._task is not None:
            return
        self.check_prerequisites()
        self._status = EngineState.starting
        self._task = asyncio.create_task(self._supervise(), name="vllm-supervisor")

    def failure(self) -> BaseException | None:
        """The error that ended the supervising task, if it ended on its own."""
        task = self._task
        if task is None or not task.done() or task.cancelled():
            return None
        return task.exception() or RuntimeError("the vLLM supervisor stopped on its own")

    async def wait_healthy(self, timeout: float | None = None) -> None:
        """Return once /health answers 200; raise EngineUnavailable after `timeout`."""
        limit = self.settings.start_timeout_seconds if timeout is None else timeout
        try:
            await asyncio.wait_for(self._healthy.wait(), limit)
        except TimeoutError as error:
            raise EngineUnavailable(
                f"The vLLM engine at {self.base_url} did not become healthy within {limit:g} "
                f"seconds (status {self._status.value}); see the vllm lines in docvault's log.",
                endpoint=self.base_url,
            ) from error

    async def stop(self) -> None:
        """Stop supervising and end the engine's whole process group."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._finish_launch()
        if self._run is not None:
            await self._end_run(self._run)
        self._set_status(EngineState.stopped)

    async def _finish_launch(self) -> None:
        """Let a launch that stop() interrupted finish, so that its engine is ended too."""
        launch, self._launch = self._launch, None
        if launch is not None:
            # _spawn answers a failed launch with None; what else it raised was logged there.
            with contextlib.suppress(Exception):
                await launch

    async def _supervise(self) -> None:
        failures = 0
        while True:
            run = await self._start_in_turn()
            if run is not None:
                if run.healthy_since is not None:
                    await self._watch(run)
                await self._end_run(run)
                self._last_exit_code = run.process.returncode
                logger.error(
                    "The vLLM engine at %s exited with code %s.",
                    self.base_url,
                    run.process.returncode,
                )
            healthy_long = run is not None and self._was_healthy_for_reset(run)
            failures = 1 if healthy_long else failures + 1
            self._set_status(EngineState.down)
            delay = backoff_seconds(
                failures, self.settings.backoff_initial_seconds, self.settings.backoff_max_seconds
            )
            logger.warning(
                "vLLM engine at %s is down; restarting it in %.1f s.", self.base_url, delay
            )
            await self._sleep(delay)
            self._restarts += 1
            self._set_status(EngineState.starting)

    async def _start_in_turn(self) -> _Run | None:
        """Launch once no other replica is starting; return once healthy, exited or late.

        vLLM sizes its KV cache from what a profiling run at start finds free on the GPU; a
        second engine loading or profiling meanwhile on the same GPU is counted against the
        first (four engines started 2 s apart all failed with "No available memory for the
        cache blocks", bench/gpu/engine-baseline.md, "Several replicas"). So a launch waits for the
        gate, at start and at every restart, and holds it until its engine answers /health.
        """
        if self._start_gate.locked():
            logger.info(
                "The vLLM engine at %s waits for another replica to finish starting on the "
                "same GPU (one engine at a time measures the GPU's free memory).",
                self.base_url,
            )
        async with self._start_gate:
            run = await self._spawn_uninterrupted()
            if run is not None:
                await self._watch(run, until_healthy=True)
            if run is not None and run.healthy_since is not None:
                await self._share_autotuning()
            return run

    async def _share_autotuning(self) -> None:
        """Before the next replica starts: what this start tuned, where a loading start looks."""
        if not self.settings.cache_folder:
            return
        try:
            copied = await asyncio.to_thread(share_autotuning, Path(self.settings.cache_folder))
        except OSError as error:  # a full or read-only cache disk costs the next start time only
            logger.warning(
                "The engine cache %s could not be updated: %s", self.settings.cache_folder, error
            )
            return
        if copied:
            logger.info(
                "Kept %d Triton autotuning results in %s for the next engine start.",
                copied,
                autotuning_folder(self.settings.cache_folder),
            )

    def _was_healthy_for_reset(self, run: _Run) -> bool:
        if run.healthy_since is None:
            return False
        return self._clock() - run.healthy_since >= self.settings.healthy_reset_seconds

    async def _spawn_uninterrupted(self) -> _Run | None:
        """`_spawn`, which a cancellation (stop()) never interrupts midway.

        Python 3.11 answers a cancellation inside `create_subprocess_exec` by killing the
        leader alone and then waiting, without a limit, for its output pipes to close (CPython
        gh-103847): an engine that has already started its workers holds them open, and
        stop() would hang. So the launch always finishes, and stop() ends what it started.
        """
        self._launch = asyncio.ensure_future(self._spawn())
        run = await asyncio.shield(self._launch)
        self._launch = None
        return run

    async def _spawn(self) -> _Run | None:
        command = self.command_line()
        logger.info("Starting the vLLM engine: %s", " ".join(command))
        try:
            process = await asyncio.create_subprocess_exec(
                # Bound to docvault's life: a SIGKILL of docvault still ends vllm serve.
                *bound_child_command(command),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=self.child_environment(),
                start_new_session=True,  # its own process group, so stop() ends its workers
                limit=OUTPUT_LINE_LIMIT,
            )
        except OSError as error:
            self._last_error = f"The vLLM engine could not be started: {error}."
            logger.error("%s", self._last_error)
            return None
        run = _Run(process, launched_at=self._clock())
        assert process.stdout is not None
        assert process.stderr is not None
        for stream in (process.stdout, process.stderr):
            run.drains.append(asyncio.create_task(drain(stream, process.pid)))
        self._run = run
        return run

    async def _watch(self, run: _Run, until_healthy: bool = False) -> None:
        """Poll /health until the process exits, or until it misses the start deadline."""
        deadline = run.launched_at + self.settings.start_timeout_seconds
        timeout = self.settings.health_request_timeout_seconds
        async with httpx.AsyncClient(timeout=timeout) as client:
            while run.process.returncode is None:
                self._record_health(run, await self._is_healthy(client))
                if until_healthy and run.healthy_since is not None:
                    return
                if run.healthy_since is None and self._clock() > deadline:
                    self._last_error = (
                        f"The vLLM engine did not become healthy within "
                        f"{self.settings.start_timeout_seconds:g} seconds; restarting it."
                    )
                    logger.error("%s", self._last_error)
                    return
                await exited_within(run.process, self.settings.health_interval_seconds)

    def _record_health(self, run: _Run, healthy: bool) -> None:
        if healthy and self._status is not EngineState.up:
            if run.healthy_since is None:
                run.healthy_since = self._clock()
                logger.info("The vLLM engine is up at %s.", self.base_url)
            self._set_status(EngineState.up)
        elif not healthy and self._status is EngineState.up:
            logger.warning("The vLLM engine at %s stopped answering /health.", self.base_url)
            self._set_status(EngineState.down)

    async def _is_healthy(self, client: httpx.AsyncClient) -> bool:
        url = f"http://{self._connect_host()}:{self.settings.port}/health"
        try:
            response = await client.get(url)
        except httpx.HTTPError:
            return False
        return response.status_code == 200

    async def _end_run(self, run: _Run) -> None:
        """SIGTERM the process group, SIGKILL it after the grace period, reap, drain."""
        process = run.process
        if process.returncode is None:
            signal_group(process.pid, signal.SIGTERM)
            if not await exited_within(process, self.settings.stop_grace_seconds):
                logger.warning("The vLLM engine ignored SIGTERM; killing it.")
        # Workers of the group (vLLM's engine core) may outlive the leader and hold its
        # output pipes open; the group is ended either way.
        signal_group(process.pid, signal.SIGKILL)
        try:
            await asyncio.wait_for(process.wait(), REAP_TIMEOUT_SECONDS)
            drain_seconds = REAP_TIMEOUT_SECONDS
        except TimeoutError:
            drain_seconds = 0.0
        # The drains log what is still buffered, then end once the pipes close. wait() waits
        # for the pipes only when called before the leader exits; after, it returns at once
        # while a process that left the group may still hold them: so a limit of its own.
        await drained_within(run, drain_seconds)

    def _set_status(self, status: EngineState) -> None:
        self._status = status
        if status is EngineState.up:
            self._healthy.set()
        else:
            self._healthy.clear()

    def child_environment(self) -> dict[str, str]:
        """The engine's environment: the one handed down, with its GPUs and caches."""
        return engine_environment(
            self.settings.environment, self.settings.gpus, self.settings.cache_folder
        )

    def _search_path(self) -> str:
        return self.settings.environment.get("PATH", "")

    def _connect_host(self) -> str:
        host = self.settings.host
        return "127.0.0.1" if host in ("0.0.0.0", "", "::") else host  # noqa: S104


class VllmReplicas:
    """Several `vllm serve` processes, each on its own port, one at a time per GPU.

    Each replica has its own supervisor (health checks, restarts with back-off): one crash
    restarts only that replica. Replicas on the same GPUs (the same `gpus`) share one start
    gate, so they come up in order (the next is launched once the one before answers /health,
    or gave up) and a restart waits while another replica on that GPU is starting (see
    `VllmSupervisor._start_in_turn` for why). Replicas on other GPUs have gates of their own
    and start meanwhile. Two replicas' `gpus` are either equal or share no GPU.
    """

    def __init__(
        self,
        replicas: Sequence[VllmServerSettings],
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if not replicas:
            raise ValueError("VllmReplicas needs at least one replica's settings.")
        check_gpu_groups([settings.gpus for settings in replicas])
        gates = {settings.gpus: asyncio.Lock() for settings in replicas}
        self.supervisors = [
            VllmSupervisor(settings, clock, sleep, start_gate=gates[settings.gpus])
            for settings in replicas
        ]

    @property
    def start_groups(self) -> dict[str, list[int]]:
        """The replicas (by number) that start one after another, by their GPUs ("": all)."""
        groups: dict[str, list[int]] = {}
        for number, supervisor in enumerate(self.supervisors):
            groups.setdefault(supervisor.settings.gpus, []).append(number)
        return groups

    @property
    def states(self) -> list[SupervisorState]:
        return [supervisor.state for supervisor in self.supervisors]

    def command_lines(self) -> list[list[str]]:
        return [supervisor.command_line() for supervisor in self.supervisors]

    async def start(self) -> None:
        """Check every replica's prerequisites, then start them; the gate keeps their order."""
        for supervisor in self.supervisors:
            supervisor.check_prerequisites()
        for supervisor in self.supervisors:
            # Each supervising task asks for its GPU's gate first thing; asyncio.Lock serves
            # waiters in the order they came, so on each GPU the lowest replica launches first.
            await supervisor.start()
            await asyncio.sleep(0)

    def failure(self) -> BaseException | None:
        """The error that ended one replica's supervising task, if one did."""
        failures = (supervisor.failure() for supervisor in self.supervisors)
        return next((failure for failure in failures if failure is not None), None)

    async def wait_healthy(self, timeout: float | None = None) -> None:
        """Return once every replica answers /health; EngineUnavailable after `timeout`."""
        for supervisor in self.supervisors:
            await supervisor.wait_healthy(timeout)

    async def stop(self) -> None:
        await asyncio.gather(*(supervisor.stop() for supervisor in self.supervisors))


def check_gpu_groups(groups: Sequence[str]) -> None:
    """Refuse replicas whose GPUs overlap without being the same: their gates would not meet."""
    distinct = sorted(set(groups))
    if len(distinct) > 1 and "" in distinct:
        raise ValueError("Either every replica names its GPUs or none does.")
    seen: dict[str, str] = {}
    for group in distinct:
        for gpu in group.split(","):
            if gpu in seen:
                raise ValueError(f"GPU {gpu} is in both '{seen[gpu]}' and '{group}'.")
            seen[gpu] = group


async def exited_within(process: asyncio.subprocess.Process, seconds: float) -> bool:
    """Whether the process has exited within `seconds`.

    `Process.wait()` is no use here: on Python 3.11 it returns only once every pipe is
    closed, and vLLM's workers keep its output pipes open after the server process died.
    """
    deadline = time.monotonic() + seconds
    while process.returncode is None and time.monotonic() < deadline:
        await asyncio.sleep(min(EXIT_POLL_SECONDS, seconds))
    return process.returncode is not None


async def drained_within(run: _Run, seconds: float) -> None:
    """Wait for the drains to end, at most `seconds`; then stop reading and close the pipes."""
    if not run.drains:
        return
    _, running = await asyncio.wait(run.drains, timeout=seconds)
    if not running:
        return
    logger.warning(
        "A process the vLLM engine (pid %d) started in a session of its own still holds the "
        "engine's output open after the engine was ended; docvault stops reading it. It may "
        "still hold GPU memory: find it with `nvidia-smi` and end it before the next start.",
        run.process.pid,
    )
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    # asyncio's Process keeps its pipes' transport private; closed, the stray's writes fail
    # instead of filling a pipe nobody reads, and no descriptor stays open in docvault.
    run.process._transport.close()  # type: ignore[attr-defined]


def signal_group(process_group: int, signal_number: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process_group, signal_number)


async def drain(stream: asyncio.StreamReader, pid: int) -> None:
    """Copy the engine's output into docvault's log, one line per record, at its level."""
    while True:
        try:
            line = await stream.readline()
        except ValueError:
            logger.warning(
                "vllm[%d]: (a line longer than %d bytes was cut)", pid, OUTPUT_LINE_LIMIT
            )
            continue
        if not line:
            return
        text = line.decode("utf-8", errors="replace").rstrip()
        if text:
            logger.log(log_level(text), "vllm[%d]: %s", pid, text)


def log_level(line: str) -> int:
    match = LOG_LEVEL_PATTERN.match(line)
    level = match.group(1) if match else "INFO"
    return logging.getLevelNamesMapping()[level]

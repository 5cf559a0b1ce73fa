"""The vLLM supervisor runs a real child process: a fake `vllm` placed first on PATH."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import until
from docvault.errors import EngineConfigurationError, EngineUnavailable
from docvault.ocr.vllm_server import VllmServerSettings, VllmSupervisor, backoff_seconds
from docvault.vocabulary import EngineState

# Parses `serve MODEL --port N ...`, records its argv, starts a worker in its process group
# (as vLLM starts its engine core), serves /health, and dies when told to.
FAKE_VLLM = """\
import json, os, signal, subprocess, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

arguments = sys.argv[1:]
assert arguments[0] == "serve", arguments
port = int(arguments[arguments.index("--port") + 1])
exit_at_once = os.environ.get("FAKE_VLLM_EXIT_AT_ONCE")
if exit_at_once:
    print("ERROR fake engine failed to start", file=sys.stderr, flush=True)
    sys.exit(int(exit_at_once))
worker = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(600)"],
    start_new_session=bool(os.environ.get("FAKE_VLLM_WORKER_OWN_SESSION")),
)
with open(os.environ["FAKE_VLLM_RECORD"], "a") as record:
    record.write(json.dumps({"pid": os.getpid(), "worker": worker.pid, "argv": arguments}))
    record.write("\\n")
if os.environ.get("FAKE_VLLM_IGNORE_TERM"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
ready_at = time.monotonic() + float(os.environ.get("FAKE_VLLM_HEALTH_DELAY", "0"))
exit_after_health = os.environ.get("FAKE_VLLM_EXIT_AFTER_HEALTH")
healthy_answered = threading.Event()

class Health(BaseHTTPRequestHandler):
    def do_GET(self):
        ready = self.path == "/health" and time.monotonic() >= ready_at
        self.send_response(200 if ready else 503)
        self.end_headers()
        if ready:
            healthy_answered.set()

    def log_message(self, *arguments):
        pass

print(f"INFO fake vllm serving {arguments[1]} on port {port}", flush=True)
print("(APIServer pid=1) WARNING fake vllm says careful", file=sys.stderr, flush=True)
server = ThreadingHTTPServer(("127.0.0.1", port), Health)
threading.Thread(target=server.serve_forever, daemon=True).start()
die_file = os.environ.get("FAKE_VLLM_DIE_FILE", "")
while True:
    if exit_after_health and healthy_answered.wait(0.02):
        os._exit(int(exit_after_health))
    if die_file and os.path.exists(die_file):
        code = int(open(die_file).read())
        os.remove(die_file)
        os._exit(code)
    time.sleep(0.02)
"""

TUNED_FLAGS = [
    "--gpu-memory-utilization", "0.9",
    "--max-model-len", "32768",
    "--gdn-prefill-backend", "triton",
    "--mm-processor-cache-gb", "0",
    "--disable-uvicorn-access-log",
]  # fmt: skip


def write_executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)


@pytest.fixture
def fake_bin(tmp_path) -> Path:
    """A folder holding a fake `vllm` and a fake `ninja`."""
    folder = tmp_path / "fake_bin"
    write_executable(folder / "vllm", f"#!{sys.executable}\n{FAKE_VLLM}")
    write_executable(folder / "ninja", "#!/bin/sh\necho 1.11.1\n")
    return folder


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fake_settings(tmp_path: Path, path: str, **overrides: Any) -> VllmServerSettings:
    environment = {
        **os.environ,
        "PATH": path,
        "FAKE_VLLM_RECORD": str(tmp_path / "starts.jsonl"),
        "FAKE_VLLM_DIE_FILE": str(tmp_path / "die"),
        **overrides.pop("environment", {}),
    }
    options: dict[str, Any] = {
        "port": free_port(),
        "environment": environment,
        "start_timeout_seconds": 20.0,
        "stop_grace_seconds": 5.0,
        "health_interval_seconds": 0.02,
        "backoff_initial_seconds": 0.05,
        "backoff_max_seconds": 0.2,
        **overrides,
    }
    return VllmServerSettings(**options)


def starts(tmp_path: Path) -> list[dict[str, Any]]:
    record = tmp_path / "starts.jsonl"
    if not record.exists():
        return []
    return [json.loads(line) for line in record.read_text().splitlines()]


def is_running(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def tell_the_engine_to_exit(tmp_path: Path, code: int) -> None:
    """Written whole, then renamed: the fake engine never reads a file half written."""
    written = tmp_path / "die.part"
    written.write_text(str(code))
    written.rename(tmp_path / "die")


def run(coroutine: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(coroutine())


def test_starts_vllm_with_the_tuned_flags_and_becomes_healthy(tmp_path, fake_bin, caplog):
    caplog.set_level(logging.INFO, logger="docvault.ocr.vllm_server")
    settings = fake_settings(tmp_path, f"{fake_bin}:{os.environ['PATH']}")
    supervisor = VllmSupervisor(settings)

    async def scenario() -> None:
        await supervisor.start()
        await supervisor.wait_healthy(20)
        assert supervisor.state.status is EngineState.up
        assert supervisor.state.pid == starts(tmp_path)[0]["pid"]
        await supervisor.stop()

    run(scenario)

    address = ["--host", "127.0.0.1", "--port", str(settings.port)]
    assert starts(tmp_path)[0]["argv"] == ["serve", "ATH-MaaS/OvisOCR2", *address, *TUNED_FLAGS]
    assert supervisor.base_url == f"http://127.0.0.1:{settings.port}/v1"
    pid = starts(tmp_path)[0]["pid"]
    logged = {(record.levelname, record.getMessage()) for record in caplog.records}
    port_line = f"vllm[{pid}]: INFO fake vllm serving ATH-MaaS/OvisOCR2 on port {settings.port}"
    assert ("INFO", port_line) in logged
    warning_line = f"vllm[{pid}]: (APIServer pid=1) WARNING fake vllm says careful"
    assert ("WARNING", warning_line) in logged


def test_arguments_replace_tuned_flags_and_add_new_ones(tmp_path, fake_bin):
    arguments = ("--gpu-memory-utilization=0.8", "--enforce-eager", "--max-num-seqs", "64")
    settings = fake_settings(tmp_path, str(fake_bin), arguments=arguments, port=8123)

    command = VllmSupervisor(settings).command_line()

    address = ["--host", "127.0.0.1", "--port", "8123"]
    assert command[:7] == ["vllm", "serve", "ATH-MaaS/OvisOCR2", *address]
    assert command[7:] == [
        "--gpu-memory-utilization", "0.8",
        "--max-model-len", "32768",
        "--gdn-prefill-backend", "triton",
        "--mm-processor-cache-gb", "0",
        "--disable-uvicorn-access-log",
        "--enforce-eager",
        "--max-num-seqs", "64",
    ]  # fmt: skip


def test_engine_that_dies_is_restarted_with_a_new_process(tmp_path, fake_bin):
    settings = fake_settings(tmp_path, f"{fake_bin}:{os.environ['PATH']}")
    supervisor = VllmSupervisor(settings)

    async def scenario() -> None:
        await supervisor.start()
        await supervisor.wait_healthy(20)
        tell_the_engine_to_exit(tmp_path, 3)
        await until(lambda: supervisor.state.restarts == 1, 20.0, "one restart")
        await supervisor.wait_healthy(20)
        assert supervisor.state.last_exit_code == 3
        assert supervisor.state.status is EngineState.up
        assert supervisor.state.pid == starts(tmp_path)[1]["pid"]
        await supervisor.stop()

    run(scenario)

    first, second = starts(tmp_path)
    assert second["pid"] != first["pid"]
    assert not is_running(first["worker"])  # the dead engine's workers were ended too


def test_missing_ninja_is_reported_plainly_and_nothing_starts(tmp_path, fake_bin):
    (fake_bin / "ninja").unlink()
    supervisor = VllmSupervisor(fake_settings(tmp_path, str(fake_bin)))

    async def scenario() -> None:
        with pytest.raises(EngineConfigurationError) as raised:
            await supervisor.start()
        assert "'ninja' is not on docvault's PATH" in raised.value.message
        assert "pip install ninja" in raised.value.message
        assert "apt-get install ninja-build" in raised.value.message

    run(scenario)

    assert starts(tmp_path) == []
    assert supervisor.state.status is EngineState.stopped


def test_missing_vllm_is_reported_plainly(tmp_path, fake_bin):
    (fake_bin / "vllm").unlink()
    supervisor = VllmSupervisor(fake_settings(tmp_path, str(fake_bin)))

    async def scenario() -> None:
        with pytest.raises(EngineConfigurationError) as raised:
            await supervisor.start()
        assert "the command 'vllm' was not found" in raised.value.message
        assert "pip install 'docvault[vllm]'" in raised.value.message

    run(scenario)


def test_stop_ends_the_engine_and_its_workers_even_if_it_ignores_sigterm(tmp_path, fake_bin):
    settings = fake_settings(
        tmp_path,
        f"{fake_bin}:{os.environ['PATH']}",
        environment={"FAKE_VLLM_IGNORE_TERM": "1"},
        stop_grace_seconds=0.2,
    )
    supervisor = VllmSupervisor(settings)

    async def scenario() -> None:
        await supervisor.start()
        await supervisor.wait_healthy(20)
        await supervisor.stop()

    run(scenario)

    started = starts(tmp_path)[0]
    assert not is_running(started["pid"])
    run(lambda: until(lambda: not is_running(started["worker"]), 20.0, "the worker to end"))
    assert supervisor.state.status is EngineState.stopped
    assert supervisor.state.pid is None


def test_engine_that_never_becomes_healthy_is_restarted(tmp_path, fake_bin):
    settings = fake_settings(
        tmp_path,
        f"{fake_bin}:{os.environ['PATH']}",
        environment={"FAKE_VLLM_HEALTH_DELAY": "3600"},
        start_timeout_seconds=0.3,
    )
    supervisor = VllmSupervisor(settings)

    async def scenario() -> None:
        await supervisor.start()
        with pytest.raises(EngineUnavailable, match=r"did not become healthy within 0\.1 seconds"):
            await supervisor.wait_healthy(0.1)
        await until(lambda: len(starts(tmp_path)) >= 2, 20.0, "a second start")
        assert supervisor.state.restarts >= 1
        assert "did not become healthy within 0.3 seconds" in str(supervisor.state.last_error)
        await supervisor.stop()

    run(scenario)

    assert not any(is_running(start["pid"]) for start in starts(tmp_path))


async def recorded_backoffs(settings: VllmServerSettings, count: int) -> list[float]:
    delays: list[float] = []

    async def record_sleep(seconds: float) -> None:
        delays.append(seconds)
        await asyncio.sleep(0)

    supervisor = VllmSupervisor(settings, sleep=record_sleep)
    await supervisor.start()
    await until(lambda: len(delays) >= count, 20.0, f"{count} back-offs")
    await supervisor.stop()
    return delays[:count]


def end_process(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def test_a_stop_that_lands_while_the_engine_is_launched_ends_the_engine_and_its_workers(
    tmp_path, fake_bin
):
    """Python 3.11 cannot cancel `create_subprocess_exec` midway once the engine started workers.

    The loop connects the engine's output late, as on a loaded machine: the engine has started
    its worker, and stop() is called, before the launch is through.
    """
    supervisor = VllmSupervisor(fake_settings(tmp_path, f"{fake_bin}:{os.environ['PATH']}"))
    stopped: list[bool] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        connect_read_pipe = loop.connect_read_pipe
        stop_called = asyncio.Event()

        async def connect_late(*arguments: Any) -> Any:
            await stop_called.wait()
            return await connect_read_pipe(*arguments)

        loop.connect_read_pipe = connect_late  # type: ignore[method-assign]
        await supervisor.start()
        await until(lambda: starts(tmp_path), 20.0, "the engine to start its worker")
        stopping = asyncio.ensure_future(supervisor.stop())
        await asyncio.sleep(0)  # one turn of the loop: stop() has cancelled the supervisor
        stop_called.set()
        try:
            done, _ = await asyncio.wait([stopping], timeout=30.0)
            stopped.append(bool(done))
        finally:
            end_process(starts(tmp_path)[0]["worker"])  # a hung stop() leaves it; end it
            await stopping

    run(scenario)

    assert stopped == [True], "stop() hung on a launch it interrupted"
    started = starts(tmp_path)[0]
    assert not is_running(started["pid"])
    assert supervisor.state.status is EngineState.stopped


def test_a_worker_that_left_the_engine_s_group_does_not_hold_up_the_stop(
    tmp_path, fake_bin, caplog, monkeypatch
):
    monkeypatch.setattr("docvault.ocr.vllm_server.REAP_TIMEOUT_SECONDS", 1.0)
    settings = fake_settings(
        tmp_path,
        f"{fake_bin}:{os.environ['PATH']}",
        environment={"FAKE_VLLM_WORKER_OWN_SESSION": "1"},
    )
    supervisor = VllmSupervisor(settings)

    async def scenario() -> None:
        await supervisor.start()
        await supervisor.wait_healthy(20)
        try:
            await asyncio.wait_for(supervisor.stop(), 30.0)
        finally:
            end_process(starts(tmp_path)[0]["worker"])

    run(scenario)

    assert not is_running(starts(tmp_path)[0]["pid"])
    assert "still holds the engine's output open after the engine was ended" in caplog.text
    assert "find it with `nvidia-smi` and end it" in caplog.text


def test_backoff_doubles_up_to_its_cap_while_the_engine_keeps_failing(tmp_path, fake_bin):
    settings = fake_settings(
        tmp_path,
        f"{fake_bin}:{os.environ['PATH']}",
        environment={"FAKE_VLLM_EXIT_AT_ONCE": "1"},
        backoff_initial_seconds=1.0,
        backoff_max_seconds=3.0,
    )

    delays = asyncio.run(recorded_backoffs(settings, 4))

    assert delays == [1.0, 2.0, 3.0, 3.0]


def test_backoff_starts_over_after_the_engine_was_healthy_long_enough(tmp_path, fake_bin):
    def settings(healthy_reset_seconds: float) -> VllmServerSettings:
        return fake_settings(
            tmp_path,
            f"{fake_bin}:{os.environ['PATH']}",
            environment={"FAKE_VLLM_EXIT_AFTER_HEALTH": "2"},
            healthy_reset_seconds=healthy_reset_seconds,
            backoff_initial_seconds=1.0,
            backoff_max_seconds=8.0,
        )

    assert asyncio.run(recorded_backoffs(settings(0), 3)) == [1.0, 1.0, 1.0]
    assert asyncio.run(recorded_backoffs(settings(3600), 3)) == [1.0, 2.0, 4.0]


def test_backoff_seconds_double_and_cap():
    assert [backoff_seconds(failures, 5.0, 300.0) for failures in range(8)] == [
        0.0, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 300.0,
    ]  # fmt: skip

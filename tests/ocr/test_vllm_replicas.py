"""Several engine replicas on one GPU: real child processes standing in for `vllm serve`.

Each stand-in records when it was launched and when it began to serve, then waits while a
hold file named after its port exists (the test's stand-in for vLLM's minutes of start-up),
then serves the engine simulator on its port. The tests wait on those records, on the
supervisors' states and on their log lines, never on the clock.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import shutil
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

from devtools.daemon import Daemon, until, wait_for
from docvault.config import Settings, load_settings
from docvault.errors import ConfigError, EngineUnavailable
from docvault.ocr.client import OpenAIEngine, ServerKind
from docvault.ocr.profiles import get_profile
from docvault.ocr.replica_layout import replica_settings
from docvault.ocr.vllm_server import (
    SupervisorState,
    VllmReplicas,
    VllmServerSettings,
    merged_arguments,
    parse_flags,
)
from docvault.reporting import engine_states
from docvault.service import build_replicas, engine_endpoints, engine_layout, worker_concurrency
from docvault.vocabulary import AttemptRequest, EngineState, PageImage, SamplingMode
from tests.ocr.test_vllm_server import free_port, write_executable
from tests.support.documents import letter_pdf

ROOT = Path(__file__).resolve().parents[2]
STAND_IN = """\
import os, sys, time
from pathlib import Path
arguments = sys.argv[1:]
port = arguments[arguments.index("--port") + 1]
events = Path(os.environ["REPLICA_EVENTS"])

def note(what):
    with events.open("a") as handle:
        handle.write(f"{{what}} {{port}} {{os.getpid()}}\\n")

note("launch")
hold = Path(os.environ["REPLICA_HOLDS"]) / port
while hold.exists():
    time.sleep(0.02)
note("serve")
sys.path.insert(0, {root!r})
from devtools.engine_sim import main
main(["--port", port, "--model", arguments[1], "--speed", "20", "--loop-fraction", "0"])
"""
WAITING_LINE = "waits for another replica to finish starting"
GREEDY = AttemptRequest(SamplingMode.greedy, max_tokens=64)


class Bench:
    """The stand-in tools, the hold files and the event record of one test."""

    def __init__(self, tmp_path: Path, count: int) -> None:
        tools = tmp_path / "bin"
        write_executable(tools / "vllm", f"#!{sys.executable}\n" + STAND_IN.format(root=str(ROOT)))
        write_executable(tools / "ninja", "#!/bin/sh\nexit 0\n")
        self.events = tmp_path / "events.txt"
        self.holds = tmp_path / "holds"
        self.holds.mkdir()
        self.ports = [free_port() for _ in range(count)]
        environment = {
            **os.environ,
            "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}",
            "REPLICA_EVENTS": str(self.events),
            "REPLICA_HOLDS": str(self.holds),
        }
        self.replicas = VllmReplicas(
            [
                VllmServerSettings(
                    port=port,
                    command=(str(tools / "vllm"),),
                    environment=environment,
                    start_timeout_seconds=60.0,
                    stop_grace_seconds=5.0,
                    health_interval_seconds=0.02,
                    backoff_initial_seconds=0.05,
                    backoff_max_seconds=0.2,
                )
                for port in self.ports
            ]
        )

    def hold(self, number: int) -> None:
        (self.holds / str(self.ports[number])).touch()

    def release(self, number: int) -> None:
        (self.holds / str(self.ports[number])).unlink()

    def record(self) -> list[tuple[str, int]]:
        """(event, replica number) in the order the stand-ins wrote them."""
        if not self.events.exists():
            return []
        lines = [line.split() for line in self.events.read_text().splitlines()]
        return [(what, self.ports.index(int(port))) for what, port, _ in lines]

    def status(self, number: int) -> EngineState:
        return self.replicas.states[number].status


def waiting_logged(caplog: pytest.LogCaptureFixture, bench: Bench, number: int) -> bool:
    url = bench.replicas.supervisors[number].base_url
    return any(
        WAITING_LINE in record.getMessage() and url in record.getMessage()
        for record in caplog.records
    )


async def launched_only_after(
    bench: Bench, caplog: pytest.LogCaptureFixture, waiting: int, held: int
) -> None:
    """Replica `waiting` waits, unspawned, while `held` starts; released, both come up."""
    await until(lambda: waiting_logged(caplog, bench, waiting), 60.0, "a replica waiting its turn")
    assert bench.replicas.states[waiting].pid is None
    assert bench.status(held) is EngineState.starting
    bench.release(held)
    await bench.replicas.wait_healthy(60)


def run(scenario: Callable[[], Awaitable[None]], bench: Bench) -> None:
    async def guarded() -> None:
        try:
            await scenario()
        finally:
            await bench.replicas.stop()

    asyncio.run(guarded())


def page(number: int) -> PageImage:
    """A small real PNG, a different one each time (the simulator decodes every image)."""
    buffer = io.BytesIO()
    Image.new("L", (200, 260), number % 256).save(buffer, format="PNG")
    return PageImage(buffer.getvalue(), "image/png", 200, 260, f"page {number}")


def test_the_second_replica_is_launched_only_once_the_first_answers_health(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="docvault.ocr.vllm_server")
    bench = Bench(tmp_path, 2)
    bench.hold(0)

    async def scenario() -> None:
        await bench.replicas.start()
        await until(lambda: bench.record() == [("launch", 0)], 60.0, "replica 0 launched")
        # Replica 0 cannot be healthy while held, and replica 1 has not been spawned.
        await launched_only_after(bench, caplog, waiting=1, held=0)

    run(scenario, bench)
    assert bench.record() == [("launch", 0), ("serve", 0), ("launch", 1), ("serve", 1)]


def test_a_killed_replica_alone_restarts_and_the_client_keeps_serving_through_the_other(
    tmp_path: Path,
) -> None:
    bench = Bench(tmp_path, 2)

    async def scenario() -> None:
        await bench.replicas.start()
        await bench.replicas.wait_healthy(60)
        urls = [supervisor.base_url for supervisor in bench.replicas.supervisors]
        engine = OpenAIEngine(
            urls,
            get_profile("ovisocr2"),
            timeout_seconds=30,
            server=ServerKind.vllm,
        )
        try:
            replies = await asyncio.gather(*(engine.transcribe(page(n), GREEDY) for n in range(8)))
            used = [reply.endpoint for reply in replies]
            assert sorted(used.count(url) for url in urls) == [4, 4]

            survivor = bench.replicas.states[1]
            victim = bench.replicas.states[0]
            assert victim.pid is not None
            os.killpg(victim.pid, signal.SIGKILL)
            await until(lambda: bench.status(0) is not EngineState.up, 60.0, "replica 0 down")
            served, unavailable = [], 0
            for number in range(8, 16):
                try:
                    served.append((await engine.transcribe(page(number), GREEDY)).endpoint)
                except EngineUnavailable:
                    unavailable += 1  # the one call that found replica 0 gone marks it down
            assert unavailable <= 1
            assert len(served) >= 7
            assert set(served) == {bench.replicas.supervisors[1].base_url}

            await bench.replicas.wait_healthy(60)
            assert bench.replicas.states[0].restarts == 1
            assert bench.replicas.states[0].pid not in (None, victim.pid)
            assert bench.replicas.states[1].restarts == 0
            assert bench.replicas.states[1].pid == survivor.pid
            await engine.check_health()
            assert all(state.up for state in engine.endpoint_states())
        finally:
            await engine.aclose()

    run(scenario, bench)
    assert [event for event in bench.record() if event[0] == "launch"] == [
        ("launch", 0),
        ("launch", 1),
        ("launch", 0),
    ]


def test_a_restart_waits_while_another_replica_is_starting(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="docvault.ocr.vllm_server")
    bench = Bench(tmp_path, 2)

    async def scenario() -> None:
        await bench.replicas.start()
        await bench.replicas.wait_healthy(60)
        caplog.clear()
        # Replica 1 dies and comes back slowly (held); replica 0 dies meanwhile.
        bench.hold(1)
        first_pid = bench.replicas.states[1].pid
        assert first_pid is not None
        os.killpg(first_pid, signal.SIGKILL)
        await until(lambda: bench.record()[-1:] == [("launch", 1)], 60.0, "replica 1 relaunched")
        zero_pid = bench.replicas.states[0].pid
        assert zero_pid is not None
        os.killpg(zero_pid, signal.SIGKILL)
        await launched_only_after(bench, caplog, waiting=0, held=1)

    run(scenario, bench)
    assert bench.record()[4:] == [("launch", 1), ("serve", 1), ("launch", 0), ("serve", 0)]


# --- the settings that lay the replicas out -------------------------------------------------


def settings_with(**environment: str) -> Settings:
    return load_settings(environ={"DOCVAULT_CONFIG": "", **environment})


def supervisor_from(environment: dict[str, str]) -> VllmReplicas | None:
    settings = settings_with(DOCVAULT_ENGINE="openai", DOCVAULT_VLLM_START="true", **environment)
    return build_replicas(settings, get_profile("ovisocr2"))


def test_replicas_get_consecutive_ports_an_even_share_and_the_same_flags() -> None:
    settings = settings_with(
        DOCVAULT_ENGINE="openai",
        DOCVAULT_VLLM_START="true",
        DOCVAULT_VLLM_REPLICAS="2",
        DOCVAULT_VLLM_PORT="9100",
    )
    replicas = replica_settings(engine_layout(settings), "ATH-MaaS/OvisOCR2")
    assert [replica.port for replica in replicas] == [9100, 9101]
    for replica in replicas:
        flags = parse_flags(merged_arguments(replica.arguments))
        assert flags["--gpu-memory-utilization"] == ["0.42"]
        assert flags["--api-server-count"] == ["4"]
    assert engine_endpoints(settings) == ["http://127.0.0.1:9100/v1", "http://127.0.0.1:9101/v1"]
    assert worker_concurrency(settings) == 2 * settings.concurrency


def test_one_replica_keeps_the_tuned_share() -> None:
    (replica,) = replica_settings(engine_layout(settings_with()), "ATH-MaaS/OvisOCR2")
    assert parse_flags(merged_arguments(replica.arguments))["--gpu-memory-utilization"] == ["0.9"]


# Four replicas round-robin over two GPUs: two on each.
FOUR_ON_TWO_GPUS = {"DOCVAULT_VLLM_GPUS": "0,1", "DOCVAULT_VLLM_REPLICAS": "4"}


@pytest.mark.parametrize(
    ("environment", "setting", "words"),
    [
        ({"DOCVAULT_VLLM_REPLICAS": "0"}, "vllm_replicas", "at least 1"),
        (
            {"DOCVAULT_VLLM_REPLICAS": "3", "DOCVAULT_VLLM_MEMORY_SHARE": "0.4"},
            "vllm_memory_share",
            "1.20 in all",
        ),
        (
            {
                "DOCVAULT_VLLM_REPLICAS": "2",
                "DOCVAULT_VLLM_EXTRA_ARGS": "--gpu-memory-utilization 0.6",
            },
            "vllm_extra_args",
            "1.20 in all",
        ),
        (
            {"DOCVAULT_VLLM_REPLICAS": "2", "DOCVAULT_VLLM_PORT": "8079"},
            "web_port",
            "one of the ports of the engine replicas (8079-8080",
        ),
        (
            {"DOCVAULT_VLLM_REPLICAS": "3", "DOCVAULT_VLLM_PORT": "65534"},
            "vllm_replicas",
            "past 65535",
        ),
        ({"DOCVAULT_VLLM_EXTRA_ARGS": "--port 9000"}, "vllm_extra_args", "remove --port"),
        (
            {
                "DOCVAULT_VLLM_MEMORY_SHARE": "0.3",
                "DOCVAULT_VLLM_EXTRA_ARGS": "--gpu-memory-utilization 0.3",
            },
            "vllm_extra_args",
            "keep only vllm_memory_share",
        ),
        # spread over GPUs (vllm_gpus) and data-parallel servers
        ({"DOCVAULT_VLLM_GPUS": "0,,x"}, "vllm_gpus", "is '0,,x': entry 2 is empty; write GPU"),
        ({"DOCVAULT_VLLM_GPUS": "0,x"}, "vllm_gpus", "entry 2 'x' is not a GPU index"),
        ({"DOCVAULT_VLLM_GPUS": "1,0,1", "DOCVAULT_VLLM_REPLICAS": "3"}, "vllm_gpus", "twice"),
        ({"DOCVAULT_VLLM_GPUS": "0,1"}, "vllm_gpus", "GPU 1 would stay idle"),
        (
            FOUR_ON_TWO_GPUS | {"DOCVAULT_VLLM_MEMORY_SHARE": "0.5"},
            "vllm_memory_share",
            "on one GPU (vllm_replicas, vllm_gpus) 0.5 of the GPU's memory, 1.00 in all",
        ),
        (
            {"DOCVAULT_VLLM_REPLICAS": "2", "DOCVAULT_VLLM_EXTRA_ARGS": "--data-parallel-size 2"},
            "vllm_replicas",
            "either one data-parallel server",
        ),
        (
            {"DOCVAULT_VLLM_GPUS": "0,1,2", "DOCVAULT_VLLM_EXTRA_ARGS": "--data-parallel-size 2"},
            "vllm_gpus",
            "runs on exactly 2: list 2 GPUs",
        ),
        (
            {"DOCVAULT_VLLM_EXTRA_ARGS": "--data-parallel-size=two"},
            "vllm_extra_args",
            "allowed: one whole number",
        ),
        ({"DOCVAULT_VLLM_EXTRA_ARGS": "--enforce-eager -dp 2"}, "vllm_extra_args", "uses -dp"),
    ],
)
def test_bad_replica_settings_name_the_setting(
    environment: dict[str, str], setting: str, words: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        supervisor_from(environment)
    assert raised.value.setting == setting
    assert f"Setting '{setting}'" in str(raised.value)
    assert words in str(raised.value)


# --- the daemon with two replicas -----------------------------------------------------------

RECORDING_STAND_IN = """#!{python}
import sys
from pathlib import Path
arguments = sys.argv[1:]
port = arguments[arguments.index("--port") + 1]
Path({folder!r}, f"argv-{{port}}.txt").write_text(" ".join(arguments))
sys.path.insert(0, {root!r})
from devtools.engine_sim import main
main(["--port", port, "--model", arguments[1], "--speed", "50", "--loop-fraction", "0"])
"""


def two_free_ports() -> int:
    """A port whose next one is free too (replica i listens on vllm_port + i)."""
    while True:
        port = free_port()
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port


@pytest.mark.slow
def test_the_daemon_runs_two_replicas_and_status_shows_each(tmp_path: Path) -> None:
    tools = tmp_path / "bin"
    stand_in = RECORDING_STAND_IN.format(
        python=sys.executable, folder=str(tmp_path), root=str(ROOT)
    )
    write_executable(tools / "vllm", stand_in)
    write_executable(tools / "ninja", "#!/bin/sh\nexit 0\n")
    port = two_free_ports()
    engine = {"ENGINE": "openai", "VLLM_START": "true", "VLLM_REPLICAS": "2"}
    engine |= {"VLLM_COMMAND": str(tools / "vllm"), "VLLM_PORT": str(port)}
    settings = {f"DOCVAULT_{name}": value for name, value in engine.items()}
    daemon = Daemon(tmp_path, PATH=f"{tools}{os.pathsep}{os.environ['PATH']}", **settings)
    daemon.start()
    try:
        letter_pdf(tmp_path / "letter.pdf", 4, 1)
        shutil.move(tmp_path / "letter.pdf", tmp_path / "inbox" / "letter.pdf")

        def both_up_and_pages_done() -> dict[str, Any] | None:
            report = daemon.cli_json("status")
            replicas = report["service"].get("engine_replicas", [])
            up = [replica["status"] for replica in replicas] == ["up", "up"]
            return report if up and report["pages"]["done"] == 4 else None

        report = wait_for(both_up_and_pages_done, 120, "two replicas up and four pages read")
        urls = [replica["base_url"] for replica in report["service"]["engine_replicas"]]
        assert urls == [f"http://127.0.0.1:{port}/v1", f"http://127.0.0.1:{port + 1}/v1"]
        text = daemon.cli("status").stdout
        for number, url in enumerate(urls):
            assert f"engine replica {number} ({url}): up, pid " in text
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    for replica_port in (port, port + 1):
        argv = (tmp_path / f"argv-{replica_port}.txt").read_text()
        assert f"--port {replica_port}" in argv
        assert "--gpu-memory-utilization 0.42" in argv
        assert "--api-server-count 4" in argv
        assert "--stream-interval 16" in argv  # vllm_extra_args' default


def test_the_status_page_shows_each_replica_in_its_own_state() -> None:
    """Replica 0 serves, replica 1 is restarting: two rows, each with its own state."""
    urls = ["http://127.0.0.1:9100/v1", "http://127.0.0.1:9101/v1"]
    engine = OpenAIEngine(urls, get_profile("ovisocr2"), timeout_seconds=5, server=ServerKind.vllm)
    states = [
        SupervisorState(EngineState.up, urls[0], pid=11),
        SupervisorState(EngineState.starting, urls[1], restarts=1, last_error="exited with -9"),
    ]
    pipeline = SimpleNamespace(
        engine=engine,
        replicas=SimpleNamespace(states=states),
        worker=SimpleNamespace(stats=SimpleNamespace(published=SimpleNamespace(in_flight=0))),
    )
    rows = engine_states(pipeline)  # type: ignore[arg-type]
    assert [(row["name"], row["state"]) for row in rows] == [
        (urls[0], "up"),
        (urls[1], "starting"),
    ]
    assert rows[1].get("detail") == "exited with -9"
    asyncio.run(engine.aclose())

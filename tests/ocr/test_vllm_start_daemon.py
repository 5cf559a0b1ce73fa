"""`vllm_start = true`: the daemon starts its own engine, reads pages through it, stops it."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import stat
import sys
from pathlib import Path

import pytest

from devtools.daemon import Daemon, free_port, wait_for
from tests.support.documents import letter_pdf

ROOT = Path(__file__).resolve().parents[2]
# A stand-in `vllm` that serves the engine simulator instead of a model: it records its
# command line and ignores the GPU flags, so the daemon's supervisor path runs for real.
FAKE_VLLM = """#!{python}
import sys
from pathlib import Path
Path({record!r}).write_text(" ".join(sys.argv[1:]))
arguments = sys.argv[1:]
port = arguments[arguments.index("--port") + 1]
sys.path.insert(0, {root!r})  # devtools/ is not installed: it lives in the checkout only
from devtools.engine_sim import main
main(["--port", port, "--model", arguments[1], "--speed", "50", "--loop-fraction", "0"])
"""


def _executable(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def _stand_in_tools(tmp_path: Path) -> tuple[Path, Path]:
    """A bin folder with the stand-in vllm and a ninja; and where vllm records its argv."""
    tools = tmp_path / "bin"
    tools.mkdir()
    record = tmp_path / "vllm-argv.txt"
    _executable(
        tools / "vllm", FAKE_VLLM.format(python=sys.executable, record=str(record), root=str(ROOT))
    )
    _executable(tools / "ninja", "#!/bin/sh\nexit 0\n")
    return tools, record


@pytest.mark.slow
def test_the_daemon_supervises_its_own_engine_with_the_tuned_flags(tmp_path: Path) -> None:
    tools, record = _stand_in_tools(tmp_path)
    port = free_port()
    daemon = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_VLLM_START="true",
        DOCVAULT_VLLM_COMMAND=str(tools / "vllm"),
        DOCVAULT_VLLM_PORT=str(port),
        PATH=f"{tools}{os.pathsep}{os.environ['PATH']}",
    )
    daemon.start()
    try:
        letter_pdf(tmp_path / "letter.pdf", 2, 1)
        shutil.move(tmp_path / "letter.pdf", tmp_path / "inbox" / "letter.pdf")
        database = tmp_path / "docvault-data" / "docvault.sqlite3"

        def pages_done() -> bool:
            with sqlite3.connect(database) as connection:
                query = "SELECT COUNT(*) FROM pages WHERE status = 'done'"
                return bool(connection.execute(query).fetchone()[0] == 2)

        wait_for(pages_done, 120, "both pages to be read through the supervised engine")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    argv = record.read_text().split()
    assert argv[:2] == ["serve", "ATH-MaaS/OvisOCR2"]
    for flag in (
        "--gpu-memory-utilization 0.9",
        "--max-model-len 32768",
        "--gdn-prefill-backend triton",
        "--mm-processor-cache-gb 0",
    ):
        assert flag in " ".join(argv)
    assert "--disable-uvicorn-access-log" in argv
    assert f"--port {port}" in " ".join(argv)
    with pytest.raises(ConnectionError):
        _connect(port)


def _connect(port: int) -> None:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=2):
        return


@pytest.mark.slow
def test_a_web_port_in_use_stops_the_daemon_and_the_engine_it_started(tmp_path: Path) -> None:
    tools, _ = _stand_in_tools(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        daemon = Daemon(
            tmp_path,
            DOCVAULT_ENGINE="openai",
            DOCVAULT_VLLM_START="true",
            DOCVAULT_VLLM_COMMAND=str(tools / "vllm"),
            DOCVAULT_VLLM_PORT=str(free_port()),
            DOCVAULT_WEB_PORT=str(taken.getsockname()[1]),
            PATH=f"{tools}{os.pathsep}{os.environ['PATH']}",
        )
        daemon.start(wait=False)
        assert daemon.process is not None
        exit_code = daemon.process.wait(timeout=60)
        log = daemon.log.read_text()
        assert exit_code == 1, log
        assert "docvault stopped because its part 'web' could not start" in log
        assert "is the port already in use? Set web_port to a free port" in log
        # The engine process it had started is gone with it.
        wait_for(lambda: not daemon.processes(), 10, "the engine process to end")

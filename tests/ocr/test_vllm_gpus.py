"""Engine replicas spread over GPUs (vllm_gpus) and data-parallel servers: stand-in engines.

The stand-in writes the environment it was started with (the variables a GPU placement
sets) to a file named after its port, waits while a hold file of that port exists, then
serves the engine simulator. The tests read what each child process actually saw, and wait
on those files, the supervisors' states and their log lines, never on the clock.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from devtools.daemon import until
from docvault.cli import main
from docvault.ocr.profiles import get_profile
from docvault.ocr.replica_layout import replica_settings
from docvault.ocr.vllm_server import (
    MULTICAST_OFF,
    VllmReplicas,
    VllmServerSettings,
    engine_environment,
    merged_arguments,
    parse_flags,
)
from docvault.service import build_replicas, engine_layout
from tests.ocr.test_vllm_replicas import WAITING_LINE, settings_with
from tests.ocr.test_vllm_server import free_port, write_executable

ROOT = Path(__file__).resolve().parents[2]
SEEN = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "VLLM_CACHE_ROOT", "TRITON_CACHE_AUTOTUNING",
        "TRITON_CACHE_DIR", *MULTICAST_OFF)  # fmt: skip
STAND_IN = """\
import json, os, sys, time
from pathlib import Path
arguments = sys.argv[1:]
port = arguments[arguments.index("--port") + 1]
folder = Path(os.environ["REPLICA_FOLDER"])
seen = {{name: os.environ.get(name) for name in {seen!r}}}
(folder / f".env-{{port}}").write_text(json.dumps({{"argv": arguments, "environment": seen}}))
(folder / f".env-{{port}}").rename(folder / f"env-{{port}}.json")
if seen["VLLM_CACHE_ROOT"]:  # as a compiling vLLM leaves its Triton autotuning
    tuned = Path(seen["VLLM_CACHE_ROOT"], "torch_compile_cache/h/rank_0_0/backbone/triton_cache")
    (tuned / f"KEY{{port}}").mkdir(parents=True, exist_ok=True)
    (tuned / f"KEY{{port}}" / "chunk_fwd_kernel_o.autotune.json").write_text("{{}}")
hold = folder / f"hold-{{port}}"
while hold.exists():
    time.sleep(0.02)
sys.path.insert(0, {root!r})
from devtools.engine_sim import main
main(["--port", port, "--model", arguments[1], "--speed", "20", "--loop-fraction", "0"])
"""
# A value an admin's own environment gives one of the multicast variables: it must stay.
ADMIN_VALUE = "admin-set"


@pytest.fixture
def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The stand-in `vllm` and `ninja` on PATH; docvault's environment is what they inherit."""
    tools = tmp_path / "bin"
    program = STAND_IN.format(root=str(ROOT), seen=SEEN)
    write_executable(tools / "vllm", f"#!{sys.executable}\n" + program)
    write_executable(tools / "ninja", "#!/bin/sh\nexit 0\n")
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("REPLICA_FOLDER", str(tmp_path))
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "7")  # docvault's own: the replicas' replaces it
    monkeypatch.setenv("TORCH_SYMM_MEM_DISABLE_MULTICAST", ADMIN_VALUE)
    monkeypatch.delenv("NCCL_NVLS_ENABLE", raising=False)
    monkeypatch.delenv("NVSHMEM_DISABLE_NVLS", raising=False)
    monkeypatch.delenv("CUDA_DEVICE_ORDER", raising=False)
    monkeypatch.delenv("VLLM_CACHE_ROOT", raising=False)
    monkeypatch.delenv("TRITON_CACHE_AUTOTUNING", raising=False)
    monkeypatch.delenv("TRITON_CACHE_DIR", raising=False)
    return tools / "vllm"


def replicas_from(stand_in: Path, replicas: int, gpus: str) -> VllmReplicas:
    """The replicas the daemon would start for these settings, polled quickly."""
    port = free_port()
    settings = settings_with(
        DOCVAULT_ENGINE="openai",
        DOCVAULT_VLLM_START="true",
        DOCVAULT_VLLM_COMMAND=str(stand_in),
        DOCVAULT_VLLM_REPLICAS=str(replicas),
        DOCVAULT_VLLM_GPUS=gpus,
        DOCVAULT_VLLM_PORT=str(port),
        DOCVAULT_DATA_DIR=str(stand_in.parent.parent / "data"),  # the engine cache lies there
    )
    ports = [free_port() for _ in range(replicas)]  # vllm_port + i need not all be free
    quick = [
        replace(each, port=ports[number], health_interval_seconds=0.02, stop_grace_seconds=5.0)
        for number, each in enumerate(
            replica_settings(engine_layout(settings), "ATH-MaaS/OvisOCR2")
        )
    ]
    return VllmReplicas(quick)


def seen_by(folder: Path, replicas: VllmReplicas, number: int) -> dict[str, Any] | None:
    """What replica `number`'s child process recorded, once it has: its "argv" and the
    "environment" variables of SEEN."""
    record = folder / f"env-{replicas.supervisors[number].settings.port}.json"
    if not record.exists():
        return None
    seen: dict[str, Any] = json.loads(record.read_text())
    return seen


def hold(folder: Path, replicas: VllmReplicas, number: int) -> Path:
    path = folder / f"hold-{replicas.supervisors[number].settings.port}"
    path.touch()
    return path


def records_seen(folder: Path, stand_in: Path, count: int, gpus: str) -> list[dict[str, Any]]:
    """Start the replicas these settings give, wait until all are up, stop them: what each
    child process recorded of its command line and environment."""
    replicas = replicas_from(stand_in, count, gpus)

    async def scenario() -> None:
        try:
            await replicas.start()
            await replicas.wait_healthy(60)
        finally:
            await replicas.stop()

    asyncio.run(scenario())
    seen = [seen_by(folder, replicas, number) for number in range(count)]
    assert all(each is not None for each in seen)
    return [each for each in seen if each is not None]


def test_each_replica_process_sees_its_own_gpu_and_multicast_off(
    tmp_path: Path, stand_in: Path
) -> None:
    records = records_seen(tmp_path, stand_in, 3, "0,1")
    seen = [record["environment"] for record in records]
    assert [each["CUDA_VISIBLE_DEVICES"] for each in seen] == ["0", "1", "0"]
    # GPU 0 carries two replicas (0.84 split), GPU 1 one (the tuned 0.9)
    shares = [
        argv[argv.index("--gpu-memory-utilization") + 1] for argv in (r["argv"] for r in records)
    ]
    assert shares == ["0.42", "0.9", "0.42"]
    for each in seen:
        assert each["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
        assert each["NCCL_NVLS_ENABLE"] == "0"
        assert each["NVSHMEM_DISABLE_NVLS"] == "1"
        assert each["TORCH_SYMM_MEM_DISABLE_MULTICAST"] == ADMIN_VALUE


def test_without_vllm_gpus_the_engine_keeps_docvaults_gpus_and_gets_multicast_off(
    tmp_path: Path, stand_in: Path
) -> None:
    (record,) = records_seen(tmp_path, stand_in, 1, "")
    seen = record["environment"]
    assert seen["CUDA_VISIBLE_DEVICES"] == "7"
    assert seen["CUDA_DEVICE_ORDER"] is None
    assert (seen["NCCL_NVLS_ENABLE"], seen["NVSHMEM_DISABLE_NVLS"]) == ("0", "1")
    assert seen["TORCH_SYMM_MEM_DISABLE_MULTICAST"] == ADMIN_VALUE


def test_every_replica_keeps_its_compile_and_autotuning_caches_in_one_folder_of_the_data(
    tmp_path: Path, stand_in: Path
) -> None:
    # A restarted replica, or the second of a start, finds the first one's Triton autotuning
    # there instead of spending ~100 s on it again (bench/gpu/RESULTS.md, "Issue 53").
    records = records_seen(tmp_path, stand_in, 2, "")
    roots = {record["environment"]["VLLM_CACHE_ROOT"] for record in records}
    assert len(roots) == 1
    (root,) = roots
    assert Path(root).name == "engine-cache"
    assert Path(root).is_absolute()
    assert [record["environment"]["TRITON_CACHE_AUTOTUNING"] for record in records] == ["1", "1"]
    # Each start's tuning kept where a start that loads the compiled model looks for it.
    looked_in = {record["environment"]["TRITON_CACHE_DIR"] for record in records}
    assert looked_in == {str(Path(root) / "triton")}
    # The first replica's tuning is kept before the second replica is launched (the start
    # gate is held until then), so the second, which loads the compiled model, finds it.
    kept = {path.parent.name for path in Path(root, "triton").glob("*/*.autotune.json")}
    first_port = records[0]["argv"][records[0]["argv"].index("--port") + 1]
    assert f"KEY{first_port}" in kept


def test_an_admins_own_engine_cache_folder_wins() -> None:
    admin = {"VLLM_CACHE_ROOT": "/srv/vllm-cache", "PATH": "/bin"}
    assert engine_environment(admin, "", "/data/engine-cache")["VLLM_CACHE_ROOT"] == (
        "/srv/vllm-cache"
    )
    placed = engine_environment({"PATH": "/bin"}, "", "/data/engine-cache")
    assert placed["VLLM_CACHE_ROOT"] == "/data/engine-cache"
    assert "VLLM_CACHE_ROOT" not in engine_environment({"PATH": "/bin"}, "")


def test_replicas_on_different_gpus_start_together_and_same_gpu_ones_wait(
    tmp_path: Path, stand_in: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Replicas 0 and 2 on GPU 0, replica 1 on GPU 1: 0 and 1 launch while both are held;
    2 waits, unspawned, until 0 (not 1) answers /health."""
    caplog.set_level(logging.INFO, logger="docvault.ocr.vllm_server")
    replicas = replicas_from(stand_in, 3, "0,1")
    assert replicas.start_groups == {"0": [0, 2], "1": [1]}
    holds = [hold(tmp_path, replicas, number) for number in range(3)]
    url = replicas.supervisors[2].base_url

    def waiting(number: int) -> bool:
        text = replicas.supervisors[number].base_url
        return any(
            WAITING_LINE in record.getMessage() and text in record.getMessage()
            for record in caplog.records
        )

    async def scenario() -> None:
        try:
            await replicas.start()
            await until(
                lambda: all(seen_by(tmp_path, replicas, n) is not None for n in (0, 1)),
                60.0,
                "replicas 0 and 1 launched while both are still starting",
            )
            await until(lambda: waiting(2), 60.0, f"replica 2 ({url}) waiting its turn")
            assert seen_by(tmp_path, replicas, 2) is None
            assert replicas.states[2].pid is None
            assert not waiting(1)
            holds[1].unlink()
            await replicas.supervisors[1].wait_healthy(60)
            assert replicas.states[2].pid is None  # its GPU's replica 0 is still starting
            holds[2].unlink()
            holds[0].unlink()
            await replicas.wait_healthy(60)
        finally:
            await replicas.stop()

    asyncio.run(scenario())
    assert seen_by(tmp_path, replicas, 2) is not None


def test_the_memory_share_is_counted_per_gpu_on_the_command_lines() -> None:
    def shares(**environment: str) -> list[tuple[str, list[str]]]:
        settings = settings_with(DOCVAULT_ENGINE="openai", **environment)
        return [
            (
                replica.gpus,
                parse_flags(merged_arguments(replica.arguments))["--gpu-memory-utilization"],
            )
            for replica in replica_settings(engine_layout(settings), "ATH-MaaS/OvisOCR2")
        ]

    one_each = shares(DOCVAULT_VLLM_REPLICAS="2", DOCVAULT_VLLM_GPUS="0,1")
    assert one_each == [("0", ["0.9"]), ("1", ["0.9"])]
    uneven = shares(DOCVAULT_VLLM_REPLICAS="3", DOCVAULT_VLLM_GPUS="0,1")
    assert uneven == [("0", ["0.42"]), ("1", ["0.9"]), ("0", ["0.42"])]
    two_each = shares(DOCVAULT_VLLM_REPLICAS="4", DOCVAULT_VLLM_GPUS=" 1 , 0 ")
    assert two_each == [("1", ["0.42"]), ("0", ["0.42"])] * 2
    # 0.45 for each of four would be refused on one GPU (1.80); two per GPU make 0.90.
    given = shares(
        DOCVAULT_VLLM_REPLICAS="4", DOCVAULT_VLLM_GPUS="0,1", DOCVAULT_VLLM_MEMORY_SHARE="0.45"
    )
    assert [share for _, share in given] == [["0.45"]] * 4
    assert shares(DOCVAULT_VLLM_REPLICAS="2") == [("", ["0.42"]), ("", ["0.42"])]


def test_a_data_parallel_server_keeps_its_flag_the_tuned_share_and_gets_every_listed_gpu() -> None:
    flags = "--api-server-count 4 --max-num-batched-tokens 16384 --data-parallel-size 2"
    for gpus, expected in (("", ""), ("0,1", "0,1")):
        settings = settings_with(
            DOCVAULT_ENGINE="openai",
            DOCVAULT_VLLM_START="true",
            DOCVAULT_VLLM_EXTRA_ARGS=flags,
            DOCVAULT_VLLM_GPUS=gpus,
        )
        replicas = build_replicas(settings, get_profile("ovisocr2"))
        assert replicas is not None
        (supervisor,) = replicas.supervisors
        assert supervisor.settings.gpus == expected
        command = supervisor.command_line()
        assert command[command.index("--data-parallel-size") + 1] == "2"
        assert command[command.index("--gpu-memory-utilization") + 1] == "0.9"
        # /health of the one server is what is polled, on its one port.
        assert [supervisor.base_url for supervisor in replicas.supervisors] == [
            "http://127.0.0.1:8000/v1"
        ]


def test_the_command_line_reports_a_bad_gpu_list_before_writing_anything(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["systemd-units", "--replicas", "2", "--gpus", "0,0", "--root", str(tmp_path)],
        env={"DOCVAULT_CONFIG": ""},
    )
    assert result.exit_code != 0
    assert "Setting 'vllm_gpus' (from option --gpus) is '0,0': GPU 0 is listed twice" in (
        result.output
    )
    assert list(tmp_path.iterdir()) == []


def test_engine_environment_sets_multicast_off_unless_given_and_replaces_the_gpus() -> None:
    admin = {"NCCL_NVLS_ENABLE": "1", "CUDA_VISIBLE_DEVICES": "3", "PATH": "/bin"}
    placed = engine_environment(admin, "1")
    assert placed["NCCL_NVLS_ENABLE"] == "1"  # the admin's word on their own host
    assert placed["TORCH_SYMM_MEM_DISABLE_MULTICAST"] == "1"
    assert placed["NVSHMEM_DISABLE_NVLS"] == "1"
    assert (placed["CUDA_VISIBLE_DEVICES"], placed["CUDA_DEVICE_ORDER"]) == ("1", "PCI_BUS_ID")
    assert engine_environment(admin, "")["CUDA_VISIBLE_DEVICES"] == "3"
    assert admin == {"NCCL_NVLS_ENABLE": "1", "CUDA_VISIBLE_DEVICES": "3", "PATH": "/bin"}


@pytest.mark.parametrize("layout", [("0,1", "1"), ("", "0")])
def test_replicas_whose_gpus_overlap_without_being_the_same_are_refused(
    layout: tuple[str, str],
) -> None:
    with pytest.raises(ValueError, match="GPU"):
        VllmReplicas(
            [VllmServerSettings(port=9000 + n, gpus=gpus) for n, gpus in enumerate(layout)]
        )

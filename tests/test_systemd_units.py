"""The systemd units pass `systemd-analyze verify` and meet the security goal (exposure <= 2.0).

systemd-analyze comes from Debian's systemd package (`make test` installs it); it works
without systemd running. Under CI=true its absence is a failure, elsewhere a skip.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from docvault.cli import main
from docvault.config import SETTINGS_BY_NAME

UNITS = Path(__file__).parent.parent / "systemd"
SYSTEM_UNITS = Path("/usr/lib/systemd/system")
EXPOSURE_GOAL = 2.0
# The executables the units start, created as stubs inside the fake root so that verify
# checks them the way it would on an installed server.
EXECUTABLES = {
    "docvault.service": ("opt/docvault/bin/docvault",),
    "docvault-vllm.service": ("opt/docvault-vllm/bin/vllm",),
    # The template's ExecStartPost waits for /health with the engine venv's python, via sh.
    "docvault-vllm@.service": (
        "opt/docvault-vllm/bin/vllm",
        "opt/docvault-vllm/bin/python3",
        "bin/sh",
    ),
}
# systemd-analyze takes an instance of a template, not the template itself.
VERIFIED = {unit: unit.replace("@.", "@0.") for unit in EXECUTABLES}
PR_SET_MDWE = 65
PR_MDWE_REFUSE_EXEC_GAIN = 1


def systemd_analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        message = "systemd-analyze is missing: apt-get install systemd (make test does)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.fixture
def server_root(tmp_path: Path) -> Path:
    """A file-system root holding systemd's own units, ours and stub executables."""
    root = tmp_path / "root"
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    for unit, executables in EXECUTABLES.items():
        shutil.copy(UNITS / unit, root / "etc/systemd/system" / unit)
        for executable in executables:
            stub = root / executable
            stub.parent.mkdir(parents=True, exist_ok=True)
            stub.write_text("#!/bin/sh\n")
            stub.chmod(0o755)
    return root


@pytest.mark.parametrize("unit", sorted(EXECUTABLES))
def test_unit_verifies_clean(unit: str, server_root: Path) -> None:
    result = subprocess.run(
        [systemd_analyze(), "verify", f"--root={server_root}", VERIFIED[unit]],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@pytest.mark.parametrize("unit", sorted(EXECUTABLES))
def test_unit_exposure_is_ok(unit: str) -> None:
    result = subprocess.run(
        [systemd_analyze(), "security", "--offline=true", str(UNITS / unit)],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", result.stdout)
    assert match is not None, result.stdout + result.stderr
    print(f"{unit}: exposure {match.group(1)} {match.group(2)}")
    assert float(match.group(1)) <= EXPOSURE_GOAL, result.stdout


def test_replica_units_start_in_order_each_on_its_port_and_share(server_root: Path) -> None:
    """`docvault systemd-units --replicas 3`: ports 8000-8002, 0.28 each, each after the last."""
    result = CliRunner().invoke(
        main,
        ["systemd-units", "--replicas", "3", "--root", str(server_root)],
        env={"DOCVAULT_CONFIG": ""},
    )
    assert result.exit_code == 0, result.output
    assert 'engine_url = "http://127.0.0.1:8000/v1,http://127.0.0.1:8001/v1,' in result.output
    for number in range(3):
        environment = server_root / f"etc/docvault/vllm-replica-{number}.env"
        lines = environment.read_text().splitlines()
        assert f"VLLM_REPLICA_PORT={8000 + number}" in lines
        assert "VLLM_REPLICA_MEMORY_SHARE=0.28" in lines
    assert not (server_root / "etc/systemd/system/docvault-vllm@0.service.d").exists()
    for number in (1, 2):
        drop_in = server_root / f"etc/systemd/system/docvault-vllm@{number}.service.d"
        text = (drop_in / "10-after-previous.conf").read_text()
        assert f"After=docvault-vllm@{number - 1}.service" in text.splitlines()
    assert_instances_verify(server_root, 3)


def test_replica_units_refuse_shares_over_the_gpu(server_root: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["systemd-units", "--replicas", "3", "--root", str(server_root)],
        env={"DOCVAULT_CONFIG": "", "DOCVAULT_VLLM_MEMORY_SHARE": "0.42"},
    )
    assert result.exit_code != 0
    assert "Setting 'vllm_memory_share'" in result.output
    assert "1.26 in all" in result.output
    assert not (server_root / "etc/docvault").exists()


def test_template_health_wait_and_flags_match_the_single_unit() -> None:
    """The template runs the same engine flags as docvault-vllm.service, port and share aside."""
    template = (UNITS / "docvault-vllm@.service").read_text()
    single = (UNITS / "docvault-vllm.service").read_text()

    def flags(text: str) -> set[str]:
        start = text.index("\nExecStart=")
        command = text[start : text.index("\n", text.index("--max-num-batched-tokens", start))]
        return set(re.findall(r"--[a-z-]+", command))

    assert flags(template) == flags(single)
    assert "EnvironmentFile=/etc/docvault/vllm-replica-%i.env" in template
    assert "http://127.0.0.1:${VLLM_REPLICA_PORT}/health" in template


def test_engine_units_run_the_flags_docvault_starts_vllm_with_by_default() -> None:
    """An engine run by its own unit gets what vllm_extra_args gives docvault's supervisor."""
    default = SETTINGS_BY_NAME["vllm_extra_args"].default
    assert "--stream-interval 16" in default
    for name in ("docvault-vllm.service", "docvault-vllm@.service"):
        text = (UNITS / name).read_text()
        start = text.index("\nExecStart=")
        command = text[start : text.index("\n", text.index("--max-num-batched-tokens", start))]
        assert " ".join(command.replace("\\\n", " ").split()).endswith(default), name


def test_docvault_unit_names_the_documented_paths() -> None:
    text = (UNITS / "docvault.service").read_text()
    assert "RequiresMountsFor=/var/lib/docvault /srv/docvault/inbox" in text
    assert "ReadWritePaths=/var/lib/docvault /srv/docvault/inbox" in text
    assert "MemoryDenyWriteExecute=yes" in text
    # A render worker killed for memory fails its page; it must not stop the service.
    assert "OOMPolicy=continue" in text


def test_the_unit_bounds_descriptors_and_memory_above_what_docvault_itself_allows(
    tmp_path: Path,
) -> None:
    """Issue 44 (LOW): the unit kept systemd's default 1,024 descriptors, which 1,100 idle
    web connections used up, and no memory bound."""
    from docvault.config import load_settings
    from docvault.web_connections import LIMIT_CONCURRENCY

    text = (UNITS / "docvault.service").read_text()
    descriptors = re.search(r"(?m)^LimitNOFILE=(\d+)$", text)
    memory = re.search(r"(?m)^MemoryMax=(\d+)G$", text)
    assert descriptors is not None
    assert memory is not None
    assert int(descriptors.group(1)) >= 4 * (LIMIT_CONCURRENCY + 1024)
    defaults = load_settings(environ={"DOCVAULT_CONFIG": ""}, cwd=tmp_path)
    worker_caps_gib = (defaults.render_memory_limit_mb + defaults.mail_read_memory_mb) / 1024
    # A render worker and the mail reader at their caps, with the daemon (0.51 GB measured).
    assert int(memory.group(1)) >= worker_caps_gib + 1


def test_cpu_ingest_runs_with_write_execute_memory_denied(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    """What MemoryDenyWriteExecute=yes in docvault.service forbids, done by the kernel here.

    PR_SET_MDWE (Linux 6.3) refuses writable+executable mappings for the process and its
    children, like the unit's seccomp filter, so a page read by onnxruntime, numpy and
    PyMuPDF under it shows the unit's setting does not break `docvault ingest`.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    page = tmp_path / "letter.png"
    shutil.copy(fixtures_dir / "ocrmypdf__typewriter.png", page)
    program = (
        "import ctypes, os, sys\n"
        "libc = ctypes.CDLL(None, use_errno=True)\n"
        f"if libc.prctl({PR_SET_MDWE}, {PR_MDWE_REFUSE_EXEC_GAIN}, 0, 0, 0) != 0:\n"
        "    sys.exit('PR_SET_MDWE refused: errno %d' % ctypes.get_errno())\n"
        "os.execv(sys.executable, [sys.executable, '-m', 'docvault', 'ingest', sys.argv[1]])\n"
    )
    assert libc is not None
    result = subprocess.run(
        [sys.executable, "-c", program, str(page)],
        cwd=tmp_path,
        env={**os.environ, "DOCVAULT_CONFIG": "", "DOCVAULT_ENGINE": "cpu"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "1 page(s): 1 done" in result.stdout


def assert_instances_verify(server_root: Path, count: int) -> None:
    """systemd-analyze verify passes for instances 0..count-1 with their files in place."""
    instances = [f"docvault-vllm@{number}.service" for number in range(count)]
    verified = subprocess.run(
        [systemd_analyze(), "verify", f"--root={server_root}", *instances],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (verified.returncode, verified.stdout + verified.stderr) == (0, "")


def write_units(server_root: Path, *options: str) -> str:
    result = CliRunner().invoke(
        main,
        ["systemd-units", *options, "--root", str(server_root)],
        env={"DOCVAULT_CONFIG": ""},
    )
    assert result.exit_code == 0, result.output
    return result.output


def replica_environment(server_root: Path, number: int) -> dict[str, str]:
    text = (server_root / f"etc/docvault/vllm-replica-{number}.env").read_text()
    pairs = (line.split("=", 1) for line in text.splitlines() if not line.startswith("#"))
    return dict(pairs)


def order_drop_in(server_root: Path, number: int) -> Path:
    return (
        server_root / f"etc/systemd/system/docvault-vllm@{number}.service.d/10-after-previous.conf"
    )


def test_replica_units_over_two_gpus_order_only_replicas_of_the_same_gpu(
    server_root: Path,
) -> None:
    """`--replicas 4 --gpus 0,1`: GPUs 0, 1, 0, 1 at 0.42; 2 after 0, 3 after 1, 0 and 1 free."""
    output = write_units(server_root, "--replicas", "4", "--gpus", "0,1")
    assert "http://127.0.0.1:8003/v1" in output
    for number in range(4):
        environment = replica_environment(server_root, number)
        assert environment["CUDA_VISIBLE_DEVICES"] == str(number % 2)
        assert environment["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
        assert environment["VLLM_REPLICA_MEMORY_SHARE"] == "0.42"
        assert environment["NCCL_NVLS_ENABLE"] == "0"
        assert environment["TORCH_SYMM_MEM_DISABLE_MULTICAST"] == "1"
        assert environment["NVSHMEM_DISABLE_NVLS"] == "1"
    assert not order_drop_in(server_root, 0).exists()
    assert not order_drop_in(server_root, 1).exists()
    assert "After=docvault-vllm@0.service" in order_drop_in(server_root, 2).read_text()
    assert "After=docvault-vllm@1.service" in order_drop_in(server_root, 3).read_text()
    assert_instances_verify(server_root, 4)


def test_one_replica_per_gpu_gets_the_whole_share_and_no_order_left_from_before(
    server_root: Path,
) -> None:
    write_units(server_root, "--replicas", "2")
    assert order_drop_in(server_root, 1).exists()
    assert "CUDA_VISIBLE_DEVICES" not in replica_environment(server_root, 1)
    assert replica_environment(server_root, 1)["NCCL_NVLS_ENABLE"] == "0"
    write_units(server_root, "--replicas", "2", "--gpus", "0,1")
    for number in range(2):
        environment = replica_environment(server_root, number)
        assert environment["CUDA_VISIBLE_DEVICES"] == str(number)
        assert environment["VLLM_REPLICA_MEMORY_SHARE"] == "0.9"
    assert not order_drop_in(server_root, 1).exists()

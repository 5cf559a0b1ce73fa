"""The engines' kept cache: a compiling start's autotuning is found by the starts after it."""

from __future__ import annotations

from pathlib import Path

from docvault.ocr.engine_cache import autotuning_folder, share_autotuning
from docvault.ocr.vllm_server import engine_environment

# The layout vLLM 0.22.1 left on the H200 (bench/gpu/replicas/run3): a compile cache per
# configuration hash, its Triton folder holding one folder per tuned kernel and shape.
COMPILED = "torch_compile_cache/16f342407c/rank_0_0/backbone/triton_cache"


def tuned(cache: Path, key: str, kernel: str, text: str) -> Path:
    path = cache / COMPILED / key / f"{kernel}.autotune.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_compiling_starts_autotuning_is_copied_where_a_loading_start_looks(
    tmp_path: Path,
) -> None:
    tuned(tmp_path, "KEYA", "chunk_fwd_kernel_o", '{"configs_timings": [1]}')
    tuned(tmp_path, "KEYB", "chunk_scaled_dot_kkt_fwd_kernel", '{"configs_timings": [2]}')
    (tmp_path / COMPILED / "KEYA" / "chunk_fwd_kernel_o.cubin").write_bytes(b"\0kernel")

    assert share_autotuning(tmp_path) == 2

    looked_in = Path(engine_environment({}, "", str(tmp_path))["TRITON_CACHE_DIR"])
    assert looked_in == Path(autotuning_folder(str(tmp_path)))
    assert (looked_in / "KEYA" / "chunk_fwd_kernel_o.autotune.json").read_text() == (
        '{"configs_timings": [1]}'
    )
    assert (looked_in / "KEYB" / "chunk_scaled_dot_kkt_fwd_kernel.autotune.json").exists()
    # Only the tuning results: compiled kernels stay with the compile cache they belong to.
    assert sorted(path.name for path in looked_in.rglob("*")) == [
        "KEYA",
        "KEYB",
        "chunk_fwd_kernel_o.autotune.json",
        "chunk_scaled_dot_kkt_fwd_kernel.autotune.json",
    ]


def test_a_result_already_kept_is_not_copied_again(tmp_path: Path) -> None:
    tuned(tmp_path, "KEYA", "chunk_fwd_kernel_o", "compiling start")
    kept = Path(autotuning_folder(str(tmp_path))) / "KEYA" / "chunk_fwd_kernel_o.autotune.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("loading start")

    assert share_autotuning(tmp_path) == 0
    assert kept.read_text() == "loading start"
    assert share_autotuning(tmp_path) == 0


def test_an_empty_cache_has_nothing_to_share(tmp_path: Path) -> None:
    assert share_autotuning(tmp_path / "never-started") == 0


def test_an_admins_own_triton_folder_wins() -> None:
    admin = {"TRITON_CACHE_DIR": "/srv/triton", "PATH": "/bin"}
    assert engine_environment(admin, "", "/data/engine-cache")["TRITON_CACHE_DIR"] == "/srv/triton"

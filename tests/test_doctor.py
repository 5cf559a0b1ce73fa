"""`docvault doctor` on a healthy setup and on deliberately broken ones: each fault, its line."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from devtools.daemon import free_port
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault import db
from docvault.config import Settings, load_settings
from docvault.doctor import CheckResult, Probes, diagnose
from docvault.search import FolderWriter, IndexEntry

NOW = datetime(2025, 6, 2, 9, 30, tzinfo=UTC)


def settings_for(tmp_path: Path, **environment: str) -> Settings:
    return load_settings(environ={"DOCVAULT_CONFIG": "", **environment}, cwd=tmp_path)


def healthy(tmp_path: Path, **environment: str) -> Settings:
    """Data and inbox folders, a migrated database: what `docvault db upgrade` leaves."""
    settings = settings_for(tmp_path, **environment)
    for inbox in settings.inboxes:
        inbox.path.mkdir(parents=True)
    database = db.make_engine(settings.database_path)
    db.upgrade(database)
    database.dispose()
    return settings


def local_mounts(tmp_path: Path) -> Path:
    mounts = tmp_path / "local-mounts"
    mounts.write_text("/dev/sda1 / ext4 rw,relatime 0 0\n")
    return mounts


def probes(tmp_path: Path, **overrides: object) -> Probes:
    values: dict[str, object] = {
        "mounts": local_mounts(tmp_path),
        "clock": lambda: NOW,
        "service_user": "root",
    }
    values.update(overrides)
    return Probes(**values)  # type: ignore[arg-type]


def failures(results: list[CheckResult]) -> dict[str, str]:
    return {result.name: result.render() for result in results if not result.ok}


def test_a_fresh_cpu_setup_passes_every_check(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    results = diagnose(lambda: settings, probes(tmp_path))
    # Before the first start there is no index yet: expected, so not a failure (a scripted
    # install with `set -e` must not stop here); the line says the service creates it.
    assert failures(results) == {}
    index_line = next(result for result in results if result.name == "search index")
    assert "the service creates it at its first start" in index_line.render()
    assert [result.name for result in results][:2] == ["config", "data folder"]


def test_an_invalid_setting_is_the_only_line(tmp_path: Path) -> None:
    def load() -> Settings:
        return settings_for(tmp_path, DOCVAULT_RENDER_DPI="100")

    [result] = diagnose(load, probes(tmp_path))
    assert not result.ok
    assert "Setting 'render_dpi'" in result.line


def test_a_config_file_readable_by_everyone_is_reported(tmp_path: Path) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text('engine = "cpu"\n')
    config.chmod(0o644)
    settings = load_settings(config, environ={}, cwd=tmp_path)
    [result] = [r for r in diagnose(lambda: settings, probes(tmp_path)) if r.name == "config"]
    assert not result.ok
    assert f"chmod 0640 {config}" in result.fix


def test_missing_folders_unwritable_inbox_and_missing_database(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the service-user permission check needs root to look as another user")
    settings = settings_for(tmp_path)
    settings.data_path.mkdir()
    inbox = settings.inboxes[0].path
    inbox.mkdir(mode=0o755)
    found = failures(diagnose(lambda: settings, probes(tmp_path, service_user="nobody")))
    assert f"{settings.data_path} is not writable by nobody" in found["data folder"]
    assert "is not writable by nobody" in found["the inbox"]
    assert "run `docvault db upgrade`" in found["database"]


def test_inbox_on_a_network_mount_without_polling(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    inbox = settings.inboxes[0].path
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 / ext4 rw 0 0\n//nas/scans {inbox} cifs rw,vers=3.0 0 0\n")
    found = failures(diagnose(lambda: settings, probes(tmp_path, mounts=mounts)))
    assert "is on a cifs network mount" in found["the inbox mount"]
    assert "set polling = true for the inbox" in found["the inbox mount"]

    polling = healthy(tmp_path / "polling", DOCVAULT_POLLING="true")
    mounts.write_text(f"//nas/scans {polling.inboxes[0].path} cifs rw 0 0\n")
    assert "the inbox mount" not in failures(
        diagnose(lambda: polling, probes(tmp_path, mounts=mounts))
    )


def test_a_missing_inbox_is_said_once_not_also_to_be_on_a_file_system(tmp_path: Path) -> None:
    """Issue 48: doctor said the inbox "does not exist" and then that it was on ext4 (the
    file system of the folder above it)."""
    settings = healthy(tmp_path)
    settings.inboxes[0].path.rmdir()
    results = diagnose(lambda: settings, probes(tmp_path))
    inbox = [result for result in results if result.name.startswith("the inbox")]
    assert [result.name for result in inbox] == ["the inbox"]
    assert "does not exist" in inbox[0].line
    assert not any("file system" in result.line for result in inbox)


def test_low_disk_space(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    found = failures(diagnose(lambda: settings, probes(tmp_path, minimum_free_bytes=2**62)))
    assert "free space on that disk" in found["disk space"]


def test_damaged_database_and_old_schema(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    settings.database_path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    found = failures(diagnose(lambda: settings, probes(tmp_path)))
    assert "fails integrity_check" in found["database integrity"]
    assert "docvault restore" in found["database integrity"]

    old = settings_for(tmp_path / "old")
    old.data_path.mkdir(parents=True)
    database = db.make_engine(old.database_path)
    with database.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    database.dispose()
    found = failures(diagnose(lambda: old, probes(tmp_path)))
    assert "at revision none" in found["database schema"]


def test_index_without_version_marker(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    settings.index_path.mkdir()
    found = failures(diagnose(lambda: settings, probes(tmp_path)))
    assert "has no version marker" in found["search index"]


def test_engine_down_wrong_model_no_ninja_no_gpu(tmp_path: Path) -> None:
    down_url = f"http://127.0.0.1:{free_port()}/v1"
    with EngineSimulator(SimulatorConfig(models=("deepseek-ai/DeepSeek-OCR-2",))) as other:
        settings = healthy(
            tmp_path,
            DOCVAULT_ENGINE="openai",
            DOCVAULT_ENGINE_URL=f"{down_url},{other.base_url}",
            DOCVAULT_VLLM_START="true",
        )
        found = failures(
            diagnose(
                lambda: settings,
                probes(tmp_path, which=lambda name: None, gpu_visible=lambda: False),
            )
        )
    assert "does not answer GET /models" in found[f"engine {down_url}"]
    assert (
        "serves deepseek-ai/DeepSeek-OCR-2, not ATH-MaaS/OvisOCR2"
        in found[f"engine {other.base_url}"]
    )
    assert "pip install ninja" in found["ninja"]
    assert "no NVIDIA GPU visible" in found["gpu"]


def test_doctor_never_prints_a_urls_user_or_password(tmp_path: Path) -> None:
    """Issue 44: the engine check named its URL whole, login included."""
    down_url = f"http://ocr:geheim-42@127.0.0.1:{free_port()}/v1"
    settings = healthy(tmp_path, DOCVAULT_ENGINE="openai", DOCVAULT_ENGINE_URL=down_url)
    results = diagnose(lambda: settings, probes(tmp_path, gpu_visible=lambda: False))
    printed = "\n".join(result.render() for result in results)
    assert "geheim-42" not in printed
    assert "ocr:" not in printed
    assert f"engine http://***@127.0.0.1:{down_url.rsplit(':', 1)[1]}" in printed
    assert "does not answer GET /models" in printed


def test_engine_serving_the_profile_model_passes(tmp_path: Path) -> None:
    with EngineSimulator() as engine:
        settings = healthy(tmp_path, DOCVAULT_ENGINE="openai", DOCVAULT_ENGINE_URL=engine.base_url)
        results = diagnose(lambda: settings, probes(tmp_path, gpu_visible=lambda: True))
    [endpoint] = [result for result in results if result.name.startswith("engine ")]
    assert endpoint.ok
    assert endpoint.line == "reachable, serves ATH-MaaS/OvisOCR2."


def test_clock_before_2024_or_behind_the_database(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    found = failures(
        diagnose(lambda: settings, probes(tmp_path, clock=lambda: datetime(2001, 1, 1, tzinfo=UTC)))
    )
    assert "timedatectl set-ntp true" in found["clock"]

    database = db.make_engine(settings.database_path)
    with database.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO documents (sha256, original_name, inbox, original_path, archive_path, "
            "size_bytes, tags, page_count, status, received_at, updated_at) VALUES ('a' , 'x.pdf', "
            "'inbox', '/x.pdf', 'archive/a', 1, '', 1, 'done', '2025-06-03 10:00:00.000000', "
            "'2025-06-03 10:00:00.000000')"
        )
    database.dispose()
    found = failures(diagnose(lambda: settings, probes(tmp_path)))
    assert "behind the newest database entry (2025-06-03 10:00 UTC)" in found["clock"]


def test_an_index_that_differs_from_the_database_says_by_how_much(tmp_path: Path) -> None:
    settings = healthy(tmp_path)
    received = datetime(2025, 6, 3, 10, 0)
    entry = IndexEntry(7, 1, 1, "inbox", (), "x.pdf", received, None, "done", "Befund", 1)
    FolderWriter(settings.index_path).apply([entry], [])  # the database holds no such page
    found = failures(diagnose(lambda: settings, probes(tmp_path)))
    assert "holds 1 pages, the database 0 (0 waiting to be indexed)" in found["search index"]
    assert "consistency check repairs the difference" in found["search index"]


def test_hand_over_settings_that_start_up_refuses_or_that_fail_later(tmp_path: Path) -> None:
    secret = tmp_path / "handover.secret"
    secret.write_text("0123456789abcdef0123456789abcdef\n")
    secret.chmod(0o644)
    cases = {
        "world-readable secret": (
            {"DOCVAULT_HANDOVER_URL": "https://praxis.example/hook"},
            "hand-over",
            "may be read by other users (mode 0644)",
        ),
        "missing program": (
            {"DOCVAULT_HANDOVER_COMMAND": "praxis-import-that-is-not-installed --quiet"},
            "hand-over command",
            "praxis-import-that-is-not-installed does not exist on the command's PATH",
        ),
        "plain http elsewhere": (
            {"DOCVAULT_HANDOVER_URL": "http://praxis.example/hook"},
            "hand-over webhook",
            "plain http to another host",
        ),
        "links the receiver cannot follow": (
            {
                "DOCVAULT_HANDOVER_URL": "https://praxis.example/hook",
                "DOCVAULT_HANDOVER_PAGE_TEXTS": "link",
            },
            "hand-over webhook",
            "which the receiver at praxis.example cannot reach",
        ),
    }
    for case, (environment, check, expected) in cases.items():
        secret.chmod(0o644 if case == "world-readable secret" else 0o600)
        folder = tmp_path / case.replace(" ", "-")
        settings = healthy(folder, DOCVAULT_HANDOVER_SECRET_FILE=str(secret), **environment)
        found = failures(diagnose(lambda settings=settings: settings, probes(folder)))
        assert check in found, (case, found)
        assert expected in found[check], (case, found[check])


def test_the_credentials_source_file_is_not_a_secret_file_the_service_can_read(
    tmp_path: Path,
) -> None:
    # docvault.service makes /etc/docvault/handover.secret inaccessible inside the service,
    # so naming it would stop the service at start; the doctor, outside, says so first.
    settings = healthy(
        tmp_path,
        DOCVAULT_HANDOVER_URL="https://praxis.example/hook",
        DOCVAULT_HANDOVER_SECRET_FILE="/etc/docvault/handover.secret",
    )
    found = failures(diagnose(lambda: settings, probes(tmp_path)))
    assert "which docvault.service makes inaccessible inside the service" in found["hand-over"]
    assert "LoadCredential=handover-secret:/etc/docvault/handover.secret" in found["hand-over"]


def test_a_working_hand_over_command_passes(tmp_path: Path) -> None:
    script = tmp_path / "praxis-import"
    script.write_text("#!/bin/sh\ncat >/dev/null\n")
    script.chmod(0o700)
    settings = healthy(tmp_path, DOCVAULT_HANDOVER_COMMAND=f"{script} --quiet")
    results = diagnose(lambda: settings, probes(tmp_path))
    (command,) = [result for result in results if result.name == "hand-over command"]
    assert command.ok, command.render()
    script.chmod(0o600)
    results = diagnose(lambda: settings, probes(tmp_path))
    assert f"{script} is not executable" in failures(results)["hand-over command"]


def test_the_word_lists_are_checked_only_where_the_word_check_is_on(tmp_path: Path) -> None:
    names = [result.name for result in diagnose(lambda: healthy(tmp_path), probes(tmp_path))]
    assert "word lists" not in names  # off by default
    on = settings_for(tmp_path, DOCVAULT_CORRECT_WORDS="true")
    present = tmp_path / "german-medical"
    present.write_text("Hyperkaliämie\n")
    found = diagnose(lambda: on, probes(tmp_path, word_lists=(present,)))
    assert next(result for result in found if result.name == "word lists").ok
    missing = tmp_path / "en_med_glut.dic"
    results = diagnose(lambda: on, probes(tmp_path, word_lists=(present, missing)))
    line = failures(results)["word lists"]
    assert f"the medical word list(s) {missing} are missing" in line
    assert "apt-get install wgerman-medical hunspell-en-med" in line

"""Settings: declared once, read from defaults, TOML and environment, validated at start."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

from docvault.cli import main
from docvault.config import SETTINGS, Settings, load_settings
from docvault.errors import ConfigError

REPOSITORY = Path(__file__).parent.parent


def test_embedded_defaults_run_without_a_gpu(tmp_path: Path) -> None:
    settings = load_settings(environ={}, cwd=tmp_path)
    assert settings.engine == "cpu"
    assert settings.effective_profile() == "cpu"
    assert settings.data_path == tmp_path / "docvault-data"
    assert [inbox.path for inbox in settings.inboxes] == [tmp_path / "inbox"]
    assert (settings.web_host, settings.web_port) == ("127.0.0.1", 8080)
    assert settings.render_dpi == 150


def test_file_then_environment_override_defaults(tmp_path: Path) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text('engine = "openai"\nconcurrency = 16\nweb_port = 9000\n')
    settings = load_settings(
        config,
        environ={
            "DOCVAULT_WEB_PORT": "9100",
            "DOCVAULT_ENGINE_URL": "http://a:1/v1, http://b:2/v1",
        },
        cwd=tmp_path,
    )
    assert settings.concurrency == 16
    assert settings.sources["concurrency"] == f"config file {config}"
    assert settings.web_port == 9100
    assert settings.sources["web_port"] == "environment variable DOCVAULT_WEB_PORT"
    assert settings.engine_url == ["http://a:1/v1", "http://b:2/v1"]
    assert settings.effective_profile() == "ovisocr2"


def test_an_invalid_value_names_the_setting_the_source_and_what_is_allowed(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(environ={"DOCVAULT_ENGINE": "gpu"}, cwd=tmp_path)
    assert caught.value.message == (
        "Setting 'engine' (from environment variable DOCVAULT_ENGINE) is 'gpu'; "
        "allowed: cpu, openai."
    )
    config = tmp_path / "bad.toml"
    config.write_text("render_dpi = 100\n[[inboxes]]\npath = 'x'\n")
    with pytest.raises(
        ConfigError,
        match=r"'render_dpi' \(from config file .*bad.toml\) is 100; "
        r"allowed: a whole number of at least 150",
    ):
        load_settings(config, environ={}, cwd=tmp_path)


def test_several_inboxes_with_their_own_settings(tmp_path: Path) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text(
        '[[inboxes]]\nname = "fax"\npath = "fax"\ntags = ["fax"]\nsettle_seconds = 5\n'
        '[[inboxes]]\nname = "scanner"\npath = "/srv/scan"\nrecursive = true\n'
        'after_archive = "delete"\npolling = true\n'
    )
    fax, scanner = load_settings(config, environ={}, cwd=tmp_path).inboxes
    assert (fax.path, fax.tags, fax.settle_seconds, fax.after_archive) == (
        tmp_path / "fax",
        ("fax",),
        5.0,
        "move",
    )
    assert (scanner.recursive, scanner.after_archive, scanner.polling) == (True, "delete", True)


def test_an_unknown_inbox_key_lists_the_allowed_ones(tmp_path: Path) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text('[[inboxes]]\npath = "fax"\nsettle = 5\n')
    with pytest.raises(ConfigError) as caught:
        load_settings(config, environ={}, cwd=tmp_path)
    assert caught.value.message == (
        f"Setting 'inboxes[1].settle' (from config file {config}) is not an inbox setting; "
        "allowed: path, name, recursive, after_archive, tags, settle_seconds, polling."
    )


def test_every_loaded_value_has_the_type_its_field_declares(tmp_path: Path) -> None:
    # mypy trusts the fields' types; the loader is what makes them true, from any source.
    environ = {"DOCVAULT_SETTLE_SECONDS": "5", "DOCVAULT_POLLING": "yes", "DOCVAULT_WEB_PORT": "9"}
    settings = load_settings(environ=environ, cwd=tmp_path)
    types = typing.get_type_hints(Settings)
    for setting in SETTINGS:
        value = getattr(settings, setting.name)
        declared = types[setting.name]
        if declared == list[str]:
            assert isinstance(value, list), setting.name
            assert all(isinstance(item, str) for item in value), setting.name
        elif declared is Path:
            assert isinstance(value, Path), setting.name
        elif typing.get_origin(declared) is typing.Literal:
            assert type(value) is str, setting.name
            assert value in typing.get_args(declared), setting.name
        else:  # exactly: a bool is an int to isinstance
            assert type(value) is declared, (setting.name, value)
    assert (settings.settle_seconds, settings.polling, settings.web_port) == (5.0, True, 9)


def test_docvault_inbox_is_the_single_inbox_shortcut(tmp_path: Path) -> None:
    settings = load_settings(environ={"DOCVAULT_INBOX": str(tmp_path / "in")}, cwd=tmp_path)
    assert [inbox.path for inbox in settings.inboxes] == [tmp_path / "in"]


def test_docvault_config_prints_each_value_and_its_source(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["config"], env={"DOCVAULT_WEB_PORT": "8123", "DOCVAULT_CONFIG": ""}
    )
    assert result.exit_code == 0, result.output
    assert "web_port = 8123    [environment variable DOCVAULT_WEB_PORT]" in result.output
    assert "engine = cpu    [default]" in result.output


def test_an_invalid_setting_stops_the_command_with_one_sentence() -> None:
    result = CliRunner().invoke(main, ["config"], env={"DOCVAULT_CONCURRENCY": "many"})
    assert result.exit_code == 1
    assert result.output.strip() == (
        "Error: Setting 'concurrency' (from environment variable "
        "DOCVAULT_CONCURRENCY) is 'many'; allowed: a whole number."
    )


def test_the_stemming_choices_are_the_languages_whoosh_can_stem() -> None:
    from typing import get_args

    import whoosh.lang

    from docvault.setting_types import StemmingChoice

    expected = {language for language in whoosh.lang.languages if whoosh.lang.has_stemmer(language)}
    assert set(get_args(StemmingChoice)) == {"off", *expected}


def _strict_mypy(tmp_path: Path, setting_name: str) -> subprocess.CompletedProcess[str]:
    """Run mypy --strict, with the repository's configuration, on a module reading a setting."""
    snippet = tmp_path / f"reads_{setting_name}.py"
    snippet.write_text(
        "from docvault.config import Settings\n\n\n"
        f"def dpi(settings: Settings) -> int:\n    return settings.{setting_name}\n"
    )
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(REPOSITORY / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            snippet.name,
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_misspelt_setting_fails_strict_mypy(tmp_path: Path) -> None:
    misspelt = _strict_mypy(tmp_path, "render_dpii")
    assert misspelt.returncode == 1, misspelt.stdout + misspelt.stderr
    assert '"Settings" has no attribute "render_dpii"' in misspelt.stdout
    spelt_right = _strict_mypy(tmp_path, "render_dpi")
    assert spelt_right.returncode == 0, spelt_right.stdout + spelt_right.stderr


def test_a_setting_with_fixed_values_takes_its_choices_from_its_type() -> None:
    # The choices a TOML file may give are exactly the Literal mypy checks comparisons with.
    types = typing.get_type_hints(Settings)
    choices = {setting.name: setting.choices for setting in SETTINGS if setting.kind == "choice"}
    assert set(choices) >= {"engine", "after_archive", "text_layer", "log_level", "date_format"}
    for name, allowed in choices.items():
        assert allowed == typing.get_args(types[name]), name
    with pytest.raises(ConfigError, match="allowed: cpu, openai"):
        load_settings(environ={"DOCVAULT_ENGINE": "opneai"}, cwd=Path.cwd())


def test_a_timezone_longer_than_a_file_name_is_a_sentence(tmp_path: Path) -> None:
    """Issue 44: a zone name past the file system's 255 characters made ZoneInfo raise
    OSError ("File name too long"), a traceback instead of the setting's sentence."""
    with pytest.raises(ConfigError) as caught:
        load_settings(environ={"DOCVAULT_TIMEZONE": "Europe/" + "B" * 300}, cwd=tmp_path)
    assert caught.value.message.startswith(
        "Setting 'timezone' (from environment variable DOCVAULT_TIMEZONE) is 'Europe/BBB"
    )
    assert "(307 characters)" in caught.value.message
    assert "allowed: an IANA time zone name such as Europe/Berlin" in caught.value.message


def test_docvault_config_never_prints_a_urls_user_or_password() -> None:
    """Issue 44: an engine URL with its login printed whole by `docvault config`."""
    result = CliRunner().invoke(
        main,
        ["config"],
        env={
            "DOCVAULT_CONFIG": "",
            "DOCVAULT_ENGINE": "openai",
            "DOCVAULT_ENGINE_URL": "http://ocr:geheim-42@gpu.praxis.example:8000/v1",
        },
    )
    assert result.exit_code == 0, result.output
    assert "engine_url = http://***@gpu.praxis.example:8000/v1" in result.output
    assert "geheim-42" not in result.output
    assert "ocr:" not in result.output

"""`--debug` and `--config` are the whole command's options: taken wherever a user puts them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from docvault.cli import hoist_group_options, main

INVALID = {"DOCVAULT_CONCURRENCY": "many", "DOCVAULT_CONFIG": ""}


@pytest.mark.parametrize(
    "arguments", [["--debug", "config"], ["config", "--debug"], ["db", "upgrade", "--debug"]]
)
def test_debug_shows_the_traceback_before_or_after_the_command(arguments: list[str]) -> None:
    result = CliRunner().invoke(main, arguments, env=INVALID)
    assert result.exit_code == 1
    # With --debug the error is raised (a traceback); without it, one sentence.
    assert "Setting 'concurrency'" in str(result.exception)
    assert result.exc_info is not None
    assert result.exc_info[0].__name__ == "ConfigError"


def test_without_debug_the_same_error_is_one_sentence() -> None:
    result = CliRunner().invoke(main, ["config"], env=INVALID)
    assert result.exit_code == 1
    assert result.output.startswith("Error: Setting 'concurrency'")
    assert isinstance(result.exception, SystemExit)


def test_config_after_the_command_is_the_settings_file(tmp_path: Path) -> None:
    settings = tmp_path / "clinic.toml"
    settings.write_text("web_port = 8123\n")
    result = CliRunner().invoke(
        main, ["config", "--config", str(settings)], env={"DOCVAULT_CONFIG": ""}
    )
    assert result.exit_code == 0, result.output
    assert f"web_port = 8123    [config file {settings}]" in result.output


def test_a_double_dash_ends_the_options_so_a_query_may_be_the_word_debug() -> None:
    assert hoist_group_options(["search", "--", "--debug"]) == ["search", "--", "--debug"]
    assert hoist_group_options(["search", "x", "--debug", "--config=a.toml"]) == [
        "--debug", "--config=a.toml", "search", "x",
    ]  # fmt: skip
    assert hoist_group_options(["verify", "--config", "b.toml"]) == ["--config", "b.toml", "verify"]

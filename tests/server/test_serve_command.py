"""``tongiaki serve`` as a command: its arguments, and a one-line hint without the server extra."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tongiaki_rules.cli import main
from tongiaki_rules.server.storage import default_db_path


def test_without_fastapi_the_command_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a)
    )
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'tongiaki_rules[server]'" in err


@pytest.mark.parametrize("port", ["-1", "65536", "http", "0x50"])
def test_a_bad_port_is_one_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", port])
    assert stopped.value.code == 2
    assert "a port is a number from 0 to 65535" in capsys.readouterr().err


def test_an_unusable_db_path_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    (tmp_path / "file").write_text("")
    assert main(["serve", "--db", str(tmp_path / "file" / "games.sqlite3")]) == 2
    assert capsys.readouterr().err.startswith("tongiaki serve: error: --db ")


def test_not_a_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    (tmp_path / "games.sqlite3").write_bytes(b"this is not a database" * 100)
    assert main(["serve", "--db", str(tmp_path / "games.sqlite3")]) == 2
    assert "tongiaki serve: error: --db" in capsys.readouterr().err


def test_the_default_db_follows_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "tongiaki" / "games.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path() == Path.home() / ".local" / "share" / "tongiaki" / "games.sqlite3"


@pytest.mark.parametrize("delay", ["-0.1", "61", "nan", "inf", "soon"])
def test_a_bad_bot_delay_is_one_line(delay: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--bot-delay", delay])
    assert stopped.value.code == 2
    assert "a delay is a number of seconds from 0 to 60" in capsys.readouterr().err


def test_the_bot_delay_defaults_to_the_drivers() -> None:
    from tongiaki_rules.cli import _serve as serve
    from tongiaki_rules.server._driver import DEFAULT_BOT_DELAY

    assert serve.DEFAULT_BOT_DELAY == DEFAULT_BOT_DELAY


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games-per-minute", "0"),
        ("--sockets-total", "many"),
        ("--socket-idle", "nan"),
        ("--bot-games", "-2"),
        ("--header-timeout", "inf"),
        ("--turn-timeout", "0"),
    ],
)
def test_a_bad_limit_is_one_line(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", option, value])
    assert stopped.value.code == 2
    assert f"{option} is a positive number, not {value!r}" in capsys.readouterr().err


def test_listening_on_every_address_needs_the_host_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("fastapi", reason="the server needs the 'server' extra (fastapi)")
    assert main(["serve", "--host", "0.0.0.0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-host" in err


def test_the_limits_default_to_the_servers() -> None:
    import argparse

    from tongiaki_rules.cli import _serve as serve
    from tongiaki_rules.server import SEARCH_POSITIONS, ServeLimits

    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    args = parser.parse_args(["serve"])
    assert args.games_per_minute == ServeLimits().games_per_minute == 10
    assert args.bot_workers == ServeLimits().bot_workers
    assert args.max_think_seconds == ServeLimits().max_think_seconds == 5.0
    assert parser.parse_args(["serve", "--max-think-seconds", "1.5"]).max_think_seconds == 1.5
    assert args.turn_timeout is None is ServeLimits().turn_timeout  # no limit unless asked
    assert parser.parse_args(["serve", "--turn-timeout", "90"]).turn_timeout == 90.0
    assert args.games_mib == ServeLimits().games_mib == 256
    assert args.boards_mib == ServeLimits().boards_mib == 32
    assert args.search_positions == ServeLimits().search_positions == SEARCH_POSITIONS
    assert parser.parse_args(["serve", "--search-positions", "500"]).search_positions == 500


def test_the_memory_budgets_are_options_in_mib() -> None:
    import argparse

    from tongiaki_rules.cli import _serve as serve

    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    args = parser.parse_args(["serve", "--games-mib", "64", "--boards-mib", "8"])
    assert (args.games_mib, args.boards_mib) == (64, 8)

"""``--lang`` and the locale: the players read German, French or Italian; programs read English."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, replay_states

from .cli_helpers import run

TWO = ["play", "--players", "2", "--human", "0", "--bots", "random", "--seed", "5"]
ENOUGH = "1\n" * 2000

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def tongiaki(*argv: str, stdin: str = "", **environ: str) -> subprocess.CompletedProcess[str]:
    """The installed command, in an environment without any locale but ``environ``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    env.update(environ)
    return subprocess.run(
        [sys.executable, "-m", "tongiaki_rules", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def test_a_piped_game_is_played_in_italian(tmp_path: Path) -> None:
    record = tmp_path / "partita.json"
    answers = "help\nsetup 3\n" + ENOUGH  # the notation stays English in every language
    done = tongiaki(*TWO, "--lang", "it", "--record", str(record), stdin=answers)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    lines = out.splitlines()
    assert lines[0] == "Giocatori: 2 -- posto 0 Blu, posto 1 Rosso; inizia il posto 0 (Blu)"
    assert lines[1] == "Regole modificate: nessuna (predefinite)"
    assert lines[2] == "Al tavolo: posto 0 Blu (umano), posto 1 Rosso (random); seme 5"
    assert "Scrivi help per i comandi e la notazione." in out
    assert "posto 0 Blu, mettere una barca iniziale su una spiaggia di Tonga:" in out
    assert "Rispondi a una decisione con il numero" in out  # the help
    assert "  expand Q,R BEACH+BEACH      expand 0,-1 0+2" in out  # its notation, in English
    assert "posto 0 Blu> " in out
    assert "Barche iniziali su Tonga (0, 0): Blu 3, " in out
    assert "Turno 1, posto 0 Blu: " in out
    assert "Punteggi finali:" in lines
    assert lines[-2].startswith(("Vincitore: ", "Vittoria condivisa: "))
    assert lines[-1] == f"Registrazione della partita scritta in {record}"
    for english in ("Players:", "Turn 1", "Final scores", "At the table", "seat 0", "Colours:"):
        assert english not in out
    assert "Colori: riserva / in gioco / isole reali / punti" in out  # the map's summary
    assert "Decisione: " in out and " punti" in out
    # the record is the program's: English keys and notation, and the game English would play
    kept = GameRecord.from_json(record.read_text("utf-8"))
    assert kept.actions[0].__class__.__name__ == "SetupPlace"
    assert list(replay_states(kept))[-1].is_terminal
    english = tmp_path / "game.json"
    assert tongiaki(*TWO, "--record", str(english), stdin=answers).returncode == 0
    assert json.loads(english.read_text("utf-8")) == json.loads(record.read_text("utf-8"))


@pytest.mark.parametrize(
    ("environ", "first"),
    [
        (
            {"LANG": "de_DE.UTF-8"},
            "Spieler: 2 -- Platz 0 Blau, Platz 1 Rot; Platz 0 (Blau) beginnt",
        ),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "Joueurs : 2 -- place 0 Bleu"),
        ({"LANGUAGE": "it:fr", "LANG": "de_DE.UTF-8"}, "Giocatori: 2 -- posto 0 Blu"),
        ({"LANG": "ja_JP.UTF-8"}, "Players: 2 -- seat 0 Blue"),
        ({}, "Players: 2 -- seat 0 Blue"),
    ],
)
def test_the_locale_chooses_the_language_when_lang_is_not_given(
    environ: dict[str, str], first: str
) -> None:
    done = tongiaki("play", "--players", "2", "--human", "none", "--seed", "1", **environ)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith(first)


def test_lang_wins_over_the_locale_and_an_unknown_one_is_english_with_a_notice() -> None:
    done = tongiaki(
        "play",
        "--players",
        "2",
        "--human",
        "none",
        "--seed",
        "1",
        "--lang",
        "fr",
        LANG="de_DE.UTF-8",
    )
    assert done.stdout.startswith("Joueurs : 2")
    done = tongiaki("play", "--players", "2", "--human", "none", "--seed", "1", "--lang", "tlh")
    assert done.returncode == 0
    assert done.stdout.startswith("Players: 2")
    assert done.stderr == (
        "tongiaki: language 'tlh' is not available; using English (available: en, de, fr, it)\n"
    )


def test_errors_stay_english_whatever_the_language(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run(capsys, monkeypatch, "play", "--players", "9", "--lang", "de")
    assert status == 2
    assert err == "tongiaki play: error: --players must be 2 to 6, not 9\n"


def test_replay_and_render_speak_the_language(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    status, _out, _err = run(
        capsys,
        monkeypatch,
        "play",
        "--players",
        "3",
        "--human",
        "none",
        "--seed",
        "4",
        "--record",
        str(record),
    )
    assert status == 0
    status, out, err = run(capsys, monkeypatch, "replay", str(record), "--to", "8", "--lang", "fr")
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith("Joueurs : 3 -- place 0 Bleu")
    assert "Coup 1, place 0 Bleu : setup " in out
    assert out.rstrip().endswith("(arrêté après le coup 8 sur " + out.rstrip().split(" sur ")[-1])
    picture = tmp_path / "spiel.svg"
    status, _out, err = run(
        capsys,
        monkeypatch,
        "render",
        str(record),
        "--move",
        "30",
        "--lang",
        "de",
        "-o",
        str(picture),
    )
    assert status == 0, err
    svg = picture.read_text("utf-8")
    assert "Schritt 30 von " in svg and "Vorr." in svg and "Am Zug: " in svg
    # the next command without --lang is English again (in the same process)
    status, out, _err = run(capsys, monkeypatch, "replay", str(record), "--to", "1")
    assert out.startswith("Players: 3")


@pytest.mark.parametrize(
    ("language", "setup_line"),
    [
        ("de", "Platz 0 Blau setzt ein Startschiff an Tongas Strand "),
        ("fr", "place 0 Bleu pose un bateau de départ sur la plage "),
        ("it", "posto 0 Blu mette una barca iniziale sulla spiaggia "),
    ],
)
def test_the_bots_set_up_lines_are_in_the_language(
    capsys: Capsys, monkeypatch: Patch, language: str, setup_line: str
) -> None:
    argv = ("play", "--players", "2", "--human", "none", "--seed", "1", "--board", "never")
    status, out, err = run(capsys, monkeypatch, *argv, "--lang", language)
    assert status == 0, err
    setup = [line for line in out.splitlines()[3:7]]
    assert len(setup) == 4 and all(line.startswith(setup_line) for line in setup[::2]), setup
    assert "setup boat" not in out

"""The learned bot: its weights load, it plays legal games, bad weight files are refused.

Its strength is a benchmark (benchmarks/train_learned.py trains it, the
evaluation page measures it), not a test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from tongiaki_rules import replay
from tongiaki_rules.bots import (
    DEFAULT_WEIGHTS,
    LearnedBot,
    Weights,
    learned_weights,
    load_weights,
    make_bot,
    play_match,
    read_weights,
)
from tongiaki_rules.errors import SettingsError, TongiakiError

FITTED = (
    "presence",
    "spread",
    "royal",
    "boat",
    "alone",
    "at_sea",
    "landing",
    "reserve",
    "endgame",
    "temperature",
)


def _document(**weights: Any) -> dict[str, Any]:
    values = {name: getattr(DEFAULT_WEIGHTS, name) for name in FITTED} | weights
    return {"format": "tongiaki-learned-weights", "version": 1, "weights": values}


def test_the_shipped_weights_load_as_weights_with_every_fitted_field() -> None:
    weights = learned_weights()
    assert isinstance(weights, Weights)
    assert all(getattr(weights, name) > 0 for name in FITTED)
    assert make_bot("learned", seed=1).weights is weights  # type: ignore[attr-defined]


def test_the_shipped_file_is_the_training_scripts_format() -> None:
    path = Path(__file__).resolve().parents[2] / "src/tongiaki_rules/bots/learned_weights.json"
    document = json.loads(path.read_text("utf-8"))
    assert read_weights(document) == learned_weights()
    assert document["players"] == 2
    assert document["training"]["command"].startswith("python benchmarks/train_learned.py")


def test_a_learned_bot_plays_a_two_player_game_to_the_end_against_greedy() -> None:
    record = play_match([make_bot("learned", seed=1), make_bot("greedy", seed=2)], seed=5)
    assert replay(record).is_terminal
    assert record.metadata["seat0"] == "learned"


def test_the_same_seeds_give_the_same_game() -> None:
    def game() -> tuple[object, ...]:
        bots = [LearnedBot(seed=3), LearnedBot(seed=4)]
        return play_match(bots, seed=9).actions

    assert game() == game()


def test_playing_imports_neither_numpy_nor_torch() -> None:
    code = (
        "import sys\n"
        "from tongiaki_rules.bots import make_bot, play_match\n"
        "play_match([make_bot('learned', seed=1), make_bot('random', seed=2)], seed=1)\n"
        "print(sorted({'numpy', 'torch'} & set(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"


def test_a_weights_file_written_as_the_trainer_writes_it_loads(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_document(boat=0.7)), encoding="utf-8")
    weights = load_weights(path)
    assert weights == attrs.evolve(DEFAULT_WEIGHTS, boat=0.7)
    assert LearnedBot(seed=1, weights=weights).weights is weights


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([1, 2], "a weights file is a JSON object, not list"),
        ({**_document(), "format": "other"}, "format is not 'tongiaki-learned-weights'"),
        ({**_document(), "version": 2}, "version 2 is not 1, the version this reads"),
        ({**_document(), "version": True}, "version True is not 1, the version this reads"),
        ({**_document(), "weights": None}, "weights is a JSON object, not null"),
        (
            _document(depth=2),
            "weights.depth is not a weight (presence, spread, royal, boat, alone, at_sea, "
            "landing, reserve, endgame, temperature)",
        ),
        ({**_document(), "weights": {"boat": 0.5}}, "weights.presence is missing"),
        (_document(boat="0.5"), "weights.boat is not a finite number: '0.5'"),
        (_document(boat=True), "weights.boat is not a finite number: True"),
        (_document(boat=float("nan")), "weights.boat is not a finite number: nan"),
        (_document(boat=-0.1), "weights.boat is -0.1, not a number from 0 to 1000"),
        (_document(temperature=0), "weights.temperature is 0, not a number above 0 to 1000"),
        (_document(royal=1e6), "weights.royal is 1000000.0, not a number from 0 to 1000"),
    ],
)
def test_a_bad_weights_file_is_refused_naming_the_file_and_the_field(
    tmp_path: Path, document: object, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SettingsError) as info:
        load_weights(path)
    assert str(info.value) == f"weights file {str(path)!r}: {message}"
    assert isinstance(info.value, TongiakiError)


def test_a_weights_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(b'{"format": ')
    with pytest.raises(SettingsError, match=r"broken.json': not JSON \(JSONDecodeError\)"):
        load_weights(path)


def test_weights_that_are_not_weights_are_refused_by_the_bot() -> None:
    with pytest.raises(SettingsError, match="learned: weights must be a Weights, not dict"):
        LearnedBot(weights={"boat": 1.0})  # type: ignore[arg-type]


def test_the_wheel_build_configuration_ships_the_weights_file() -> None:
    """hatch ships every file under the package folder that git does not ignore."""
    root = Path(__file__).resolve().parents[2]
    pyproject = (root / "pyproject.toml").read_text("utf-8")
    assert 'packages = ["src/tongiaki_rules", "src/_tongiaki_cli"]' in pyproject
    ignored = (root / ".gitignore").read_text("utf-8").split()
    assert not any(pattern in ("*.json", "learned_weights.json") for pattern in ignored)
    assert (root / "src/tongiaki_rules/bots/learned_weights.json").is_file()

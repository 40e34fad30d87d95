"""Your own bot joins every tool: as ``module:attribute``, as an object, as a factory; and a
bot that fails is reported with its seat and move."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from tongiaki_rules import SettingsError, new_game
from tongiaki_rules.bots import (
    BotFailedError,
    FunctionBot,
    RandomBot,
    build_bot,
    make_bot,
    parse_bot_spec,
    play_match,
)
from tongiaki_rules.bots._specs import MODULES_VARIABLE, allowed_modules
from tongiaki_rules.simulation import simulate

USER_BOTS = '''
import time

from tongiaki_rules.bots import RandomBot


class Careful:
    """A bot class taking seed= and an option."""

    def __init__(self, seed=None, depth=1):
        self.inner = RandomBot(seed=seed)
        self.depth = depth

    @property
    def name(self):
        return f"careful{self.depth}"

    def choose(self, state):
        return self.inner.choose(state)


def make_careful(seed=None):
    return Careful(seed=seed, depth=7)


def first(state, rng):
    return rng.choice(state.legal_actions())


def not_a_bot(seed=None):
    return 42


class Raises:
    name = "raises"

    def __init__(self, seed=None):
        self.calls = 0

    def choose(self, state):
        self.calls += 1
        if self.calls > 3:
            raise ZeroDivisionError("my bug")
        return state.legal_actions()[0]


class Illegal:
    name = "illegal"

    def __init__(self, seed=None):
        pass

    def choose(self, state):
        from tongiaki_rules import SetupPlace
        return SetupPlace(5) if state.pending.kind.value != "setup" else state.legal_actions()[0]


class Slow(Careful):
    @property
    def name(self):
        return "slow"

    def choose(self, state):
        time.sleep(0.02)
        return super().choose(state)


SCORE = 3
'''


@pytest.fixture
def user_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """An importable module ``user_bots_for_specs`` holding a few bots, as a user writes them."""
    (tmp_path / "user_bots_for_specs.py").write_text(textwrap.dedent(USER_BOTS))
    monkeypatch.syspath_prepend(str(tmp_path))
    return "user_bots_for_specs"


def test_a_class_a_factory_and_a_choose_function_are_bots_by_spec(user_bots: str) -> None:
    state = new_game(3)
    careful = make_bot(f"{user_bots}:Careful:depth=3", seed=5)
    assert careful.name == "careful3"
    assert careful.choose(state) == make_bot(f"{user_bots}:Careful:depth=3", seed=5).choose(state)
    assert make_bot(f"{user_bots}:make_careful", seed=1).name == "careful7"
    function = make_bot(f"{user_bots}:first", seed=2)
    assert isinstance(function, FunctionBot) and function.name == f"{user_bots}:first"
    assert function.choose(state) in state.legal_actions()
    assert parse_bot_spec(f"{user_bots}:Careful:depth=3") == (f"{user_bots}:Careful", {"depth": 3})


@pytest.mark.parametrize(
    ("attribute", "message"),
    [
        ("Missing", "has no attribute 'Missing'"),
        ("SCORE", "neither a class, a factory nor a choose(state, rng) function"),
        ("not_a_bot", "did not give a bot"),
        ("Careful:colour=3", "building the bot failed (TypeError"),
        ("first:depth=2", "takes no options"),
    ],
)
def test_a_spec_that_gives_no_bot_says_why(user_bots: str, attribute: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(f"{user_bots}:{attribute}")


def test_a_module_that_cannot_be_imported_is_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="cannot import no_such_module_here"):
        make_bot("no_such_module_here:Bot")


def test_imports_can_be_refused_or_limited_to_named_modules(
    user_bots: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SettingsError, match="bots from modules are not allowed here"):
        make_bot(f"{user_bots}:Careful", modules=False)
    with pytest.raises(SettingsError, match=r"allowed: other"):
        make_bot(f"{user_bots}:Careful", modules=["other"])
    assert make_bot(f"{user_bots}:Careful", modules=[user_bots]).name == "careful1"
    monkeypatch.setenv(MODULES_VARIABLE, f"x, {user_bots}")
    assert allowed_modules() == ("x", user_bots)


def test_the_servers_bot_seats_take_only_the_modules_its_operator_names(
    user_bots: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = pytest.importorskip("tongiaki_rules.server.moves")
    errors = pytest.importorskip("tongiaki_rules.server.errors")
    policy = moves.BotPolicy()
    monkeypatch.delenv(MODULES_VARIABLE, raising=False)
    with pytest.raises(errors.Unprocessable, match="not allowed here"):
        policy.check(f"{user_bots}:Careful", "seats.1")
    monkeypatch.setenv(MODULES_VARIABLE, user_bots)
    assert policy.check(f"{user_bots}:Careful", "seats.1") == f"{user_bots}:Careful"
    assert policy.choose(f"{user_bots}:Careful", 3, new_game(2)) in new_game(2).legal_actions()


def test_simulate_takes_specs_factories_and_objects(user_bots: str) -> None:
    from user_bots_for_specs import Careful  # type: ignore[import-not-found]

    by_spec = simulate([f"{user_bots}:Careful", "random"], games=4, players=2, seed=3)
    by_factory = simulate([Careful, "random"], games=4, players=2, seed=3)
    assert by_spec.results == by_factory.results
    assert by_factory.bots == (f"{user_bots}:Careful", "random")
    by_object = simulate([RandomBot(seed=1), "greedy"], games=2, players=2, seed=3)
    assert by_object.bots == ("random", "greedy") and by_object.games == 2


def test_simulate_in_processes_plays_a_picklable_factory_the_same(user_bots: str) -> None:
    from user_bots_for_specs import Careful

    alone = simulate([Careful, "random"], games=4, players=2, seed=3)
    shared = simulate([Careful, "random"], games=4, players=2, seed=3, jobs=2)
    assert alone.results == shared.results


def test_a_bot_that_cannot_be_pickled_for_processes_is_named() -> None:
    class Local(RandomBot):
        @property
        def name(self) -> str:
            return "local"

    with pytest.raises(SettingsError, match=r"bots\[0\] \(local\) cannot be sent to worker"):
        simulate([Local(seed=1), "random"], games=2, players=2, jobs=2)
    assert simulate([Local(seed=1), "random"], games=2, players=2).games == 2  # one process


def test_a_bot_that_raises_is_reported_with_its_seat_and_move(user_bots: str) -> None:
    bots = [make_bot(f"{user_bots}:Raises"), RandomBot(seed=1)]
    with pytest.raises(BotFailedError) as info:
        play_match(bots, seed=1)
    error = info.value
    assert error.seat == 0 and error.move >= 4
    assert str(error).startswith(
        f"the bot of seat 0 (raises) raised ZeroDivisionError at move {error.move}"
    )
    assert len(error.record.actions) == error.move - 1


def test_a_bot_that_chooses_an_illegal_action_is_reported(user_bots: str) -> None:
    with pytest.raises(BotFailedError, match=r"seat 1 \(illegal\) chose an illegal action at move"):
        play_match([RandomBot(seed=2), make_bot(f"{user_bots}:Illegal")], seed=1)


def test_a_slow_bot_fails_with_a_time_limit(user_bots: str) -> None:
    slow = make_bot(f"{user_bots}:Slow", seed=1)
    with pytest.raises(BotFailedError, match=r"seat 0 \(slow\) took .* over move 1, more than"):
        play_match([slow, RandomBot(seed=1)], seed=1, move_time_limit=0.001)
    with pytest.raises(SettingsError, match="move_time_limit"):
        play_match([slow, RandomBot(seed=1)], seed=1, move_time_limit=-1)


def test_the_tournament_stops_or_skips_the_games_a_bot_fails_in(user_bots: str) -> None:
    bots = [f"{user_bots}:Raises", "random"]
    with pytest.raises(BotFailedError, match=r"^game 1: the bot of seat 0 \(raises\)"):
        simulate(bots, games=3, players=2, seed=1)
    summary = simulate(bots, games=3, players=2, seed=1, on_bot_error="skip")
    assert summary.games + len(summary.failures) == 3
    assert all("(raises) raised ZeroDivisionError at move" in f for f in summary.failures)
    with pytest.raises(SettingsError, match="on_bot_error"):
        simulate(bots, games=1, players=2, on_bot_error="ignore")


def test_build_bot_takes_a_bot_a_factory_or_text() -> None:
    assert build_bot(RandomBot, seed=1).choose(new_game(2)) == RandomBot(seed=1).choose(new_game(2))
    bot = RandomBot(seed=4)
    assert build_bot(bot) is bot
    assert build_bot("greedy", seed=1).name == "greedy"
    rng = random.Random(0)
    assert (
        FunctionBot(lambda s, r: s.legal_actions()[0], "f").choose(new_game(2))
        in new_game(2).legal_actions()
    )
    del rng


class NamedClass:
    """A bot class whose name is a class attribute: a factory, not a bot object."""

    name = "named"

    def __init__(self, seed: int | None = None) -> None:
        self.inner = RandomBot(seed=seed)

    def choose(self, state):  # type: ignore[no-untyped-def]
        return self.inner.choose(state)


def test_a_class_with_a_name_attribute_is_a_factory_in_play_match_and_simulate() -> None:
    record = play_match([NamedClass, RandomBot(seed=1)], seed=4)
    assert record.metadata["seat0"] == "named"
    assert record == play_match([NamedClass, RandomBot(seed=1)], seed=4)
    summary = simulate([NamedClass, "random"], games=2, players=2, seed=1)
    assert summary.games == 2 and summary.bots[0].endswith(":NamedClass")

"""play_match: a whole game between bots, recorded; a looping game stops with an error."""

from __future__ import annotations

import pytest

from tongiaki_rules import GameState, replay
from tongiaki_rules.actions import Action
from tongiaki_rules.bots import MatchTooLongError, RandomBot, play_match


def test_a_match_is_recorded_and_replays_to_its_end() -> None:
    record = play_match([RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)], seed=5)
    assert replay(record).is_terminal
    assert record.metadata["seat2"] == "random" and record.metadata["seed"] == 5


def test_the_same_seeds_give_the_same_game() -> None:
    def game() -> object:
        return play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=9).actions

    assert game() == game()


class _Stubborn:
    """Always takes the last legal action: a bot that may keep a game going."""

    name = "stubborn"

    def choose(self, state: GameState) -> Action:
        return state.legal_actions()[-1]


def test_a_game_past_the_cap_raises_with_the_record_so_far() -> None:
    with pytest.raises(MatchTooLongError, match="past 30 decisions") as info:
        play_match([_Stubborn(), RandomBot(seed=2)], seed=1, max_decisions=30)
    record = info.value.record
    assert not replay(record).is_terminal
    decisions = [a for a in record.actions if type(a).__name__ != "Draw"]
    assert len(decisions) == 30


def test_no_cap_means_the_game_is_played_out() -> None:
    record = play_match([RandomBot(seed=4), RandomBot(seed=6)], seed=2, max_decisions=None)
    assert replay(record).is_terminal


def test_the_error_survives_pickling_for_worker_processes() -> None:
    import pickle

    with pytest.raises(MatchTooLongError) as info:
        play_match([_Stubborn(), RandomBot(seed=2)], seed=1, max_decisions=5)
    copy = pickle.loads(pickle.dumps(info.value))
    assert str(copy) == str(info.value) and copy.record == info.value.record


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random:seed=3", "seed is not an option"),
        ("random:depth=3", "random: unknown option 'depth'"),
        ("genius", "unknown bot 'genius'"),
        ("greedy:7", "is not key=value"),
    ],
)
def test_bad_bot_specs_are_settings_errors_that_say_why(spec: str, message: str) -> None:
    from tongiaki_rules import SettingsError
    from tongiaki_rules.bots import make_bot

    with pytest.raises(SettingsError, match=message):
        make_bot(spec, seed=1)

"""One contract for every game of the package, through the game protocol only."""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import IllegalActionError, SettingsError
from tongiaki_rules.game import GameDescriptor, GamePosition, random_playout
from tongiaki_rules.games import GAMES, TONCC, TONGIAKI, game_named

pytestmark = pytest.mark.topic("games")

IDS = [game.name for game in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_playout_through_the_protocol_ends_in_an_outcome(
    game: GameDescriptor[GamePosition[object, object]], seed: int
) -> None:
    rng = random.Random(seed)
    for players in game.player_counts[:2]:
        position = game.new_game(players)
        assert isinstance(position, GamePosition)
        assert position.num_players == players
        assert position.returns() == (0.0,) * players
        steps = 0
        while not position.is_terminal:
            deciders = position.deciders
            assert position.is_chance == (not deciders), "chance acts exactly when nobody decides"
            if position.is_chance:
                outcomes = position.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                position = position.apply_chance(outcomes[rng.randrange(len(outcomes))][0])
            else:
                assert deciders == tuple(sorted(set(deciders)))
                for player in range(players):
                    assert bool(position.legal_actions(player)) == (player in deciders)
                choices = {p: rng.choice(position.legal_actions(p)) for p in deciders}
                position = position.apply(choices)
            steps += 1
            assert steps < 100_000
        assert position.deciders == () and not position.is_chance
        winners = position.winners()
        assert winners and set(winners) <= set(range(players))
        returns = position.returns()
        assert len(returns) == players and sum(returns) == pytest.approx(0.0)
        if len(winners) < players:
            assert all((r > 0) == (p in winners) for p, r in enumerate(returns))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_playout_plays_any_game_to_its_end(
    game: GameDescriptor[GamePosition[object, object]],
) -> None:
    first = random_playout(game.new_game(), random.Random(3))
    again = random_playout(game.new_game(), random.Random(3))
    assert first.is_terminal and first == again


def test_the_toncc_wrapper_gives_the_state_returns_by_player() -> None:
    end = random_playout(TONCC.new_game(), random.Random(8))
    by_king = end.state.returns()
    assert end.returns() == tuple(by_king[end.state.king_of(p).value] for p in range(3))


def test_the_descriptors_say_who_plays_and_how() -> None:
    assert (TONGIAKI.player_counts, TONGIAKI.simultaneous) == ((2, 3, 4, 5, 6), False)
    assert (TONCC.player_counts, TONCC.simultaneous) == ((3,), True)
    assert game_named("tongiaki") is TONGIAKI and game_named("toncc") is TONCC


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: TONCC.new_game(2), "players: toncc is played by 3, not 2"),
        (lambda: TONGIAKI.new_game(7), "players: tongiaki is played by 2, 3, 4, 5, 6, not 7"),
        (lambda: TONGIAKI.new_game(True), "not True"),
        (lambda: game_named("chess"), "game: 'chess' is not a game of the package"),
        (lambda: GameDescriptor("x", "X", (), 2, False, TONCC.make), "player_counts"),
    ],
)
def test_bad_settings_are_refused_naming_them(call: object, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bad_choices_are_refused_and_change_nothing(
    game: GameDescriptor[GamePosition[object, object]],
) -> None:
    position = game.new_game()
    while position.is_chance:
        position = position.apply_chance(position.chance_outcomes()[0][0])
    before = position
    legal = {p: position.legal_actions(p)[0] for p in position.deciders}
    absent = max(position.deciders) + 1 if len(position.deciders) < 6 else None
    for bad in ([1, 2], {}, {**legal, absent: legal[position.deciders[0]]}):
        with pytest.raises(IllegalActionError, match="choices"):
            position.apply(bad)  # type: ignore[arg-type]
    assert position == before
    with pytest.raises(IllegalActionError, match="not over"):
        position.winners()

"""The bots: every choice is legal, a seed fixes the choices, and they rank as documented."""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import DecisionKind, GameState, Rules, new_game, replay
from tongiaki_rules.bots import BOT_NAMES, Bot, make_bot, play_match
from tongiaki_rules.bots._heuristic import Evaluation, advantage

CHEAP = {
    "random": "random",
    "greedy": "greedy",
    "mcts": "mcts:iterations=12",
    "learned": "learned",
}


def _states(players: int, rules: Rules, seed: int, every: int) -> list[GameState]:
    """States of one random game, every ``every``-th decision (chance nodes skipped)."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    found: list[GameState] = []
    step = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if step % every == 0:
            found.append(state)
        step += 1
        state = state.apply(rng.choice(state.legal_actions()))
    return found


SETTINGS = [
    (2, Rules()),
    (4, Rules()),
    (6, Rules()),
    (3, Rules(variant_rody=True)),
    (2, Rules(variant_two_player_double_colour=True)),
]


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize(("players", "rules"), SETTINGS)
def test_every_bot_chooses_a_legal_action_in_every_kind_of_decision(
    name: str, players: int, rules: Rules
) -> None:
    every = 9 if name == "mcts" else 3
    kinds = set()
    bot = make_bot(CHEAP[name], seed=players)
    for state in _states(players, rules, seed=players, every=every):
        assert bot.choose(state) in state.legal_actions()
        kinds.add(state.pending.kind)
    assert {DecisionKind.SETUP, DecisionKind.TURN} <= kinds


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_bot_built_with_the_same_seed_makes_the_same_choices(name: str) -> None:
    states = _states(3, Rules(), seed=4, every=11)
    first = make_bot(CHEAP[name], seed=7)
    second = make_bot(CHEAP[name], seed=7)
    assert [first.choose(s) for s in states] == [second.choose(s) for s in states]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_meets_the_bot_protocol(name: str) -> None:
    bot = make_bot(CHEAP[name], seed=1)
    assert isinstance(bot, Bot)
    assert bot.name == name


def test_a_whole_match_between_every_named_bot_ends() -> None:
    bots = [make_bot(CHEAP[name], seed=s) for s, name in enumerate(BOT_NAMES)]
    record = play_match(bots, seed=3)
    final = replay(record)
    assert final.is_terminal
    assert [record.metadata[f"seat{s}"] for s in range(len(BOT_NAMES))] == list(BOT_NAMES)


def _wins(spec: str, other: str, games: range) -> float:
    """Wins of ``spec`` in the seeded two-player ``games`` against ``other``.

    Game ``n`` is seeded with ``n`` and ``spec`` sits first in the even games,
    second in the odd ones; a shared win counts as a half.
    """
    won = 0.0
    for game in games:
        specs = [spec, other] if game % 2 == 0 else [other, spec]
        bots = [make_bot(s, seed=100 * game + seat) for seat, s in enumerate(specs)]
        outcome = replay(play_match(bots, seed=game)).outcome()
        assert outcome is not None
        won += sum(1 / len(outcome.winners) for w in outcome.winners if specs[w] == spec)
    return won


# Strength is measured by benchmarks/bench_strength.py (hundreds of games, figures in
# docs/how-to/bots.md). The default run checks a few seeded games, two from each seat,
# whose results were measured once: MCTS (10 iterations) won games 1-4 against greedy
# and games 0-3 against random, greedy won games 0-9 against random. A bot change
# that loses more than one of them has weakened the bot, or must be measured again.


def test_greedy_beats_random_in_seeded_games_from_either_seat() -> None:
    assert _wins("greedy", "random", range(10)) >= 9  # of 10


def test_mcts_beats_random_in_seeded_games_from_either_seat() -> None:
    assert _wins("mcts:iterations=10", "random", range(4)) >= 3  # of 4


@pytest.mark.slow
def test_mcts_beats_greedy_in_seeded_games_from_either_seat() -> None:
    assert _wins("mcts:iterations=10", "greedy", range(1, 5)) >= 3  # of 4


@pytest.mark.slow
def test_greedy_beats_random_in_most_games() -> None:
    assert _wins("greedy", "random", range(20)) >= 14  # of 20: at least 70 %


@pytest.mark.slow
def test_mcts_beats_random_in_most_games() -> None:
    assert _wins("mcts:iterations=10", "random", range(10)) >= 8  # of 10


def test_mcts_with_one_iteration_makes_the_greedy_choice() -> None:
    """The search starts from greedy's view, pacing included: with no time to search it plays
    as greedy does (up to ties), even when impatient bots must start drawing tiles."""
    wide = ":sample=1000"  # rate every option, so that neither bot's sampling matters
    greedy = [make_bot("greedy" + wide, seed=seat) for seat in range(2)]
    mcts = [make_bot("mcts:iterations=1" + wide, seed=seat) for seat in range(2)]
    rng = random.Random(5)
    state = new_game(2)
    idle = [0, 0]  # own turns in a row with the pile standing still
    pile = [-1, -1]
    impatient = 0
    for _ in range(400):
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        assert seat is not None
        expected, chosen = greedy[seat].choose(state), mcts[seat].choose(state)
        evaluation = Evaluation(state)
        assert advantage(evaluation.after(chosen, state.apply(chosen)), seat) == pytest.approx(
            advantage(evaluation.after(expected, state.apply(expected)), seat)
        ), (state.pending.kind, expected, chosen)
        if state.pending.kind is DecisionKind.TURN:
            size = len(state.pile.tiles)
            idle[seat] = idle[seat] + 1 if size == pile[seat] else 0
            pile[seat] = size
            impatient += idle[seat] > 4  # the bots' default patience
        state = state.apply(expected)
    assert impatient  # the game went through the stretch this test is about


@pytest.mark.slow
def test_mcts_beats_greedy_in_most_games() -> None:
    # a few hundred games at the default budget are in docs/how-to/bots.md
    assert _wins("mcts:iterations=10", "greedy", range(16)) >= 10  # of 16

"""The bots' two shortcuts round AMB-25's look-ahead give legal moves and the same positions.

The greedy bot rates each option by ``GameState._preview`` instead of
``apply``: the same step, except that where the next decision has two or more
legal choices of which exactly one can still end the turn (AMB-25), ``apply``
plays that one for the player and the preview stops before it. Everywhere
else the two are the same position.

And it rates the raw moves (``GameState._moves``, the list before the
look-ahead) and checks only its pick (``GameState._offers``): a refused pick
is dropped for the next best, so it still plays only legal moves.
"""

from __future__ import annotations

import random

import pytest
from tests.core.scenarios.test_finite_chains import FLAGS, bounces_home, facing_pairs

from tongiaki_rules import DecisionKind, GameState, Rules, new_game
from tongiaki_rules.actions import Action
from tongiaki_rules.bots import Evaluation, GreedyBot, rate_options
from tongiaki_rules.errors import SettingsError

REPLIES = (DecisionKind.DEPARTURE, DecisionKind.BERTH, DecisionKind.PLACE_TILE)


def random_decisions(start: GameState, rng: random.Random, count: int) -> list[GameState]:
    """``count`` decisions met by a random player from ``start`` (draws sampled)."""
    met: list[GameState] = []
    state = start
    while len(met) < count:
        if state.is_terminal:
            state = start
        elif state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            met.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return met


def whole_turn(start: GameState) -> list[GameState]:
    """Every decision of the turn that ``start`` begins, by every choice (up to the next turn)."""
    return [state for state, _path in turn_paths(start)]


def turn_paths(start: GameState) -> list[tuple[GameState, tuple[Action, ...]]]:
    """:func:`whole_turn`'s decisions, each with the moves that lead to it from ``start``."""
    met: list[tuple[GameState, tuple[Action, ...]]] = [(start, ())]
    seen = {start}
    for state, path in met:
        for action in state.legal_actions():
            after = state.apply(action)
            if after.pending.kind in REPLIES and after not in seen:
                seen.add(after)
                met.append((after, (*path, action)))
    return met


def compare(state: GameState) -> int:
    """Check every legal action's preview against its step; how many differed (forced replies)."""
    differed = 0
    for action in state.legal_actions():
        after = state.apply(action)
        preview = state._preview(action)
        if preview == after:
            continue
        # the only difference allowed: the one choice that can end the turn, not yet played
        assert preview.pending.kind in REPLIES
        offered = preview.legal_actions()
        assert len(offered) == 1  # of two or more legal ones: else the step plays it too
        assert preview.apply(offered[0]) == after
        differed += 1
    return differed


@pytest.mark.clause("AMB-25")
@pytest.mark.parametrize("rules", FLAGS, ids=lambda r: repr(r.changed()))
def test_a_preview_is_the_step_but_for_a_reply_the_look_ahead_forces(rules: Rules) -> None:
    rng = random.Random(7)
    differed = 0
    for start in (facing_pairs(rules), bounces_home(rules)):
        for state in whole_turn(start):
            differed += compare(state)
    assert differed > 0  # a refilled beach refused: the look-ahead forces the other one
    for state in random_decisions(new_game(3, rules), rng, 150):
        compare(state)


@pytest.mark.clause("AMB-25")
@pytest.mark.parametrize("rules", FLAGS, ids=lambda r: repr(r.changed()))
def test_the_greedy_bot_plays_only_offered_moves_where_the_look_ahead_refuses_some(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused: list[Action] = []
    offers = GameState._offers

    def counted(state: GameState, action: Action) -> bool:
        offered = offers(state, action)
        if not offered:
            refused.append(action)
        return offered

    monkeypatch.setattr(GameState, "_offers", counted)
    for make in (facing_pairs, bounces_home):
        for _state, path in turn_paths(make(rules)):
            for seed in range(5):
                state = make(rules)
                for action in path:  # made afresh: its list not read yet, as in a game
                    state = state.apply(action)
                assert GreedyBot(seed=seed).choose(state) in state.legal_actions()
    assert refused  # the bot did pick refused moves, and went on to legal ones


@pytest.mark.parametrize("previews", [1, 0, "yes", None, 1.0])
def test_rate_options_takes_only_a_bool_for_previews(previews: object) -> None:
    state = new_game(2)
    with pytest.raises(SettingsError, match="previews must be True or False"):
        rate_options(state, Evaluation(state), None, random.Random(0), 24, previews=previews)  # type: ignore[arg-type]
    assert state == new_game(2)

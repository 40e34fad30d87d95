"""AMB-25's look-ahead runs when a list is read, and a move is checked on its own.

A state made and never asked for its moves (a bot's look at a child, a
replay of a record) should not pay for working out which choices can end the
turn. Two things must then stay exactly as they were: the position a move
leads to (the engine still plays for the player a departure, landing or
placement that only one choice can end), and which moves ``apply`` accepts
before the list is read (one action's case settles it, the others' only when
it cannot end the turn). These tests check both on decisions dense in chains,
under every flag set of the reference's generators.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import (
    FAMILIES,
    FLAG_SETS,
    PLAYERS,
    built_decisions,
    played,
    standard_game,
)
from tests.termination.pure_build import pure_build_only

from tongiaki_rules import GameState, IllegalActionError, Rules
from tongiaki_rules import _engine as E
from tongiaki_rules._engine.finite import FiniteChoices
from tongiaki_rules.actions import Action


def decisions(rules: Rules) -> Iterator[GameState]:
    for seed in range(2):
        for name, player in PLAYERS.items():
            rng = random.Random(f"lazy-{name}-{seed}")
            yield from played(standard_game(seed, rules), player, rng, 150)
        for family in FAMILIES.values():
            yield from built_decisions(family, seed, rules, turn=8, after=6)


@pytest.mark.clause("AMB-25")
@pytest.mark.parametrize("flags", sorted(FLAG_SETS))
def test_apply_accepts_before_the_list_is_read_exactly_the_moves_the_list_offers(
    flags: str,
) -> None:
    checked = refused = 0
    for state in decisions(FLAG_SETS[flags]):
        raw = E.Work(state).legal()
        if len(raw) < 2:
            continue
        offered = state.legal_actions()
        for action in raw:
            state.drop_caches()  # the list is not read: apply settles this action alone
            if action in offered:
                assert state.apply(action) == _applied_after_reading(state, action)
            else:
                refused += 1
                with pytest.raises(IllegalActionError):
                    state.apply(action)
            checked += 1
        state.drop_caches()
        assert state.legal_actions() == offered  # read again, the same list
    assert checked > 400
    if flags != "default":  # these samples reach choices the rule takes away
        assert refused > 0


def _applied_after_reading(state: GameState, action: Action) -> GameState:
    state.legal_actions()
    return state.apply(action)


def _eager_forced_choice(
    self: FiniteChoices, acts: list[Action]
) -> list[Action] | tuple[int, tuple[Action, ...]]:
    """The whole list worked out at once, as before lists were read on demand."""
    kept = self.finite_choices(acts)
    return (len(acts), tuple(kept)) if len(kept) > 1 else kept


@pytest.mark.clause("AMB-25")
@pure_build_only
@pytest.mark.parametrize("flags", FLAG_SETS, ids=str)
def test_a_move_leads_to_the_position_it_led_to_when_every_list_was_worked_out_at_once(
    flags: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    moves: list[tuple[GameState, Action]] = []
    for state in decisions(FLAG_SETS[flags]):
        for action in state.legal_actions():
            moves.append((state, action))
    lazy = [state.apply(action) for state, action in moves]
    monkeypatch.setattr(E.Work, "forced_choice", _eager_forced_choice)
    eager = [state.apply(action) for state, action in moves]
    assert lazy == eager
    assert [s.legal_actions() for s in lazy] == [s.legal_actions() for s in eager]
    assert len(moves) > 1000


def unread(state: GameState) -> GameState:
    """An equal state whose list is not read yet, as the engine makes every state."""
    return state._settled()


def _with_unread_copies() -> Iterator[tuple[GameState, GameState, tuple[Action, ...]]]:
    """Each decision with two or more raw moves, an unread copy, and the offered moves."""
    for state in (s for rules in FLAG_SETS.values() for s in decisions(rules)):
        if len(E.Work(state).legal()) >= 2:
            yield state, unread(state), state.legal_actions()


@pytest.mark.clause("AMB-25")
def test_a_sampled_move_is_the_one_drawn_from_the_list_with_the_same_random_numbers() -> None:
    """``sample_action`` reads no list, yet draws what ``rng.choice(legal_actions())`` draws
    whenever every raw move is offered, and leads to the same position."""
    same = unread_states = 0
    for state, fresh, offered in _with_unread_copies():
        unread_states += fresh._unread is not None
        raw = E.Work(state).legal()
        for seed in range(3):
            mine, theirs = random.Random(seed), random.Random(seed)
            action = fresh.sample_action(mine)
            assert action in offered
            if len(raw) == len(offered):
                assert action == theirs.choice(offered)
                assert mine.getstate() == theirs.getstate()
                same += 1
            assert fresh.apply(action) == state.apply(action)
        assert fresh == state
    assert same > 2000 and unread_states > 500


@pytest.mark.clause("AMB-25")
def test_sampled_moves_are_uniform_over_the_offered_moves_where_the_rule_refuses_some() -> None:
    """A raw move the look-ahead refuses is never drawn, and the offered ones come up evenly."""
    tested = 0
    for state, _fresh, offered in _with_unread_copies():
        raw = E.Work(state).legal()
        if len(raw) == len(offered) or len(offered) > 8:
            continue
        rng = random.Random(f"uniform-{tested}")
        draws = 60 * len(offered)
        counts = dict.fromkeys(offered, 0)
        for _ in range(draws):
            counts[unread(state).sample_action(rng)] += 1  # KeyError: a refused move
        assert all(30 <= n <= 120 for n in counts.values()), counts
        tested += 1
        if tested == 6:
            break
    assert tested >= 3  # the sample reaches decisions where the rule takes moves away

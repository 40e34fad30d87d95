"""The offered choices agree with a plain, independent reference of AMB-25.

``reference_chain.reference_offered`` follows every sequence of raw choices
up to the next draw, the end of the turn or the end of the game, and keeps
the choices after which some sequence gets there without departing again
from a position the chain has already departed from. It shares nothing with
the engine's certificates or look-ahead, so agreement on many decisions dense
in chains is evidence that the engine's filter is exact, whatever its
implementation. The decisions come from ``chain_generators``: random and
repeating players, built positions packed with near-full beaches, rings,
royal islands, emptied reserves and one-slot beaches, under four flag sets.

A decision whose plain search needs more nodes than the reference's budget
is skipped and counted; skipped decisions must stay a small minority.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from tests.termination.chain_generators import (
    FAMILIES,
    FLAG_SETS,
    PLAYERS,
    built_decisions,
    generated_tiles_game,
    played,
    standard_game,
)
from tests.termination.reference_chain import TooExpensive, reference_offered

from tongiaki_rules import GameState, Rules
from tongiaki_rules import _engine as E

TIGHT = ("tight-ring", "tight-empty", "tight-full")
"""The families built round a ring of two tiles: cheap, and where the rule bites most."""


def sampled_decisions(
    rules: Rules, seeds: range, tight_seeds: range, *, game_decisions: int, turn: int, after: int
) -> Iterator[tuple[str, GameState]]:
    """Decisions of every generator under ``rules``, each named by where it came from.

    Games and most built families take ``seeds``; the tight-ring families take ``tight_seeds``.
    """
    for seed in seeds:
        for name, player in PLAYERS.items():
            rng = random.Random(f"{name}-{seed}")
            for state in played(standard_game(seed, rules), player, rng, game_decisions):
                yield f"standard game, {name} player, seed {seed}", state
            rng = random.Random(f"{name}-generated-{seed}")
            for state in played(generated_tiles_game(seed, rules), player, rng, game_decisions):
                yield f"generated tiles, {name} player, seed {seed}", state
        for family in FAMILIES.values():
            if family.name in TIGHT:
                continue
            for state in built_decisions(family, seed, rules, turn=turn, after=after):
                yield f"built {family.name}, seed {seed}", state
    for seed in tight_seeds:
        for name in TIGHT:
            for state in built_decisions(FAMILIES[name], seed, rules, turn=turn, after=after):
                yield f"built {name}, seed {seed}", state


def verdict(state: GameState) -> str:
    """``agree``, ``skipped`` (over budget) or ``differ``."""
    try:
        expected = reference_offered(state)
    except TooExpensive:
        return "skipped"
    if list(state.legal_actions()) == expected:
        return "agree"
    return "differ"


def compare(decisions: Iterator[tuple[str, GameState]], counts: Counter[str]) -> None:
    """Assert that every decision offers what the reference offers; count what was seen."""
    for origin, state in decisions:
        seen = verdict(state)
        counts[seen] += 1
        if seen == "agree" and len(state.legal_actions()) < len(E.Work(state).legal()):
            counts["with a refusal"] += 1
        assert seen != "differ", (origin, state, reference_offered(state))


@pytest.mark.clause("AMB-25", "AMB-10", "CLOSED-2", "CLOSED-3", "LAND-2", "ROYAL-7")
@pytest.mark.parametrize("flags", FLAG_SETS, ids=str)
def test_offered_choices_agree_with_the_plain_reference_on_a_sample(flags: str) -> None:
    counts: Counter[str] = Counter()
    decisions = sampled_decisions(
        FLAG_SETS[flags], range(1), range(20), game_decisions=60, turn=30, after=20
    )
    compare(decisions, counts)
    assert counts["agree"] >= 300
    assert counts["skipped"] <= counts["agree"] // 50


@pytest.mark.slow
@pytest.mark.clause("AMB-25", "AMB-10", "CLOSED-2", "CLOSED-3", "LAND-2", "ROYAL-7")
def test_offered_choices_agree_with_the_plain_reference_on_twenty_thousand_decisions() -> None:
    counts: Counter[str] = Counter()
    for rules in FLAG_SETS.values():
        decisions = sampled_decisions(
            rules, range(10), range(120), game_decisions=150, turn=30, after=20
        )
        compare(decisions, counts)
    print(dict(counts))
    assert counts["agree"] >= 20_000
    assert counts["skipped"] <= counts["agree"] // 100
    assert counts["with a refusal"] >= 100

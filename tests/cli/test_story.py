"""Who is who at the table, as ``play`` and ``replay`` name the seats."""

from __future__ import annotations

from tongiaki_rules.cli._story import who_decides
from tongiaki_rules.narration import play_game


def test_who_decides_names_the_seat_chance_or_nobody() -> None:
    states, _actions = play_game(3, seed=2)
    assert who_decides(states[0]) == "seat 0 Blue"
    assert who_decides(next(s for s in states if s.is_chance_node)) == "chance"
    assert who_decides(states[-1]) == "nobody"

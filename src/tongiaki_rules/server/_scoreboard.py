"""The score panel and the end of a game as JSON: what a front end shows beside the board.

>>> from tongiaki_rules import new_game
>>> board = scoreboard(new_game(2))
>>> board["colours"][0]
{'colour': 'B', 'seat': 0, 'reserve': 15, 'board': 0, 'sea': 0, 'royal': 0}
>>> board["scores"], board["pile"], board["turn"]
([0, 0], {'islands': 15, 'oceans': 16}, 'B')
>>> outcome_json(new_game(2)) is None
True
"""

from __future__ import annotations

from typing import Any

from tongiaki_rules import ORIGIN, GameState, position, render_svg

from ._steps import rule_url

__all__ = ["TIEBREAK_CLAUSES", "outcome_json", "scoreboard", "tile_picture"]

TIEBREAK_CLAUSES = {
    "none": "SCORE-4",
    "islands": "SCORE-5",
    "boats": "SCORE-6",
    "shared": "SCORE-6",
}
"""The clause that decided the game, by :class:`~tongiaki_rules.TieBreak` value."""


def scoreboard(state: GameState) -> dict[str, Any]:
    """Each colour's boats (reserve, on the board, at sea), royal islands; scores; the pile."""
    pile = state.pile
    return {
        "colours": [
            {
                "colour": colour.letter,
                "seat": state.seat_of(colour),
                "reserve": state.reserve(colour),
                "board": state.boats_on_board(colour),
                "sea": state.boats_at_sea(colour),
                "royal": state.royal_islands_founded(colour),
            }
            for colour in state.colours
        ],
        "scores": list(state.scores()),
        "pile": {"islands": pile.islands, "oceans": pile.oceans},
        "turn": None if state.is_terminal else state.turn_colour.letter,
        "end_triggered": state.end_triggered,
    }


def outcome_json(state: GameState) -> dict[str, Any] | None:
    """The result of a finished game (``None`` while it goes on).

    ``scores``, ``islands`` (tie-break 1) and ``boats`` (tie-break 2) by
    seat; ``ranking`` the seats from best to worst in tied groups;
    ``winners``; ``tiebreak`` (``"none"``, ``"islands"``, ``"boats"`` or
    ``"shared"``), the ``clause`` that decided it and its ``rule`` page.
    """
    outcome = state.outcome()
    if outcome is None:
        return None
    tiebreak = outcome.tiebreak.value
    clause = TIEBREAK_CLAUSES.get(tiebreak, "SCORE-4")
    return {
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "islands": list(outcome.islands),
        "boats": list(outcome.boats),
        "ranking": [list(group) for group in outcome.ranking],
        "tiebreak": tiebreak,
        "clause": clause,
        "rule": rule_url(clause),
    }


def tile_picture(state: GameState, tile: str, rotation: int, language: str = "en") -> str:
    """``tile`` of ``state``'s tile set alone at the origin, turned ``rotation`` (no panel).

    >>> from tongiaki_rules import new_game
    >>> "tahiti" in tile_picture(new_game(2), "tahiti", 2)
    True
    """
    tiles = state.config.tiles
    other = next(t.id for t in tiles.pile if t.id != tile)
    alone = position(
        2,
        removed=[tiles.start.id],
        tiles=[(ORIGIN, tile, rotation)],
        pile=[other],
        tile_set=tiles,
    )
    return render_svg(alone, show_panel=False, show_open_sea=False, language=language)

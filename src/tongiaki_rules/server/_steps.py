"""What each move did, for a front end to animate: the events as JSON, each with its rule clause.

A step is one move of the game: who chose it (a seat, or ``None`` for
chance), its notation, the events the engine reported for it (boats placed,
the group sailing tile by tile, the draw, landings, removals, as in
:mod:`tongiaki_rules.events`) and the narration lines it completed. Every
event and every line names the rule clause that explains it (``"LAND-4"``)
and the address of that clause in the rules pages of the documentation
(:func:`rule_url`), so a player's "why?" is one click away.

>>> from tongiaki_rules import new_game, SetupPlace
>>> before = new_game(2)
>>> after, events = before.apply_with_events(SetupPlace(0))
>>> event_json(events[0], before, SetupPlace(0))
{'type': 'BoatsPlaced', 'island': [0, 0], 'beaches': [0], 'colour': 'B', 'clause': 'SETUP-4'}
>>> rule_url("LAND-4")
'https://tongiaki-rules.github.io/tongiaki_rules/rules/landing/#land-4'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

import attrs

from tongiaki_rules import (
    Action,
    DecisionKind,
    Event,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    GameState,
    PlaceNewBoats,
    Recolonize,
    SetupPlace,
)

__all__ = ["RULES_URL", "event_json", "line_clauses", "rule_url", "step_json"]

RULES_URL = "https://tongiaki-rules.github.io/tongiaki_rules/rules/"
"""Where the rules pages of the documentation are published (the site's ``rules/``)."""

# the rules page of each clause area (as docs/gen_pages.py lays the pages out)
_PAGES = {
    "COMP": "setup",
    "SETUP": "setup",
    "TURN": "expansion",
    "EXPAND": "expansion",
    "DEPART": "voyage",
    "VOYAGE": "voyage",
    "LAND": "landing",
    "CHAIN": "landing",
    "ROYAL": "royal",
    "RECOLONIZE": "royal",
    "NOBOATS": "special",
    "FEWBOATS": "special",
    "EMPTYRESERVE": "special",
    "CLOSED": "special",
    "END": "end",
    "SCORE": "end",
    "VARIANT": "variants",
}

_RETURNED = {
    "voyage failed": "VOYAGE-3",
    "no free slot": "LAND-4",
    "lost at sea": "END-4",
    "nothing left to draw": "END-4",
    "royal island": "ROYAL-4",
    "recolonised": "RECOLONIZE-2",
    "island removed": "CLOSED-1",
}

_EVENT_CLAUSES = {
    "BoatMoved": "EMPTYRESERVE-1",
    "BeachFilled": "DEPART-1",
    "Departed": "DEPART-3",
    "TileDrawn": "DEPART-4",
    "VoyageFailed": "VOYAGE-3",
    "Bounced": "ROYAL-7",
    "Landed": "LAND-1",
    "Berthed": "LAND-2",
    "RoyalIslandFounded": "ROYAL-4",
    "Recolonized": "RECOLONIZE-2",
    "IslandRemoved": "CLOSED-1",
    "EndTriggered": "END-1",
    "TurnEnded": "TURN-3",
    "GameEnded": "END-2",
}

# the events the narrator gives a line of their own (BoatsReturned too, unless for a royal island)
_TOLD = frozenset(
    (
        "Departed",
        "TilePlaced",
        "VoyageFailed",
        "Bounced",
        "IslandRemoved",
        "EndTriggered",
        "GameEnded",
    )
)


def rule_url(clause: str) -> str | None:
    """The address of ``clause`` in the published rules pages (``None`` for an unknown area).

    >>> rule_url("ROYAL-7"), rule_url("NOPE-1")
    ('https://tongiaki-rules.github.io/tongiaki_rules/rules/royal/#royal-7', None)
    """
    area = clause.rsplit("-", 1)[0].split("-", 1)[0]
    page = _PAGES.get(area)
    return None if page is None else f"{RULES_URL}{page}/#{clause.lower()}"


def _action_clause(action: Action) -> str:
    """The clause of the turn's chosen action (the first line of a turn)."""
    if isinstance(action, Expand):
        return "EXPAND-1"
    if isinstance(action, ExpandFromBoard):
        return "EMPTYRESERVE-1"
    if isinstance(action, PlaceNewBoats):
        return "NOBOATS-1"
    if isinstance(action, FoundRoyal):
        return "ROYAL-1"
    if isinstance(action, Recolonize):
        return "RECOLONIZE-1"
    return "TURN-1"


def _event_clause(event: Event, action: Action) -> str:
    name = type(event).__name__
    if name == "BoatsPlaced":
        if isinstance(action, SetupPlace):
            return "SETUP-4"
        return "NOBOATS-1" if isinstance(action, PlaceNewBoats) else "EXPAND-2"
    if name == "TilePlaced":
        return "RECOLONIZE-3" if getattr(event, "free", False) else "DEPART-4"
    if name == "RoutePassed":
        return "VOYAGE-2" if getattr(event, "needed", 0) else "VOYAGE-1"
    if name == "BoatsReturned":
        return _RETURNED.get(getattr(event, "reason", ""), "LAND-4")
    return _EVENT_CLAUSES.get(name, "TURN-2")


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return getattr(value, "letter", value.value)
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def event_json(event: Event, before: GameState, action: Action) -> dict[str, Any]:
    """One event as JSON: ``type``, its fields (colours as letters, hexes as lists), ``clause``."""
    body: dict[str, Any] = {"type": type(event).__name__}
    for field in attrs.fields(type(event)):
        body[field.name] = _plain(getattr(event, field.name))
    body["clause"] = _event_clause(event, action)
    return body


def line_clauses(
    before: GameState, action: Action, after: GameState, events: Sequence[Event]
) -> list[str]:
    """The clause of each narration line the step completes, in the narrator's order.

    The narrator (:class:`~tongiaki_rules.narration.Narrator`) writes a
    turn's first line, then a line for each told event, and a landing's line
    once its berths are over (before the next event that is not part of it,
    or at the end of the step when no berth is pending).
    """
    kind = before.pending.kind
    if kind is DecisionKind.SETUP:
        return [] if after.pending.kind is DecisionKind.SETUP else ["SETUP-4"]
    clauses = [_action_clause(action)] if kind is DecisionKind.TURN else []
    landing = kind is DecisionKind.BERTH  # a landing under way since an earlier step
    for event in events:
        name = type(event).__name__
        reason = getattr(event, "reason", None)
        part_of_landing = name in ("Berthed", "BeachFilled") or (
            name == "BoatsReturned" and reason == "no free slot"
        )
        if landing and not part_of_landing:
            clauses.append("LAND-1")
            landing = False
        if name == "Landed":
            landing = True
        elif name in _TOLD or (name == "BoatsReturned" and reason != "royal island"):
            clauses.append(_event_clause(event, action))
    if landing and after.pending.kind is not DecisionKind.BERTH:
        clauses.append("LAND-1")
    return clauses


def step_json(
    move: int,
    before: GameState,
    action: Action,
    notation: str,
    lines: Sequence[str],
    words: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Move ``move`` (1 for the first) as JSON: seat, notation, events, narration lines (each
    also in players' words, ``words``, when given: the same line without coordinates)."""
    after, events = before.apply_with_events(action)
    clauses = line_clauses(before, action, after, events)
    if len(clauses) != len(lines):  # never seen; then every line names the step's first clause
        first = clauses[0] if clauses else _action_clause(action)
        clauses = [first] * len(lines)
    told: dict[str, Any] = {
        "move": move,
        "seat": None if before.is_chance_node else before.current_player,
        "notation": notation,
        "events": [event_json(event, before, action) for event in events],
        "lines": [
            {"text": text, "clause": clause, "rule": rule_url(clause)}
            for text, clause in zip(lines, clauses, strict=True)
        ],
    }
    if words is not None and len(words) == len(lines):
        for line, said in zip(told["lines"], words, strict=True):
            line["words"] = said
    return told

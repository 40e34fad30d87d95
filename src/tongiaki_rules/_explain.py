"""Why an action is not legal: a message and the clause id it breaks.

Used by :meth:`GameState.apply <tongiaki_rules.GameState.apply>` to
build :class:`~tongiaki_rules.errors.IllegalActionError`. The checks run
only after the fast legality test failed, so they may be slow and thorough.

:func:`decision_words` names the pending decision in the game's words, with
what to type for it; the messages players read use it (never a class name).
All those words are here, in :data:`ACTION_WORDS` and :func:`decision_words`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import (
    ACTION_TYPES,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .views import Phase, Purpose

if TYPE_CHECKING:
    from ._state import GameState

_PHASE_ACTIONS: dict[int, tuple[type, ...]] = {
    Phase.SETUP: (SetupPlace,),
    Phase.TURN: (Expand, ExpandFromBoard, FoundRoyal, Recolonize, PlaceNewBoats),
    Phase.DEPART: (Depart,),
    Phase.DRAW: (Draw,),
    Phase.PLACE: (PlaceTile,),
    Phase.LAND: (Berth, ReturnBoat),
    Phase.OVER: (),
}

_PHASE_CLAUSE: dict[int, str] = {
    Phase.SETUP: "SETUP-4",
    Phase.TURN: "TURN-1",
    Phase.DEPART: "DEPART-2",
    Phase.DRAW: "SETUP-2",
    Phase.PLACE: "RECOLONIZE-3",
    Phase.LAND: "LAND-1",
    Phase.OVER: "END-2",
}


ACTION_WORDS: dict[type, str] = {
    SetupPlace: "a setup boat (setup)",
    Expand: "an expansion (expand)",
    ExpandFromBoard: "moving boats from the board (move)",
    FoundRoyal: "founding a royal island (royal)",
    Recolonize: "a New Colonisation (recolonize)",
    PlaceNewBoats: "placing new boats (new)",
    Depart: "a departure (depart)",
    Draw: "a draw from the pile (draw)",
    PlaceTile: "placing a tile (place)",
    Berth: "berthing a boat (berth)",
    ReturnBoat: "sending a boat home (return)",
}
"""Each kind of action in the game's words, with the word of the notation that types it."""


def _numbers(values: list[int]) -> str:
    """``0–5`` for a run, ``0, 2, 4`` otherwise."""
    if len(values) > 2 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}\u2013{values[-1]}"
    return ", ".join(str(v) for v in values)


def decision_words(state: GameState) -> str:
    """The pending decision of ``state`` in the game's words, with what to type for it.

    >>> from tongiaki_rules import new_game
    >>> decision_words(new_game(2))
    'it is the setup: place one boat on a Tonga beach (setup 0\u20135)'
    """
    kind = state.pending.kind.value
    if kind == "setup":
        beaches = sorted({a.beach for a in state.legal_actions() if isinstance(a, SetupPlace)})
        return f"it is the setup: place one boat on a Tonga beach (setup {_numbers(beaches)})"
    if kind == "turn":
        return (
            "it is a turn: expand (expand Q,R BEACH+BEACH), found a royal island "
            "(royal Q,R) or start a New Colonisation (recolonize)"
        )
    if kind == "departure":
        return "a full beach sails: choose it and its jetty (depart Q,R.BEACH JETTY)"
    if kind == "draw":
        return "a tile is drawn from the pile (draw)"
    if kind == "place_tile":
        return "place the tile just drawn: a hex and a rotation (place Q,R rROTATION)"
    if kind == "berth":
        return (
            "the landing boats berth one at a time (berth COLOUR BEACH, "
            "or return COLOUR when no slot is free)"
        )
    return "the game is over: no move is left"


def explain(state: GameState, action: Any) -> tuple[str, str | None]:
    """``(message, clause)`` for an action that ``state`` does not allow.

    The same words :meth:`GameState.refusal
    <tongiaki_rules.GameState.refusal>` gives (a legal action gets a
    message saying so and no clause).

    >>> from tongiaki_rules import SetupPlace, new_game
    >>> explain(new_game(2), SetupPlace(9))
    ('Tonga has no beach 9', 'SETUP-4')
    """
    refused = state.refusal(action)
    if refused is None:
        return (f"{_typed(action)} is among the legal choices", None)
    return refused.reason, refused.clause


def refusal_words(
    state: GameState, action: Any, broken_rule: Callable[[Any], tuple[str, str] | None]
) -> tuple[str, str | None]:
    """``(message, clause)`` for an action ``state`` does not offer.

    What is not an action, or not an answer to the pending decision, is said
    here in the decision's words; otherwise ``broken_rule`` (the engine's
    check, :mod:`tongiaki_rules._engine.refusals`) names the rule, and an
    action no check catches is told what the decision asks for.
    """
    if not isinstance(action, ACTION_TYPES):
        return (f"{action!r} is not an action of this library", None)
    phase = state.compact.phase
    if phase == Phase.OVER:
        return ("the game is over; no action can be applied", "END-2")
    if not isinstance(action, _PHASE_ACTIONS[phase]):
        clause = _PHASE_CLAUSE[phase]
        if isinstance(action, Draw) and phase == Phase.DEPART:
            clause = "DEPART-3"  # beach and jetty are announced before the draw
        elif phase == Phase.DRAW:
            clause = "DEPART-3" if state.compact.purpose == Purpose.VOYAGE else "RECOLONIZE-4"
        return (
            f"{ACTION_WORDS[type(action)]} does not answer this decision: {decision_words(state)}",
            clause,
        )
    found = broken_rule(action)
    if found is not None:
        return found
    return (
        f"{_typed(action)} is not among the legal choices: {decision_words(state)}",
        _PHASE_CLAUSE[phase],
    )


def _typed(action: Any) -> str:
    """The action as a player types it, or in words when it cannot be written."""
    from .errors import NotationError
    from .notation import format_action

    try:
        return repr(format_action(action))
    except NotationError:
        return ACTION_WORDS[type(action)]

"""Why an action is not legal: a message and the clause id it breaks.

Used by :meth:`GameState.apply <tongiaki_rules.state.GameState.apply>` to
build :class:`~tongiaki_rules.errors.IllegalActionError`. The checks run
only after the fast legality test failed, so they may be slow and thorough.

:func:`decision_words` names the pending decision in the game's words, with
what to type for it; the messages players read use it (never a class name).
All those words are here, in :data:`ACTION_WORDS` and :func:`decision_words`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import engine as E
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

if TYPE_CHECKING:
    from .state import GameState

_PHASE_ACTIONS: dict[int, tuple[type, ...]] = {
    E.SETUP: (SetupPlace,),
    E.TURN: (Expand, ExpandFromBoard, FoundRoyal, Recolonize, PlaceNewBoats),
    E.DEPART: (Depart,),
    E.DRAW: (Draw,),
    E.PLACE: (PlaceTile,),
    E.LAND: (Berth, ReturnBoat),
    E.OVER: (),
}

_PHASE_CLAUSE = {
    E.SETUP: "SETUP-4",
    E.TURN: "TURN-1",
    E.DEPART: "DEPART-2",
    E.DRAW: "SETUP-2",
    E.PLACE: "RECOLONIZE-3",
    E.LAND: "LAND-1",
    E.OVER: "END-2",
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
    """Return ``(message, clause)`` for an action that ``state`` does not allow."""
    if not isinstance(action, ACTION_TYPES):
        return (f"{action!r} is not an action of this library", None)
    phase = state.phase_
    if phase == E.OVER:
        return ("the game is over; no action can be applied", "END-2")
    if not isinstance(action, _PHASE_ACTIONS[phase]):
        clause = _PHASE_CLAUSE[phase]
        if isinstance(action, Draw) and phase == E.DEPART:
            clause = "DEPART-3"  # beach and jetty are announced before the draw
        elif phase == E.DRAW:
            clause = "DEPART-3" if state.purpose_ == E.VOYAGE else "RECOLONIZE-4"
        return (
            f"{ACTION_WORDS[type(action)]} does not answer this decision: {decision_words(state)}",
            clause,
        )
    w = E.Work(state)
    try:
        repeats = any(offered == action for offered in w.legal())
    except TypeError:  # an action with unhashable or odd fields: the checkers say what
        repeats = False
    if repeats:  # allowed by every other rule, refused by AMB-25 (engine/finite.py)
        return (_REPEATS.get(type(action), _REPEATS[Depart]), "AMB-25")
    checker = _CHECKS.get(type(action))
    if checker is not None:
        try:
            found: tuple[str, str] | None = checker(w, action)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            found = (f"{action!r} has fields of the wrong type", _PHASE_CLAUSE[phase])
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


_REPEATS: dict[type, str] = {
    Depart: "this departure returns to a position already reached this turn, while another "
    "choice can still end the chain (FR-R: the player must choose a different departure; "
    "BSW: a chain is endless only if no finite combination resolves it)",
    Berth: "this landing returns to a position already reached this turn, while another "
    "landing can still end the chain (FR-R: the player must choose differently; BSW: a chain "
    "is endless only if no finite combination resolves it)",
    ReturnBoat: "sending this boat home returns to a position already reached this turn, while "
    "another landing can still end the chain (BSW: a chain is endless only if no finite "
    "combination resolves it)",
}
for _kind in (Expand, ExpandFromBoard, FoundRoyal, Recolonize, PlaceNewBoats, PlaceTile):
    _REPEATS[_kind] = (
        "after this choice the chain could only come back to a position already reached this "
        "turn, while another choice can still end it (BSW: a chain is endless only if no "
        "finite combination resolves it)"
    )


def _island(w: E.Work, pos: Any) -> int | None:
    try:
        i = w.where.get(pos)
    except TypeError:
        return None
    if i is None or not w.cfg.tiles.is_island[w.tiles[i][1]]:
        return None
    return i


def _beach_ok(w: E.Work, i: int, b: Any) -> bool:
    return isinstance(b, int) and 0 <= b < len(w.boats[i])


def _setup(w: E.Work, a: SetupPlace) -> tuple[str, str] | None:
    i = w.tonga_index()
    assert i is not None
    if not _beach_ok(w, i, a.beach):
        return (f"Tonga has no beach {a.beach!r}", "SETUP-4")
    if w.free(i, a.beach) < 2:
        return ("a setup boat may not fill a Tonga beach: every beach keeps a free slot", "SETUP-5")
    return (
        "with setup_distinct_beaches, a player's two setup boats go on different beaches "
        "(and setup must stay completable)",
        "AMB-29",
    )


def _own_island(w: E.Work, pos: Any) -> tuple[int | None, tuple[str, str] | None]:
    i = _island(w, pos)
    if i is None:
        return None, (f"there is no island at {pos!r}", "EXPAND-1")
    if w.kings[i] != E.NO_KING:
        return None, ("a royal island can never be expanded or entered", "EXPAND-6")
    if not any(w.agent in beach for beach in w.boats[i]):
        return None, ("you can only expand on an island that holds one of your boats", "EXPAND-1")
    return i, None


def _expand(w: E.Work, a: Expand) -> tuple[str, str] | None:
    if w.no_boats(w.agent) and not w.boats_in_play(w.agent):
        return ("with no boats in play, place new boats instead of expanding", "NOBOATS-1")
    i, err = _own_island(w, a.island)
    if err is not None:
        return err
    assert i is not None
    if w.reserve[w.agent] == 0:
        return ("your reserve is empty: move one boat from the board instead", "EMPTYRESERVE-1")
    beaches = a.beaches
    if isinstance(beaches, tuple) and not beaches:
        return ("an expansion places at least one boat: there is no pass", "TURN-1")
    if not isinstance(beaches, tuple) or not all(_beach_ok(w, i, b) for b in beaches):
        return (f"the island has no such beaches: {beaches!r}", "EXPAND-4")
    if len(set(beaches)) != len(beaches):
        return ("at most one new boat goes on each beach", "EXPAND-4")
    if list(beaches) != sorted(beaches):
        return ("list the beaches in increasing order", "EXPAND-4")
    for b in beaches:
        if w.free(i, b) == 0:
            return (f"beach {b} has no free slot", "EXPAND-4")
    own = sum(beach.count(w.agent) for beach in w.boats[i])
    eligible = sum(1 for b in range(len(w.boats[i])) if w.free(i, b) > 0)
    cap = min(own, eligible, w.reserve[w.agent])
    if len(beaches) > cap:
        if len(beaches) > w.reserve[w.agent]:
            return (f"only {w.reserve[w.agent]} boats left in the reserve", "FEWBOATS-1")
        if len(beaches) > own:
            return (f"you may add only as many boats as you have there ({own})", "EXPAND-2")
        return (f"at most one boat per beach with a free slot ({eligible})", "EXPAND-3")
    return (f"you must place all {cap} boats you are entitled to", "AMB-02")


def _from_board(w: E.Work, a: ExpandFromBoard) -> tuple[str, str] | None:
    if w.reserve[w.agent] != 0:
        return ("boats come from the reserve while it is not empty", "EXPAND-5")
    i, err = _own_island(w, a.island)
    if err is not None:
        return err
    j = _island(w, a.source)
    if j is None or w.kings[j] != E.NO_KING:
        return ("the boat must come from an island that is not royal", "EMPTYRESERVE-1")
    if w.cfg.rules.empty_reserve_source.value == "other_island_only" and j == i:
        return ("the boat must come from another island", "AMB-04")
    return ("move one of your own boats to a beach with a free slot", "EMPTYRESERVE-1")


def _royal(w: E.Work, a: FoundRoyal) -> tuple[str, str] | None:
    i = _island(w, a.island)
    if i is None:
        return (f"there is no island at {a.island!r}", "ROYAL-1")
    if w.tiles[i][1] == 0:
        return ("Tonga can never become a royal island", "ROYAL-2")
    if w.kings[i] != E.NO_KING:
        return ("this island is royal already", "ROYAL-6")
    if not w._may_found(w.agent):
        return ("a player may found at most two royal islands", "ROYAL-3")
    return ("the island must hold your boats and no boat of another colour", "ROYAL-1")


def _recolonize(w: E.Work, a: Recolonize) -> tuple[str, str] | None:
    return ("no island tile is left in the pile to colonise", "RECOLONIZE-4")


def _new_boats(w: E.Work, a: PlaceNewBoats) -> tuple[str, str] | None:
    if not w.no_boats(w.agent) or w.boats_in_play(w.agent):
        return ("new boats are placed only by a player with no boats in play", "NOBOATS-1")
    i = _island(w, a.island)
    if i is None or w.kings[i] != E.NO_KING:
        return ("choose an island on the table that is not royal", "NOBOATS-1")
    return ("two boats on Tonga or one boat on another island, on free slots", "NOBOATS-1")


def _depart(w: E.Work, a: Depart) -> tuple[str, str] | None:
    i = _island(w, a.island)
    if i is None or not _beach_ok(w, i, a.beach):
        return (f"there is no beach {a.beach!r} at {a.island!r}", "DEPART-1")
    if w.free(i, a.beach) != 0:
        return ("only a full beach departs", "DEPART-1")
    t, rot = w.tiles[i][1], w.tiles[i][2]
    dirs = [(e + rot) % 6 for e in w.cfg.tiles.jetties[t][a.beach]]
    if a.jetty not in dirs:
        return (f"beach {a.beach} has jetties pointing {dirs}, not {a.jetty!r}", "DEPART-3")
    return (
        "another jetty of this beach leads elsewhere; a route straight back may not be chosen",
        "CLOSED-2",
    )


def _place(w: E.Work, a: PlaceTile) -> tuple[str, str] | None:
    if not isinstance(a.rotation, int) or not 0 <= a.rotation < 6:
        return ("a rotation is 0..5", "RECOLONIZE-3")
    try:
        taken = a.position in w.where
    except TypeError:
        return (f"a position is a (q, r) tuple of ints, not {a.position!r}", "AMB-07")
    if taken:
        return ("that hex already holds a tile", "AMB-07")
    if w.purpose == E.VOYAGE:
        return ("in the Rody variant the tile goes in the hex the group faces", "AMB-39")
    if w.cfg.rules.recolonize_requires_adjacency:
        return ("a freely placed tile must touch a tile on the table", "AMB-07")
    return (
        "without adjacency a freely placed tile may still leave at most one empty hex "
        "between it and the table",
        "AMB-07",
    )


def _berth(w: E.Work, a: Berth) -> tuple[str, str] | None:
    if a.colour not in w.group:
        return (f"no arriving boat of colour {a.colour!r}", "LAND-1")
    assert w.at is not None
    i = w.where[w.at]
    if not _beach_ok(w, i, a.beach):
        return (f"the island has no beach {a.beach!r}", "LAND-1")
    if w.free(i, a.beach) == 0:
        return (f"beach {a.beach} has no free slot", "LAND-3")
    return ("first one boat on each beach with a free slot, as far as the boats go", "LAND-2")


def _return(w: E.Work, a: ReturnBoat) -> tuple[str, str] | None:
    if a.colour not in w.group:
        return (f"no arriving boat of colour {a.colour!r}", "LAND-1")
    return ("boats go home only when no free slot is left for them", "LAND-4")


def _draw(w: E.Work, a: Draw) -> tuple[str, str] | None:
    return (f"tile {a.tile!r} is not in the pile", "SETUP-2")


_CHECKS: dict[type, Any] = {
    SetupPlace: _setup,
    Expand: _expand,
    ExpandFromBoard: _from_board,
    FoundRoyal: _royal,
    Recolonize: _recolonize,
    PlaceNewBoats: _new_boats,
    Depart: _depart,
    PlaceTile: _place,
    Berth: _berth,
    ReturnBoat: _return,
    Draw: _draw,
}

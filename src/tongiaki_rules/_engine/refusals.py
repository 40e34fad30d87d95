"""Why an action is not among the legal ones: the rule it breaks, from the generators' terms.

Each check reads a decision the way its generator builds the legal list, with
the generator's own helpers: the terms of an island at the turn
(:meth:`~.expansion.ExpansionPhase.island_terms`,
:func:`~.expansion.expansion_cap`), the sources of a move from the board, the
new boats of a player with none in play, the departures a full beach offers
(:meth:`~.voyage.VoyagePhase.departures_from`), the beaches a landing boat may
take (:meth:`~.landing.LandingPhase.land_options`) and the hexes a tile may be
placed on (:meth:`~.colonisation.ColonisationPhase.placement_hexes`). So the
reason given for a refusal is the term the generator left the action out by,
and a test checks both ways that the checks accept exactly the legal actions
(``tests/core/test_refusals.py``).

:func:`broken_rule` is what :meth:`GameState.refusal
<tongiaki_rules.GameState.refusal>` asks once the action is known to be
of the kind the decision takes and not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import (
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
from ..rules import EmptyReserveSource, RodyFreeScope
from .board import NO_KING, VOYAGE
from .expansion import expansion_cap
from .work import Work

Refusal = tuple[str, str]
"""A message in the game's words and the clause id the action breaks."""


def broken_rule(w: Work, action: Any) -> Refusal | None:
    """The rule ``action`` breaks at the decision of ``w``; ``None`` if no check finds one.

    ``action`` is an action of a kind the pending decision takes. One that
    the generator lists but the look-ahead does not offer breaks AMB-25.
    """
    try:
        listed = any(offered == action for offered in w.legal())
    except TypeError:  # an action with unhashable or odd fields: the checks say what
        listed = False
    if listed:  # allowed by every other rule, refused by AMB-25 (engine/finite.py)
        return (_REPEATS.get(type(action), _REPEATS[Depart]), "AMB-25")
    return rule_check(w, action)


def rule_check(w: Work, action: Any) -> Refusal | None:
    """The generator's terms ``action`` fails, or ``None`` when it meets them all."""
    check = _CHECKS.get(type(action))
    if check is None:
        return None
    try:
        return check(w, action)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        return (f"{action!r} has fields of the wrong type", _KIND_CLAUSE[type(action)])


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

_KIND_CLAUSE: dict[type, str] = {
    SetupPlace: "SETUP-4",
    Expand: "TURN-1",
    ExpandFromBoard: "TURN-1",
    FoundRoyal: "TURN-1",
    Recolonize: "TURN-1",
    PlaceNewBoats: "TURN-1",
    Depart: "DEPART-2",
    Draw: "SETUP-2",
    PlaceTile: "RECOLONIZE-3",
    Berth: "LAND-1",
    ReturnBoat: "LAND-1",
}


def _island(w: Work, pos: Any) -> int | None:
    """The table index of the island at ``pos`` (``None``: no tile there, or an ocean tile)."""
    try:
        i = w.where.get(pos)
    except TypeError:
        return None
    if i is None or not w.cfg.tiles.is_island[w.tiles[i][1]]:
        return None
    return i


def _has_beach(w: Work, i: int, b: Any) -> bool:
    return type(b) is int and 0 <= b < len(w.boats[i])


def _setup(w: Work, a: SetupPlace) -> Refusal | None:
    i = w.tonga_index()
    assert i is not None
    b = a.beach
    if not _has_beach(w, i, b):
        return (f"Tonga has no beach {b!r}", "SETUP-4")
    if w.free(i, b) < 2:
        return ("a setup boat may not fill a Tonga beach: every beach keeps a free slot", "SETUP-5")
    if not w.cfg.rules.setup_distinct_beaches:
        return None
    if w.setup_firsts[w.agent] == b:
        return (
            "with setup_distinct_beaches, your two setup boats go on different beaches",
            "AMB-29",
        )
    if not w._setup_feasible_after(i, b):
        return ("with setup_distinct_beaches, the setup must stay completable", "AMB-29")
    return None


def _own_island(w: Work, pos: Any) -> tuple[int, int, tuple[int, ...]] | Refusal:
    """An island the player may expand on: its index, own boats and beaches with room."""
    i = _island(w, pos)
    if i is None:
        return (f"there is no island at {pos!r}", "EXPAND-1")
    if w.kings[i] != NO_KING:
        return ("a royal island can never be expanded or entered", "EXPAND-6")
    own, _alone, eligible = w.island_terms(i)
    if not own:
        return ("you can only expand on an island that holds one of your boats", "EXPAND-1")
    return i, own, eligible


def _expand(w: Work, a: Expand) -> Refusal | None:
    if not w.boats_in_play(w.agent) and w.no_boats(w.agent):
        return ("with no boats in play, place new boats instead of expanding", "NOBOATS-1")
    found = _own_island(w, a.island)
    if len(found) == 2:
        return found
    i, own, eligible = found
    reserve = w.reserve[w.agent]
    if reserve == 0:
        return ("your reserve is empty: move one boat from the board instead", "EMPTYRESERVE-1")
    beaches = a.beaches
    if type(beaches) is tuple and not beaches:
        return ("an expansion places at least one boat: there is no pass", "TURN-1")
    if type(beaches) is not tuple or not all(_has_beach(w, i, b) for b in beaches):
        return (f"the island has no such beaches: {beaches!r}", "EXPAND-4")
    if len(set(beaches)) != len(beaches):
        return ("at most one new boat goes on each beach", "EXPAND-4")
    if list(beaches) != sorted(beaches):
        return ("list the beaches in increasing order", "EXPAND-4")
    for b in beaches:
        if b not in eligible:
            return (f"beach {b} has no free slot", "EXPAND-4")
    cap = expansion_cap(own, eligible, reserve)
    if len(beaches) > cap:
        if len(beaches) > reserve:
            return (f"only {reserve} boats left in the reserve", "FEWBOATS-1")
        if len(beaches) > own:
            return (f"you may add only as many boats as you have there ({own})", "EXPAND-2")
        return (f"at most one boat per beach with a free slot ({len(eligible)})", "EXPAND-3")
    if len(beaches) < cap and not w.cfg.rules.expand_allow_fewer:
        return (f"you must place all {cap} boats you are entitled to", "AMB-02")
    return None


def _from_board(w: Work, a: ExpandFromBoard) -> Refusal | None:
    if w.reserve[w.agent] != 0:
        return ("boats come from the reserve while it is not empty", "EXPAND-5")
    found = _own_island(w, a.island)
    if len(found) == 2:
        return found
    i, _own, eligible = found
    if not _has_beach(w, i, a.beach) or a.beach not in eligible:
        return (f"the island has no beach {a.beach!r} with a free slot", "EXPAND-4")
    j = _island(w, a.source)
    if j is None or w.kings[j] != NO_KING:
        return ("the boat must come from an island that is not royal", "EMPTYRESERVE-1")
    if w.cfg.rules.empty_reserve_source is EmptyReserveSource.OTHER_ISLAND_ONLY and j == i:
        return ("the boat must come from another island", "AMB-04")
    if (j, a.source_beach) not in w._board_sources(i):
        return (f"no boat of yours on beach {a.source_beach!r} there", "EMPTYRESERVE-1")
    if j == i and a.source_beach == a.beach:
        return ("the boat must move to another beach", "EMPTYRESERVE-1")
    return None


def _royal(w: Work, a: FoundRoyal) -> Refusal | None:
    i = _island(w, a.island)
    if i is None:
        return (f"there is no island at {a.island!r}", "ROYAL-1")
    if w.tiles[i][1] == 0:
        return ("Tonga can never become a royal island", "ROYAL-2")
    if w.kings[i] != NO_KING:
        return ("this island is royal already", "ROYAL-6")
    own, alone, _eligible = w.island_terms(i)
    if not own or not alone:
        return ("the island must hold your boats and no boat of another colour", "ROYAL-1")
    if not w._may_found(w.agent):
        return ("a player may found at most two royal islands", "ROYAL-3")
    return None


def _recolonize(w: Work, a: Recolonize) -> Refusal | None:
    if not w.pile_has_island():
        return ("no island tile is left in the pile to colonise", "RECOLONIZE-4")
    return None


def _new_boats(w: Work, a: PlaceNewBoats) -> Refusal | None:
    if w.boats_in_play(w.agent) or not w.no_boats(w.agent):
        return ("new boats are placed only by a player with no boats in play", "NOBOATS-1")
    i = _island(w, a.island)
    if i is None or w.kings[i] != NO_KING:
        return ("choose an island on the table that is not royal", "NOBOATS-1")
    if a in w._legal_no_boats(w.reserve[w.agent]):
        return None
    return ("two boats on Tonga or one boat on another island, on free slots", "NOBOATS-1")


def _depart(w: Work, a: Depart) -> Refusal | None:
    i = _island(w, a.island)
    if i is None or not _has_beach(w, i, a.beach):
        return (f"there is no beach {a.beach!r} at {a.island!r}", "DEPART-1")
    if w.free(i, a.beach) != 0:
        return ("only a full beach departs", "DEPART-1")
    _pos, t, rot = w.tiles[i]
    jetties = [(e + rot) % 6 for e in w.cfg.tiles.jetties[t][a.beach]]
    if a.jetty not in jetties:
        return (f"beach {a.beach} has jetties pointing {jetties}, not {a.jetty!r}", "DEPART-3")
    full = [b for k, b in w.full_beaches() if k == i]
    for b, directions, _away in w.departures_from(i, full):
        if b != a.beach:
            continue
        if a.jetty in directions:
            return None
        if w.is_closed(i, w.boats[i][b]):
            return ("the island is closed: its expedition tries the first jetty", "CLOSED-1")
        return (
            "another jetty of this beach leads elsewhere; a route straight back may not be chosen",
            "CLOSED-2",
        )
    return (
        "every jetty of this beach leads straight back while another beach of the island can "
        "sail elsewhere",
        "CLOSED-2",
    )


def _place(w: Work, a: PlaceTile) -> Refusal | None:
    if type(a.rotation) is not int or not 0 <= a.rotation < 6:
        return ("a rotation is 0..5", "RECOLONIZE-3")
    try:
        taken = a.position in w.where
    except TypeError:
        return (f"a position is a (q, r) tuple of ints, not {a.position!r}", "AMB-07")
    if taken:
        return ("that hex already holds a tile", "AMB-07")
    if w.purpose == VOYAGE and w.cfg.rules.rody_free_scope is RodyFreeScope.ROTATION:
        if a.position != w.at:
            return ("in the Rody variant the tile goes in the hex the group faces", "AMB-39")
        return None
    if a.position in w.placement_hexes():
        return None
    if w.cfg.rules.recolonize_requires_adjacency:
        return ("a freely placed tile must touch a tile on the table", "AMB-07")
    return (
        "without adjacency a freely placed tile may still leave at most one empty hex "
        "between it and the table",
        "AMB-07",
    )


def _arriving(w: Work, colour: Any) -> Refusal | None:
    if int(colour) not in w.group:
        return (f"no arriving boat of colour {colour!r}", "LAND-1")
    return None


def _berth(w: Work, a: Berth) -> Refusal | None:
    missing = _arriving(w, a.colour)
    if missing is not None:
        return missing
    assert w.at is not None
    i = w.where[w.at]
    if not _has_beach(w, i, a.beach):
        return (f"the island has no beach {a.beach!r}", "LAND-1")
    if w.free(i, a.beach) == 0:
        return (f"beach {a.beach} has no free slot", "LAND-3")
    if a.beach not in w.land_options()[0]:
        return ("first one boat on each beach with a free slot, as far as the boats go", "LAND-2")
    return None


def _return(w: Work, a: ReturnBoat) -> Refusal | None:
    missing = _arriving(w, a.colour)
    if missing is not None:
        return missing
    if not w.land_options()[1]:
        return ("boats go home only when no free slot is left for them", "LAND-4")
    return None


def _draw(w: Work, a: Draw) -> Refusal | None:
    if w.cfg.tiles.index.get(a.tile) not in w.pile:
        return (f"tile {a.tile!r} is not in the pile", "SETUP-2")
    return None


_CHECKS: dict[type, Callable[[Work, Any], Refusal | None]] = {
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

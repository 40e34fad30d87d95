"""The engine's scratch copy of a state: every phase together, and the dispatch.

:class:`Work` gathers the phase mixins and chooses among them: the legal
actions of the current phase, the transition of an action, and the settling
of everything that needs no choice (LAND-4 when no slot is free at all; AMB-42
as a safety net).
"""

from __future__ import annotations

from ..actions import (
    Action,
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
from .board import DEPART, DRAW, LAND, LOOP, OVER, PLACE, SETUP, TURN
from .finite import FiniteChoices


class Work(FiniteChoices):
    """Mutable scratch copy of a game state (engine internal)."""

    __slots__ = ()

    def legal(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self.legal_turn()
        if phase == DEPART:
            return self.legal_depart()
        if phase == LAND:
            return self.legal_land()
        if phase == PLACE:
            return self.legal_place()
        if phase == SETUP:
            return self.legal_setup()
        return []

    def apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Berth:
            assert isinstance(action, Berth)
            self.berth(int(action.colour), action.beach)
        elif kind is ReturnBoat:
            assert isinstance(action, ReturnBoat)
            self.send_home(int(action.colour))
        elif kind is Depart:
            assert isinstance(action, Depart)
            self.depart(action.island, action.beach, action.jetty)
        elif kind is Draw:
            assert isinstance(action, Draw)
            self.on_draw(self.cfg.tiles.index[action.tile])
        elif kind is Expand:
            assert isinstance(action, Expand)
            self.place_from_reserve(action.island, action.beaches)
        elif kind is PlaceTile:
            assert isinstance(action, PlaceTile)
            self.on_place(action.position, action.rotation)
        elif kind is SetupPlace:
            assert isinstance(action, SetupPlace)
            self.setup_place(action.beach)
        elif kind is FoundRoyal:
            assert isinstance(action, FoundRoyal)
            self.found_royal(action.island)
        elif kind is Recolonize:
            self.recolonize()
        elif kind is PlaceNewBoats:
            assert isinstance(action, PlaceNewBoats)
            self.place_from_reserve(action.island, action.beaches)
        elif kind is ExpandFromBoard:
            assert isinstance(action, ExpandFromBoard)
            self.expand_from_board(action)
        else:  # pragma: no cover - guarded by the legality check
            raise TypeError(f"not an action: {action!r}")

    def offered(self) -> list[Action]:
        """The legal actions of a settled position: :meth:`legal`, kept to finite choices."""
        return self.finite_choices(self.legal())

    def fork(self) -> Work:
        """A copy to look ahead on (:mod:`.finite`)."""
        return Work(self)

    def settle(self, look_ahead: bool = True) -> list[Action]:
        """Resolve everything that needs no choice; return the legal actions now.

        A look-ahead copy (``probing``) stops where a turn ends, or where it
        certainly can (:meth:`~.finite.FiniteChoices.ends_here`), and offers
        every choice; a real step offers only the choices after which the turn
        can still end (:meth:`~.finite.FiniteChoices.finite_choices`).

        A look-ahead's chain does not grow, so a run of forced departures that
        comes round to one of its own positions is caught here: with no choice
        on the way, it would go round for ever, and the look-ahead ends it as a
        return (``LOOP``).

        Without ``look_ahead`` (a bot's preview of a choice, :func:`.freeze.preview`)
        a decision with two or more legal choices is never played for the player,
        even when only one of them can end the turn: its list is left unread.
        """
        probing = self.probing
        forced: set[tuple[tuple[tuple[int, ...], ...], ...]] | None = None
        while True:
            phase = self.phase
            if phase in (DRAW, OVER, LOOP):
                return []
            if probing and (phase in (TURN, SETUP) or self.ends_here()):
                return []  # a new turn, or a certain end: the one looked at can end
            if phase == LAND and self.land_forced():
                continue
            # a look-ahead follows a landing's boats in the group's colour order (legal_land)
            acts = self.legal_land(True) if probing and phase == LAND else self.legal()
            if not acts:
                if phase == LAND:
                    # no free slot at all: every arriving boat goes home (LAND-4)
                    self.lose_group("no free slot")
                    self.after_landing()
                    continue
                # AMB-42 safety net: never leave a player without a move
                self.phase = OVER
                self.ended = True
                return []
            if not probing:
                # AMB-25. A decision with two or more choices that can end the turn is the
                # player's whatever the others are: which of them are offered too is worked
                # out when the list is read (GameState.legal_actions), so a state made and
                # never asked for its moves (a bot's look at a child) does not pay for it. A
                # turn's choice is never played for the player; the other decisions are when
                # only one choice can end the turn.
                if phase in (TURN, SETUP):
                    if phase == TURN and len(acts) > 1:  # setup feeds no chain
                        self.unread = (0, ())
                    return acts
                if not look_ahead and len(acts) > 1:
                    self.unread = (0, ())
                    return acts
                kept = self.forced_choice(acts)
                if type(kept) is tuple:  # two choices can end the turn: the player's decision
                    self.unread = kept
                    return acts
                assert isinstance(kept, list)
                acts = kept
            if len(acts) == 1 and phase in (DEPART, LAND, PLACE):
                if probing and phase == DEPART:
                    boats = tuple(self.boats)
                    if forced is None:
                        forced = {boats}
                    elif boats in forced:
                        self.phase = LOOP  # round again with no choice on the way
                        return []
                    else:
                        forced.add(boats)
                self.apply(acts[0])
                continue
            return acts

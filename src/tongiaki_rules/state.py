"""The game state: an immutable, hashable value, and the read-only views of it.

>>> from tongiaki_rules import new_game
>>> state = new_game(3)
>>> state.pending.kind
<DecisionKind.SETUP: 'setup'>
>>> state.current_player
0
>>> after = state.apply(state.legal_actions()[0])
>>> after.current_player, state.current_player  # the old state is unchanged
(1, 0)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

import attrs

from . import engine as _engine
from .actions import ACTION_TYPES, Action, Draw
from .colours import BOATS_PER_COLOUR, COLOURS, Colour
from .errors import IllegalActionError, QueryError, SettingsError, shown
from .hexgrid import ORIGIN, Hex
from .rules import Rules, TwoPlayerTurnOrder
from .standard_tiles import STANDARD_TILES
from .tiles import IslandTile, Tile, TileSet

if TYPE_CHECKING:
    from .events import Event
    from .scoring import Outcome


DEFAULT_RULES = Rules()
"""The recommended reading of every contested point (the defaults of :class:`Rules`)."""


class DecisionKind(enum.StrEnum):
    """What kind of decision the state is waiting for."""

    SETUP = "setup"
    """Place a setup boat on Tonga (SETUP-4)."""
    TURN = "turn"
    """Choose the turn action: expand, found a royal island, recolonise, ... (TURN-1)."""
    DEPARTURE = "departure"
    """Choose which full beach departs next and by which jetty (DEPART-2/3, CHAIN-2)."""
    DRAW = "draw"
    """A chance node: the top tile of the pile is revealed."""
    PLACE_TILE = "place_tile"
    """Place the tile just drawn where the player likes (RECOLONIZE-3, Rody variant)."""
    BERTH = "berth"
    """Put the next arriving boat on a beach, or send a surplus boat home (LAND-1..4)."""
    GAME_OVER = "game_over"
    """The game has ended."""


_KIND_OF_PHASE = (
    DecisionKind.SETUP,
    DecisionKind.TURN,
    DecisionKind.DEPARTURE,
    DecisionKind.DRAW,
    DecisionKind.PLACE_TILE,
    DecisionKind.BERTH,
    DecisionKind.GAME_OVER,
)


def check_settings(num_players: object, rules: object, tiles: object) -> None:
    """Refuse settings that are not a game, with a SettingsError naming the argument.

    ``num_players`` must be an ``int`` (not a bool) from 2 to 6, ``rules`` a
    :class:`~tongiaki_rules.rules.Rules` and ``tiles`` a
    :class:`~tongiaki_rules.tiles.TileSet`. Shared by :meth:`GameConfig.make`
    and everything that is built per game (encodings, observation layouts).

    >>> check_settings(3, Rules(), STANDARD_TILES)
    >>> try:
    ...     check_settings(True, Rules(), STANDARD_TILES)
    ... except SettingsError as error:
    ...     print(error)
    num_players: Tongiaki is for 2 to 6 players, not True [COMP-1]
    """
    if type(num_players) is not int or not 2 <= num_players <= 6:
        raise SettingsError(
            f"num_players: Tongiaki is for 2 to 6 players, not {shown(num_players)} [COMP-1]"
        )
    if not isinstance(rules, Rules):
        raise SettingsError(f"rules must be a Rules, not {shown(rules)}")
    if not isinstance(tiles, TileSet):
        raise SettingsError(f"tiles must be a TileSet, not {shown(tiles)}")


@attrs.frozen(slots=True)
class GameConfig:
    """What stays fixed for a whole game: players, colours, turn order, rules, tiles.

    Seat ``i`` plays colour ``i``; in the two-colour two-player variant seat
    ``i`` also plays colour ``i + 2``.
    """

    num_players: int
    rules: Rules
    tiles: TileSet
    start_player: int
    agent_seats: tuple[int, ...]
    """Seat of each colour in play, indexed by colour."""
    order: tuple[int, ...]
    """Colours in turn order, beginning with the start player's (first) colour."""
    next_agent: tuple[int, ...] = attrs.field(eq=False, hash=False)

    @classmethod
    def make(cls, num_players: int, rules: Rules, tiles: TileSet, start_player: int) -> GameConfig:
        """Validate the settings and derive the turn order.

        Every wrong argument raises :class:`~tongiaki_rules.errors.SettingsError`
        naming it.
        """
        check_settings(num_players, rules, tiles)
        if type(start_player) is not int or not 0 <= start_player < num_players:
            raise SettingsError(
                f"start_player must be a seat 0..{num_players - 1}, not {shown(start_player)}"
            )
        s = start_player
        if rules.variant_two_player_double_colour:
            if num_players != 2:
                raise SettingsError(
                    "the two-colour variant is for exactly 2 players [VARIANT-2P-1]"
                )
            seats: tuple[int, ...] = (0, 1, 0, 1)
            if rules.two_player_turn_order is TwoPlayerTurnOrder.ALTERNATE_SEATS:
                order: tuple[int, ...] = (s, 1 - s, s + 2, 3 - s)
            else:
                order = (s, s + 2, 1 - s, 3 - s)
        else:
            seats = tuple(range(num_players))
            order = tuple((s + k) % num_players for k in range(num_players))
        nxt = [0] * len(seats)
        for k, agent in enumerate(order):
            nxt[agent] = order[(k + 1) % len(order)]
        room = sum(b.slots - 1 for b in tiles.start.beaches)
        if room < 2 * len(seats):
            raise SettingsError("the start island has too few slots for the setup boats [SETUP-5]")
        return cls(num_players, rules, tiles, start_player, seats, order, tuple(nxt))


@attrs.frozen(slots=True)
class PlacedTile:
    """A tile on the table: where, turned how far, and which tile."""

    position: Hex
    rotation: int
    tile: Tile


@attrs.frozen(slots=True)
class BeachView:
    """One beach of an island on the table, with the boats in its slots.

    ``boats`` lists the colour in each occupied slot; slots are filled in
    colour order, so the view does not depend on arrival order.
    """

    island: Hex
    index: int
    slots: int
    boats: tuple[Colour, ...]
    jetties: tuple[int, ...]
    """Board directions the beach's jetties point in."""

    @property
    def free(self) -> int:
        """Number of empty slots."""
        return self.slots - len(self.boats)

    @property
    def is_full(self) -> bool:
        """True when every slot holds a boat (DEPART-1)."""
        return len(self.boats) == self.slots


@attrs.frozen(slots=True)
class IslandView:
    """An island on the table, with its beaches and its king if it is royal."""

    position: Hex
    rotation: int
    tile: IslandTile
    beaches: tuple[BeachView, ...]
    is_royal: bool
    king: Colour | None
    """The colour on the statue of a royal island (``None`` otherwise, or if removed)."""

    @property
    def colours(self) -> frozenset[Colour]:
        """Colours present on the island (beaches and statue)."""
        found = {c for beach in self.beaches for c in beach.boats}
        if self.king is not None:
            found.add(self.king)
        return frozenset(found)


@attrs.frozen(slots=True)
class GroupView:
    """The group of boats under way: its colours, where it is, where it came from."""

    colours: tuple[Colour, ...]
    position: Hex
    """The hex the group is about to enter (at a draw) or the island it lands on."""
    entry: int
    """The board direction, seen from ``position``, of the side the group arrives by."""
    origin: Hex | None
    """The island the expedition left from (``None`` for a colonising boat)."""


@attrs.frozen(slots=True)
class PileView:
    """What remains in the draw pile (public knowledge: the tiles are counted)."""

    islands: int
    oceans: int
    tiles: tuple[str, ...]

    @property
    def size(self) -> int:
        """Number of tiles left."""
        return self.islands + self.oceans


@attrs.frozen(slots=True)
class Pending:
    """The decision the state is waiting for, and who makes it."""

    kind: DecisionKind
    player: int | None
    """Seat that decides; ``None`` at a chance node and at the end."""
    colour: Colour | None
    """Colour whose turn it is."""
    tile: str | None = None
    """For ``PLACE_TILE``: the tile to place."""
    island: Hex | None = None
    """For ``BERTH``: the island the group lands on."""
    group: tuple[Colour, ...] = ()
    """For ``BERTH`` and ``DRAW`` during a voyage: the boats still under way."""


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class GameState:
    """A complete game position. Immutable; ``apply`` returns a new state.

    Build one with :func:`new_game` or :func:`~tongiaki_rules.scenario.position`.
    The fields ending in ``_`` are the engine's compact representation; use
    the read-only queries (``islands``, ``reserve()``, ``pending``, ...).

    >>> state = new_game(2)
    >>> state == new_game(2), hash(state) == hash(new_game(2))
    (True, True)
    """

    config: GameConfig
    tiles_: tuple[tuple[Hex, int, int], ...]
    boats_: tuple[tuple[tuple[int, ...], ...], ...]
    kings_: tuple[int, ...]
    removed_: tuple[int, ...]
    pile_: tuple[int, ...]
    reserve_: tuple[int, ...]
    out_: tuple[int, ...]
    founded_: tuple[int, ...]
    agent_: int
    phase_: int
    group_: tuple[int, ...]
    at_: Hex | None
    entry_: int
    origin_: Hex | None
    turn_origin_: Hex | None
    drawn_: int
    tile_: int
    purpose_: int
    served_: int
    ended_: bool
    setup_firsts_: tuple[int, ...]
    setup_count_: int
    chain_: tuple[tuple[object, ...], ...] = ()
    """The departures of this turn since the last draw, as ``(boats, island, beach, jetty)``.

    A departure met twice is an endless chain (AMB-25, ``Rules.endless_chain``).
    """
    _full: tuple[tuple[Hex, int], ...] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_full"
    )
    _where: dict[Hex, int] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_where"
    )
    _legal: tuple[Action, ...] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_legal"
    )

    # ------------------------------------------------------------ engine glue
    def where_(self) -> dict[Hex, int]:
        """Index of the placed tile at each position (engine internal, shared)."""
        where = self._where
        if where is None:
            where = {pos: k for k, (pos, _t, _r) in enumerate(self.tiles_)}
            object.__setattr__(self, "_where", where)
        return where

    def full_(self) -> tuple[tuple[Hex, int], ...]:
        """Full beaches as ``(island position, beach)`` (engine internal, derived)."""
        full = self._full
        if full is None:
            slots = self.config.tiles.slots
            full = tuple(
                sorted(
                    (pos, b)
                    for (pos, t, _r), beaches in zip(self.tiles_, self.boats_, strict=True)
                    for b, beach in enumerate(beaches)
                    if len(beach) == slots[t][b]
                )
            )
            object.__setattr__(self, "_full", full)
        return full

    @classmethod
    def _freeze(cls, w: _engine.Work, legal: list[Action]) -> GameState:
        return cls(
            w.cfg,
            w.tiles,
            tuple(w.boats),
            w.kings,
            w.removed,
            w.pile,
            tuple(w.reserve),
            w.out,
            w.founded,
            w.agent,
            w.phase,
            w.group,
            w.at,
            w.entry,
            w.origin,
            w.turn_origin,
            w.drawn,
            w.tile,
            w.purpose,
            w.served,
            w.ended,
            w.setup_firsts,
            w.setup_count,
            w.chain,
            tuple(w.full),
            w.where,
            tuple(legal),
        )

    def _settled(self) -> GameState:
        """Resolve automatic steps from a freshly built state (constructors use this)."""
        w = _engine.Work(self)
        legal = w.settle()
        return GameState._freeze(w, legal)

    # ------------------------------------------------------------ the contract
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the deciding player, in a fixed order.

        Empty at chance nodes (see :meth:`chance_outcomes`) and at the end.
        The tuple is computed once and kept by the state; being a tuple, it
        cannot be changed by the caller (``list(...)`` gives a copy to edit).

        >>> new_game(2).legal_actions()[:2]
        (SetupPlace(beach=0), SetupPlace(beach=1))
        """
        legal = self._legal
        if legal is None:
            legal = (
                ()
                if self.phase_ in (_engine.DRAW, _engine.OVER)
                else tuple(_engine.Work(self).legal())
            )
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action`` (a decision, or a :class:`Draw` at a chance node).

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` (a
        ``ValueError``) naming the broken rule if the action is not legal; this
        state is left unchanged.

        >>> state = new_game(2)
        >>> state.apply(SetupPlace(0)).reserve(Colour.BLUE)
        14
        """
        canonical = self._canonical(action)
        w = _engine.Work(self)
        w.apply(canonical)
        legal = w.settle()
        return GameState._freeze(w, legal)

    def apply_with_events(self, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """Like :meth:`apply`, and also what happened, in order (see :mod:`.events`).

        >>> pile = ["hawaii", "samoa", "ocean-a"]
        >>> state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=pile)
        >>> after, events = state.apply_with_events(Draw("hawaii"))
        >>> [type(e).__name__ for e in events]
        ['TileDrawn', 'TilePlaced', 'Landed']
        """
        canonical = self._canonical(action)
        w = _engine.Work(self)
        log: list[Event] = []
        w.log = log
        w.apply(canonical)
        legal = w.settle()
        w.log = None
        return GameState._freeze(w, legal), tuple(log)

    def _canonical(self, action: Action) -> Action:
        """The legal action equal to ``action`` (raises IllegalActionError if none).

        Only a value of one of the action classes can match, and only field by
        field with the same types (the action classes check their fields).
        """
        if type(action) not in _ACTION_TYPES:
            raise IllegalActionError(
                f"action must be one of the action classes (SetupPlace, Expand, ...), "
                f"not {type(action).__name__} {shown(action)}"
            )
        if self.phase_ == _engine.DRAW:
            tiles = self.config.tiles
            t = (
                tiles.index.get(action.tile)
                if type(action) is Draw and type(action.tile) is str
                else None
            )
            if t is None or t not in self.pile_:
                raise _illegal(self, action)
            draw: Draw = tiles.draws[t]
            return draw
        legal = self.legal_actions()
        if any(map(is_, legal, repeat(action))):
            return action  # the very object offered (actions are interned): fast path
        for offered in legal:
            if offered == action:
                return offered  # the canonical object, so later checks can use identity
        raise _illegal(self, action)

    @property
    def is_chance_node(self) -> bool:
        """True when the next step is a tile draw."""
        return self.phase_ == _engine.DRAW

    def chance_outcomes(self) -> list[tuple[Draw, float]]:
        """The possible draws with their probabilities (copies left / tiles left).

        A fresh list at every call (the caller may change it), empty when the
        state is not a chance node.

        >>> from tongiaki_rules.scenario import position
        >>> state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a"])
        >>> state.is_chance_node  # the full beach has one jetty: it sails at once
        True
        >>> state.chance_outcomes()
        [(Draw(tile='hawaii'), 0.5), (Draw(tile='ocean-a'), 0.5)]
        """
        if self.phase_ != _engine.DRAW:
            return []
        draws = self.config.tiles.draws
        pile = self.pile_
        total = len(pile)
        outcomes: list[tuple[Draw, float]] = []
        k = 0
        while k < total:
            t = pile[k]
            n = 1
            while k + n < total and pile[k + n] == t:
                n += 1
            outcomes.append((draws[t], n / total))
            k += n
        return outcomes

    def sample_chance(self, rng: random.Random) -> Draw:
        """Draw a tile at random from the pile, as a shuffled pile would give it.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` when the state
        is not a chance node and :class:`~tongiaki_rules.errors.SettingsError`
        when ``rng`` is not a :class:`random.Random`.

        >>> import random
        >>> new_game(2).sample_chance(random.Random(1))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.IllegalActionError: not a chance node: nothing is being drawn
        """
        _check_rng(rng)
        if self.phase_ != _engine.DRAW:
            raise IllegalActionError("not a chance node: nothing is being drawn")
        draw: Draw = self.config.tiles.draws[rng.choice(self.pile_)]
        return draw

    def resolve_chance(self, rng: random.Random) -> GameState:
        """Apply random draws until a player must decide or the game is over.

        For front ends that do not model the pile themselves.

        >>> import random
        >>> new_game(2).resolve_chance(random.Random(1)).is_chance_node
        False
        """
        _check_rng(rng)
        state = self
        while state.phase_ == _engine.DRAW:
            state = state.apply(state.sample_chance(rng))
        return state

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase_ == _engine.OVER

    @property
    def current_player(self) -> int | None:
        """Seat that must decide now; ``None`` at chance nodes and at the end (TURN-2)."""
        if self.phase_ == _engine.DRAW or self.phase_ == _engine.OVER:
            return None
        return self.config.agent_seats[self.agent_]

    def scores(self) -> tuple[int, ...]:
        """Points of each seat, in seat order (SCORE-1..3). Defined at any time."""
        from .scoring import seat_scores

        return seat_scores(self)

    def outcome(self) -> Outcome | None:
        """Scores, ranking and the tie-break that decided, once the game is over."""
        from .scoring import outcome

        return outcome(self) if self.is_terminal else None

    # ------------------------------------------------------------ queries
    @property
    def rules(self) -> Rules:
        """The rules flags of this game."""
        return self.config.rules

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.config.num_players

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The colours in play, by colour index."""
        return COLOURS[: len(self.config.agent_seats)]

    def seat_of(self, colour: Colour | int) -> int:
        """The seat that plays ``colour`` (a colour in play, or its index).

        >>> new_game(2, Rules(variant_two_player_double_colour=True)).seat_of(Colour.GREEN)
        0
        """
        return self.config.agent_seats[self._colour_arg(colour)]

    @property
    def turn_colour(self) -> Colour:
        """The colour whose turn it is (or was, at the end)."""
        return COLOURS[self.agent_]

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is."""
        return self.config.agent_seats[self.agent_]

    @property
    def pending(self) -> Pending:
        """What the state waits for: the kind of decision and who makes it."""
        kind = _KIND_OF_PHASE[self.phase_]
        group = tuple(COLOURS[c] for c in self.group_)
        tile = (
            self.config.tiles.kinds[self.tile_].id
            if self.phase_ == _engine.PLACE and self.tile_ >= 0
            else None
        )
        island = self.at_ if self.phase_ == _engine.LAND else None
        return Pending(kind, self.current_player, COLOURS[self.agent_], tile, island, group)

    @property
    def placed_tiles(self) -> tuple[PlacedTile, ...]:
        """Every tile on the table, in the order it was placed."""
        kinds = self.config.tiles.kinds
        return tuple(PlacedTile(pos, rot, kinds[t]) for pos, t, rot in self.tiles_)

    def tile_at(self, position: Hex) -> PlacedTile | None:
        """The tile at ``position``, or ``None`` for an empty hex.

        >>> new_game(2).tile_at((0, 0)).tile.id, new_game(2).tile_at((3, 1))
        ('tonga', None)
        """
        k = self.where_().get(_hex_arg("position", position))
        if k is None:
            return None
        pos, t, rot = self.tiles_[k]
        return PlacedTile(pos, rot, self.config.tiles.kinds[t])

    def _island_view(self, k: int) -> IslandView:
        pos, t, rot = self.tiles_[k]
        tile = self.config.tiles.kinds[t]
        assert isinstance(tile, IslandTile)
        beaches = tuple(
            BeachView(
                pos,
                b,
                spec.slots,
                tuple(COLOURS[c] for c in self.boats_[k][b]),
                tuple((e + rot) % 6 for e in spec.jetties),
            )
            for b, spec in enumerate(tile.beaches)
        )
        king = self.kings_[k]
        return IslandView(
            pos,
            rot,
            tile,
            beaches,
            king != _engine.NO_KING,
            COLOURS[king] if 0 <= king < len(COLOURS) else None,
        )

    @property
    def islands(self) -> tuple[IslandView, ...]:
        """Every island on the table with its beaches, boats and king."""
        is_island = self.config.tiles.is_island
        return tuple(
            self._island_view(k) for k, (_p, t, _r) in enumerate(self.tiles_) if is_island[t]
        )

    def island_at(self, position: Hex) -> IslandView | None:
        """The island at ``position``, or ``None`` (an empty hex or an ocean tile)."""
        k = self.where_().get(_hex_arg("position", position))
        if k is None or not self.config.tiles.is_island[self.tiles_[k][1]]:
            return None
        return self._island_view(k)

    def beach(self, island: Hex, index: int) -> BeachView:
        """Beach ``index`` of the island at ``island``.

        Raises :class:`~tongiaki_rules.errors.QueryError` (a ``KeyError`` too)
        when there is no island there or it has no such beach.

        >>> new_game(2).beach((0, 0), 1).slots
        3
        """
        view = self.island_at(_hex_arg("island", island))
        if view is None:
            raise QueryError(f"island: there is no island at {island}")
        beaches = view.beaches
        if type(index) is not int or not 0 <= index < len(beaches):
            raise QueryError(
                f"index: {view.tile.name} has beaches 0..{len(beaches) - 1}, not {shown(index)}"
            )
        return beaches[index]

    @property
    def royal_islands(self) -> tuple[IslandView, ...]:
        """The royal islands, with their kings (ROYAL-*)."""
        return tuple(view for view in self.islands if view.is_royal)

    def reserve(self, colour: Colour | int) -> int:
        """Boats of ``colour`` in its owner's reserve."""
        return self.reserve_[self._colour_arg(colour)]

    def boats_on_board(self, colour: Colour | int) -> int:
        """Boats of ``colour`` on beaches and statues (not the group under way)."""
        colour = self._colour_arg(colour)
        n = sum(beach.count(colour) for beaches in self.boats_ for beach in beaches)
        return n + sum(1 for k in self.kings_ if k == colour)

    def boats_at_sea(self, colour: Colour | int) -> int:
        """Boats of ``colour`` in the group under way."""
        return self.group_.count(self._colour_arg(colour))

    def boats_out_of_game(self, colour: Colour | int) -> int:
        """Boats of ``colour`` out of the game (``recolonize_removed_to_reserve=False``)."""
        return self.out_[self._colour_arg(colour)]

    def royal_islands_founded(self, colour: Colour | int) -> int:
        """How many royal islands ``colour`` has founded (ROYAL-3)."""
        return self.founded_[self._colour_arg(colour)]

    def _colour_arg(self, colour: object) -> int:
        """``colour`` as the index of a colour in play (QueryError otherwise)."""
        if type(colour) is Colour or type(colour) is int:
            if 0 <= colour < len(self.config.agent_seats):
                return int(colour)
            in_play = ", ".join(c.name.lower() for c in self.colours)
            raise QueryError(f"colour: {shown(colour)} is not in play (in play: {in_play})")
        raise QueryError(f"colour must be a Colour or its int index, not {shown(colour)}")

    @property
    def pile(self) -> PileView:
        """What remains in the draw pile, by kind."""
        ts = self.config.tiles
        islands = sum(1 for t in self.pile_ if ts.is_island[t])
        return PileView(
            islands, len(self.pile_) - islands, tuple(ts.kinds[t].id for t in self.pile_)
        )

    @property
    def removed_tiles(self) -> tuple[str, ...]:
        """Islands taken out of the game because their routes were closed (CLOSED-1)."""
        return tuple(self.config.tiles.kinds[t].id for t in self.removed_)

    @property
    def group(self) -> GroupView | None:
        """The group under way (at a draw, a free placement or a landing), if any."""
        if not self.group_ or self.at_ is None:
            return None
        return GroupView(
            tuple(COLOURS[c] for c in self.group_), self.at_, self.entry_, self.origin_
        )

    @property
    def end_triggered(self) -> bool:
        """True once the last tile of a type has come out (END-1); the turn still ends."""
        return self.ended_

    def __str__(self) -> str:
        """A plain-text picture of the position for terminals (see :mod:`.textview`)."""
        from .textview import render_text

        return render_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, so notebooks show it (see :func:`~tongiaki_rules.svg.render_svg`)."""
        from .svg import render_svg

        return render_svg(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The state as JSON text, in the documented, versioned schema (see :mod:`.record`).

        >>> text = new_game(2).to_json()
        >>> GameState.from_json(text) == new_game(2)
        True
        """
        from .record import state_to_json

        return state_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """A state from :meth:`to_json` text, fully validated (see :mod:`.record`)."""
        from .record import state_from_json

        return state_from_json(text)

    def __repr__(self) -> str:
        p = self.pending
        who = (
            "chance"
            if p.player is None
            else f"seat {p.player} ({p.colour.name.lower() if p.colour is not None else '-'})"
        )
        return (
            f"<GameState {p.kind.value} by {who}; {len(self.tiles_)} tiles on the table, "
            f"{len(self.pile_)} in the pile>"
        )


_ACTION_TYPES = frozenset(ACTION_TYPES)


def _hex_arg(name: str, value: object) -> Hex:
    """``value`` as a hex ``(q, r)`` of two ints (QueryError naming ``name`` otherwise)."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is type(value[1]) is int:
        return value
    raise QueryError(f"{name} must be a hex (q, r) of two ints, not {shown(value)}")


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise SettingsError(f"rng must be a random.Random, not {shown(rng)}")


def _illegal(state: GameState, action: Any) -> IllegalActionError:
    from .explain import explain

    message, clause = explain(state, action)
    return IllegalActionError(message, clause)


def initial_state(config: GameConfig) -> GameState:
    """The position before the first setup boat (engine internal)."""
    agents = len(config.agent_seats)
    start = config.tiles.start
    state = GameState(
        config=config,
        tiles_=((ORIGIN, 0, 0),),
        boats_=(tuple(() for _ in start.beaches),),
        kings_=(_engine.NO_KING,),
        removed_=(),
        pile_=config.tiles.pile_indices,
        reserve_=(BOATS_PER_COLOUR,) * agents,
        out_=(0,) * agents,
        founded_=(0,) * agents,
        agent_=config.order[0],
        phase_=_engine.SETUP,
        group_=(),
        at_=None,
        entry_=0,
        origin_=None,
        turn_origin_=None,
        drawn_=0,
        tile_=-1,
        purpose_=_engine.VOYAGE,
        served_=0,
        ended_=False,
        setup_firsts_=(-1,) * agents,
        setup_count_=0,
    )
    return state._settled()


def new_game(
    num_players: int,
    rules: Rules = DEFAULT_RULES,
    *,
    tiles: TileSet = STANDARD_TILES,
    start_player: int = 0,
) -> GameState:
    """A new game at its first setup decision (SETUP-1..6).

    Seat ``i`` plays colour ``i`` (blue, red, green, yellow, orange, purple);
    ``start_player`` is the youngest player's seat (SETUP-3). The pile is not
    shuffled: every draw is a chance node.

    >>> state = new_game(4)
    >>> state.pile.islands, state.pile.oceans
    (15, 16)
    """
    config = GameConfig.make(num_players, rules, tiles, start_player)
    state = initial_state(config)
    if not state.legal_actions():
        # without a first setup placement that leaves room for all the others the
        # game could only start finished; with distinct beaches (AMB-29) the engine
        # offers only placements after which setup can still be completed
        raise SettingsError(
            f"tiles: the setup boats of {num_players} players cannot all be placed on "
            f"{tiles.start.name} with these rules [SETUP-5]"
        )
    return state


def play_random_game(
    num_players: int,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    *,
    tiles: TileSet = STANDARD_TILES,
) -> Sequence[GameState]:
    """Play one game with uniformly random decisions and draws; return every state.

    >>> states = play_random_game(3, seed=7)
    >>> states[-1].is_terminal
    True
    """
    if seed is not None and type(seed) is not int:
        raise SettingsError(f"seed must be an int or None, not {shown(seed)}")
    state = new_game(num_players, rules, tiles=tiles)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states

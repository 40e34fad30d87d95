"""A fixed-size numeric view of a state from one player's seat, for learning agents.

:meth:`ObservationLayout.observe` turns a state into a list of floats whose
length depends only on the tile set (not on the state, the player count or
the observer). Every value lies in ``[0, 1]`` except hex coordinates, which
lie in ``[-1, 1]``; each :class:`Section` states its range.

Colours are *relative* to the observer: relative colour 0 is the observer's
own colour (the colour numbered like the seat), relative colour ``k`` the
colour ``k`` places later in turn order. There are always six relative
colour slots; those of colours not in play stay 0. In the two-colour variant
``colour_is_observer`` marks both of the observer's colours.

Nothing in Tongiaki is hidden: the pile is counted, not ordered, and every
tile is known. So the observation holds the whole state except the order of
the pile (which no rule uses) and, with ``bounce_counts_as_closed_route``
off, the record of the positions already departed from this turn. Seen from
any seat it is also a perfect-information state tensor.

>>> from tongiaki_rules import new_game
>>> state = new_game(3)
>>> layout = ObservationLayout.for_state(state)
>>> values = layout.observe(state, 0)
>>> len(values) == layout.size
True
>>> layout.section("reserve").length
6
>>> values[layout.section("reserve").offset : layout.section("reserve").offset + 3]
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final

import attrs

from ._pergame import PerGame, index_problem
from ._standard_tiles import STANDARD_TILES
from ._state import DEFAULT_RULES, DecisionKind, GameConfig, GameState
from .colours import BOATS_PER_COLOUR, COLOURS
from .encoding import ActionEncoding, placement_radius
from .errors import InvalidPositionError, QueryError, SettingsError, shown
from .hexgrid import Hex
from .rules import Rules
from .tiles import TileSet
from .views import NO_KING, Phase, Purpose

__all__ = [
    "OBSERVATION_VERSION",
    "LayoutError",
    "ObservationLayout",
    "Section",
    "observation_string",
    "relative_colours",
]

OBSERVATION_VERSION: Final = 1
"""Version of the observation layout; any change to the layout gets a new number."""

_KINDS: Final = tuple(DecisionKind)
_TILE_SECTIONS: Final = 5
"""The first sections, which depend only on the tiles on the table and in the pile."""


class LayoutError(QueryError):
    """A section name or an index that the observation layout does not have.

    Raised by :meth:`ObservationLayout.section` and
    :meth:`ObservationLayout.describe`; the message names the argument. It
    is a :class:`~tongiaki_rules.errors.QueryError`: a ``TongiakiError`` (so a
    ``ValueError``) and, because ``section`` raised ``KeyError`` before, also a
    ``KeyError`` (and an ``IndexError``), so older ``except KeyError`` code
    keeps working.

    >>> try:
    ...     ObservationLayout.for_game(2).section("board")
    ... except KeyError as error:
    ...     print(error)
    name: no observation section 'board'
    """

    def __str__(self) -> str:
        # KeyError would quote the message; show it as written, like every other error
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


@attrs.frozen(slots=True)
class Section:
    """A named run of values in an observation: where it starts, how long, what it holds.

    >>> Section("pile", 10, 2, "tiles left", 0.0, 1.0).end
    12
    """

    name: str
    offset: int
    length: int
    description: str
    low: float = 0.0
    """The least value the section holds."""
    high: float = 1.0
    """The greatest value the section holds."""

    @property
    def end(self) -> int:
        """The index just after the section."""
        return self.offset + self.length


def relative_colours(state: GameState, player: int) -> tuple[int, ...]:
    """The relative colour of each colour in play, as seen from seat ``player``.

    Relative colour 0 is colour ``player``; the others follow in turn order.

    >>> from tongiaki_rules import new_game
    >>> relative_colours(new_game(4), 1)
    (3, 0, 1, 2)

    Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if ``state``
    is not a :class:`~tongiaki_rules.GameState` and
    :class:`~tongiaki_rules.errors.SettingsError` if ``player`` is not a
    seat (an int, not a bool, from 0 to the number of players less one).
    """
    if not isinstance(state, GameState):
        raise InvalidPositionError(f"state must be a GameState, not {shown(state)}")
    config = state.config
    if type(player) is not int or not 0 <= player < config.num_players:
        raise SettingsError(
            f"player must be a seat 0..{config.num_players - 1}, not {shown(player)}"
        )
    key = (id(config), player)
    found = _RELATIVE.get(key)
    if found is not None and found[0] is config:
        result: tuple[int, ...] = found[1]
        return result
    order = config.order
    first = order.index(player)
    n = len(order)
    relative = [0] * n
    for k, colour in enumerate(order):
        relative[colour] = (k - first) % n
    result = tuple(relative)
    if len(_RELATIVE) >= 256:
        _RELATIVE.clear()
    _RELATIVE[key] = (config, result)
    return result


_RELATIVE: dict[tuple[int, int], tuple[GameConfig, tuple[int, ...]]] = {}


class _Builder:
    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.size = 0

    def add(self, name: str, length: int, description: str, low: float = 0.0) -> None:
        self.sections.append(Section(name, self.size, length, description, low, 1.0))
        self.size += length


@attrs.frozen(slots=True, eq=False, repr=False)
class ObservationLayout:
    """The observation layout for one number of players, rules and tile set.

    The layout itself depends only on the tile set (islands and beaches are
    named by the island and beach slots of
    :class:`~tongiaki_rules.encoding.ActionEncoding`; every tile of the set
    has a *tile slot*, copies of a kind in placement order).

    >>> layout = ObservationLayout.for_game(4)
    >>> layout.version, layout.size
    (1, 991)
    >>> [s.name for s in layout.sections][:3]
    ['tile_on_table', 'tile_in_pile', 'tile_removed']
    """

    num_players: int
    rules: Rules
    tiles: TileSet
    version: int = attrs.field(init=False)
    """The layout version, :data:`OBSERVATION_VERSION`."""
    size: int = attrs.field(init=False)
    """Number of values in every observation."""
    sections: tuple[Section, ...] = attrs.field(init=False)
    """The sections in order; they cover ``range(size)`` without gaps."""
    encoding: ActionEncoding = attrs.field(init=False)
    """The action encoding of the same game, whose island and beach slots the layout uses."""
    radius: int = attrs.field(init=False)
    """Hex coordinates are divided by this (the placement radius)."""
    _by_name: dict[str, Section] = attrs.field(init=False, alias="_by_name")
    _tile_base: tuple[int, ...] = attrs.field(init=False, alias="_tile_base")
    _tile_copies: tuple[int, ...] = attrs.field(init=False, alias="_tile_copies")
    _tile_count: int = attrs.field(init=False, alias="_tile_count")
    _max_slots: int = attrs.field(init=False, alias="_max_slots")
    _max_beaches: int = attrs.field(init=False, alias="_max_beaches")
    _score_scale: float = attrs.field(init=False, alias="_score_scale")
    _split: int = attrs.field(init=False, alias="_split")
    """Where the tile sections end and the rest begins."""
    _rest: dict[str, int] = attrs.field(init=False, alias="_rest")
    """The offset of each section after the tile sections, counted from ``_split``."""
    _table: list[tuple[object, object, list[float]]] = attrs.field(init=False, alias="_table")
    """``[(tiles_, pile_, values)]``: the tile sections last built, and what from."""
    _slots: list[tuple[object, dict[Hex, int]]] = attrs.field(init=False, alias="_slots")
    """``[(tiles_, island slots)]``: the island slots of the last table seen."""
    _piles: list[tuple[object, int]] = attrs.field(init=False, alias="_piles")
    """``[(pile_, island tiles in it)]``: the last pile counted."""
    _tail: int = attrs.field(init=False, alias="_tail")
    """Where the sections after the beaches and islands (``colour_in_play`` on) begin."""
    _tail_at: tuple[int, ...] = attrs.field(init=False, alias="_tail_at")
    """The offset of each section from ``colour_in_play`` on, counted from ``_split``."""

    def __attrs_post_init__(self) -> None:
        ts = self.tiles
        encoding = ActionEncoding.for_game(self.num_players, self.rules, ts)
        set_ = object.__setattr__
        copies = [0] * len(ts.kinds)
        copies[0] = 1
        for t in ts.pile_indices:
            copies[t] += 1
        tile_base = []
        count = 0
        for t in range(len(ts.kinds)):
            tile_base.append(count)
            count += copies[t]
        islands = len(encoding.island_slots)
        beaches = sum(len(ts.slots[t]) for t, _c in encoding.island_slots)
        max_beaches = max(len(ts.slots[t]) for t, _c in encoding.island_slots)
        max_slots = max(n for t, _c in encoding.island_slots for n in ts.slots[t])
        start_beaches = len(ts.slots[0])
        value_total = sum(ts.values[t] * copies[t] for t in range(len(ts.kinds)))
        kinds = len(ts.kinds) - 1
        b = _Builder()
        b.add("tile_on_table", count, "per tile slot: 1 if the tile is on the table")
        b.add("tile_in_pile", count, "per tile slot: 1 if the tile is still in the pile")
        b.add("tile_removed", count, "per tile slot: 1 if the island was removed (CLOSED-1)")
        b.add(
            "tile_position",
            2 * count,
            "per tile slot: axial q and r divided by the radius (0 if not on the table)",
            -1.0,
        )
        b.add("tile_rotation", 6 * count, "per tile slot: its rotation, one-hot over 0..5")
        b.add(
            "beach_boats",
            6 * beaches,
            "per beach slot, per relative colour: boats of that colour / slots of the beach",
        )
        b.add("beach_free", beaches, "per beach slot: free slots / slots (0 if not on the table)")
        b.add("royal", islands, "per island slot: 1 if it is a royal island")
        b.add("king", 6 * islands, "per island slot: the king's relative colour, one-hot")
        b.add("colour_in_play", 6, "per relative colour: 1 if that colour is in play")
        b.add("colour_is_observer", 6, "per relative colour: 1 if the observer plays it")
        b.add("reserve", 6, "per relative colour: boats in the reserve / 15")
        b.add("boats_on_board", 6, "per relative colour: boats on beaches and statues / 15")
        b.add("boats_out_of_game", 6, "per relative colour: boats out of the game / 15")
        b.add("royal_founded", 6, "per relative colour: royal islands founded / 2")
        b.add("score", 6, "per relative colour: points now / the value of every island")
        b.add("turn_colour", 6, "the relative colour whose turn it is, one-hot")
        b.add("pile", 2, "island tiles left / pile islands, ocean tiles left / pile oceans")
        b.add("end_triggered", 1, "1 once the end of the game is triggered (END-1)")
        b.add("decision", len(_KINDS), "the pending decision kind, one-hot in DecisionKind order")
        b.add("observer_decides", 1, "1 if the observer makes the pending decision")
        b.add("place_tile", kinds, "at PLACE_TILE: the tile to place, one-hot by chance index")
        b.add(
            "purpose",
            3,
            "at a draw, placement or landing: voyage, New Colonisation or forced colonisation",
        )
        b.add("voyage_drawn", 1, "1 if the expedition under way has already drawn a tile (Rody)")
        b.add("group_colours", 6, f"per relative colour: boats under way / {max_slots}")
        b.add(
            "group_position",
            2,
            "axial q and r of the hex the group enters or lands on, divided by the radius",
            -1.0,
        )
        b.add("group_entry", 6, "the board direction the group arrives from, one-hot")
        b.add("landing_island", islands, "at BERTH: the island slot landed on, one-hot")
        b.add("landing_served", max_beaches, "at BERTH: beaches that already got a boat")
        b.add("expedition_origin", islands, "the island slot the expedition left, one-hot")
        b.add("turn_origin", islands, "the island slot of this turn's expansion, one-hot")
        b.add(
            "setup_first_beach",
            6 * start_beaches,
            "during setup, per relative colour: the start-island beach of its first boat",
        )
        set_(self, "version", OBSERVATION_VERSION)
        set_(self, "size", b.size)
        set_(self, "sections", tuple(b.sections))
        set_(self, "encoding", encoding)
        set_(self, "radius", max(1, placement_radius(self.rules, ts)))
        set_(self, "_by_name", {s.name: s for s in b.sections})
        set_(self, "_tile_base", tuple(tile_base))
        set_(self, "_tile_copies", tuple(copies))
        set_(self, "_tile_count", count)
        set_(self, "_max_slots", max_slots)
        set_(self, "_max_beaches", max_beaches)
        set_(self, "_score_scale", float(max(1, value_total)))
        split = b.sections[_TILE_SECTIONS - 1].end
        set_(self, "_split", split)
        set_(self, "_rest", {s.name: s.offset - split for s in b.sections[_TILE_SECTIONS:]})
        set_(self, "_table", [((), (), [])])
        set_(self, "_slots", [((), {})])
        set_(self, "_piles", [((), 0)])
        tail = self._by_name["colour_in_play"].offset
        set_(self, "_tail", tail)
        set_(self, "_tail_at", tuple(s.offset - split for s in b.sections if s.offset >= tail))

    # ------------------------------------------------------------ construction
    @classmethod
    def for_game(
        cls,
        num_players: int,
        rules: Rules = DEFAULT_RULES,
        tiles: TileSet = STANDARD_TILES,
    ) -> ObservationLayout:
        """The layout for these settings (cached).

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming the
        argument for impossible settings, as
        :meth:`ActionEncoding.for_game <tongiaki_rules.encoding.ActionEncoding.for_game>`.

        >>> ObservationLayout.for_game(2).size == ObservationLayout.for_game(6).size
        True
        """
        return _CACHE.get(num_players, rules, tiles)

    @classmethod
    def for_state(cls, state: GameState) -> ObservationLayout:
        """The layout for the game ``state`` belongs to.

        >>> from tongiaki_rules import new_game
        >>> ObservationLayout.for_state(new_game(5)) is ObservationLayout.for_game(5)
        True

        Raises :class:`~tongiaki_rules.errors.SettingsError` naming ``state``
        if it is not a :class:`~tongiaki_rules.GameState`.
        """
        if not isinstance(state, GameState):
            raise SettingsError(f"state must be a GameState, not {shown(state)}")
        return _CACHE.for_config(state.config)

    def __repr__(self) -> str:
        return (
            f"<ObservationLayout v{self.version} for {self.num_players} players: size {self.size}>"
        )

    def section(self, name: str) -> Section:
        """The section called ``name``.

        Raises :class:`LayoutError` (a ``TongiakiError`` that is also a
        ``KeyError``) naming it if there is none.

        >>> ObservationLayout.for_game(2).section("end_triggered").length
        1
        """
        found = self._by_name.get(name) if type(name) is str else None
        if found is None:
            raise LayoutError(f"name: no observation section {shown(name)}")
        return found

    def describe(self, index: int) -> str:
        """The section an index falls in and its place there.

        >>> ObservationLayout.for_game(2).describe(0)
        'tile_on_table[0]: per tile slot: 1 if the tile is on the table'

        Raises :class:`LayoutError` naming the index and the valid range if
        it is not an int in ``range(size)`` (a bool is not one).
        """
        if type(index) is int:
            for s in self.sections:
                if s.offset <= index < s.end:
                    return f"{s.name}[{index - s.offset}]: {s.description}"
        raise LayoutError(index_problem("observation index", index, self.size))

    # ------------------------------------------------------------ observing
    def observe(self, state: GameState, player: int) -> list[float]:
        """The observation of ``state`` from seat ``player``: ``size`` floats.

        >>> from tongiaki_rules import new_game
        >>> layout = ObservationLayout.for_game(2)
        >>> obs = layout.observe(new_game(2), 1)
        >>> obs[layout.section("observer_decides").offset]
        0.0

        Raises :class:`~tongiaki_rules.errors.InvalidPositionError` if
        ``state`` is not a :class:`~tongiaki_rules.GameState`, and
        :class:`~tongiaki_rules.errors.SettingsError` if it is a state of a
        game this layout does not fit or ``player`` is not a seat of it.
        """
        table, rest = self._observe_parts(state, player)
        return table + rest

    def _observe_parts(self, state: GameState, player: int) -> tuple[list[float], list[float]]:
        """The observation of :meth:`observe` in two parts: the tile sections, and the rest.

        The tile sections (``tile_on_table`` to ``tile_rotation``) depend only
        on the tiles on the table and in the pile, which most actions leave
        alone: while they stay the same, the first part is the same list
        object, built once: the adapters convert it once. Never change it.

        Raises the errors of :meth:`observe`.
        """
        rel = relative_colours(state, player)
        config = state.config
        if config.num_players != self.num_players or config.tiles != self.tiles:
            raise SettingsError(f"state: {self!r} does not fit a {config.num_players}-player game")
        return self._tile_part(state), self._other_sections(state, player, rel)

    def _tile_part(self, state: GameState) -> list[float]:
        """The tile sections of ``state``: the same list object while they stay the same."""
        view = state.compact
        tiles, pile, table = self._table[0]
        if tiles is not view.tiles or pile is not view.pile:
            table = self._tile_sections(state)
            self._table[0] = (
                view.tiles,
                view.pile,
                table,
            )  # one store, as one value
        return table

    def _islands_left(self, state: GameState) -> int:
        """The island tiles in the pile of ``state`` (counted once per pile)."""
        view = state.compact
        pile, count = self._piles[0]
        if pile is not view.pile:
            is_island = self.tiles.is_island
            count = sum(1 for t in view.pile if is_island[t])
            self._piles[0] = (view.pile, count)  # one store, as one value
        return count

    def _island_slots(self, state: GameState) -> dict[Hex, int]:
        """The island slot of each island on the table, by position (the dict of the last table)."""
        view = state.compact
        tiles, island_slot = self._slots[0]
        if tiles is not view.tiles:
            island_slot = self.encoding._island_slots_of(state)
            self._slots[0] = (view.tiles, island_slot)  # one store, as one value
        return island_slot

    def _tile_sections(self, state: GameState) -> list[float]:
        """The values of the tile sections, which start the observation."""
        view = state.compact
        ts = self.tiles
        obs = [0.0] * self._split
        sec = self._by_name
        radius = float(self.radius)

        # tiles ---------------------------------------------------------
        on_table = sec["tile_on_table"].offset
        in_pile = sec["tile_in_pile"].offset
        removed = sec["tile_removed"].offset
        position = sec["tile_position"].offset
        rotation = sec["tile_rotation"].offset
        base = self._tile_base
        used = [0] * len(ts.kinds)
        for (q, r), t, rot in view.tiles:
            k = base[t] + used[t]
            used[t] += 1
            obs[on_table + k] = 1.0
            obs[position + 2 * k] = clamp(q / radius)
            obs[position + 2 * k + 1] = clamp(r / radius)
            obs[rotation + 6 * k + rot] = 1.0
        pile_count = [0] * len(ts.kinds)
        for t in view.pile:
            pile_count[t] += 1
        for t, copies in enumerate(self._tile_copies):
            k = base[t] + used[t]
            for _ in range(pile_count[t]):
                obs[in_pile + k] = 1.0
                k += 1
            while k < base[t] + copies:
                obs[removed + k] = 1.0
                k += 1
        return obs

    def _other_sections(self, state: GameState, player: int, rel: tuple[int, ...]) -> list[float]:
        """The values of the sections after the tile sections."""
        view = state.compact
        ts = self.tiles
        obs = [0.0] * (self.size - self._split)
        sec = self._rest
        enc = self.encoding
        island_slot = self._island_slots(state)

        # beaches and royal islands ----------------------------------------
        boats_at = sec["beach_boats"]
        free_at = sec["beach_free"]
        royal_at = sec["royal"]
        king_at = sec["king"]
        beach_base = enc.beach_offsets
        slots = ts.slots
        agents = len(rel)
        values = ts.values
        on_board_count = [0] * agents
        scores = [0] * agents  # SCORE-1/2: the value of every island a colour is on
        for ((pos, t, _rot), beaches), king in zip(
            zip(view.tiles, view.boats, strict=True),
            view.kings,
            strict=True,
        ):
            if not beaches:
                continue
            s = island_slot[pos]
            first = beach_base[s]
            present = 0
            for b, beach in enumerate(beaches):
                n = slots[t][b]
                j = first + b
                obs[free_at + j] = (n - len(beach)) / n
                for c in beach:
                    obs[boats_at + 6 * j + rel[c]] += 1.0 / n
                    on_board_count[c] += 1
                    present |= 1 << c
            if king != NO_KING:
                obs[royal_at + s] = 1.0
                if 0 <= king < agents:
                    obs[king_at + 6 * s + rel[king]] = 1.0
                    on_board_count[king] += 1
                    present |= 1 << king
            if present:
                for c in range(agents):
                    if present >> c & 1:
                        scores[c] += values[t]
        write_tail(self, obs, state, player, rel, island_slot, on_board_count, scores)
        return obs


_PURPOSE_PHASES: Final = (Phase.DRAW, Phase.PLACE, Phase.LAND)


def write_tail(
    layout: ObservationLayout,
    obs: MutableSequence[float],
    state: GameState,
    player: int,
    rel: tuple[int, ...],
    island_slot: dict[Hex, int],
    on_board_count: list[int],
    scores: list[int],
) -> None:
    """Write the values of the sections from ``colour_in_play`` on into ``obs``.

    ``obs`` holds the values after the tile sections (index 0 is the
    first of ``beach_boats``), zeros where these sections are: only
    values that are not 0 are written, each once. ``on_board_count``
    and ``scores`` are, per colour, the boats on beaches and statues and
    the value of the islands it is on.

    The adapters' float32 arrays (:mod:`tongiaki_rules.adapters`) are
    written by this same function, into a memoryview, so they hold the same
    values as :meth:`ObservationLayout.observe`.
    """
    (
        in_play,
        mine,
        reserve,
        on_board,
        out,
        founded,
        score,
        turn_colour,
        pile,
        end_triggered,
        decision,
        observer_decides,
        place_tile,
        purpose,
        voyage_drawn,
        group_colours,
        group_position,
        group_entry,
        landing_island,
        landing_served,
        expedition_origin,
        turn_origin,
        setup_first_beach,
    ) = layout._tail_at
    agents = len(rel)

    # colours --------------------------------------------------------
    seats = state.config.agent_seats
    scale = layout._score_scale
    now = state.compact
    reserves = now.reserve
    outs = now.out
    founds = now.founded
    for c in range(agents):
        k = rel[c]
        obs[in_play + k] = 1.0
        if seats[c] == player:
            obs[mine + k] = 1.0
        obs[reserve + k] = reserves[c] / BOATS_PER_COLOUR
        obs[on_board + k] = on_board_count[c] / BOATS_PER_COLOUR
        obs[out + k] = outs[c] / BOATS_PER_COLOUR
        obs[founded + k] = min(1.0, founds[c] / 2)
        obs[score + k] = scores[c] / scale
    agent = now.agent
    obs[turn_colour + rel[agent]] = 1.0

    # pile and end ---------------------------------------------------
    ts = layout.tiles
    islands_left = layout._islands_left(state)
    obs[pile] = islands_left / max(1, ts.island_total - 1)
    obs[pile + 1] = (len(now.pile) - islands_left) / max(1, ts.ocean_total)
    if now.ended:
        obs[end_triggered] = 1.0

    # the pending decision -----------------------------------------------
    phase = now.phase
    obs[decision + phase] = 1.0
    if phase != Phase.DRAW and phase != Phase.OVER and seats[agent] == player:
        obs[observer_decides] = 1.0  # the observer is the current player
    if phase == Phase.PLACE and now.tile >= 1:
        obs[place_tile + now.tile - 1] = 1.0
    if phase in _PURPOSE_PHASES:
        obs[purpose + now.purpose] = 1.0
    if now.drawn and now.purpose == Purpose.VOYAGE and phase != Phase.TURN:
        obs[voyage_drawn] = 1.0
    if now.group:
        group = [0.0] * agents
        for c in now.group:
            group[rel[c]] += 1.0 / layout._max_slots
        for k, value in enumerate(group):
            if value:
                obs[group_colours + k] = value
    at = now.at
    if at is not None:
        radius = float(layout.radius)
        obs[group_position] = clamp(at[0] / radius)
        obs[group_position + 1] = clamp(at[1] / radius)
        obs[group_entry + now.entry] = 1.0
        if phase == Phase.LAND:
            landed = island_slot.get(at)
            if landed is not None:
                obs[landing_island + landed] = 1.0
            served = now.served
            for b in range(layout._max_beaches):
                if served >> b & 1:
                    obs[landing_served + b] = 1.0
    where = now.origin
    origin = island_slot.get(where) if where is not None else None
    if origin is not None:
        obs[expedition_origin + origin] = 1.0
    where = now.turn_origin
    origin = island_slot.get(where) if where is not None else None
    if origin is not None:
        obs[turn_origin + origin] = 1.0
    if phase == Phase.SETUP:
        width = len(ts.slots[0])
        for c, b in enumerate(now.setup_firsts):
            if b >= 0:
                obs[setup_first_beach + width * rel[c] + b] = 1.0


def clamp(x: float) -> float:
    """``x`` within ``[-1, 1]``."""
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


_CACHE: PerGame[ObservationLayout] = PerGame(ObservationLayout)


def observation_string(state: GameState, player: int) -> str:
    """The state as readable text, headed by whose view it is and the relative colours.

    Everything is public, so the text is the same board for every seat.

    >>> from tongiaki_rules import new_game
    >>> print(observation_string(new_game(3), 2).splitlines()[0])
    Seen from seat 2 (green); relative colours: 0 green, 1 blue, 2 red

    Raises the errors of :func:`relative_colours` for a bad state or seat.
    """
    rel = relative_colours(state, player)
    by_relative = sorted(range(len(rel)), key=rel.__getitem__)
    colours = ", ".join(f"{rel[c]} {COLOURS[c]}" for c in by_relative)
    header = f"Seen from seat {player} ({COLOURS[player]}); relative colours: {colours}"
    return f"{header}\n{state}"

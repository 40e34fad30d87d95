"""Build a position in a few lines, for tests, puzzles and tutorials.

>>> from tongiaki_rules.scenario import position
>>> state = position(
...     3,
...     tiles=[((0, -1), "hawaii", 0)],
...     boats={((0, 0), 0): "BB", ((0, -1), 1): "RG"},
...     to_move=0,
... )
>>> state.pending.kind.value, state.reserve(Colour.BLUE)
('turn', 13)

Tonga is always at ``(0, 0)``. ``tiles`` lists the other tiles on the table
as ``(position, tile id, rotation)``. ``boats`` maps ``(island position,
beach index)`` to the colour letters of the boats on that beach (B R G Y O
P). Reserves are what is left of each colour's 15 boats. The pile holds every
tile not on the table unless ``pile`` lists it. If some beach is full, the
position waits for the departure decision of ``to_move`` (as in the middle of
a chain reaction); otherwise it waits for ``to_move``'s turn action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from . import engine as _engine
from .colours import BOATS_PER_COLOUR, Colour
from .errors import InvalidPositionError
from .hexgrid import ORIGIN, Hex
from .rules import Rules
from .standard_tiles import STANDARD_TILES
from .state import GameConfig, GameState
from .tiles import TileSet


def _colour(value: str | int | Colour, agents: int) -> int:
    try:
        c = Colour.from_letter(value) if isinstance(value, str) else Colour(value)
    except ValueError as exc:
        raise InvalidPositionError(str(exc)) from None
    if c >= agents:
        raise InvalidPositionError(f"colour {c.name.lower()} is not in play ({agents} colours)")
    return int(c)


def position(
    num_players: int,
    *,
    tiles: Iterable[tuple[Hex, str, int]] = (),
    boats: Mapping[tuple[Hex, int], str | Sequence[Colour | int]] | None = None,
    kings: Mapping[Hex, str | Colour | int] | None = None,
    pile: Sequence[str] | None = None,
    removed: Sequence[str] = (),
    to_move: int = 0,
    reserves: Mapping[str | Colour | int, int] | None = None,
    royal_founded: Mapping[str | Colour | int, int] | None = None,
    end_triggered: bool = False,
    group: str | Sequence[Colour | int] = "",
    group_at: Hex | None = None,
    entry: int | None = None,
    origin: Hex | None = None,
    rules: Rules | None = None,
    tile_set: TileSet = STANDARD_TILES,
    start_player: int = 0,
) -> GameState:
    """A position after setup, validated; raises :class:`InvalidPositionError`.

    ``to_move`` is the colour index whose turn it is (the seat, except in the
    two-colour variant).

    A group under way can be given too, to start in the middle of a turn:
    ``group`` (colour letters) at ``group_at``. On an island the state waits
    for the berthing of the group (LAND-1); on an empty hex it is the chance
    node of the tile drawn there, the group arriving through the hex's edge
    ``entry`` (a board direction) from an expedition that left ``origin``
    (the island a bounce would return it to). For a group landing, ``origin``
    defaults to the island it lands on.

    >>> state = position(3, group="RRG", group_at=(0, 1), entry=3, origin=(0, 0))
    >>> state.is_chance_node, state.group.colours
    (True, (Colour.RED, Colour.RED, Colour.GREEN))

    ``reserves`` overrides reserve counts; boats missing
    from 15 are then out of the game. ``royal_founded`` defaults to the number
    of royal islands each colour holds.
    """
    try:
        config = GameConfig.make(
            num_players, rules if rules is not None else Rules(), tile_set, start_player
        )
    except ValueError as exc:
        raise InvalidPositionError(str(exc)) from None
    ts = config.tiles
    agents = len(config.agent_seats)
    if not 0 <= to_move < agents:
        raise InvalidPositionError(f"to_move must be a colour index 0..{agents - 1}")

    removed_idx: list[int] = []
    for tile_id in removed:
        if tile_id not in ts.index or not ts.is_island[ts.index[tile_id]]:
            raise InvalidPositionError(f"only islands are removed, not {tile_id!r}")
        removed_idx.append(ts.index[tile_id])
    used: Counter[int] = Counter(removed_idx)
    if used[0] > 1:
        raise InvalidPositionError("Tonga can be removed only once")
    placed: list[tuple[Hex, int, int]] = [] if used[0] else [(ORIGIN, 0, 0)]
    seen: dict[Hex, str] = {} if used[0] else {ORIGIN: ts.start.id}
    for spec in tiles:
        try:
            pos, tile_id, rotation = spec
            q, r = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(
                f"a tile entry is (position, tile id, rotation), not {spec!r}"
            ) from None
        if tile_id not in ts.index or ts.index[tile_id] == 0:
            raise InvalidPositionError(f"unknown pile tile id {tile_id!r}")
        if not isinstance(rotation, int) or not 0 <= rotation < 6:
            raise InvalidPositionError(f"rotation of {tile_id!r} must be 0..5, not {rotation!r}")
        key = (int(q), int(r))
        if key in seen:
            raise InvalidPositionError(f"two tiles at {key}: {seen[key]!r} and {tile_id!r}")
        seen[key] = tile_id
        t = ts.index[tile_id]
        used[t] += 1
        placed.append((key, t, rotation))
    available = Counter(ts.pile_indices)
    for t, n in used.items():
        if t != 0 and n > available[t]:
            raise InvalidPositionError(f"tile {ts.kinds[t].id!r} is used {n} times")
    where = {pos: k for k, (pos, _t, _r) in enumerate(placed)}

    beach_boats: list[list[list[int]]] = [[[] for _ in ts.slots[t]] for _pos, t, _r in placed]
    for (island, b), letters in (boats or {}).items():
        k = where.get(island)
        if k is None or not ts.is_island[placed[k][1]]:
            raise InvalidPositionError(f"no island at {island} for boats {letters!r}")
        if not isinstance(b, int) or not 0 <= b < len(beach_boats[k]):
            raise InvalidPositionError(
                f"{ts.kinds[placed[k][1]].id} has no beach {b!r} (it has {len(beach_boats[k])})"
            )
        colours = [_colour(x, agents) for x in letters]
        beach_boats[k][b].extend(colours)
        if len(beach_boats[k][b]) > ts.slots[placed[k][1]][b]:
            raise InvalidPositionError(
                f"beach {b} of {ts.kinds[placed[k][1]].id} has "
                f"{ts.slots[placed[k][1]][b]} slots, not {len(beach_boats[k][b])}"
            )
    king_list = [_engine.NO_KING] * len(placed)
    for island, who in (kings or {}).items():
        k = where.get(island)
        if k is None or not ts.is_island[placed[k][1]]:
            raise InvalidPositionError(f"no island at {island} to be royal")
        if placed[k][1] == 0:
            raise InvalidPositionError("Tonga can never be a royal island [ROYAL-2]")
        if any(beach_boats[k]):
            raise InvalidPositionError(
                f"royal island at {island} must have empty beaches [ROYAL-4]"
            )
        king_list[k] = _colour(who, agents)

    under_way = sorted(_colour(x, agents) for x in group)
    phase = _engine.TURN
    at: Hex | None = None
    if under_way:
        if group_at is None:
            raise InvalidPositionError("a group needs group_at: the island or empty hex it is at")
        at = (int(group_at[0]), int(group_at[1]))
        k = where.get(at)
        if k is None:
            if entry not in range(6):
                raise InvalidPositionError("a group facing an empty hex needs entry 0..5")
            phase = _engine.DRAW
        elif not ts.is_island[placed[k][1]]:
            raise InvalidPositionError(
                f"a group stops on an island or before an empty hex, not on ocean tile {at}"
            )
        else:
            phase = _engine.LAND
        if origin is not None:
            j = where.get(origin)
            if j is None or not ts.is_island[placed[j][1]]:
                raise InvalidPositionError(f"origin {origin} is not an island on the table")
        elif phase == _engine.DRAW:
            raise InvalidPositionError("a group at sea needs the origin island of its expedition")
    elif group_at is not None:
        raise InvalidPositionError("group_at is given but the group has no boats")

    on_board = [0] * agents
    for c in under_way:
        on_board[c] += 1
    for beaches in beach_boats:
        for beach in beaches:
            for c in beach:
                on_board[c] += 1
    for k in king_list:
        if k != _engine.NO_KING:
            on_board[k] += 1
    reserve = [BOATS_PER_COLOUR - n for n in on_board]
    for who, n in (reserves or {}).items():
        c = _colour(who, agents)
        if not isinstance(n, int) or n < 0:
            raise InvalidPositionError(f"reserve of {Colour(c).name.lower()} must be >= 0")
        reserve[c] = n
    out = []
    for c in range(agents):
        extra = BOATS_PER_COLOUR - on_board[c] - reserve[c]
        if extra < 0:
            raise InvalidPositionError(
                f"{Colour(c).name.lower()} would have more than {BOATS_PER_COLOUR} boats"
            )
        out.append(extra)
    founded = [0] * agents
    for k in king_list:
        if k != _engine.NO_KING:
            founded[k] += 1
    for who, n in (royal_founded or {}).items():
        founded[_colour(who, agents)] = n
    if any(n > 2 for n in founded):
        raise InvalidPositionError("at most two royal islands per colour [ROYAL-3]")

    rest = Counter(ts.pile_indices) - used
    if pile is None:
        pile_idx = sorted(rest.elements())
    else:
        pile_idx = []
        for tile_id in pile:
            if tile_id not in ts.index or ts.index[tile_id] == 0:
                raise InvalidPositionError(f"unknown pile tile id {tile_id!r}")
            pile_idx.append(ts.index[tile_id])
        extra_tiles = Counter(pile_idx) - rest
        if extra_tiles:
            names = sorted(ts.kinds[t].id for t in extra_tiles)
            raise InvalidPositionError(f"pile tiles already used elsewhere: {names}")
        pile_idx.sort()
    if not pile_idx and not end_triggered:
        raise InvalidPositionError("an empty pile means the game has ended [END-1]")

    if phase == _engine.DRAW and not pile_idx:
        raise InvalidPositionError("a group at sea needs a tile to draw: the pile is empty")
    boats_t = tuple(tuple(tuple(sorted(beach)) for beach in beaches) for beaches in beach_boats)
    full = any(
        len(beach) == ts.slots[placed[k][1]][b]
        for k, beaches in enumerate(boats_t)
        for b, beach in enumerate(beaches)
    )
    if phase == _engine.TURN and full:
        phase = _engine.DEPART
    state = GameState(
        config=config,
        tiles_=tuple(placed),
        boats_=boats_t,
        kings_=tuple(king_list),
        removed_=tuple(sorted(removed_idx)),
        pile_=tuple(pile_idx),
        reserve_=tuple(reserve),
        out_=tuple(out),
        founded_=tuple(founded),
        agent_=to_move,
        phase_=phase,
        group_=tuple(under_way),
        at_=at,
        entry_=entry if entry is not None else 0,
        origin_=origin if origin is not None else (at if under_way else None),
        turn_origin_=None,
        drawn_=0,
        tile_=-1,
        purpose_=_engine.VOYAGE,
        served_=0,
        ended_=end_triggered,
        setup_firsts_=(),
        setup_count_=2 * agents,
    )
    return state._settled()

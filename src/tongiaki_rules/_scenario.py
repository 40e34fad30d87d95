"""Build a position in a few lines, for tests, puzzles and tutorials.

>>> from tongiaki_rules import position
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

Every argument is checked: a wrong type (a bool or a float where an int is
meant, a string with a lone surrogate), a value out of range or a position
that play cannot reach raises :class:`~tongiaki_rules.errors.InvalidPositionError`
naming the argument.

>>> from tongiaki_rules import InvalidPositionError
>>> try:
...     position(3, tiles=[((0, -1), "hawaii", 0)], kings={(0, -1): "R"}, royal_founded={"R": 0})
... except InvalidPositionError as exc:
...     print(exc)
royal_founded[red]: 0, but the colour is king of 1 royal islands [ROYAL-3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ._standard_tiles import STANDARD_TILES
from ._state import GameConfig, GameState
from ._validity import invariant_violations, reachability_problems
from .colours import BOATS_PER_COLOUR, COLOURS, Colour
from .errors import InvalidPositionError, SearchLimitReached, TongiakiError
from .hexgrid import ORIGIN, Hex
from .rules import Rules
from .tiles import TileSet
from .views import NO_KING, Phase, Purpose

_MAX_COORDINATE = 1 << 20
"""Hex coordinates beyond this are refused outright (no tile set comes near)."""


def _refuse(argument: str, message: str) -> InvalidPositionError:
    return InvalidPositionError(f"{argument}: {message}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object, argument: str, lo: int, hi: int) -> int:
    if not _is_int(value):
        raise _refuse(argument, f"expected an integer {lo}..{hi}, not {value!r}")
    assert isinstance(value, int)
    if not lo <= value <= hi:
        raise _refuse(argument, f"{value} is not in {lo}..{hi}")
    return int(value)


def _hex(value: object, argument: str) -> Hex:
    ok = isinstance(value, tuple | list) and len(value) == 2 and all(map(_is_int, value))
    if not ok:
        raise _refuse(argument, f"a position is a (q, r) pair of integers, not {value!r}")
    assert isinstance(value, tuple | list)
    q, r = int(value[0]), int(value[1])
    if max(abs(q), abs(r)) > _MAX_COORDINATE:
        raise _refuse(argument, f"{(q, r)} is far off the table")
    return (q, r)


def _text(value: object, argument: str) -> str:
    if not isinstance(value, str):
        raise _refuse(argument, f"expected a string, not {value!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _refuse(argument, f"{value!r} holds a lone surrogate: it is not text") from None
    return value


def _colour(value: object, agents: int, argument: str) -> int:
    """A colour given as a letter, a :class:`Colour` or a colour index."""
    if isinstance(value, str):
        try:
            c = Colour.from_letter(_text(value, argument))
        except ValueError as exc:
            raise _refuse(argument, str(exc)) from None
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(COLOURS):
        c = COLOURS[value]
    else:
        raise _refuse(argument, f"a colour is a letter (B R G Y O P) or 0..5, not {value!r}")
    if c >= agents:
        raise _refuse(argument, f"colour {c.name.lower()} is not in play ({agents} colours)")
    return int(c)


def _colours(value: object, agents: int, argument: str) -> list[int]:
    if isinstance(value, str):
        return [_colour(x, agents, argument) for x in _text(value, argument)]
    if not isinstance(value, Sequence):
        raise _refuse(argument, f"expected colour letters or a sequence of colours, not {value!r}")
    return [_colour(x, agents, argument) for x in value]


def _mapping(value: object, argument: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _refuse(argument, f"expected a mapping, not {value!r}")
    return value


def _names(value: object, argument: str) -> list[str]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise _refuse(argument, f"expected a sequence of tile ids, not {value!r}")
    return [_text(tile_id, f"{argument}[{k}]") for k, tile_id in enumerate(value)]


def _per_colour(value: object, agents: int, argument: str, lo: int, hi: int) -> dict[int, int]:
    found: dict[int, int] = {}
    for who, n in _mapping(value, argument).items():
        c = _colour(who, agents, argument)
        where = f"{argument}[{COLOURS[c].name.lower()}]"
        if c in found:
            raise _refuse(where, "the colour is named twice")
        found[c] = _int(n, where, lo, hi)
    return found


def _config(
    num_players: object, rules: object, tile_set: object, start_player: object
) -> GameConfig:
    n = _int(num_players, "num_players", 2, 6)
    if not isinstance(rules, Rules):
        raise _refuse("rules", f"expected a Rules value, not {rules!r}")
    if not isinstance(tile_set, TileSet):
        raise _refuse("tile_set", f"expected a TileSet, not {tile_set!r}")
    start = _int(start_player, "start_player", 0, n - 1)
    try:
        return GameConfig.make(n, rules, tile_set, start)
    except TongiakiError as exc:
        raise InvalidPositionError(str(exc)) from None


class _Table:
    """The tiles of the position being built, checked one by one."""

    def __init__(self, ts: TileSet, removed: object, tiles: object) -> None:
        self.ts = ts
        self.removed: list[int] = []
        for k, tile_id in enumerate(_names(removed, "removed")):
            t = ts.index.get(tile_id)
            if t is None or not ts.is_island[t]:
                raise _refuse(f"removed[{k}]", f"only islands are removed, not {tile_id!r}")
            self.removed.append(t)
        self.used: Counter[int] = Counter(self.removed)
        if self.used[0] > 1:
            raise _refuse("removed", "Tonga can be removed only once")
        self.placed: list[tuple[Hex, int, int]] = [] if self.used[0] else [(ORIGIN, 0, 0)]
        if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
            raise _refuse("tiles", f"expected (position, tile id, rotation) entries, not {tiles!r}")
        for k, spec in enumerate(tiles):
            self._place(spec, f"tiles[{k}]")
        available = Counter(ts.pile_indices)
        for t, n in self.used.items():
            if t != 0 and n > available[t]:
                raise _refuse("tiles", f"tile {ts.kinds[t].id!r} is used {n} times")
        self.where = {pos: k for k, (pos, _t, _r) in enumerate(self.placed)}

    def _place(self, spec: object, argument: str) -> None:
        ts = self.ts
        if not isinstance(spec, tuple | list) or len(spec) != 3:
            raise _refuse(argument, f"a tile entry is (position, tile id, rotation), not {spec!r}")
        pos = _hex(spec[0], argument)
        tile_id = _text(spec[1], argument)
        t = ts.index.get(tile_id)
        if t is None or t == 0:
            raise _refuse(argument, f"unknown pile tile id {tile_id!r}")
        rotation = _int(spec[2], f"{argument} rotation of {tile_id!r}", 0, 5)
        for other, u, _r in self.placed:
            if other == pos:
                raise _refuse(argument, f"two tiles at {pos}: {ts.kinds[u].id!r} and {tile_id!r}")
        self.used[t] += 1
        self.placed.append((pos, t, rotation))

    def island(self, value: object, argument: str) -> int:
        """The index of the island at ``value``."""
        pos = _hex(value, argument)
        k = self.where.get(pos)
        if k is None or not self.ts.is_island[self.placed[k][1]]:
            raise _refuse(argument, f"no island at {pos}")
        return k

    def name(self, k: int) -> str:
        return self.ts.kinds[self.placed[k][1]].id


def _beaches(table: _Table, boats: object, agents: int) -> list[list[list[int]]]:
    ts = table.ts
    found: list[list[list[int]]] = [[[] for _ in ts.slots[t]] for _p, t, _r in table.placed]
    for key, letters in _mapping(boats, "boats").items():
        argument = f"boats[{key!r}]"
        if not isinstance(key, tuple) or len(key) != 2:
            raise _refuse(argument, "a key is (island position, beach index)")
        k = table.island(key[0], argument)
        slots = ts.slots[table.placed[k][1]]
        b = key[1]
        if not _is_int(b) or not 0 <= b < len(slots):
            raise _refuse(argument, f"{table.name(k)} has no beach {b!r} (it has {len(slots)})")
        beach = found[k][b]
        beach.extend(_colours(letters, agents, argument))
        if len(beach) > slots[b]:
            raise _refuse(
                argument, f"beach {b} of {table.name(k)} has {slots[b]} slots, not {len(beach)}"
            )
    return found


def _kings(table: _Table, kings: object, agents: int) -> list[int]:
    found = [NO_KING] * len(table.placed)
    for island, who in _mapping(kings, "kings").items():
        argument = f"kings[{island!r}]"
        k = table.island(island, argument)
        if table.placed[k][1] == 0:
            raise _refuse(argument, "Tonga can never be a royal island [ROYAL-2]")
        found[k] = _colour(who, agents, argument)
    return found


def _argument(path: str | None, table: _Table) -> str:
    """The argument of :func:`position` that a JSON path of the state document stands for."""
    if path is None:
        return "position"
    if path.startswith("table["):
        k = int(path[6 : path.index("]")])
        pos = table.placed[k][0]
        return {"at": "tiles", "beaches": f"boats at {pos}", "king": f"kings[{pos}]"}.get(
            path.rsplit(".", 1)[-1], f"the tile at {pos}"
        )
    if path.startswith("colours."):
        letter = path.split(".")[1]
        return f"royal_founded[{Colour.from_letter(letter).name.lower()}]"
    return {"at": "group_at", "colours": "royal_founded"}.get(path, path)


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
    config = _config(num_players, rules if rules is not None else Rules(), tile_set, start_player)
    ts = config.tiles
    agents = len(config.agent_seats)
    agent = _int(to_move, "to_move", 0, agents - 1)
    if not isinstance(end_triggered, bool):
        raise _refuse("end_triggered", f"expected True or False, not {end_triggered!r}")
    table = _Table(ts, removed, tiles)
    boats_of = _beaches(table, boats, agents)
    king_list = _kings(table, kings, agents)
    under_way = sorted(_colours(group, agents, "group"))
    phase, at, entry_, origin_ = _group(table, under_way, group_at, entry, origin)
    reserve, out = _reserves(under_way, boats_of, king_list, reserves, agents)
    founded = [sum(1 for k in king_list if k == c) for c in range(agents)]
    for c, n in _per_colour(royal_founded, agents, "royal_founded", 0, 2).items():
        founded[c] = n
    pile_idx = _pile(table, pile, end_triggered)
    if phase == Phase.DRAW and not pile_idx:
        raise _refuse("pile", "a group at sea needs a tile to draw: the pile is empty")
    boats_t = tuple(tuple(tuple(sorted(beach)) for beach in beaches) for beaches in boats_of)
    full = any(
        len(beach) == ts.slots[table.placed[k][1]][b]
        for k, beaches in enumerate(boats_t)
        for b, beach in enumerate(beaches)
    )
    if phase == Phase.TURN and full:
        phase = int(Phase.DEPART)
    state = GameState(
        config=config,
        tiles_=tuple(table.placed),
        boats_=boats_t,
        kings_=tuple(king_list),
        removed_=tuple(sorted(table.removed)),
        pile_=tuple(pile_idx),
        reserve_=tuple(reserve),
        out_=tuple(out),
        founded_=tuple(founded),
        agent_=agent,
        phase_=phase,
        group_=tuple(under_way),
        at_=at,
        entry_=entry_,
        origin_=origin_,
        turn_origin_=None,
        drawn_=0,
        tile_=-1,
        purpose_=int(Purpose.VOYAGE),
        served_=0,
        ended_=end_triggered,
        setup_firsts_=(),
        setup_count_=2 * agents,
    )
    return _settled(state, table)


def _group(
    table: _Table, under_way: list[int], group_at: object, entry: object, origin: object
) -> tuple[int, Hex | None, int, Hex | None]:
    """The phase and the group's ``at``, ``entry`` and ``origin``."""
    if not under_way:
        for argument, value in (("group_at", group_at), ("entry", entry), ("origin", origin)):
            if value is not None:
                raise _refuse(argument, "is given but the group has no boats")
        return int(Phase.TURN), None, 0, None
    if group_at is None:
        raise _refuse("group_at", "a group needs group_at: the island or empty hex it is at")
    at = _hex(group_at, "group_at")
    entry_ = 0 if entry is None else _int(entry, "entry", 0, 5)
    start = None if origin is None else table.placed[table.island(origin, "origin")][0]
    k = table.where.get(at)
    if k is None:
        if entry is None:
            raise _refuse("entry", "a group facing an empty hex needs entry 0..5")
        if start is None:
            raise _refuse("origin", "a group at sea needs the origin island of its expedition")
        return int(Phase.DRAW), at, entry_, start
    if not table.ts.is_island[table.placed[k][1]]:
        raise _refuse(
            "group_at", f"a group stops on an island or before an empty hex, not on ocean tile {at}"
        )
    return int(Phase.LAND), at, entry_, at if start is None else start


def _reserves(
    under_way: list[int],
    boats_of: list[list[list[int]]],
    king_list: list[int],
    reserves: object,
    agents: int,
) -> tuple[list[int], list[int]]:
    on_board = [under_way.count(c) for c in range(agents)]
    for beaches in boats_of:
        for beach in beaches:
            for c in beach:
                on_board[c] += 1
    for k in king_list:
        if k != NO_KING:
            on_board[k] += 1
    reserve = [BOATS_PER_COLOUR - n for n in on_board]
    for c, n in _per_colour(reserves, agents, "reserves", 0, BOATS_PER_COLOUR).items():
        reserve[c] = n
    out = []
    for c in range(agents):
        extra = BOATS_PER_COLOUR - on_board[c] - reserve[c]
        if on_board[c] > BOATS_PER_COLOUR or extra < 0:
            raise _refuse(
                "boats", f"{COLOURS[c].name.lower()} would have more than {BOATS_PER_COLOUR} boats"
            )
        out.append(extra)
    return reserve, out


def _pile(table: _Table, pile: object, end_triggered: bool) -> list[int]:
    ts = table.ts
    rest = Counter(ts.pile_indices) - table.used
    if pile is None:
        pile_idx = sorted(rest.elements())
    else:
        pile_idx = []
        for k, tile_id in enumerate(_names(pile, "pile")):
            t = ts.index.get(tile_id)
            if t is None or t == 0:
                raise _refuse(f"pile[{k}]", f"unknown pile tile id {tile_id!r}")
            pile_idx.append(t)
        extra_tiles = Counter(pile_idx) - rest
        if extra_tiles:
            names = sorted(ts.kinds[t].id for t in extra_tiles)
            raise _refuse("pile", f"pile tiles already used elsewhere: {names}")
        pile_idx.sort()
    if not pile_idx and not end_triggered:
        raise _refuse("pile", "an empty pile means the game has ended [END-1]")
    return pile_idx


def _settled(state: GameState, table: _Table) -> GameState:
    """The built position, checked for reachability, with its automatic steps resolved."""
    for problem in reachability_problems(state):
        clause = f" [{problem.clause}]" if problem.clause else ""
        raise _refuse(_argument(problem.path, table), problem.message + clause)
    try:
        settled = state._settled()
        problems = invariant_violations(settled, exact_tiles=False)
    except (MemoryError, SearchLimitReached):
        raise  # the machine ran short, or the caller's cap: that says nothing of the position
    except Exception as exc:  # a position the engine cannot evaluate
        problems = [f"the engine cannot evaluate it ({type(exc).__name__}: {exc})"]
    if problems:
        raise InvalidPositionError("impossible position: " + "; ".join(problems))
    return settled

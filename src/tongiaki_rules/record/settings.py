"""A game's settings in JSON: the number of players, the start player, the
rules flags and the tile set, written and read back (COMP-1, VARIANT-2P-1).
"""

from __future__ import annotations

import enum
from typing import Any, cast

import attrs

from ..errors import TileSetError
from ..rules import Rules
from ..standard_tiles import STANDARD_TILES
from ..state import GameConfig
from ..tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet
from .fields import _bool, _fail, _field, _int, _item, _list, _object, _str, _type_name
from .schema import _STANDARD


# ====================================================================== writing
def _rules_out(rules: Rules) -> dict[str, Any]:
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in rules.changed().items()
    }


def _tile_out(tile: Tile) -> dict[str, Any]:
    if isinstance(tile, IslandTile):
        return {
            "kind": "island",
            "id": tile.id,
            "name": tile.name,
            "value": tile.value,
            "beaches": [{"slots": b.slots, "jetties": list(b.jetties)} for b in tile.beaches],
        }
    return {
        "kind": "ocean",
        "id": tile.id,
        "routes": [{"edges": [r.a, r.b], "colours": r.colours} for r in tile.routes],
    }


def _tile_set_out(tiles: TileSet) -> str | dict[str, Any]:
    if tiles == STANDARD_TILES:
        return _STANDARD
    kinds: dict[str, Tile] = {}
    for tile in tiles.pile:
        kinds.setdefault(tile.id, tile)
    return {
        "start": _tile_out(tiles.start),
        "tiles": [_tile_out(tile) for tile in kinds.values()],
        "pile": [tile.id for tile in tiles.pile],
    }


def _settings_out(
    num_players: int, start_player: int, rules: Rules, tiles: TileSet
) -> dict[str, Any]:
    return {
        "num_players": num_players,
        "start_player": start_player,
        "rules": _rules_out(rules),
        "tile_set": _tile_set_out(tiles),
    }


# ====================================================================== reading
def _rules_in(value: Any, path: str) -> Rules:
    if not isinstance(value, dict):
        _fail(path, f"expected an object of rules flags, not {_type_name(value)}")
    fields = attrs.fields_dict(Rules)
    kwargs: dict[str, Any] = {}
    for name, given in value.items():
        where = _field(path, name)
        field = fields.get(name)
        if field is None:
            _fail(where, "unknown rules flag")
        default = field.default
        if isinstance(default, bool):
            kwargs[name] = _bool(given, where)
            continue
        kind = cast(type[enum.StrEnum], type(default))
        allowed = [member.value for member in kind]
        if not isinstance(given, str) or given not in allowed:
            shown = repr(given) if isinstance(given, str) else _type_name(given)
            _fail(where, f"{shown} is not one of {', '.join(map(repr, allowed))}")
        kwargs[name] = kind(given)
    return Rules(**kwargs)


def _tile_in(value: Any, path: str, start: bool = False) -> Tile:
    try:
        return _tile_fields_in(value, path, start)
    except TileSetError as exc:  # fields the tile classes themselves refuse (an empty name)
        _fail(path, str(exc))


def _tile_fields_in(value: Any, path: str, start: bool) -> Tile:
    if not isinstance(value, dict):
        _fail(path, f"expected a tile object, not {_type_name(value)}")
    kind = value.get("kind")
    if kind == "island":
        obj = _object(value, path, ("kind", "id", "name", "value", "beaches"))
        tile_id = _str(obj["id"], _field(path, "id"))
        if not tile_id:
            _fail(_field(path, "id"), "a tile id cannot be empty")
        name = _str(obj["name"], _field(path, "name"))
        points = _int(obj["value"], _field(path, "value"), 0)
        beaches_path = _field(path, "beaches")
        specs = []
        for b, spec in enumerate(_list(obj["beaches"], beaches_path)):
            bp = _item(beaches_path, b)
            beach = _object(spec, bp, ("slots", "jetties"))
            slots = _int(beach["slots"], _field(bp, "slots"), 1)
            jp = _field(bp, "jetties")
            jetties = tuple(
                _int(e, _item(jp, j), 0, 5) for j, e in enumerate(_list(beach["jetties"], jp))
            )
            specs.append(BeachSpec(slots, jetties))
        return IslandTile(tile_id, name, points, tuple(specs), is_start=start)
    if start:
        _fail(_field(path, "kind"), 'the start tile must be an island ("kind": "island")')
    if kind == "ocean":
        obj = _object(value, path, ("kind", "id", "routes"))
        tile_id = _str(obj["id"], _field(path, "id"))
        if not tile_id:
            _fail(_field(path, "id"), "a tile id cannot be empty")
        routes_path = _field(path, "routes")
        routes = []
        for k, spec in enumerate(_list(obj["routes"], routes_path)):
            rp = _item(routes_path, k)
            route = _object(spec, rp, ("edges", "colours"))
            ep = _field(rp, "edges")
            edges = _list(route["edges"], ep)
            if len(edges) != 2:
                _fail(ep, "a route joins two edges: [a, b]")
            a = _int(edges[0], _item(ep, 0), 0, 5)
            b = _int(edges[1], _item(ep, 1), 0, 5)
            routes.append(Route(a, b, _int(route["colours"], _field(rp, "colours"), 0, 6)))
        return OceanTile(tile_id, tuple(routes))
    if "kind" not in value:
        _fail(path, "missing field 'kind'")
    _fail(_field(path, "kind"), f'expected "island" or "ocean", not {kind!r}')


def _tile_set_in(value: Any, path: str) -> TileSet:
    if isinstance(value, str):
        if value != _STANDARD:
            _fail(path, f'expected "standard" or a tile set object, not {value!r}')
        return STANDARD_TILES
    obj = _object(value, path, ("start", "tiles", "pile"))
    start = _tile_in(obj["start"], _field(path, "start"), start=True)
    assert isinstance(start, IslandTile)
    tiles_path = _field(path, "tiles")
    kinds: dict[str, Tile] = {}
    for k, spec in enumerate(_list(obj["tiles"], tiles_path)):
        tile = _tile_in(spec, _item(tiles_path, k))
        if tile.id in kinds or tile.id == start.id:
            _fail(_field(_item(tiles_path, k), "id"), f"the id {tile.id!r} is defined twice")
        kinds[tile.id] = tile
    pile_path = _field(path, "pile")
    pile: list[Tile] = []
    for k, tile_id in enumerate(_list(obj["pile"], pile_path)):
        name = _str(tile_id, _item(pile_path, k))
        if name not in kinds:
            _fail(_item(pile_path, k), f"{name!r} is not defined in {tiles_path}")
        pile.append(kinds[name])
    used = {tile.id for tile in pile}
    for k, tile in enumerate(kinds.values()):
        if tile.id not in used:
            _fail(_item(tiles_path, k), f"the tile {tile.id!r} is not in the pile")
    try:
        return TileSet(start, tuple(pile))
    except ValueError as exc:
        _fail(path, str(exc))


def _config_in(doc: dict[str, Any]) -> GameConfig:
    rules = _rules_in(doc["rules"], "rules")
    tiles = _tile_set_in(doc["tile_set"], "tile_set")
    num_players = _int(doc["num_players"], "num_players")
    if not 2 <= num_players <= 6:
        _fail("num_players", f"Tongiaki is for 2 to 6 players, not {num_players}", "COMP-1")
    start_player = _int(doc["start_player"], "start_player", 0, num_players - 1)
    if rules.variant_two_player_double_colour and num_players != 2:
        _fail(
            "rules.variant_two_player_double_colour",
            f"the two-colour variant is for exactly 2 players, not {num_players}",
            "VARIANT-2P-1",
        )
    try:
        return GameConfig.make(num_players, rules, tiles, start_player)
    except ValueError as exc:
        _fail("tile_set", str(exc))

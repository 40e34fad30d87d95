"""A game's settings in JSON, written and read back (COMP-1, VARIANT-2P-1).

The settings are the number of players, the start player, the rules flags
and the tile set.
"""

from __future__ import annotations

import enum
from typing import Any, Final, cast

import attrs

from .._standard_tiles import STANDARD_TILES
from .._state import GameConfig
from ..errors import TileSetError
from ..rules import Rules, without_retired
from ..tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet
from ._fields import _fail, _field, _item
from ._schema import _STANDARD, STATE_SCHEMA
from ._schema_check import check_schema


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
# The settings' structure (types, fields, ranges, enums) is checked by the JSON
# Schema first (see :mod:`.schema_check`); what follows builds them and checks
# how they fit together.
_SETTINGS_DEFS: Final = (
    ("num_players", "num_players"),
    ("start_player", "start_player"),
    ("rules", "rules"),
    ("tile_set", "tile_set"),
)


def _rules_in(value: dict[str, Any]) -> Rules:
    fields = attrs.fields_dict(Rules)
    kwargs: dict[str, Any] = {}
    flags: dict[str, Any] = without_retired(value)  # the schema checked the retired ones' values
    for name, given in flags.items():
        default = fields[name].default
        kwargs[name] = (
            given if isinstance(default, bool) else cast(type[enum.StrEnum], type(default))(given)
        )
    return Rules(**kwargs)


def _tile_in(value: dict[str, Any], path: str, start: bool = False) -> Tile:
    try:
        if value["kind"] == "island":
            beaches = tuple(BeachSpec(b["slots"], tuple(b["jetties"])) for b in value["beaches"])
            return IslandTile(value["id"], value["name"], value["value"], beaches, is_start=start)
        routes = tuple(Route(r["edges"][0], r["edges"][1], r["colours"]) for r in value["routes"])
        return OceanTile(value["id"], routes)
    except TileSetError as exc:  # what the tile classes themselves refuse
        _fail(path, str(exc))


def _tile_set_in(value: str | dict[str, Any], path: str) -> TileSet:
    if isinstance(value, str):
        return STANDARD_TILES
    start = _tile_in(value["start"], _field(path, "start"), start=True)
    assert isinstance(start, IslandTile)
    tiles_path = _field(path, "tiles")
    kinds: dict[str, Tile] = {}
    for k, spec in enumerate(value["tiles"]):
        tile = _tile_in(spec, _item(tiles_path, k))
        if tile.id in kinds or tile.id == start.id:
            _fail(_field(_item(tiles_path, k), "id"), f"the id {tile.id!r} is defined twice")
        kinds[tile.id] = tile
    pile: list[Tile] = []
    for k, name in enumerate(value["pile"]):
        if name not in kinds:
            _fail(_item(_field(path, "pile"), k), f"{name!r} is not defined in {tiles_path}")
        pile.append(kinds[name])
    used = set(value["pile"])
    for k, tile in enumerate(kinds.values()):
        if tile.id not in used:
            _fail(_item(tiles_path, k), f"the tile {tile.id!r} is not in the pile")
    try:
        return TileSet(start, tuple(pile))
    except ValueError as exc:
        _fail(path, str(exc))


def _config_in(doc: dict[str, Any], *, checked: bool = False) -> GameConfig:
    """The settings of ``doc``; ``checked`` if the document passed its JSON Schema already."""
    if not checked:
        for field, name in _SETTINGS_DEFS:
            check_schema(doc[field], STATE_SCHEMA, f"/$defs/{name}", field)
    rules = _rules_in(doc["rules"])
    tiles = _tile_set_in(doc["tile_set"], "tile_set")
    num_players, start_player = doc["num_players"], doc["start_player"]
    if start_player >= num_players:
        _fail("start_player", f"{start_player} is not in 0..{num_players - 1}")
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

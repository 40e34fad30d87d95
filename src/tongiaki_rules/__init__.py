"""tongiaki_rules: a typed, immutable-state rules engine for the board game Tongiaki.

>>> import random
>>> from tongiaki_rules import new_game
>>> rng = random.Random(0)
>>> state = new_game(3)
>>> while not state.is_terminal:
...     if state.is_chance_node:
...         state = state.apply(state.sample_chance(rng))
...     else:
...         state = state.apply(rng.choice(state.legal_actions()))
>>> len(state.scores())
3
"""

from __future__ import annotations

from ._scenario import position
from ._scoring import Outcome, TieBreak
from ._search_limit import search_limit
from ._standard_tiles import STANDARD_TILES, TONGA
from ._state import (
    COMPILED,
    BeachView,
    CompactView,
    DecisionKind,
    GameConfig,
    GameState,
    GroupView,
    IslandView,
    Pending,
    PileView,
    PlacedTile,
    new_game,
    play_random_game,
)
from ._textview import render_text
from .actions import (
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
    TurnAction,
)
from .colours import BOATS_PER_COLOUR, Colour
from .errors import (
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    PositionCodeError,
    QueryError,
    RecordError,
    ReplayError,
    SearchLimitReached,
    SettingsError,
    TileSetError,
    TongiakiError,
)
from .events import EVENT_TYPES, Event
from .hexgrid import DIRECTION_NAMES, ORIGIN, Hex
from .notation import format_action, match_action, parse_action
from .position_code import position_code, state_from_position_code
from .record import (
    GameRecord,
    Recorder,
    replay,
    replay_states,
    state_from_json,
    state_to_json,
)
from .rules import (
    BounceTarget,
    ClosedRouteMode,
    EmptyReserveSource,
    EndlessChain,
    EndTrigger,
    LastOceanFate,
    RodyFreeScope,
    Rules,
    TwoPlayerRoyalLimit,
    TwoPlayerTurnOrder,
)
from .svg import render_svg
from .tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet

__version__ = "0.1.0"


__all__ = [
    "BOATS_PER_COLOUR",
    "COMPILED",
    "DIRECTION_NAMES",
    "EVENT_TYPES",
    "ORIGIN",
    "STANDARD_TILES",
    "TONGA",
    "Action",
    "BeachSpec",
    "BeachView",
    "Berth",
    "BounceTarget",
    "ClosedRouteMode",
    "Colour",
    "CompactView",
    "DecisionKind",
    "Depart",
    "Draw",
    "EmptyReserveSource",
    "EndTrigger",
    "EndlessChain",
    "Event",
    "Expand",
    "ExpandFromBoard",
    "FoundRoyal",
    "GameConfig",
    "GameRecord",
    "GameState",
    "GroupView",
    "Hex",
    "IllegalActionError",
    "InvalidPositionError",
    "IslandTile",
    "IslandView",
    "LastOceanFate",
    "NotationError",
    "OceanTile",
    "Outcome",
    "Pending",
    "PileView",
    "PlaceNewBoats",
    "PlaceTile",
    "PlacedTile",
    "PositionCodeError",
    "QueryError",
    "Recolonize",
    "RecordError",
    "Recorder",
    "ReplayError",
    "ReturnBoat",
    "RodyFreeScope",
    "Route",
    "Rules",
    "SearchLimitReached",
    "SettingsError",
    "SetupPlace",
    "TieBreak",
    "Tile",
    "TileSet",
    "TileSetError",
    "TongiakiError",
    "TurnAction",
    "TwoPlayerRoyalLimit",
    "TwoPlayerTurnOrder",
    "__version__",
    "format_action",
    "match_action",
    "new_game",
    "parse_action",
    "play_random_game",
    "position",
    "position_code",
    "render_svg",
    "render_text",
    "replay",
    "replay_states",
    "search_limit",
    "state_from_json",
    "state_from_position_code",
    "state_to_json",
]

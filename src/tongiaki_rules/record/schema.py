"""The names of the two JSON schemas and of their fields.

The schema names and versions, the names of phases, purposes and vacant
kings, and the fields each object of a document must have.
"""

from __future__ import annotations

from typing import Final

from ..colours import COLOURS

STATE_SCHEMA: Final = "tongiaki-state"
"""The ``"schema"`` value of a state document."""
RECORD_SCHEMA: Final = "tongiaki-record"
"""The ``"schema"`` value of a game record document."""
VERSION: Final = 2
"""The schema version this library writes (both schemas).

Version 2 added the rules flag ``endless_chain`` and gave ``chain`` its
present meaning (the departures of the turn since the last draw, under every
flag). Version 1 documents are read too: their rules lack that flag (the
default applies), and a version 1 state must not remember departures.
"""
READ_VERSIONS: Final = (1, 2)
"""The schema versions this library reads."""

PHASE_NAMES: Final[tuple[str, ...]] = (
    "setup",
    "turn",
    "departure",
    "draw",
    "place_tile",
    "berth",
    "game_over",
)
"""The ``"phase"`` names, indexed by engine phase (the values of ``DecisionKind``)."""
PURPOSE_NAMES: Final[tuple[str, ...]] = ("voyage", "colonize", "forced_colonize")
"""The ``"purpose"`` names, indexed by the engine's purpose of a draw or placement."""
VACANT: Final = "vacant"
"""The ``"king"`` of a royal island whose king was taken off (AMB-21)."""

_STANDARD: Final = "standard"
_LETTERS: Final = "".join(c.letter for c in COLOURS)

_STATE_FIELDS: Final = (
    "schema",
    "version",
    "num_players",
    "start_player",
    "rules",
    "tile_set",
    "phase",
    "turn_colour",
    "table",
    "removed",
    "pile",
    "colours",
    "group",
    "at",
    "entry",
    "origin",
    "turn_origin",
    "tiles_drawn",
    "drawn_tile",
    "purpose",
    "served_beaches",
    "end_triggered",
    "setup_first_beaches",
    "chain",
)
_RECORD_FIELDS: Final = (
    "schema",
    "version",
    "num_players",
    "start_player",
    "rules",
    "tile_set",
    "metadata",
    "actions",
)
_ISLAND_ENTRY: Final = ("tile", "at", "rotation", "beaches", "king")
_OCEAN_ENTRY: Final = ("tile", "at", "rotation")
_COLOUR_FIELDS: Final = ("reserve", "out_of_game", "royal_islands_founded")

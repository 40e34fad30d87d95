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
STATE_VERSION: Final = 2
"""The version of the state schema this library writes.

Version 2 added the rules flag ``endless_chain`` and gave ``chain`` its
present meaning (the departures of the turn since the last draw, under every
flag). Version 1 documents are read too: their rules lack that flag (the
default applies), and a version 1 state must not remember departures.
"""
VERSION: Final = STATE_VERSION
"""The version of the *state* schema this library writes (2), as :data:`STATE_VERSION`.

Kept under this name for code written before the two schemas had versions of
their own; game records are at :data:`RECORD_VERSION`.
"""
READ_VERSIONS: Final = (1, 2)
"""The versions of the state schema this library reads."""
RECORD_VERSION: Final = 3
"""The version of the record schema this library writes.

Version 3 added ``start``: ``null`` for a game from a new game (all that
versions 1 and 2 could record), or the state document the game starts from.
Version 2 went with state version 2 (the rules flag ``endless_chain``).
"""
RECORD_READ_VERSIONS: Final = (1, 2, 3)
"""The versions of the record schema this library reads (1 and 2 read as ``"start": null``)."""

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
    "start",
    "actions",
)
"""The fields of a record of the present version, in the order they are written."""
_ISLAND_ENTRY: Final = ("tile", "at", "rotation", "beaches", "king")
_OCEAN_ENTRY: Final = ("tile", "at", "rotation")
_COLOUR_FIELDS: Final = ("reserve", "out_of_game", "royal_islands_founded")

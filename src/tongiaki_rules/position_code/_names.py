"""The short names a position code uses: tiles, rules flags, phases and part tags.

Every name here is part of the ``T1`` format: change one and old codes read
differently. A rules flag added later needs a short name here (a test checks
that every flag of :class:`~tongiaki_rules.rules.Rules` has one).
"""

from __future__ import annotations

import enum
from types import MappingProxyType
from typing import Final

import attrs

from ..rules import Rules

FORMAT_TAG: Final = "T1"
"""The first part of every position code: the format and its version."""

TILE_NAMES: Final = MappingProxyType(
    {
        "tonga": "to",
        "muroroa": "mu",
        "nauru": "na",
        "tubuai": "tb",
        "rarotonga": "ra",
        "rapa-nui": "rn",
        "tokelau": "tk",
        "tuamotu": "tm",
        "hiva-oa": "hv",
        "mangareva": "mg",
        "oahu": "oa",
        "tahiti": "th",
        "tuvalu": "tv",
        "fidschi": "fi",
        "hawaii": "hw",
        "samoa": "sa",
        **{f"ocean-{letter}": letter for letter in "abcdefghijklmnop"},
    }
)
"""The short name of each standard tile id: two letters for an island, one for an ocean tile."""

TILE_IDS: Final = MappingProxyType({short: tile_id for tile_id, short in TILE_NAMES.items()})
"""The standard tile id of each short name."""

FLAG_NAMES: Final = MappingProxyType(
    {
        "expand_allow_fewer": "eaf",
        "empty_reserve_source": "ers",
        "recolonize_requires_adjacency": "rra",
        "failure_ends_turn": "fet",
        "royal_bounce_target": "rbt",
        "bounce_counts_as_closed_route": "bcc",
        "end_trigger": "et",
        "last_ocean_group_fate": "log",
        "end_turn_continue_chain": "etc",
        "end_recolonize_completes": "erc",
        "noboats_ignores_royal": "nir",
        "noboats_single_excludes_tonga": "nse",
        "noboats_tonga_one_per_beach": "nto",
        "recolonize_keeps_royal": "rkr",
        "recolonize_removed_to_reserve": "rrr",
        "closed_route_mode": "crm",
        "closed_route_force_other_exit": "cro",
        "endless_chain": "ec",
        "closed_forced_colonize_places_boat": "cfp",
        "closed_forced_colonize_ends_turn_immediately": "cfe",
        "setup_distinct_beaches": "sdb",
        "tiebreak_islands_include_tonga": "tit",
        "royal_owner_may_land": "rom",
        "variant_rody": "vro",
        "rody_free_scope": "rfs",
        "variant_two_player_double_colour": "v2c",
        "two_player_turn_order": "tto",
        "two_player_royal_limit_per": "trl",
    }
)
"""The short name of each rules flag. A changed ``bool`` flag is written as its
short name; an enum flag as its short name and the upper-case first letter of
its value (``etS``: ``end_trigger="sixteen_on_table"``)."""

RETIRED_FLAG_NAMES: Final = MappingProxyType(
    {"empty_pile_group_fate": "epg", "two_player_scoring": "tps"}
)
"""The short names of the retired flags (:data:`~tongiaki_rules.rules.RETIRED_FLAGS`).

No code was ever written with them (a flag of one value never differs from
its default), but a code that names one with its only value still reads."""

FLAGS: Final = MappingProxyType(
    {short: name for name, short in (FLAG_NAMES | RETIRED_FLAG_NAMES).items()}
)
"""The rules flag of each short name (the retired ones too, for reading)."""

PHASE_LETTERS: Final = (
    "s",  # setup
    "t",  # turn
    "d",  # departure
    "w",  # draw (chance: waiting for a draw)
    "p",  # place_tile
    "b",  # berth
    "g",  # game_over
)
"""The letter of each phase, indexed like :data:`~tongiaki_rules.record._schema.PHASE_NAMES`."""

PURPOSE_LETTERS: Final = ("v", "c", "f")
"""The letter of each purpose of a draw: voyage, colonize, forced_colonize."""

VACANT_LETTER: Final = "V"
"""The king letter of a royal island whose king was taken off (AMB-21)."""

PARTS: Final = MappingProxyType(
    {
        "r": "removed islands",
        "p": "pile",
        "o": "boats out of the game",
        "f": "royal islands founded",
        "g": "group at sea",
        "a": "hex the group is at",
        "i": "edge the group entered by",
        "h": "island the expedition left",
        "t": "island the turn began from",
        "n": "tiles drawn this voyage",
        "d": "drawn tile",
        "u": "purpose of the draw",
        "s": "served beaches",
        "c": "chain of departures",
        "e": "end triggered",
    }
)
"""The optional parts after the table, by tag letter, in the order they are written."""


_VALUE_LETTERS: Final = MappingProxyType({"return_group": "G"})
"""Enum values whose first letter another value of their flag has (``remove_island``)."""


def enum_letter(value: enum.Enum) -> str:
    """The letter an enum flag value is written with: its value's first letter, upper-case.

    ``endless_chain="return_group"`` is ``G`` (``remove_island`` has the ``R``).

    >>> from tongiaki_rules import EndlessChain, EndTrigger
    >>> enum_letter(EndTrigger.SIXTEEN_ON_TABLE), enum_letter(EndlessChain.RETURN_GROUP)
    ('S', 'G')
    """
    text = str(value.value)
    return _VALUE_LETTERS.get(text, text[0].upper())


def flag_defaults() -> dict[str, object]:
    """Each rules flag's default value, by flag name."""
    return {field.name: field.default for field in attrs.fields(Rules)}

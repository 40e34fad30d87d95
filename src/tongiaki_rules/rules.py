"""Rules flags: the variants and every contested reading of the rule texts.

Each field of :class:`Rules` decides one point where the Italian, French and
German texts disagree or are silent (the ``AMB-nn`` entries of the clause
catalogue). The defaults are the recommended readings.

>>> Rules().failure_ends_turn
False
>>> Rules(variant_rody=True).variant_rody
True
>>> Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE)
Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE)
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

import attrs

from .errors import SettingsError, shown

__all__ = [
    "RETIRED_FLAGS",
    "BounceTarget",
    "ClosedRouteMode",
    "EmptyReserveSource",
    "EndTrigger",
    "EndlessChain",
    "LastOceanFate",
    "NamedStrEnum",
    "RodyFreeScope",
    "Rules",
    "TwoPlayerRoyalLimit",
    "TwoPlayerTurnOrder",
    "without_retired",
]

_E = TypeVar("_E", bound=enum.Enum)


def _value_of(kind: type[_E], value: object, flag: str | None = None) -> _E:
    """Convert a flag value, naming the allowed values (and the flag) when given a wrong one."""
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        where = f" for {flag}" if flag else ""
        raise SettingsError(
            f"{shown(value)} is not a value of {kind.__name__}{where}; expected one of {allowed}"
        ) from None


class NamedStrEnum(enum.StrEnum):
    """A string enum whose repr is the member as written in code: ``EndTrigger.SIXTEEN_ON_TABLE``.

    ``str()`` stays the plain value (``"sixteen_on_table"``), as for every
    ``StrEnum``; ``repr()`` evaluates back to the member with
    ``from tongiaki_rules import *``. The base of the project's string enums.

    >>> EndTrigger.SIXTEEN_ON_TABLE
    EndTrigger.SIXTEEN_ON_TABLE
    >>> str(EndTrigger.SIXTEEN_ON_TABLE)
    'sixteen_on_table'
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class EmptyReserveSource(NamedStrEnum):
    """Where the single boat of an empty-reserve expansion may come from (AMB-04)."""

    ANY_NON_ROYAL = "any_non_royal"
    OTHER_ISLAND_ONLY = "other_island_only"


class BounceTarget(NamedStrEnum):
    """Where a group bounced off a royal island lands (AMB-09)."""

    EXPEDITION_ORIGIN = "expedition_origin"
    TURN_ORIGIN = "turn_origin"


class EndTrigger(NamedStrEnum):
    """What triggers the end of the game (AMB-11)."""

    TYPE_EXHAUSTED = "type_exhausted"
    SIXTEEN_ON_TABLE = "sixteen_on_table"


class LastOceanFate(NamedStrEnum):
    """What happens to the group at sea when the last ocean tile is drawn (AMB-12)."""

    LOST = "lost"
    MAY_REACH_EXISTING_ISLAND = "may_reach_existing_island"


class ClosedRouteMode(NamedStrEnum):
    """How a closed island is detected (AMB-25).

    ``geometric`` (IT, FR-R): an island every route of which leads straight
    back is removed when a group must leave it (CLOSED-1). ``infinite_only``
    (BSW): no island is removed by geometry; only a chain that no finite
    combination of choices resolves is endless, and ``endless_chain`` settles it.
    """

    GEOMETRIC = "geometric"
    INFINITE_ONLY = "infinite_only"


class EndlessChain(NamedStrEnum):
    """How a chain that no choice can end is settled (AMB-25).

    Between two draws the engine offers only the choices after which the turn
    can still end without coming back to a position the chain has reached
    since the last draw (BSW: a chain is endless only if no finite
    combination resolves it; FR-R: the player must choose a different
    departure). Only where no choice can end it does the chain come back to
    a position, and then this flag says what happens.
    """

    REMOVE_ISLAND = "remove_island"
    """Settle it like a closed route: the island is removed (CLOSED-1, CLOSED-4)."""
    RETURN_GROUP = "return_group"
    """The departing boats go home, as after a failed voyage; the island stays."""


class RodyFreeScope(NamedStrEnum):
    """What the Rody variant leaves free for later tiles of an exploration (AMB-39)."""

    ROTATION = "rotation"
    POSITION_AND_ROTATION = "position_and_rotation"


class TwoPlayerTurnOrder(NamedStrEnum):
    """Turn order of the four colours in the two-colour two-player variant (AMB-40)."""

    ALTERNATE_SEATS = "alternate_seats"
    SEAT_THEN_COLOUR = "seat_then_colour"


class TwoPlayerRoyalLimit(NamedStrEnum):
    """Whom the limit of two royal islands applies to in the two-colour variant (AMB-40)."""

    COLOUR = "colour"
    SEAT = "seat"


def _as_checked(value: object) -> Any:
    """The converter of every enum flag: the value as :func:`_checked_flags` made it.

    ``Rules.__init__`` checks and converts every flag before attrs sets the
    fields, so there is nothing left to convert here; the converter's ``object``
    parameter tells type checkers that an enum flag also takes its value as a
    string (``Rules(end_trigger="sixteen_on_table")``).
    """
    return value


@attrs.frozen(slots=True, kw_only=True)
class Rules:
    """Variants and contested readings, with the recommended defaults.

    Every field names the catalogue entry (``AMB-nn``) it decides. Flags are
    given by keyword; a flag that does not exist, a yes/no flag given
    anything but ``True`` or ``False`` and a value outside a flag's enum all
    raise :class:`~tongiaki_rules.errors.SettingsError` naming the flag
    (``attrs.evolve`` checks the same way).

    The repr shows only the flags that differ from the defaults, and
    evaluates back to an equal rule set (with ``from tongiaki_rules import *``):

    >>> Rules()
    Rules()
    >>> Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE, variant_rody=True)
    Rules(end_trigger=EndTrigger.SIXTEEN_ON_TABLE, variant_rody=True)
    >>> try:
    ...     Rules(varaint_rody=True)
    ... except SettingsError as exc:
    ...     print(exc)
    Rules has no flag 'varaint_rody'; did you mean variant_rody?
    """

    expand_allow_fewer: bool = False
    """AMB-02: may the player place fewer boats than the expansion entitlement?"""
    empty_reserve_source: EmptyReserveSource = attrs.field(
        default=EmptyReserveSource.ANY_NON_ROYAL, converter=_as_checked
    )
    """AMB-04: where the one boat of an empty-reserve expansion may be taken from."""
    recolonize_requires_adjacency: bool = True
    """AMB-07: must a freely placed tile touch a tile already on the table?"""
    failure_ends_turn: bool = False
    """AMB-08: does a failed voyage end the whole turn (IT literal) or only that expedition?"""
    royal_bounce_target: BounceTarget = attrs.field(
        default=BounceTarget.EXPEDITION_ORIGIN, converter=_as_checked
    )
    """AMB-09: where a group bounced off a royal island lands."""
    bounce_counts_as_closed_route: bool = True
    """AMB-10: does an exit leading to a royal island count as leading back (closed routes)?"""
    end_trigger: EndTrigger = attrs.field(default=EndTrigger.TYPE_EXHAUSTED, converter=_as_checked)
    """AMB-11: last tile of a type drawn, or all tiles of a type on the table."""
    last_ocean_group_fate: LastOceanFate = attrs.field(
        default=LastOceanFate.LOST, converter=_as_checked
    )
    """AMB-12: is the group at sea lost when the last ocean tile is drawn?"""
    end_turn_continue_chain: bool = True
    """AMB-13: does the final turn go on with chain reactions and pending departures?"""
    end_recolonize_completes: bool = True
    """AMB-14: does a New Colonisation that triggers the end still complete?"""
    noboats_ignores_royal: bool = True
    """AMB-18: do royal-island boats not count as boats in play for NOBOATS and CLOSED-4?"""
    noboats_single_excludes_tonga: bool = False
    """AMB-19: must the single NOBOATS boat go on an island other than Tonga?"""
    noboats_tonga_one_per_beach: bool = False
    """AMB-19: must the two NOBOATS boats on Tonga go on different beaches?"""
    recolonize_keeps_royal: bool = True
    """AMB-21: does New Colonisation keep the player's royal-island boats?"""
    recolonize_removed_to_reserve: bool = True
    """AMB-22: do recolonised boats go back to the reserve (or out of the game)?"""
    closed_route_mode: ClosedRouteMode = attrs.field(
        default=ClosedRouteMode.GEOMETRIC, converter=_as_checked
    )
    """AMB-25: geometric closure (IT, FR-R), or only a chain nothing finite resolves (BSW)."""
    closed_route_force_other_exit: bool = True
    """AMB-25: must a departure use a jetty that does not lead straight back, if it has one?"""
    endless_chain: EndlessChain = attrs.field(
        default=EndlessChain.REMOVE_ISLAND, converter=_as_checked
    )
    """AMB-25: how a chain that no choice can end is settled when it comes round again."""
    closed_forced_colonize_places_boat: bool = True
    """AMB-27: does the forced colonisation after a removal place a boat?"""
    closed_forced_colonize_ends_turn_immediately: bool = False
    """AMB-27: does the turn pass right after a forced colonisation?"""
    setup_distinct_beaches: bool = False
    """AMB-29: must a player's two setup boats go on different Tonga beaches?"""
    tiebreak_islands_include_tonga: bool = True
    """AMB-32: does Tonga count in the first tie-break (islands present on)?"""
    royal_owner_may_land: bool = False
    """AMB-34: may the owner's own boats land on their royal island?"""
    variant_rody: bool = False
    """VARIANT-RODY-1 / AMB-39: later tiles of an exploration are placed freely."""
    rody_free_scope: RodyFreeScope = attrs.field(
        default=RodyFreeScope.ROTATION, converter=_as_checked
    )
    """AMB-39: what is free in the Rody variant."""
    variant_two_player_double_colour: bool = False
    """VARIANT-2P-1 / AMB-40: two players run two colours each."""
    two_player_turn_order: TwoPlayerTurnOrder = attrs.field(
        default=TwoPlayerTurnOrder.ALTERNATE_SEATS, converter=_as_checked
    )
    """AMB-40: turn order of the four colours."""
    two_player_royal_limit_per: TwoPlayerRoyalLimit = attrs.field(
        default=TwoPlayerRoyalLimit.COLOUR, converter=_as_checked
    )
    """AMB-40: the royal limit of two counts per colour or per seat."""

    def changed(self) -> dict[str, object]:
        """The flags that differ from the defaults, by name.

        >>> Rules(variant_rody=True).changed()
        {'variant_rody': True}
        """
        return {
            f.name: getattr(self, f.name)
            for f in attrs.fields(Rules)
            if getattr(self, f.name) != f.default
        }

    def __repr__(self) -> str:
        flags = ", ".join(f"{name}={value!r}" for name, value in self.changed().items())
        return f"Rules({flags})"


_FIELDS = {field.name: field for field in attrs.fields(Rules)}
_ATTRS_INIT: Any = Rules.__init__


def _checked_init(self: Rules, *args: object, **flags: object) -> None:
    """``Rules.__init__``: check every flag, then let attrs set the fields.

    Installed after the class is made, so type checkers still see the typed
    keyword arguments attrs generates.
    """
    if args:
        raise SettingsError(
            f"Rules takes flags by name only (Rules(variant_rody=True)), "
            f"not {len(args)} positional argument(s)"
        )
    _ATTRS_INIT(self, **_checked_flags(flags))


Rules.__init__ = _checked_init  # type: ignore[method-assign]


def _checked_flags(flags: dict[str, object]) -> dict[str, object]:
    """The flags given to :class:`Rules`, checked one by one (SettingsError naming the flag)."""
    checked: dict[str, object] = {}
    for name, value in flags.items():
        field = _FIELDS.get(name)
        if field is None:
            close = difflib.get_close_matches(name, _FIELDS, n=3)
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            if name in RETIRED_FLAGS:
                hint = ": it was retired (the engine never read it)"
            raise SettingsError(f"Rules has no flag {shown(name)}{hint}")
        if isinstance(field.default, bool):
            if type(value) is not bool:
                raise SettingsError(f"{name} must be True or False, not {shown(value)}")
        elif isinstance(field.default, enum.Enum):
            value = _value_of(type(field.default), value, name)
        checked[name] = value
    return checked


RETIRED_FLAGS: Final[Mapping[str, str]] = MappingProxyType(
    {"empty_pile_group_fate": "lost", "two_player_scoring": "sum"}
)
"""Flags :class:`Rules` no longer has, each with the only value it ever took.

Both were enums of one value that the engine never read (AMB-13: a group that
needs a draw from an empty pile is lost; AMB-40: a seat scores the sum of its
two colours). Records, state documents, position codes and OpenSpiel game
parameters written while they existed may still carry them: readers pass such
settings through :func:`without_retired`.

>>> sorted(RETIRED_FLAGS)
['empty_pile_group_fate', 'two_player_scoring']
"""


def without_retired(flags: Mapping[str, object]) -> dict[str, object]:
    """``flags`` without the retired ones (:data:`RETIRED_FLAGS`), each checked for its only value.

    Raises :class:`~tongiaki_rules.errors.SettingsError` naming the flag if a
    retired flag carries anything but the value it always had.

    >>> without_retired({"variant_rody": True, "two_player_scoring": "sum"})
    {'variant_rody': True}
    >>> try:
    ...     without_retired({"empty_pile_group_fate": "saved"})
    ... except SettingsError as exc:
    ...     print(exc)
    empty_pile_group_fate: 'saved' is not 'lost', the only value of this retired flag
    """
    kept: dict[str, object] = {}
    for name, value in flags.items():
        only = RETIRED_FLAGS.get(name) if type(name) is str else None
        if only is None:
            kept[name] = value
        elif not (isinstance(value, str) and value == only):
            raise SettingsError(
                f"{name}: {shown(value)} is not {only!r}, the only value of this retired flag"
            )
    return kept

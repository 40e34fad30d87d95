"""Samplers of game settings: every rules flag, player counts and valid custom tile sets.

The same choices as a seeded sampler (plain ``random``) and as Hypothesis
strategies; a custom tile set always seats its players at setup (SETUP-5, AMB-29).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

import attrs

from .._standard_tiles import STANDARD_TILES
from .._state import GameState, new_game
from ..rules import RETIRED_FLAGS, Rules
from ..tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy


T = TypeVar("T")

ROUTE_NUMBERS: tuple[int, ...] = (0, 2, 3, 4, 5, 6)
"""Every number a route may carry (0: no number)."""

_PILE_ISLAND_EDGES = (1, 2, 3, 4, 5)
"""A pile island enters the table by its marker edge 0, so its jetties sit on edges 1..5."""


# --------------------------------------------------------------------------- choosing


class _Chooser(Protocol):
    """Where the samplers get their choices: a seeded ``random.Random`` or a Hypothesis draw."""

    def integer(self, low: int, high: int) -> int: ...

    def choice(self, options: Sequence[T]) -> T: ...


@attrs.frozen(slots=True)
class _RandomChooser:
    rng: random.Random

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


@attrs.frozen(slots=True)
class _DrawChooser:
    draw: DrawFn

    def integer(self, low: int, high: int) -> int:
        from hypothesis import strategies as st

        return self.draw(st.integers(low, high))

    def choice(self, options: Sequence[T]) -> T:
        from hypothesis import strategies as st

        return options[self.draw(st.integers(0, len(options) - 1))]


# --------------------------------------------------------------------------- rules


def rules_flag_values() -> dict[str, tuple[object, ...]]:
    """Every value of every :class:`Rules` flag, by flag name (from ``attrs.fields``).

    A ``bool`` flag has both values, an enum flag every member of its enum.

    >>> rules_flag_values()["variant_rody"]
    (False, True)
    >>> len(rules_flag_values()["closed_route_mode"])
    2
    """
    values: dict[str, tuple[object, ...]] = {}
    for field in attrs.fields(Rules):
        default = field.default
        if isinstance(default, enum.Enum):
            values[field.name] = tuple(type(default))
        elif isinstance(default, bool):
            values[field.name] = (False, True)
        else:  # pragma: no cover - a new kind of flag needs a sampler here
            raise TypeError(f"Rules.{field.name}: no sampler for {default!r}")
    return values


_RETIRED_DRAWS: Final = {
    "end_turn_continue_chain": "empty_pile_group_fate",
    "two_player_royal_limit_per": "two_player_scoring",
}
"""The flag each retired flag was drawn after (:data:`~tongiaki_rules.rules.RETIRED_FLAGS`)."""


def _rules(chooser: _Chooser, *, two_colour: bool) -> Rules:
    flags: dict[str, object] = {}
    for name, options in rules_flag_values().items():
        flags[name] = chooser.choice(options)
        retired = _RETIRED_DRAWS.get(name)
        if retired is not None:  # the draw it took, so that a seed still gives the same game
            chooser.choice((RETIRED_FLAGS[retired],))
    if not two_colour:
        flags["variant_two_player_double_colour"] = False
    return Rules(**flags)  # type: ignore[arg-type]


def sample_rules(rng: random.Random, *, two_colour: bool = True) -> Rules:
    """Rules with every flag drawn uniformly from its values.

    ``two_colour=False`` leaves the two-colour variant off (for more than 2 players).

    >>> sample_rules(random.Random(1), two_colour=False).variant_two_player_double_colour
    False
    """
    return _rules(_RandomChooser(rng), two_colour=two_colour)


# --------------------------------------------------------------------------- tiles


def _beaches(chooser: _Chooser, edges: Sequence[int], max_slots: int) -> tuple[BeachSpec, ...]:
    """Split some of ``edges`` (at least one) into beaches of 1..max_slots slots."""
    pool = list(edges)
    used = [e for e in pool if chooser.integer(0, 3) > 0] or [chooser.choice(pool)]
    beaches: list[BeachSpec] = []
    while used:
        size = chooser.integer(1, min(3, len(used)))
        jetties, used = used[:size], used[size:]
        beaches.append(BeachSpec(chooser.integer(1, max_slots), tuple(jetties)))
    return tuple(beaches)


def _start_island(chooser: _Chooser) -> IslandTile:
    """A start island of two beaches or more, with room for 2 setup colours or more.

    Sometimes the room is minimal: exactly 2 or 3 colours fit, on two beaches.
    """
    beaches = list(_beaches(chooser, range(6), 5))
    if len(beaches) == 1:
        first = beaches[0]
        beaches = [
            BeachSpec(first.slots, first.jetties[:1]),
            BeachSpec(3, first.jetties[1:] or (5,)),
        ]
        if beaches[1].jetties == beaches[0].jetties:
            beaches[1] = BeachSpec(3, (0,) if first.jetties[0] else (1,))
    room = sum(b.slots - 1 for b in beaches)
    if chooser.integer(0, 3) == 0:  # minimal room: exactly two or three colours can set up
        colours = chooser.integer(2, 3)
        beaches = [BeachSpec(1, b.jetties) for b in beaches]
        beaches[0] = BeachSpec(1 + colours, beaches[0].jetties)
        beaches[1] = BeachSpec(1 + colours, beaches[1].jetties)
    elif room < 4:
        beaches[0] = BeachSpec(beaches[0].slots + 4 - room, beaches[0].jetties)
    return IslandTile("start", "Start", 0, tuple(beaches), is_start=True)


def _pile_island(chooser: _Chooser, k: int) -> IslandTile:
    beaches = _beaches(chooser, _PILE_ISLAND_EDGES, chooser.choice((1, 2, 3, 5, 6)))
    return IslandTile(f"isle-{k}", f"Isle {k}", chooser.integer(2, 5), beaches)


def _ocean_tile(chooser: _Chooser, k: int) -> OceanTile:
    edges = list(range(6))
    routes: list[Route] = []
    while edges:
        a = edges.pop(0)
        b = edges.pop(chooser.integer(0, len(edges) - 1))
        routes.append(Route(a, b, chooser.choice(ROUTE_NUMBERS)))
    return OceanTile(f"sea-{k}", tuple(routes))


def _copies(chooser: _Chooser, tiles: Sequence[Tile]) -> list[Tile]:
    """Each tile once, some twice (a pile may hold copies)."""
    return [t for t in tiles for _ in range(1 if chooser.integer(0, 4) else 2)]


def _tile_set(chooser: _Chooser) -> TileSet:
    shape = chooser.integer(0, 3)
    if shape == 0:  # few tiles: one island, one ocean tile
        islands, oceans = 1, 1
    else:
        islands, oceans = chooser.integer(1, 8), chooser.integer(1, 10)
    pile = _copies(chooser, [_pile_island(chooser, k) for k in range(islands)])
    pile += _copies(chooser, [_ocean_tile(chooser, k) for k in range(oceans)])
    if shape == 1:  # rings: tiles whose routes all turn back to the next edge
        ring = OceanTile(
            "sea-ring", tuple(Route(e, e + 1, chooser.choice((0, 2))) for e in (0, 2, 4))
        )
        pile += [ring] * chooser.integer(1, 4)
    if shape == 2:  # many jetties: every edge 1..5 a beach of its own
        many = IslandTile("isle-many", "Many", 3, tuple(BeachSpec(2, (e,)) for e in range(1, 6)))
        pile.append(many)
    return TileSet(_start_island(chooser), tuple(pile))


def sample_tile_set(rng: random.Random) -> TileSet:
    """A valid custom tile set (accepted by :func:`~tongiaki_rules.new_game` for 2 players).

    >>> tiles = sample_tile_set(random.Random(2))
    >>> tiles.start.is_start and tiles.island_total >= 2 and tiles.ocean_total >= 1
    True
    """
    return _tile_set(_RandomChooser(rng))


def setup_room(tiles: TileSet, *, distinct_beaches: bool = False) -> int:
    """How many colours the start island of ``tiles`` can seat at setup (SETUP-5, AMB-29).

    Setup leaves a slot free on every beach, so a beach takes ``slots - 1``
    setup boats. With ``distinct_beaches`` every colour puts its two boats on
    two different beaches, so a beach takes at most one boat per colour.

    >>> setup_room(STANDARD_TILES), setup_room(STANDARD_TILES, distinct_beaches=True)
    (6, 6)
    """
    room = [b.slots - 1 for b in tiles.start.beaches]
    if not distinct_beaches:
        return sum(room) // 2
    fits = [n for n in range(1, 7) if sum(min(r, n) for r in room) >= 2 * n]
    return max(fits, default=0)


def describe_tiles(tiles: TileSet) -> str:
    """A tile set in the compact notation of :mod:`.standard_tiles`, one tile a line.

    >>> print(describe_tiles(STANDARD_TILES).splitlines()[0])
    start tonga: 3:0 3:1 3:2 3:3 3:4 3:5

    """
    lines = [f"start {tiles.start.id}: {_beach_text(tiles.start)}"]
    for tile in tiles.pile:
        if isinstance(tile, IslandTile):
            lines.append(f"island {tile.id} ({tile.value}): {_beach_text(tile)}")
        else:
            routes = " ".join(f"{r.a}{r.b}:{r.colours or '-'}" for r in tile.routes)
            lines.append(f"ocean {tile.id}: {routes}")
    return "\n".join(lines) + "\n"


def _beach_text(tile: IslandTile) -> str:
    return " ".join(f"{b.slots}:{''.join(map(str, b.jetties))}" for b in tile.beaches)


# --------------------------------------------------------------------------- settings


@attrs.frozen(slots=True)
class GameSettings:
    """Everything :func:`~tongiaki_rules.new_game` needs: players, rules, tiles, start seat.

    >>> GameSettings(3).new_game().num_players
    3
    """

    num_players: int
    rules: Rules = attrs.field(factory=Rules)
    tiles: TileSet = STANDARD_TILES
    start_player: int = 0

    def new_game(self) -> GameState:
        """The new game with these settings."""
        return new_game(
            self.num_players, self.rules, tiles=self.tiles, start_player=self.start_player
        )

    def describe(self) -> str:
        """The settings as text: players, start seat, changed flags, custom tiles."""
        flags = ", ".join(f"{k}={_flag_text(v)}" for k, v in self.rules.changed().items())
        text = (
            f"players={self.num_players} start_player={self.start_player}\n"
            f"rules: {flags or 'defaults'}\n"
        )
        if self.tiles is STANDARD_TILES or self.tiles == STANDARD_TILES:
            return text + "tiles: standard\n"
        return text + "tiles:\n" + describe_tiles(self.tiles)


def _flag_text(value: object) -> str:
    return repr(value.value) if isinstance(value, enum.Enum) else repr(value)


def _settings(chooser: _Chooser) -> GameSettings:
    tiles = STANDARD_TILES if chooser.integer(0, 2) == 0 else _tile_set(chooser)
    rules = _rules(chooser, two_colour=True)
    seats = min(6, setup_room(tiles, distinct_beaches=rules.setup_distinct_beaches))
    if seats < 2:  # the start island cannot seat two colours on two beaches each
        rules = attrs.evolve(rules, setup_distinct_beaches=False)
        seats = min(6, setup_room(tiles))
    if seats < 4:
        rules = attrs.evolve(rules, variant_two_player_double_colour=False)
    players = 2 if rules.variant_two_player_double_colour else chooser.integer(2, seats)
    return GameSettings(players, rules, tiles, chooser.integer(0, players - 1))


def sample_settings(rng: random.Random) -> GameSettings:
    """Game settings with every flag sampled, 2–6 players and often a custom tile set.

    Every result is accepted by :func:`~tongiaki_rules.new_game`.

    >>> settings = sample_settings(random.Random(0))
    >>> settings.new_game().num_players == settings.num_players
    True
    """
    return _settings(_RandomChooser(rng))


def settings_for_seed(seed: int) -> GameSettings:
    """The settings the soak script and the CI harness play for ``seed`` (reproducible).

    >>> settings_for_seed(7) == settings_for_seed(7)
    True
    """
    return sample_settings(random.Random(f"settings-{seed}"))


def rules_strategy(*, two_colour: bool = True) -> SearchStrategy[Rules]:
    """Hypothesis strategy: :class:`Rules` with every flag drawn from all its values.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(rules_strategy(two_colour=False))
    ... def test_rules(rules):
    ...     assert not rules.variant_two_player_double_colour
    >>> test_rules()
    """
    from hypothesis import strategies as st

    return st.composite(lambda draw: _rules(_DrawChooser(draw), two_colour=two_colour))()


def tile_sets() -> SearchStrategy[TileSet]:
    """Hypothesis strategy: valid custom tile sets (one-slot beaches, rings, few tiles, ...).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(tile_sets())
    ... def test_seats_two(tiles):
    ...     assert new_game(2, tiles=tiles).pile.size == len(tiles.pile)
    >>> test_seats_two()
    """
    from hypothesis import strategies as st

    return st.composite(lambda draw: _tile_set(_DrawChooser(draw)))()


def game_settings() -> SearchStrategy[GameSettings]:
    """Hypothesis strategy: :class:`GameSettings` as :func:`sample_settings` makes them.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(game_settings())
    ... def test_new_game(chosen):
    ...     assert chosen.new_game().pending.kind.value == "setup"
    >>> test_new_game()
    """
    from hypothesis import strategies as st

    return st.composite(lambda draw: _settings(_DrawChooser(draw)))()

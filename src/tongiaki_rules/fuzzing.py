"""A reliability kit: sampled game settings, custom tile sets, checked random games, garbage.

Use it to soak the engine with games far from the defaults, or to fuzz a
front end with input no sane caller would send:

>>> import random
>>> from tongiaki_rules.fuzzing import play_checked_game, sample_settings
>>> settings = sample_settings(random.Random(3))
>>> run = play_checked_game(settings, seed=3)
>>> run.failure is None, run.decisions > 0
(True, True)

Every value of every :class:`~tongiaki_rules.rules.Rules` flag is sampled
(the list comes from ``attrs.fields(Rules)``, so a flag added later is
sampled too), 2 to 6 players, the two-colour variant (2 players), and valid
custom tile sets from one-slot beaches to rings of ocean tiles. The same
choices are available as a seeded sampler (:func:`sample_settings`, plain
``random``) and as Hypothesis strategies (:func:`game_settings`,
:func:`rules_strategy`, :func:`tile_sets`, :func:`garbage`, ...), which
shrink a failure to a small example. Hypothesis (the ``test`` extra) is
imported only when a strategy is built, so this module works without it.
"""

from __future__ import annotations

import enum
import json
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from .actions import (
    ACTION_TYPES,
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    ReturnBoat,
    SetupPlace,
)
from .colours import Colour
from .errors import TongiakiError
from .rules import Rules
from .standard_tiles import STANDARD_TILES
from .state import DecisionKind, GameState, new_game
from .testing import invariant_violations
from .tiles import BeachSpec, IslandTile, OceanTile, Route, Tile, TileSet

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_TIME_LIMIT",
    "ROUTE_NUMBERS",
    "GameRun",
    "GameSettings",
    "call_safely",
    "describe_tiles",
    "game_settings",
    "garbage",
    "garbage_actions",
    "hostile_ints",
    "hostile_text",
    "json_mutations",
    "plausible_actions",
    "play_checked_game",
    "rules_flag_values",
    "rules_strategy",
    "run_seed",
    "sample_rules",
    "sample_settings",
    "sample_tile_set",
    "settings_for_seed",
    "setup_room",
    "tile_sets",
]

T = TypeVar("T")

DEFAULT_MAX_DECISIONS = 5_000
"""Decisions after which a random game counts as endless (a random game takes a few hundred)."""

DEFAULT_TIME_LIMIT = 20.0
"""Seconds of wall-clock time after which a game counts as hung (it takes a few milliseconds)."""

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


def _rules(chooser: _Chooser, *, two_colour: bool) -> Rules:
    flags = {name: chooser.choice(options) for name, options in rules_flag_values().items()}
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


# --------------------------------------------------------------------------- checked games


@attrs.frozen(slots=True)
class GameRun:
    """The result of :func:`play_checked_game`.

    ``failure`` is ``None`` for a game that ended with every invariant kept;
    otherwise it says what went wrong (an invariant, an exception, a game
    that did not end). ``actions`` is every action applied, draws included.
    """

    settings: GameSettings
    seed: int
    decisions: int
    actions: tuple[Action, ...]
    failure: str | None
    seconds: float

    def report(self) -> str:
        """A failure report: the seed, the settings and the action history."""
        history = "\n".join(f"  {k}: {a!r}" for k, a in enumerate(self.actions))
        return (
            f"seed {self.seed}: {self.failure}\n{self.settings.describe()}"
            f"actions ({len(self.actions)}):\n{history}\n"
        )


class _Hang(BaseException):
    """Raised by the wall-clock alarm (a BaseException, so no ``except Exception`` eats it)."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`_Hang` after ``seconds`` of wall-clock time (main thread, POSIX only)."""
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(_signum: int, _frame: object) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def play_checked_game(
    settings: GameSettings,
    seed: int,
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> GameRun:
    """Play one uniformly random game, checking every invariant after every action.

    ``random.Random(seed)`` picks every decision and draw. The game fails when
    a state breaks an invariant (:func:`~tongiaki_rules.testing.invariant_violations`),
    when the engine raises, when a turn comes back to a state it was already
    in (the players could go round that loop for ever), when it takes more
    than ``max_decisions`` decisions, or when it runs longer than
    ``time_limit`` seconds (a wall-clock alarm, which also catches a loop
    inside a single ``apply``; in the main thread on POSIX systems only).

    >>> run = play_checked_game(GameSettings(2), seed=1)
    >>> run.failure, len(run.actions) > run.decisions  # the draws are actions too
    (None, True)
    """
    rng = random.Random(seed)
    actions: list[Action] = []
    counter = [0]
    began = time.perf_counter()
    failure: str | None
    try:
        with _alarm(time_limit):
            failure = _play(settings.new_game(), rng, actions, counter, max_decisions)
    except _Hang:
        failure = f"game did not end: still running after {time_limit:g} s (a hang) [END-1]"
    except Exception as exc:
        failure = f"{type(exc).__name__} raised: {exc}"
    seconds = time.perf_counter() - began
    return GameRun(settings, seed, counter[0], tuple(actions), failure, seconds)


def _play(
    state: GameState,
    rng: random.Random,
    actions: list[Action],
    counter: list[int],
    max_decisions: int,
) -> str | None:
    problems = invariant_violations(state)
    if problems:
        return f"the new game breaks invariants: {'; '.join(problems)}"
    this_turn: dict[GameState, int] = {}
    while not state.is_terminal:
        if state.is_chance_node:
            action: Action = state.sample_chance(rng)
        else:
            if counter[0] >= max_decisions:
                return f"game did not end: more than {max_decisions} decisions [END-1]"
            counter[0] += 1
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        k = len(actions) - 1
        problems = invariant_violations(state)
        if problems:
            return f"invariants broken after action {k}: {'; '.join(problems)}"
        if state.pending.kind is DecisionKind.TURN:
            this_turn.clear()
        elif state in this_turn:
            return _loop(this_turn[state], k)
        this_turn[state] = k
    return None


def _loop(first: int, again: int) -> str:
    """A turn that comes back to a state it was in can be played round that loop for ever."""
    return (
        f"game did not end: a turn can loop for ever: the state after action {again} is the "
        f"state after action {first} (a cycle of {again - first} actions) [END-1]"
    )


def run_seed(seed: int, **limits: Any) -> GameRun:
    """Play the checked game of ``seed`` with :func:`settings_for_seed` (for the soak script).

    >>> run_seed(4).seed
    4
    """
    return play_checked_game(settings_for_seed(seed), seed, **limits)


# --------------------------------------------------------------------------- garbage


_TEXT_TRAPS = ("", " ", "\ud800", "a\udfffb", "\x00", "é", "\u202e", "1e9", "NaN", "-0", "ß" * 300)


def hostile_ints() -> SearchStrategy[object]:
    """Hypothesis strategy: things that are not a small non-negative ``int`` but look close.

    Bools (``True`` is an ``int`` in Python), floats including NaN and
    infinities, negative and huge ints, digit strings and ``None``.

    >>> from hypothesis import find
    >>> find(hostile_ints(), lambda v: v is True)
    True
    """
    from hypothesis import strategies as st

    return st.one_of(
        st.booleans(),
        st.sampled_from([-1, -(2**63), 2**63, 2**64 + 1, 10**100, float("nan"), float("inf")]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(max_value=-1),
        st.integers(min_value=2**31),
        st.sampled_from(["0", "1", "", None]),
    )


def hostile_text() -> SearchStrategy[str]:
    """Hypothesis strategy: strings with lone surrogates, control characters, odd digits.

    >>> from hypothesis import find
    >>> "\\ud800" in find(hostile_text(), lambda s: "\\ud800" in s)
    True
    """
    from hypothesis import strategies as st

    return st.one_of(
        st.sampled_from(_TEXT_TRAPS),
        st.text(max_size=40),
        st.text(st.characters(categories=["Cs", "Cc", "Nd", "Zs"]), max_size=12),
    )


def garbage() -> SearchStrategy[object]:
    """Hypothesis strategy: ill-typed values of every kind, nested a little.

    >>> from hypothesis import find
    >>> len(find(garbage(), lambda v: isinstance(v, list) and len(v) > 1))
    2
    """
    from hypothesis import strategies as st

    atoms = st.one_of(
        st.none(),
        hostile_ints(),
        hostile_text(),
        st.binary(max_size=8),
        st.complex_numbers(allow_nan=True),
        st.sampled_from([object(), Ellipsis, Colour.RED, (0, 0), (0, 0, 0), ((0, 0),), {1, 2}]),
    )
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.tuples(inner, inner),
            st.dictionaries(st.text(max_size=3), inner, max_size=3),
        ),
        max_leaves=6,
    )


def _field_values(name: str | None = None) -> SearchStrategy[object]:
    """Values for an action field: the field's own type (often out of range) or garbage."""
    from hypothesis import strategies as st

    typed: dict[str, SearchStrategy[object]] = {
        "hex": st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
        "ints": st.lists(st.integers(-2, 8), max_size=4).map(tuple),
        "colour": st.sampled_from(list(Colour)),
        "tile": st.sampled_from(["hawaii", "ocean-a", "tonga", "no-such-tile"]),
        "int": st.integers(-8, 40),
    }
    kind = {
        "island": "hex",
        "position": "hex",
        "source": "hex",
        "beaches": "ints",
        "colour": "colour",
        "tile": "tile",
    }.get(name or "", "int")
    if name is None:
        return st.one_of(garbage(), *typed.values())
    return st.one_of(typed[kind], typed[kind], garbage(), *typed.values())


_ACTION_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(f.name for f in attrs.fields(kind)) for kind in ACTION_TYPES
}


def garbage_actions() -> SearchStrategy[object]:
    """Hypothesis strategy: actions built from garbage or out-of-range field values.

    An action's constructor refuses ill-typed fields (``Expand(island=True,
    beaches=1.5)``) with a ``TongiakiError``; any other exception escapes the
    strategy and fails the test using it. What the constructor accepts (an
    out-of-range beach, a far-off hex) is given to the entry point, which must
    reject it with a ``TongiakiError``. Where the constructor refused, and
    otherwise now and then, a non-action (``None``, strings, tuples) is drawn.

    >>> from hypothesis import find
    >>> type(find(garbage_actions(), lambda a: isinstance(a, Depart))).__name__
    'Depart'
    """
    from hypothesis import strategies as st

    def build(draw: DrawFn) -> object:
        kind = draw(st.sampled_from(ACTION_TYPES))
        values = [draw(_field_values(name)) for name in _ACTION_FIELDS[kind]]
        try:
            return kind(*values)
        except TongiakiError:  # refused where it was built, as the contract says
            return draw(garbage())

    return st.one_of(st.composite(build)(), garbage())


def plausible_actions() -> SearchStrategy[Action]:
    """Hypothesis strategy: well-typed actions with small, often illegal, field values.

    >>> from hypothesis import find
    >>> find(plausible_actions(), lambda a: isinstance(a, SetupPlace))
    SetupPlace(beach=0)
    """
    from hypothesis import strategies as st

    small = st.integers(-2, 8)
    hexes = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
    beach_lists = st.lists(small, max_size=4).map(lambda xs: tuple(sorted(xs)))
    colours = st.sampled_from(list(Colour))
    return st.one_of(
        st.builds(SetupPlace, small),
        st.builds(Expand, hexes, beach_lists),
        st.builds(ExpandFromBoard, hexes, small, hexes, small),
        st.builds(FoundRoyal, hexes),
        st.builds(PlaceNewBoats, hexes, beach_lists),
        st.builds(Depart, hexes, small, small),
        st.builds(PlaceTile, hexes, small),
        st.builds(Berth, colours, small),
        st.builds(ReturnBoat, colours),
        st.builds(Draw, st.sampled_from(["tonga", "hawaii", "ocean-a", "nowhere", ""])),
    )


_JSON_GARBAGE: tuple[object, ...] = (
    None,
    True,
    False,
    -1,
    0,
    1.5,
    2**70,
    -(2**70),
    1e308,
    "",
    "\ud800",
    "x",
    [],
    {},
    [None],
    {"": None},
)


def _paths(doc: object, here: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield here
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*here, key))
    elif isinstance(doc, list):
        for k, value in enumerate(doc):
            yield from _paths(value, (*here, k))


def _mutate(doc: object, path: tuple[object, ...], how: int, value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        copy = dict(doc)
        if not rest and how == 1:
            del copy[head]
        else:
            copy[head] = _mutate(doc[head], rest, how, value)
        return copy
    assert isinstance(doc, list) and isinstance(head, int)
    items = list(doc)
    if not rest and how == 1:
        del items[head]
    else:
        items[head] = _mutate(items[head], rest, how, value)
    return items


def json_mutations(text: str) -> SearchStrategy[str]:
    """Hypothesis strategy: the JSON document ``text`` with one value replaced or deleted.

    The new value is JSON garbage (``null``, ``true``, huge numbers, a lone
    surrogate, empty containers, ...); or the text is cut short.

    >>> from hypothesis import find
    >>> "null" in find(json_mutations('{"a": [1, 2]}'), lambda t: "null" in t)
    True
    """
    from hypothesis import strategies as st

    doc = json.loads(text)
    paths = list(_paths(doc))

    def build(draw: DrawFn) -> str:
        if draw(st.integers(0, 9)) == 0:
            return text[: draw(st.integers(0, max(0, len(text) - 1)))]
        path = draw(st.sampled_from(paths))
        how = draw(st.integers(0, 1)) if path else 0
        value = draw(st.sampled_from(_JSON_GARBAGE))
        return json.dumps(_mutate(doc, path, how, value))

    return st.composite(build)()


def call_safely(function: Callable[..., T], *args: object, **kwargs: object) -> T | Exception:
    """Call ``function``; return its result or the exception it raised (for fuzz tests).

    >>> call_safely(int, "x").__class__.__name__
    'ValueError'
    """
    try:
        return function(*args, **kwargs)
    except Exception as exc:
        return exc

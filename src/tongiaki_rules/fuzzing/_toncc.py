"""The reliability kit for Tóncc: sampled rules and Maps, checked random games, hostile moves.

The same tools as for Tongiaki (see :mod:`tongiaki_rules.fuzzing`), for the
second game: every value of every :class:`~tongiaki_rules.toncc.TonccRules`
flag (read from ``attrs.fields``, so a flag added later is sampled too),
custom Maps that keep the sheet's "exactly 15 Kingdoms" (the standard Map
turned, mirrored, recoloured and with its shapes and counts renamed), and
whole random games whose every state is checked against the invariants. Plain
``random`` samplers and, built on first use, Hypothesis strategies.

>>> import random
>>> from tongiaki_rules.fuzzing._toncc import play_checked_toncc_game, sample_toncc_rules
>>> run = play_checked_toncc_game(sample_toncc_rules(random.Random(2)), seed=2)
>>> run.failure is None, run.turns > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..toncc import (
    KINGS,
    MOVES,
    SEATINGS,
    STANDARD_MAP,
    ChallengeLog,
    Colour,
    JointAction,
    Region,
    Shape,
    TonccMap,
    TonccRecord,
    TonccRules,
    TonccState,
    new_game,
)
from ..toncc.board import REGION_CELLS

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = [
    "TonccGameRun",
    "garbage_joint_actions",
    "play_checked_toncc_game",
    "sample_toncc_map",
    "sample_toncc_rules",
    "toncc_invariant_violations",
    "toncc_maps",
    "toncc_rules_flag_values",
    "toncc_rules_strategy",
]

_MAX_TURNS = 3 * (3 * REGION_CELLS + 3)


def toncc_rules_flag_values() -> dict[str, tuple[object, ...]]:
    """Every value of every ``TonccRules`` flag, by flag name.

    >>> toncc_rules_flag_values()["colour_draw"]
    (ColourDraw.DRAW, ColourDraw.FIXED)
    """
    values: dict[str, tuple[object, ...]] = {}
    for field in attrs.fields(TonccRules):
        kind: Any = type(field.default)  # each flag is an enum; its default is a member
        values[field.name] = tuple(kind)
    return values


def _rules(choose: Callable[[Sequence[object]], object]) -> TonccRules:
    flags = toncc_rules_flag_values()
    return TonccRules(**{name: choose(values) for name, values in flags.items()})


def sample_toncc_rules(rng: random.Random) -> TonccRules:
    """Rules with every flag drawn at random with ``rng``."""
    return _rules(rng.choice)


def _recoloured(regions: Sequence[Region], colours: Sequence[Colour]) -> list[Region]:
    return [
        attrs.evolve(r, background=colours[r.background.value], symbol=colours[r.symbol.value])
        for r in regions
    ]


def _toncc_map(
    turn: int, mirror: bool, colours: Sequence[Colour], shapes: Sequence[Shape], shift: int
) -> TonccMap:
    """The standard Map turned by ``turn`` sides, maybe mirrored, recoloured, renamed."""
    regions = list(STANDARD_MAP.regions)
    regions = regions[6 * turn :] + regions[: 6 * turn]
    if mirror:  # read the loop the other way round: position k becomes -k
        regions = [regions[(-k) % REGION_CELLS] for k in range(REGION_CELLS)]
    regions = _recoloured(regions, colours)
    renamed = []
    for r in regions:
        shape = None if r.shape is None else shapes[r.shape.value - 1]
        lines = 0 if not r.lines else (r.lines - 1 + shift) % 3 + 1
        dots = 0 if not r.dots else (r.dots - 1 + shift) % 3 + 1
        renamed.append(attrs.evolve(r, shape=shape, lines=lines, dots=dots))
    return TonccMap(tuple(renamed))


def sample_toncc_map(rng: random.Random) -> TonccMap:
    """A valid custom Map: the standard one turned, mirrored, recoloured and renamed.

    >>> sample_toncc_map(random.Random(1)).kingdoms == STANDARD_MAP.kingdoms
    True
    """
    colours = list(Colour)
    rng.shuffle(colours)
    shapes = list(Shape)
    rng.shuffle(shapes)
    return _toncc_map(rng.randrange(3), rng.random() < 0.5, colours, shapes, rng.randrange(3))


def toncc_invariant_violations(state: TonccState) -> list[str]:
    """What is wrong with ``state`` (an empty list for a sound one).

    Face-up regions equal the seals in hand (TC-CONQ-4), every seal is on
    one picture, a King on the board has seals and six distinct destinations
    and stands on a face-down region after a move, at most two quiet moves.
    """
    problems = []
    if state.is_chance:
        return [] if state.face_up_cells() == () else ["a chance node shows face-up cells"]
    if sorted(state.layout) != list(range(REGION_CELLS)):
        problems.append(f"layout {state.layout} is not the 18 regions once each")
    if len(state.face_up_cells()) != sum(state.seals) and not state.is_terminal:
        problems.append(f"{len(state.face_up_cells())} face-up cells, {sum(state.seals)} seals")
    for king in KINGS:
        placed = state.owners.count(king.value)
        if placed + state.seals[king.value] != 6:
            problems.append(f"{king.name}: {placed} seals down and {state.seals[king.value]} left")
    for king in state.active_kings:
        if not state.seals[king.value]:
            problems.append(f"{king.name} is on the board with no seal left")
        if len({state.destination(king, m) for m in MOVES}) != 6:
            problems.append(f"{king.name} has fewer than six destinations")
        where = state.positions[king.value]
        if state.turn and where < REGION_CELLS and state.face_up >> where & 1:
            problems.append(f"{king.name} stands on a face-up region after a move")
    if not 0 <= state.quiet_turns < 3 and not state.is_terminal:
        problems.append(f"{state.quiet_turns} quiet moves and the challenge goes on")
    if state.seating is not None and sorted(state.seating) != list(KINGS):
        problems.append(f"seating {state.seating} is not the three Kings")
    return problems


@attrs.frozen(slots=True)
class TonccGameRun:
    """The result of :func:`play_checked_toncc_game`: ``failure`` is ``None`` when all held."""

    rules: TonccRules
    toncc_map: TonccMap
    seed: int
    turns: int
    failure: str | None


def play_checked_toncc_game(
    rules: TonccRules | None = None, toncc_map: TonccMap | None = None, *, seed: int = 0
) -> TonccGameRun:
    """A whole random game (draw, shuffles, turns), every state checked; the record replayed.

    Anything wrong (a broken invariant, an exception, a game that does not
    end, a record that does not replay to the same state) is the ``failure``.
    """
    rules = TonccRules() if rules is None else rules
    toncc_map = STANDARD_MAP if toncc_map is None else toncc_map
    rng = random.Random(seed)
    state = new_game(rules, toncc_map)
    turns = 0
    try:
        seating = None
        layouts: list[tuple[tuple[int, ...], list[JointAction]]] = []
        while not state.is_terminal:
            if state.is_chance:
                drawing = state.is_colour_draw
                state = state.resolve_chance(rng)
                seating = state.seating if drawing else seating
                layouts.append((state.layout, []))
            joint = JointAction.of({k: rng.choice(MOVES) for k in state.active_kings})
            state = state.apply_joint(joint)
            layouts[-1][1].append(joint)
            turns += 1
            problems = toncc_invariant_violations(state)
            if problems:
                return TonccGameRun(rules, toncc_map, seed, turns, "; ".join(problems))
            if turns > _MAX_TURNS:
                return TonccGameRun(rules, toncc_map, seed, turns, "the game does not end")
        logs = _logs(layouts)
        record = TonccRecord(rules, toncc_map, logs, {"seed": str(seed)}, seating)
        if TonccRecord.from_json(record.to_json()).replay() != state:
            return TonccGameRun(rules, toncc_map, seed, turns, "the record replays differently")
    except Exception as exc:  # any escape is the failure to report
        return TonccGameRun(rules, toncc_map, seed, turns, f"{type(exc).__name__}: {exc}")
    return TonccGameRun(rules, toncc_map, seed, turns, None)


def _logs(layouts: list[tuple[tuple[int, ...], list[JointAction]]]) -> tuple[ChallengeLog, ...]:
    return tuple(ChallengeLog(layout, tuple(turns)) for layout, turns in layouts)


# --------------------------------------------------------------------------- strategies


def toncc_rules_strategy() -> SearchStrategy[TonccRules]:
    """Hypothesis strategy: ``TonccRules`` with every flag drawn from its values."""
    from hypothesis import strategies as st

    flags = {name: st.sampled_from(values) for name, values in toncc_rules_flag_values().items()}
    return st.builds(lambda chosen: TonccRules(**chosen), st.fixed_dictionaries(flags))


def toncc_maps() -> SearchStrategy[TonccMap]:
    """Hypothesis strategy: valid custom Maps (see :func:`sample_toncc_map`)."""
    from hypothesis import strategies as st

    return st.builds(
        _toncc_map,
        st.integers(0, 2),
        st.booleans(),
        st.permutations(list(Colour)),
        st.permutations(list(Shape)),
        st.integers(0, 2),
    )


def garbage_joint_actions() -> SearchStrategy[object]:
    """Hypothesis strategy: what a careless or scheming caller passes as a joint action.

    Mappings with wrong keys or values (ints, strings, bools, numpy-like
    numbers, Moves of seats not on the board), tuples of the wrong length,
    and plain garbage; a few are legal, which the caller must then accept.
    """
    from hypothesis import strategies as st

    from . import garbage, hostile_ints

    keys = st.one_of(
        st.sampled_from(KINGS), st.integers(-1, 3), st.text(max_size=3), hostile_ints()
    )
    moves = st.one_of(
        st.sampled_from(MOVES), st.integers(-1, 8), st.booleans(), st.none(), garbage()
    )
    return st.one_of(
        st.dictionaries(keys, moves, max_size=4),
        st.dictionaries(st.sampled_from(KINGS), st.sampled_from(MOVES), min_size=3),
        st.lists(moves, max_size=4).map(tuple),
        st.sampled_from(SEATINGS),
        garbage(),
    )

"""Golden playthroughs: one seeded random game described step by step as deterministic text.

Golden files of these texts (``tests/core/golden``) show any change of engine
behaviour as a diff; a game that does not end raises :class:`InvariantError` (END-1).
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Collection

import attrs

from .._state import DEFAULT_RULES, DecisionKind, GameState, new_game
from .._validity import InvariantError
from ..actions import Action
from ..colours import COLOURS
from ..hexgrid import Hex
from ..rules import Rules

_WIDTH = 100
_LIST_IN_FULL = 8
"""Legal-action lists up to this long are printed one ``repr`` a line."""

_NOTATION = (
    "notation: a list of more than 8 legal actions is grouped, with positional fields:",
    "  'Name(a, ...): b c|d; e f' stands for Name(a, b, c), Name(a, b, d), Name(a, e, f) in order;",
    "  'Name(...): c|d' stands for Name(c), Name(d); 'x..y' for the consecutive integers x to y.",
    "beaches: index, then a letter for each boat and '.' for each free slot.",
)


def playthrough(
    num_players: int,
    seed: int,
    rules: Rules = DEFAULT_RULES,
    *,
    start_player: int = 0,
    max_steps: int = 100_000,
) -> str:
    """Play one seeded random game and describe every step as deterministic text.

    ``random.Random(seed)`` makes every choice: ``rng.choice(legal_actions())``
    at a decision, :meth:`~tongiaki_rules.GameState.sample_chance` at a
    draw. The text has a header (players, seed, start player, the rules flags
    that differ from the defaults), then one block per step (the pending
    decision, every legal action or every chance outcome with its probability
    as copies/left, the choice), then the final table, scores and outcome.
    Golden files of these texts (``tests/core/golden``) make any change of engine
    behaviour show up as a diff. A game that is not over after ``max_steps``
    steps raises :class:`InvariantError` (END-1).

    >>> lines = playthrough(2, seed=1).splitlines()
    >>> print(lines[1])
    players: 2 (seat 0 blue, seat 1 red)
    >>> first = lines.index("step 1: setup by seat 0 (blue)")
    >>> for line in lines[first : first + 3] + lines[first + 8 : first + 10]:
    ...     print(line)
    step 1: setup by seat 0 (blue)
      legal (6):
        SetupPlace(beach=0)
      chosen: SetupPlace(beach=1)
    <BLANKLINE>
    >>> for line in lines[-3:]:
    ...     print(line)
    ranking: ((0,), (1,))
    winners: (0,)
    tie-break: none
    """
    rng = random.Random(seed)
    state = new_game(num_players, rules, start_player=start_player)
    lines = _playthrough_header(state, seed)
    step = 0
    while not state.is_terminal:
        if step >= max_steps:
            raise InvariantError(f"the game is not over after {max_steps} steps [END-1]: {state!r}")
        step += 1
        lines.append("")
        lines.extend(_step_lines(state, step))
        if state.is_chance_node:
            action: Action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        lines.append(f"  chosen: {action!r}")
        state = state.apply(action)
    lines.append("")
    lines.extend(_final_lines(state, step))
    return "\n".join(lines) + "\n"


def _seat_colours(state: GameState) -> list[list[str]]:
    seats: list[list[str]] = [[] for _ in range(state.num_players)]
    for colour, seat in enumerate(state.config.agent_seats):
        seats[seat].append(COLOURS[colour].name.lower())
    return seats


def _flag_value(value: object) -> str:
    return repr(value.value) if isinstance(value, enum.Enum) else repr(value)


def _playthrough_header(state: GameState, seed: int) -> list[str]:
    seats = ", ".join(
        f"seat {seat} {'+'.join(names)}" for seat, names in enumerate(_seat_colours(state))
    )
    changed = state.rules.changed()
    order = ", ".join(COLOURS[c].name.lower() for c in state.config.order)
    return [
        "Tongiaki playthrough: random.Random(seed) picks every decision and draw",
        f"players: {state.num_players} ({seats})",
        f"seed: {seed}",
        f"start player: seat {state.config.start_player}; turn order {order}",
        "rules changed:" if changed else "rules changed: none (the defaults)",
        *(f"  {name}={_flag_value(value)}" for name, value in changed.items()),
        *_NOTATION,
    ]


def _who(state: GameState) -> str:
    colour = state.turn_colour.name.lower()
    if state.current_player is None:
        return f"chance (turn of seat {state.turn_player}, {colour})"
    return f"seat {state.current_player} ({colour})"


def _letters(colours: Collection[int]) -> str:
    return "".join(COLOURS[c].letter for c in colours)


def _island_line(state: GameState, pos: Hex) -> str:
    placed = state.tile_at(pos)
    assert placed is not None
    text = f"{pos} {placed.tile.id} r{placed.rotation}"
    island = state.island_at(pos)
    if island is None:
        return text
    beaches = " ".join(f"{b.index}:{_letters(b.boats)}{'.' * b.free}" for b in island.beaches)
    text += f": {beaches}"
    if island.is_royal:
        text += f"; royal, king {island.king.name.lower() if island.king is not None else '-'}"
    return text


def _step_lines(state: GameState, step: int) -> list[str]:
    p = state.pending
    lines = [f"step {step}: {p.kind.value} by {_who(state)}"]
    group = state.group
    if p.kind is DecisionKind.BERTH and p.island is not None:
        lines.append(f"  island {_island_line(state, p.island)}")
        lines.append(f"  arriving: {_letters(p.group)}")
    elif p.kind is DecisionKind.PLACE_TILE:
        lines.append(f"  tile: {p.tile}")
    if p.kind in (DecisionKind.DRAW, DecisionKind.PLACE_TILE) and group is not None:
        lines.append(
            f"  group {_letters(group.colours)} at {group.position}, entering by direction "
            f"{group.entry}, from {group.origin}"
        )
    if state.is_chance_node:
        pile = state.pile
        lines.append(f"  pile: {pile.islands} islands, {pile.oceans} oceans")
        counts = Counter(pile.tiles)
        left = len(pile.tiles)
        by_fraction: dict[int, list[str]] = {}
        for draw, _p in state.chance_outcomes():
            by_fraction.setdefault(counts[draw.tile], []).append(draw.tile)
        lines.append(f"  outcomes ({len(counts)}):")
        for k, tiles in by_fraction.items():
            lines.extend(_wrap([[f"{k}/{left}:"], *([t] for t in tiles)], "    "))
        return lines
    legal = state.legal_actions()
    lines.append(f"  legal ({len(legal)}):")
    if len(legal) <= _LIST_IN_FULL:
        lines.extend(f"    {action!r}" for action in legal)
    else:
        lines.extend(_compact(list(legal)))
    return lines


def _compact(actions: list[Action]) -> list[str]:
    """Lines for a long list of actions (the notation is in :data:`_NOTATION`)."""
    # runs of one type and the same leading fields; within a run, the last field's
    # values for each value of the last field but one
    runs: list[tuple[type, tuple[object, ...], list[tuple[object, list[object]]]]] = []
    for action in actions:
        values = attrs.astuple(action, recurse=False)
        fixed, rest = values[:-2], values[-2:]
        if not runs or runs[-1][0] is not type(action) or runs[-1][1] != fixed or not rest:
            runs.append((type(action), fixed, []))
        if not rest:
            continue
        middle, last = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        subruns = runs[-1][2]
        if subruns and subruns[-1][0] == middle:
            subruns[-1][1].append(last)
        else:
            subruns.append((middle, [last]))
    lines: list[str] = []
    for kind, fixed, subruns in runs:
        if not subruns:
            lines.append(f"    {kind.__name__}()")
            continue
        head = "".join(f"{v!r}, " for v in fixed)
        entries = [[f"{kind.__name__}({head}...):"]]
        for k, (middle, lasts) in enumerate(subruns):
            pieces = [v + "|" for v in _alternatives(lasts)]
            pieces[-1] = pieces[-1][:-1] + (";" if k < len(subruns) - 1 else "")
            if middle is not None:
                pieces[0] = f"{middle!r} {pieces[0]}"
            entries.append(pieces)
        lines.extend(_wrap(entries, "    ", "      "))
    return lines


def _alternatives(values: list[object]) -> list[str]:
    """The ``repr`` of each value; three or more consecutive ints become ``a..b``."""
    texts: list[str] = []
    k = 0
    while k < len(values):
        n = 1
        start = values[k]
        if isinstance(start, int) and type(start) is int:  # not a Colour
            while k + n < len(values) and values[k + n] == start + n:
                n += 1
        if n >= 3:
            texts.append(f"{start!r}..{values[k + n - 1]!r}")
        else:
            n = 1
            texts.append(repr(start))
        k += n
    return texts


def _wrap(entries: list[list[str]], indent: str, more: str | None = None) -> list[str]:
    """Fill lines with entries a space apart; an entry too long for a line breaks between pieces.

    The first line starts with ``indent``, the others with ``more`` (default: ``indent``).
    """
    lines: list[str] = []
    line = ""
    rest = indent if more is None else more

    def flush() -> None:
        nonlocal line
        lines.append((rest if lines else indent) + line)
        line = ""

    def room() -> int:
        return _WIDTH - len(rest if lines else indent)

    for pieces in entries:
        text = "".join(pieces)
        if line and len(line) + 1 + len(text) <= room():
            line += " " + text
            continue
        if line:
            flush()
        for piece in pieces:
            if line and len(line) + len(piece) > room():
                flush()
            line += piece
    if line:
        flush()
    return lines


def _final_lines(state: GameState, steps: int) -> list[str]:
    outcome = state.outcome()
    assert outcome is not None
    lines = [f"game over after {steps} steps; end triggered: {state.end_triggered}", "table:"]
    lines.extend(f"  {_island_line(state, placed.position)}" for placed in state.placed_tiles)
    removed = ", ".join(state.removed_tiles) or "none"
    lines.append(f"removed: {removed}")
    lines.extend(
        f"{c.name.lower()}: reserve {state.reserve(c)}, board {state.boats_on_board(c)}, "
        f"out {state.boats_out_of_game(c)}, royal islands founded {state.royal_islands_founded(c)}"
        for c in state.colours
    )
    lines.append(f"scores: {outcome.scores}")
    lines.append(f"islands (tie-break 1): {outcome.islands}")
    lines.append(f"boats (tie-break 2): {outcome.boats}")
    lines.append(f"ranking: {outcome.ranking}")
    lines.append(f"winners: {outcome.winners}")
    lines.append(f"tie-break: {outcome.tiebreak.value}")
    return lines

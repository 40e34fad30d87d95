"""What a Tóncc King observes, as a fixed-length vector of floats and as text.

Both Tóncc adapters (:mod:`.toncc_openspiel`, :mod:`.toncc_pettingzoo`)
observe a state through :func:`~tongiaki_rules.toncc.observe`: the public
position, which is all there is to see, since a state never holds a choice
that is not yet revealed (TC-MOVE-1). The vector has :data:`OBSERVATION_SIZE`
floats in [0, 1], in the sections of :data:`SECTIONS`, seats always in the
order Red, Yellow, Blue (the Kings are not interchangeable: their colours
decide contests), with the observer marked in ``king``:

- ``king`` (3): one-hot, whose view it is;
- ``challenge`` (3): one-hot, the challenge played (all 0 once the game is over);
- ``turn`` (1): turns played in the challenge / ``MAX_TURNS_PER_CHALLENGE``;
- ``positions`` (3 x 20): per King one-hot over cells 0..17, the Mind, off the board;
- ``layout`` (18 x 18): per cell one-hot over the region on it (0 while it is shuffled);
- ``face_up`` (18): 1 for each cell whose region can still be conquered;
- ``owners`` (18 x 3): per Map picture one-hot over the King whose seal is on it;
- ``seals`` (3): seals in hand / 6; ``king_points`` (3): / 3;
- ``quiet_turns`` (1): moves without a conquest / 3;
- ``toncc_totals`` (3): tóncc points so far / 9.

The Map itself (the features of each region picture) is fixed for a game and
not repeated in every observation.

>>> import random
>>> from tongiaki_rules.toncc import King, new_game
>>> state = new_game().resolve_chance(random.Random(0))
>>> vector = observation_vector(state, King.YELLOW)
>>> len(vector) == OBSERVATION_SIZE, vector[:3]
(True, (0.0, 1.0, 0.0))
>>> print(observation_text(state, King.YELLOW).splitlines()[0])
King YELLOW sees: challenge 1, turn 0
"""

from __future__ import annotations

from typing import Final

from .._pergame import as_index
from ..errors import QueryError, SettingsError, shown
from ..toncc import LABELS, MAX_TURNS_PER_CHALLENGE, MIND, King, TonccState, observe
from ..toncc._rules import COMPASS_DIRECTIONS
from ..toncc._turn import OFF
from ..toncc.board import REGION_CELLS

__all__ = [
    "OBSERVATION_SIZE",
    "SECTIONS",
    "board_text",
    "move_name",
    "observation_text",
    "observation_vector",
    "player_observation_text",
    "player_observation_vector",
]

_PLACES: Final = REGION_CELLS + 2
"""A King's position: a cell, the Mind or off the board."""
_MAX_TONCC: Final = 9.0
"""At most 3 tóncc points a challenge (with ``TopTie.WINNER_TAKES_BOTH``), three challenges."""

SECTIONS: Final[tuple[tuple[str, int], ...]] = (
    ("king", 3),
    ("challenge", 3),
    ("turn", 1),
    ("positions", 3 * _PLACES),
    ("layout", REGION_CELLS * REGION_CELLS),
    ("face_up", REGION_CELLS),
    ("owners", REGION_CELLS * 3),
    ("seals", 3),
    ("king_points", 3),
    ("quiet_turns", 1),
    ("toncc_totals", 3),
)
"""The sections of the observation vector, in order: name and length."""

OBSERVATION_SIZE: Final = sum(size for _, size in SECTIONS)
"""The length of the observation vector (473)."""

_DIRECTION_NAMES: Final = ("E", "NE", "NW", "W", "SW", "SE")


def _one_hot(size: int, index: int | None) -> list[float]:
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def _place(position: int) -> int:
    return _PLACES - 1 if position == OFF else position


def observation_vector(state: TonccState, king: King) -> tuple[float, ...]:
    """``king``'s observation of ``state`` as :data:`OBSERVATION_SIZE` floats in [0, 1].

    Raises :class:`~tongiaki_rules.errors.QueryError` if ``state`` is not a
    :class:`~tongiaki_rules.toncc.TonccState` or ``king`` not a King.
    """
    view = observe(state, king)
    values = _one_hot(3, view.king.value)
    values += _one_hot(3, view.challenge if view.challenge < 3 else None)
    values.append(min(view.turn, MAX_TURNS_PER_CHALLENGE) / MAX_TURNS_PER_CHALLENGE)
    for position in view.positions:
        values += _one_hot(_PLACES, _place(position))
    for cell in range(REGION_CELLS):
        values += _one_hot(REGION_CELLS, view.layout[cell] if cell < len(view.layout) else None)
    face_up = set(view.face_up_cells)
    values += [1.0 if cell in face_up else 0.0 for cell in range(REGION_CELLS)]
    for owner in view.owners:
        values += _one_hot(3, owner if owner >= 0 else None)
    values += [seals / 6 for seals in view.seals]
    values += [points / 3 for points in view.king_points]
    values.append(min(view.quiet_turns, 3) / 3)
    values += [total / _MAX_TONCC for total in view.toncc_totals]
    return tuple(values)


def player_observation_vector(state: TonccState, player: int) -> tuple[float, ...]:
    """Player ``player``'s observation: his King's (:func:`observation_vector`).

    Before the colour draw a player has no King yet: the ``king`` section is
    all zeros and the rest is the public position, the same for everyone.
    """
    king = _player_king(state, player)
    if king is not None:
        return observation_vector(state, king)
    return (0.0, 0.0, 0.0, *observation_vector(state, King.RED)[3:])


def player_observation_text(state: TonccState, player: int) -> str:
    """Player ``player``'s observation as text; before the draw, the public position."""
    king = _player_king(state, player)
    if king is not None:
        return observation_text(state, king)
    lines = board_text(state).splitlines()
    return "\n".join((f"Player {player} sees: the colours are being drawn", *lines[1:]))


def _player_king(state: TonccState, player: int) -> King | None:
    if type(state) is not TonccState:
        raise QueryError(f"state: expected a TonccState, got {shown(state)}")
    index = as_index(player)
    if index is None or not 0 <= index < 3:
        raise SettingsError(f"player must be a player 0..2, not {shown(player)}")
    return None if state.seating is None else state.seating[index]


def move_name(state: TonccState, number: int) -> str:
    """The Compass number ``number`` (1..6) with its direction under the state's rules.

    >>> from tongiaki_rules.toncc import new_game
    >>> move_name(new_game(), 4)
    'Compass 4 (W)'
    """
    direction = COMPASS_DIRECTIONS[state.rules.compass][number - 1]
    return f"Compass {number} ({_DIRECTION_NAMES[direction]})"


def board_text(state: TonccState) -> str:
    """The position as a few lines of text: the challenge, the Kings, the board, the points.

    >>> import random
    >>> from tongiaki_rules.toncc import new_game
    >>> print(board_text(new_game().resolve_chance(random.Random(0))).splitlines()[1])
    Kings: RED at Mind, YELLOW at Mind, BLUE at Mind
    """
    if state.is_terminal:
        winners = ", ".join(k.name for k in state.winners())
        head = f"game over: won by {winners}"
    elif state.is_colour_draw:
        head = "the players draw their colours"
    elif state.is_chance:
        head = f"challenge {state.challenge + 1}: shuffling the regions ({len(state.layout)}/18)"
    else:
        head = f"challenge {state.challenge + 1}, turn {state.turn}"
    kings = ", ".join(
        f"{k.name} at {'off' if p == OFF else LABELS[p] if p != MIND else 'Mind'}"
        for k, p in zip(King, state.positions, strict=True)
    )
    face_up = set(state.face_up_cells())
    cells = " ".join(
        f"{LABELS[cell]}={region}{'' if cell in face_up else '*'}"
        for cell, region in enumerate(state.layout)
    )
    seals = " ".join(
        f"{region}:{King(owner).name[0]}" for region, owner in enumerate(state.owners) if owner >= 0
    )
    return "\n".join(
        (
            head,
            f"Kings: {kings}",
            f"Board (cell=region, * conquered): {cells or '-'}",
            f"Seals on the Map (region:King): {seals or '-'}",
            f"Seals in hand {state.seals}; king points {state.king_points}; "
            f"quiet moves {state.quiet_turns}; tóncc points {state.toncc_totals}",
        )
    )


def observation_text(state: TonccState, king: King) -> str:
    """``king``'s observation of ``state`` as text: whose view, then :func:`board_text`.

    Errors as :func:`observation_vector`.
    """
    view = observe(state, king)
    turn = f"challenge {view.challenge + 1}, turn {view.turn}"
    where = "the end" if state.is_terminal else turn
    lines = board_text(state).splitlines()
    return "\n".join((f"King {view.king.name} sees: {where}", *lines[1:]))

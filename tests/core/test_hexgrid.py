"""Unit tests for the hex geometry (tongiaki_rules.hexgrid).

The edge convention is the one of shared/tiles.md: flat-topped hexes, edge 0
at the bottom (the red marker of a drawn tile), then clockwise seen from
above: 1 lower-left, 2 upper-left, 3 top, 4 upper-right, 5 lower-right.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tongiaki_rules import ORIGIN
from tongiaki_rules.hexgrid import (
    BOTTOM,
    DIRECTION_NAMES,
    DIRECTIONS,
    LOWER_LEFT,
    LOWER_RIGHT,
    STEPS,
    TOP,
    UPPER_LEFT,
    UPPER_RIGHT,
    Hex,
    distance,
    marker_rotation,
    neighbour,
    neighbours,
    opposite,
    rotate,
    to_board,
    to_local,
)

hexes = st.tuples(st.integers(-60, 60), st.integers(-60, 60))
directions = st.sampled_from(DIRECTIONS)
rotations = st.integers(0, 5)


def pixel(position: Hex) -> tuple[float, float]:
    """Centre of a flat-topped hex of unit size; x grows to the right, y grows downwards."""
    q, r = position
    return (1.5 * q, math.sqrt(3) * (r + q / 2))


# ------------------------------------------------------------------ directions


def test_there_are_six_directions_numbered_0_to_5() -> None:
    assert DIRECTIONS == (0, 1, 2, 3, 4, 5)
    assert len(STEPS) == 6
    assert len(set(STEPS)) == 6


def test_direction_constants_follow_the_tile_edge_numbering() -> None:
    assert (BOTTOM, LOWER_LEFT, UPPER_LEFT, TOP, UPPER_RIGHT, LOWER_RIGHT) == (0, 1, 2, 3, 4, 5)
    assert DIRECTION_NAMES == (
        "bottom",
        "lower-left",
        "upper-left",
        "top",
        "upper-right",
        "lower-right",
    )


def test_each_direction_has_its_documented_axial_step() -> None:
    assert STEPS[BOTTOM] == (0, 1)
    assert STEPS[LOWER_LEFT] == (-1, 1)
    assert STEPS[UPPER_LEFT] == (-1, 0)
    assert STEPS[TOP] == (0, -1)
    assert STEPS[UPPER_RIGHT] == (1, -1)
    assert STEPS[LOWER_RIGHT] == (1, 0)


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_step_points_where_its_name_says_on_a_flat_topped_grid(direction: int) -> None:
    x, y = pixel(STEPS[direction])
    # every neighbour centre is at the same distance
    assert math.hypot(x, y) == pytest.approx(math.sqrt(3))
    name = DIRECTION_NAMES[direction]
    if name == "bottom":
        assert x == pytest.approx(0) and y > 0
    elif name == "top":
        assert x == pytest.approx(0) and y < 0
    else:
        vertical, horizontal = name.split("-")
        assert (y > 0) == (vertical == "lower")
        assert (x > 0) == (horizontal == "right")


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_directions_go_clockwise_in_sixty_degree_steps(direction: int) -> None:
    # seen from above with y growing downwards, clockwise means the screen angle increases
    x0, y0 = pixel(STEPS[direction])
    x1, y1 = pixel(STEPS[(direction + 1) % 6])
    turn = math.degrees(math.atan2(y1, x1) - math.atan2(y0, x0)) % 360
    assert turn == pytest.approx(60)


# ------------------------------------------------------------------ opposite edges


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_opposite_direction_is_three_steps_round(direction: int) -> None:
    assert opposite(direction) == (direction + 3) % 6
    assert opposite(opposite(direction)) == direction
    assert opposite(direction) != direction


def test_opposite_of_named_edges() -> None:
    assert opposite(BOTTOM) == TOP
    assert opposite(LOWER_LEFT) == UPPER_RIGHT
    assert opposite(UPPER_LEFT) == LOWER_RIGHT


@given(hexes, directions)
def test_an_edge_touches_the_opposite_edge_of_its_neighbour(position: Hex, direction: int) -> None:
    other = neighbour(position, direction)
    assert neighbour(other, opposite(direction)) == position


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_opposite_steps_cancel(direction: int) -> None:
    dq, dr = STEPS[direction]
    oq, orr = STEPS[opposite(direction)]
    assert (dq + oq, dr + orr) == (0, 0)


# ------------------------------------------------------------------ neighbours


@given(hexes, directions)
def test_neighbour_adds_the_step_of_the_direction(position: Hex, direction: int) -> None:
    dq, dr = STEPS[direction]
    assert neighbour(position, direction) == (position[0] + dq, position[1] + dr)


@given(hexes)
def test_neighbours_lists_the_six_neighbours_in_direction_order(position: Hex) -> None:
    around = neighbours(position)
    assert around == tuple(neighbour(position, d) for d in DIRECTIONS)
    assert len(set(around)) == 6
    assert position not in around


def test_neighbours_of_tonga() -> None:
    assert ORIGIN == (0, 0)
    assert neighbours(ORIGIN) == ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))


@given(hexes, directions)
def test_consecutive_neighbours_are_adjacent_to_each_other(position: Hex, direction: int) -> None:
    a = neighbour(position, direction)
    b = neighbour(position, (direction + 1) % 6)
    assert distance(a, b) == 1


# ------------------------------------------------------------------ tile rotation


@given(directions, rotations)
def test_to_local_undoes_to_board(edge: int, rotation: int) -> None:
    assert to_local(to_board(edge, rotation), rotation) == edge


@given(directions, rotations)
def test_to_board_undoes_to_local(direction: int, rotation: int) -> None:
    assert to_board(to_local(direction, rotation), rotation) == direction


@given(directions, rotations)
def test_rotation_r_puts_local_edge_k_on_board_direction_k_plus_r(edge: int, rotation: int) -> None:
    assert to_board(edge, rotation) == (edge + rotation) % 6


def test_an_unrotated_tile_keeps_its_edges() -> None:
    assert [to_board(e, 0) for e in DIRECTIONS] == list(DIRECTIONS)
    assert [to_local(d, 0) for d in DIRECTIONS] == list(DIRECTIONS)


@given(rotations)
def test_a_rotated_tile_still_has_each_edge_on_a_different_side(rotation: int) -> None:
    assert sorted(to_board(e, rotation) for e in DIRECTIONS) == list(DIRECTIONS)


@given(directions, rotations)
def test_opposite_local_edges_stay_opposite_on_the_board(edge: int, rotation: int) -> None:
    assert to_board(opposite(edge), rotation) == opposite(to_board(edge, rotation))


# ------------------------------------------------------------------ the red marker


@pytest.mark.clause("COMP-5")
@pytest.mark.parametrize("toward", DIRECTIONS)
def test_a_drawn_tile_has_its_marker_facing_back_to_the_jetty(toward: int) -> None:
    rotation = marker_rotation(toward)
    assert rotation in DIRECTIONS
    assert to_board(0, rotation) == opposite(toward)
    # the marker edge of the new tile touches the jetty's hex
    new_hex = neighbour(ORIGIN, toward)
    assert neighbour(new_hex, to_board(0, rotation)) == ORIGIN


@pytest.mark.clause("COMP-5")
def test_marker_rotation_of_named_jetties() -> None:
    # a tile drawn above a jetty on the top edge is not turned: its marker is at the bottom
    assert marker_rotation(TOP) == 0
    # a tile drawn below a jetty on the bottom edge is turned half round
    assert marker_rotation(BOTTOM) == 3


@pytest.mark.clause("COMP-5")
def test_each_jetty_direction_needs_a_different_marker_rotation() -> None:
    assert sorted(marker_rotation(d) for d in DIRECTIONS) == list(DIRECTIONS)


# ------------------------------------------------------------------ distance


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (0, 1), 1),
        ((0, 0), (1, -1), 1),
        ((0, 0), (2, -1), 2),
        ((0, 0), (1, 1), 2),
        ((0, 0), (-3, 3), 3),
        ((2, -4), (-1, 5), 9),
    ],
)
def test_distance_of_known_pairs(a: Hex, b: Hex, expected: int) -> None:
    assert distance(a, b) == expected


@given(hexes, directions)
def test_neighbours_are_at_distance_one(position: Hex, direction: int) -> None:
    assert distance(position, neighbour(position, direction)) == 1


@given(hexes)
def test_distance_to_itself_is_zero(a: Hex) -> None:
    assert distance(a, a) == 0


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes)
def test_distance_is_zero_only_between_equal_hexes(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes, directions)
def test_one_step_changes_the_distance_by_at_most_one(a: Hex, b: Hex, direction: int) -> None:
    assert abs(distance(neighbour(a, direction), b) - distance(a, b)) <= 1


@given(hexes, hexes)
def test_distance_does_not_change_when_both_hexes_move_together(a: Hex, b: Hex) -> None:
    shift = (3, -7)
    moved_a = (a[0] + shift[0], a[1] + shift[1])
    moved_b = (b[0] + shift[0], b[1] + shift[1])
    assert distance(moved_a, moved_b) == distance(a, b)


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_a_ring_of_radius_n_has_six_n_hexes(radius: int) -> None:
    ring = [
        (q, r) for q in range(-5, 6) for r in range(-5, 6) if distance(ORIGIN, (q, r)) == radius
    ]
    assert len(ring) == 6 * radius


# ------------------------------------------------------------------ rotate


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_rotating_a_neighbour_one_step_gives_the_next_direction(direction: int) -> None:
    assert rotate(neighbour(ORIGIN, direction), 1) == neighbour(ORIGIN, (direction + 1) % 6)


@pytest.mark.parametrize("steps", range(6))
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_rotating_a_neighbour_k_steps_turns_its_direction_by_k(direction: int, steps: int) -> None:
    assert rotate(neighbour(ORIGIN, direction), steps) == neighbour(
        ORIGIN, to_board(direction, steps)
    )


def test_rotating_tonga_leaves_it_in_place() -> None:
    assert all(rotate(ORIGIN, k) == ORIGIN for k in range(6))


@given(hexes)
def test_six_rotation_steps_are_the_identity(position: Hex) -> None:
    assert rotate(position, 6) == position
    assert rotate(position, 0) == position


@given(hexes, st.integers(-20, 20), st.integers(-20, 20))
def test_rotations_add_up(position: Hex, a: int, b: int) -> None:
    assert rotate(rotate(position, a), b) == rotate(position, a + b)


@given(hexes, st.integers(-20, 20))
def test_a_negative_rotation_undoes_a_positive_one(position: Hex, steps: int) -> None:
    assert rotate(rotate(position, steps), -steps) == position


@given(hexes, st.integers(-20, 20))
def test_rotate_preserves_distance_from_tonga(position: Hex, steps: int) -> None:
    assert distance(ORIGIN, rotate(position, steps)) == distance(ORIGIN, position)


@given(hexes, hexes, st.integers(0, 5))
def test_rotate_preserves_distances_between_hexes(a: Hex, b: Hex, steps: int) -> None:
    assert distance(rotate(a, steps), rotate(b, steps)) == distance(a, b)


@given(hexes, directions, st.integers(0, 5))
def test_rotating_the_board_turns_every_neighbour_relation(
    position: Hex, direction: int, steps: int
) -> None:
    moved = rotate(neighbour(position, direction), steps)
    assert moved == neighbour(rotate(position, steps), to_board(direction, steps))


@given(hexes.filter(lambda h: h != ORIGIN), st.integers(1, 5))
def test_no_partial_rotation_fixes_a_hex_other_than_tonga(position: Hex, steps: int) -> None:
    assert rotate(position, steps) != position

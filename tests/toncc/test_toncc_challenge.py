"""Scenarios of a challenge: the simultaneous turn, conquest, contests and the end."""

from __future__ import annotations

import random

import pytest
from tests.toncc.helpers import FIXED, dealt, invariants, midgame

from tongiaki_rules.errors import QueryError
from tongiaki_rules.toncc import (
    MOVES,
    SEATINGS,
    DrawColours,
    JointAction,
    King,
    Move,
    PlaceRegion,
    StallKingPoints,
    TonccIllegalActionError,
    TonccRules,
    TonccState,
    new_game,
    observe,
)
from tongiaki_rules.toncc._turn import OFF
from tongiaki_rules.toncc.board import MIND, cell

R, Y, B = King.RED, King.YELLOW, King.BLUE
E, NE, NW, W, SW, SE = MOVES  # counter-clockwise Compass, the default


@pytest.mark.clause("TC-SETUP-2", "TC-SETUP-3")
def test_a_game_starts_with_the_shuffle_as_chance_and_the_kings_in_the_mind() -> None:
    state = new_game(FIXED)
    assert state.is_chance and state.active_kings == () and state.legal_actions(R) == ()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and sum(p for _, p in outcomes) == pytest.approx(1)
    state = state.apply_chance(outcomes[4][0])
    assert state.layout == (4,) and len(state.chance_outcomes()) == 17
    state = state.resolve_chance(random.Random(3))
    assert not state.is_chance and sorted(state.layout) == list(range(18))
    assert state.positions == (MIND, MIND, MIND) and state.seals == (6, 6, 6)
    assert len(state.face_up_cells()) == 18
    assert state.resolve_chance(random.Random(3)) is state


@pytest.mark.clause("TC-MOVE-1", "TC-CONQ-1")
def test_the_first_move_steps_out_of_the_mind_and_conquers_the_region_face_down() -> None:
    state = dealt()
    after, report = state.apply_joint_with_report({R: E, Y: NE, B: NW})
    assert after.positions == (cell("I1"), cell("I2"), cell("I3"))
    assert after.seals == (5, 5, 5)
    assert after.owners[:3] == (R.value, Y.value, B.value)  # identity deal: region = cell
    assert not set(after.face_up_cells()) & {0, 1, 2}
    assert [c.king for c in report.conquests] == [R, Y, B]
    assert state.seals == (6, 6, 6)  # the old state is untouched


@pytest.mark.clause("TC-CONQ-1", "TC-CONQ-3")
def test_the_sheets_contest_blue_beats_red_on_a_yellow_region_and_both_stay() -> None:
    state = dealt(I1=6)  # region B0 has a yellow background
    after, report = state.apply_joint_with_report({R: E, Y: W, B: E})
    assert after.owners[6] == B.value and after.seals == (6, 5, 5)
    assert after.positions[R.value] == after.positions[B.value] == cell("I1")
    contest = next(c for c in report.conquests if c.cell == cell("I1"))
    assert contest.king is B and set(contest.contenders) == {R, B}


@pytest.mark.clause("TC-CONQ-3")
def test_three_kings_on_one_region_go_to_the_king_of_its_background() -> None:
    for background_region, winner in ((0, B), (3, R), (6, Y)):
        state = dealt(I1=background_region)
        after = state.apply_joint({R: E, Y: E, B: E})
        assert after.owners[background_region] == winner.value


@pytest.mark.clause("TC-CONQ-2")
def test_a_face_down_region_cannot_be_conquered_again() -> None:
    state = dealt().apply_joint({R: E, Y: W, B: NW})  # Red on I1, Yellow on I4
    after = state.apply_joint({R: W, Y: E, B: E})  # they swap over the Mind, Blue to I2
    assert after.positions[:2] == (cell("I4"), cell("I1"))
    assert after.owners[0] == R.value and after.owners[3] == Y.value
    assert after.seals == (5, 5, 4)


@pytest.mark.clause("TC-CONQ-4")
def test_face_up_regions_equal_the_seals_in_hand_along_a_game() -> None:
    rng = random.Random(11)
    state = new_game().resolve_chance(rng)
    while not state.is_terminal:
        invariants(state)
        state = state.apply_joint({k: rng.choice(MOVES) for k in state.active_kings})
        state = state.resolve_chance(rng)
    assert len(state.results) == 3


@pytest.mark.clause("TC-END-1", "TC-END-2")
def test_kings_placing_their_last_seal_together_score_the_kings_present_and_leave() -> None:
    owners = {r: R for r in (6, 7, 8, 9, 10)} | {r: Y for r in (11, 12, 13, 14, 15)}
    state = midgame(dealt(), owners, ("I1", "I3", "Mind"))  # regions 0..5 face up on I1..I6
    after, report = state.apply_joint_with_report({R: NW, Y: SW, B: E})
    assert set(report.finished) == {R, Y}
    assert after.king_points == (3, 3, 0)
    assert after.positions[:2] == (OFF, OFF) and after.active_kings == (B,)
    assert after.legal_actions(R) == () and after.legal_actions(B) == MOVES
    # Blue plays on alone, and scores 1 for his last seal
    state = after
    for _ in range(30):
        if state.challenge:
            break
        free = [m for m in MOVES if state.destination(B, m) in state.face_up_cells()]
        state = state.apply_joint({B: (free or list(MOVES))[0]})
    assert state.challenge == 1 and state.results[0].king_points == (3, 3, 1)
    assert not state.results[0].stalled


@pytest.mark.clause("TC-END-1")
def test_a_king_who_has_left_cannot_move() -> None:
    owners = {r: R for r in range(6, 12)}
    state = midgame(dealt(), owners, ("off", "I3", "I1"))
    with pytest.raises(TonccIllegalActionError, match=r"^TC-END-1: King RED: Move\(number=1\)"):
        state.apply_joint({R: E, Y: E, B: E})
    assert state.apply_joint({Y: W, B: E}).turn == state.turn + 1


def _stall_position(rules: TonccRules) -> TonccState:
    owners = {r: R for r in (0, 1, 2, 3, 4)} | {r: Y for r in (5, 6, 7, 8, 9)}
    owners |= {r: B for r in (10, 11, 12, 13, 17)}  # regions 14, 15, 16 on O9..O11 face up
    return midgame(dealt(rules), owners, ("I1", "I2", "I5"))


THERE = {R: E, Y: E, B: E}  # I1->O1, I2->O2, I5->I6: all face down
BACK = {R: W, Y: W, B: W}


@pytest.mark.clause("TC-END-3", "TC-END-4")
@pytest.mark.parametrize(
    ("flag", "points"), [(StallKingPoints.PRESENT, 3), (StallKingPoints.ONE, 1)]
)
def test_three_moves_without_a_conquest_end_the_challenge(
    flag: StallKingPoints, points: int
) -> None:
    state = _stall_position(TonccRules(stall_king_points=flag))
    state = state.apply_joint(THERE).apply_joint(BACK)
    assert state.quiet_turns == 2 and state.challenge == 0
    after, report = state.apply_joint_with_report(THERE)
    assert report.stalled and report.challenge_over
    result = after.results[0]
    assert result.stalled and result.king_points == (points, points, points)
    assert [result.owners[r] for r in (14, 15, 16)] == [-1, -1, -1]  # nobody gets them
    assert after.challenge == 1 and after.is_chance


@pytest.mark.clause("TC-END-3")
def test_a_conquest_resets_the_count_of_quiet_moves() -> None:
    state = _stall_position(TonccRules()).apply_joint(THERE).apply_joint(BACK)
    after = state.apply_joint({R: E, Y: E, B: SW})  # Blue I5->O9, face up
    assert after.quiet_turns == 0 and after.challenge == 0 and after.owners[14] == B.value


@pytest.mark.clause("TC-MOVE-1", "TC-MOVE-2")
@pytest.mark.parametrize(
    ("joint", "message"),
    [
        ({R: E, Y: E}, r"^TC-MOVE-2: King BLUE: no move given"),
        ({R: E, Y: E, B: 1}, r"^TC-MOVE-2: King BLUE: 1 is not a Move"),
        ({R: E, Y: E, B: True}, r"^TC-MOVE-2: King BLUE: True is not a Move"),
        ({R: E, Y: E, 2: E}, r"^TC-MOVE-1: joint action: 2 is not a King"),
        ({R: E, Y: E, "BLUE": E}, r"^TC-MOVE-1: joint action: 'BLUE' is not a King"),
        ([E, E, E], r"^TC-MOVE-1: joint action: expected a mapping"),
        (None, r"^TC-MOVE-1: joint action: expected a mapping"),
    ],
)
def test_an_illegal_joint_action_names_the_king_the_move_and_the_clause(
    joint: object, message: str
) -> None:
    state = dealt()
    with pytest.raises(TonccIllegalActionError, match=message):
        state.apply_joint(joint)  # type: ignore[arg-type]
    assert state == dealt()


@pytest.mark.clause("TC-SETUP-2")
def test_a_joint_action_during_the_shuffle_and_a_chance_outcome_during_play_are_refused() -> None:
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-2: the regions are still"):
        new_game(FIXED).apply_joint({R: E, Y: E, B: E})
    state = dealt()
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-2"):
        state.apply_chance(new_game(FIXED).chance_outcomes()[0][0])
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-2"):
        new_game(FIXED).dealt((0, 0))


@pytest.mark.clause("TC-SETUP-4", "TC-GAME-1")
def test_each_player_draws_a_colour_at_the_start_and_keeps_his_king_for_the_game() -> None:
    state = new_game()
    assert state.is_chance and state.is_colour_draw and state.seating is None
    outcomes = state.chance_outcomes()
    assert [o.seating for o, _ in outcomes] == list(SEATINGS)  # type: ignore[union-attr]
    assert len(set(SEATINGS)) == 6 and sum(p for _, p in outcomes) == pytest.approx(1)
    drawn = state.apply_chance(DrawColours((B, R, Y)))
    assert drawn.is_chance and not drawn.is_colour_draw and len(drawn.chance_outcomes()) == 18
    assert [drawn.king_of(p) for p in range(3)] == [B, R, Y]
    assert [drawn.player_of(k) for k in (R, Y, B)] == [1, 2, 0]
    rng = random.Random(4)
    while not drawn.is_terminal:  # the seating stays through the three challenges
        drawn = drawn.resolve_chance(rng)
        assert drawn.seating == (B, R, Y)
        drawn = drawn.apply_joint({k: rng.choice(MOVES) for k in drawn.active_kings})
    assert drawn.seating == (B, R, Y)


@pytest.mark.clause("TC-SETUP-4")
def test_the_draw_comes_first_and_cannot_be_skipped_or_repeated() -> None:
    state = new_game()
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-4: chance outcome: the colours"):
        state.apply_chance(PlaceRegion(0))
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-4: layout: the colours"):
        state.dealt(tuple(range(18)))
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-4: the colours are not drawn"):
        state.apply_joint({R: E, Y: E, B: E})
    with pytest.raises(QueryError, match="not drawn yet"):
        state.king_of(0)
    for bad in ((R, R, B), (R, Y), (0, 1, 2), "RYB", None):
        with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-4"):
            DrawColours(bad)  # type: ignore[arg-type]
    drawn = state.apply_chance(DrawColours((Y, B, R)))
    with pytest.raises(TonccIllegalActionError, match=r"^TC-SETUP-2"):
        drawn.apply_chance(DrawColours((R, Y, B)))
    with pytest.raises(QueryError, match="player"):
        drawn.king_of(3)
    assert state == new_game() and state.seating is None


@pytest.mark.clause("TC-SETUP-4")
def test_the_fixed_seating_has_no_draw_player_0_red_1_yellow_2_blue() -> None:
    state = new_game(FIXED)
    assert state.seating == (R, Y, B) and not state.is_colour_draw
    assert len(state.chance_outcomes()) == 18
    assert [state.king_of(p) for p in range(3)] == [R, Y, B]


@pytest.mark.clause("TC-SETUP-4")
def test_the_draw_gives_every_seating_about_as_often() -> None:
    rng = random.Random(11)
    counts = {seating: 0 for seating in SEATINGS}
    for _ in range(600):
        counts[new_game().resolve_chance(rng).seating] += 1  # type: ignore[index]
    assert all(60 <= n <= 140 for n in counts.values()), counts


@pytest.mark.clause("TC-MOVE-1")
def test_a_state_holds_no_choice_and_a_kings_view_shows_only_public_things() -> None:
    state = dealt()
    joint = JointAction.of({R: E, Y: E, B: Move(2)})
    assert joint.kings() == (R, Y, B)
    view = observe(state, Y)
    assert view.king is Y and view.moves == MOVES and view.positions == state.positions
    assert observe(state, R).layout == view.layout  # the same public board for everyone

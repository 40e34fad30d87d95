"""Tóncc as the OpenSpiel game python_toncc: OpenSpiel's own checks, the core's moves, bad input."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'"
)
np = pytest.importorskip("numpy", reason="needs the openspiel extra")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tongiaki_rules import IllegalActionError, InvalidPositionError, SettingsError  # noqa: E402
from tongiaki_rules.adapters import toncc_openspiel  # noqa: E402
from tongiaki_rules.adapters._toncc_observation import (  # noqa: E402
    OBSERVATION_SIZE,
    observation_text,
    observation_vector,
)
from tongiaki_rules.adapters.toncc_openspiel import PASS, TonccGame, load_game  # noqa: E402
from tongiaki_rules.toncc import (  # noqa: E402
    MAX_TURNS_PER_CHALLENGE,
    MOVES,
    SEATINGS,
    Compass,
    DrawColours,
    King,
    PlaceRegion,
    StallKingPoints,
    TonccIllegalActionError,
    TonccRules,
    new_game,
)

pytestmark = pytest.mark.topic("adapters")


def play_randomly(state, rng: random.Random, upto: int | None = None):
    """Play on with uniform choices per King and draws by their probabilities."""
    steps = 0
    while not state.is_terminal() and (upto is None or steps < upto):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        steps += 1
    return state


FIXED = TonccRules(colour_draw="fixed")


def at_first_turn(game=None):
    state = (game or load_game(FIXED)).new_initial_state()
    for region in range(18):
        state.apply_action(region)
    return state


@pytest.mark.parametrize(
    "params",
    [{}, {"compass": "d6", "stall_king_points": "one", "top_tie": "winner_takes_both"}],
    ids=["defaults", "flags"],
)
def test_openspiel_random_simulation_test_passes(params: dict[str, str]) -> None:
    game = pyspiel.load_game("python_toncc", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_game_describes_itself_as_simultaneous_with_explicit_chance() -> None:
    game = pyspiel.load_game("python_toncc")
    game_type = game.get_type()
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (
        3,
        7,
        18,
    )
    assert game.max_game_length() == 3 * MAX_TURNS_PER_CHALLENGE == 171
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]
    assert str(game) == "python_toncc()"


def test_rules_flags_are_game_parameters() -> None:
    game = pyspiel.load_game("python_toncc(compass=d6,stall_king_points=one)")
    rules = game.new_initial_state().toncc_state.rules
    assert rules == TonccRules(compass=Compass.D6, stall_king_points=StallKingPoints.ONE)
    assert str(load_game(rules)) == str(game) == "python_toncc(compass=d6,stall_king_points=one)"
    assert toncc_openspiel.PARAMETERS == {
        "stall_king_points": "present",
        "top_tie": "ranked",
        "final_three_way_tie": "shared",
        "compass": "counter_clockwise",
        "colour_draw": "draw",
    }


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 3}, "parameter 'players': no such parameter"),
        ({"compass": 6}, "parameter compass: expected a string, not 6"),
        ({"compass": True}, "parameter compass: expected a string, not True"),
        ({"top_tie": "coin"}, "parameter top_tie: 'coin' is not one of 'ranked'"),
        ({"compass": "\ud800"}, "parameter compass: '\\\\ud800' is not one of"),
    ],
)
def test_bad_parameters_are_refused_naming_the_parameter(
    params: dict[str, object], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        TonccGame(params)


def test_pyspiel_refuses_unknown_parameters_itself_and_load_game_wants_toncc_rules() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game("python_toncc", {"players": 3})
    with pytest.raises(SettingsError, match="rules: expected TonccRules or None"):
        load_game("d6")  # type: ignore[arg-type]


def test_the_shuffle_is_a_chance_node_per_cell_with_exact_probabilities() -> None:
    state = load_game(FIXED).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(r, 1 / 18) for r in range(18)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "region 7 on I1"
    state.apply_action(7)
    assert [r for r, _ in state.chance_outcomes()] == [r for r in range(18) if r != 7]
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.toncc_state.layout == (7,)


def test_every_king_on_the_board_has_the_six_moves_and_a_king_off_it_only_passes() -> None:
    state = at_first_turn()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert [state.legal_actions(p) for p in range(3)] == [list(range(6))] * 3
    assert state.action_to_string(0, 3) == "Compass 4 (W)"
    rng = random.Random(4)
    passes = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for king in King:
                legal = state.legal_actions(king.value)
                on_board = bool(state.toncc_state.legal_actions(king))
                assert legal == (list(range(6)) if on_board else [PASS])
                passes += not on_board
        play_randomly(state, rng, upto=1)
    assert passes > 0
    assert state.action_to_string(0, PASS) == "pass (off the board)"


@pytest.mark.clause("TC-SETUP-4")
@pytest.mark.parametrize("seed", [11, 12])
def test_joint_actions_move_the_kings_as_the_core_does(seed: int) -> None:
    rng = random.Random(seed)
    state = load_game().new_initial_state()
    core = new_game()
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = rng.choice([r for r, _ in state.chance_outcomes()])
            state.apply_action(outcome)
            draw = DrawColours(SEATINGS[outcome]) if core.is_colour_draw else PlaceRegion(outcome)
            core = core.apply_chance(draw)
        else:
            actions = [rng.choice(state.legal_actions(p)) for p in range(3)]
            state.apply_actions(actions)
            kings = [core.king_of(p) for p in range(3)]
            core = core.apply_joint(
                {kings[p]: MOVES[a] for p, a in enumerate(actions) if a != PASS}
            )
        assert state.toncc_state == core
    assert state.returns() == [core.returns()[core.king_of(p).value] for p in range(3)]
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.clause("TC-SETUP-4")
def test_the_game_opens_with_the_colour_draw_and_players_play_the_kings_they_drew() -> None:
    state = load_game().new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == (
        "colours drawn: players 0, 1, 2 play Blue, Red, Yellow"
    )
    assert "outcomes 0..5" in str(refused(state, state.apply_action, 6))
    state.apply_action(4)  # player 0 Blue, 1 Red, 2 Yellow
    assert state.toncc_state.seating == (King.BLUE, King.RED, King.YELLOW)
    assert len(state.chance_outcomes()) == 18
    for region in range(18):
        state.apply_action(region)
    observer = load_game().make_py_observer()
    observer.set_from(state, 0)
    assert observer.dict["king"].tolist() == [0.0, 0.0, 1.0]  # player 0 sees himself as Blue
    assert state.observation_string(1).startswith("King RED sees")
    state.apply_actions([3, 0, 0])  # player 0 (Blue) W to I4; Red and Yellow contest I1
    assert state.toncc_state.positions == (0, 0, 3)  # by King: Red I1, Yellow I1, Blue I4
    message = str(refused(state, state.apply_actions, [0, 0, PASS]))
    assert "player 2 (King YELLOW): action 6 is not one of his" in message


def test_before_the_draw_a_player_observes_no_king() -> None:
    state = load_game().new_initial_state()
    observer = load_game().make_py_observer()
    observer.set_from(state, 1)
    assert observer.dict["king"].tolist() == [0.0, 0.0, 0.0]
    assert state.observation_string(2).startswith("Player 2 sees: the colours are being drawn")


def test_every_game_ends_within_max_game_length() -> None:
    game = load_game()
    for seed in range(12):
        state = play_randomly(game.new_initial_state(), random.Random(seed))
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        chance_draws = 1 + 3 * 18  # the colour draw; every challenge shuffles the 18 regions
        joint_actions, rest = divmod(len(state.history()) - chance_draws, 3)
        assert rest == 0 and 3 <= joint_actions <= game.max_game_length()


def test_returns_are_zero_before_the_end() -> None:
    state = play_randomly(load_game().new_initial_state(), random.Random(1), upto=40)
    assert state.returns() == [0.0, 0.0, 0.0]


def test_the_observation_is_the_encoder_vector_and_text_and_the_information_state_the_history() -> (
    None
):
    state = play_randomly(load_game().new_initial_state(), random.Random(2), upto=40)
    for player in range(3):
        king = state.toncc_state.king_of(player)
        expected = np.array(observation_vector(state.toncc_state, king), np.float32)
        assert np.array_equal(np.array(state.observation_tensor(player)), expected)
        assert state.observation_string(player) == observation_text(state.toncc_state, king)
        assert state.information_state_string(player) == state.history_str()


def test_clones_are_independent() -> None:
    state = play_randomly(load_game().new_initial_state(), random.Random(5), upto=30)
    clone = state.clone()
    assert clone.history() == state.history() and clone.toncc_state == state.toncc_state
    play_randomly(clone, random.Random(6))
    assert clone.is_terminal() and not state.is_terminal()


def test_states_serialize_pickle_and_deserialize() -> None:
    game = load_game(TonccRules(compass="d6"))
    state = play_randomly(game.new_initial_state(), random.Random(8), upto=50)
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game) == "python_toncc(compass=d6)"
    assert state_again.history() == state.history()
    assert state_again.toncc_state == state.toncc_state
    assert pickle.loads(pickle.dumps(state)).toncc_state == state.toncc_state
    again = pickle.loads(pickle.dumps(game))
    assert again.rules == TonccRules(compass="d6")


def refused(state, apply, *args) -> IllegalActionError:
    before, history = state.toncc_state, state.history()
    with pytest.raises(TonccIllegalActionError) as caught:
        apply(*args)
    assert state.toncc_state == before and state.history() == history
    return caught.value


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([0, 0], "expected 3 actions"),
        ("abc", "expected one action per King"),
        (None, "expected one action per King"),
        ([0, True, 0], "(King YELLOW): action True is not an int"),
        ([0, 1.0, 0], "(King YELLOW): action 1.0 is not an int"),
        ([0, 1, 7], "(King BLUE): action 7 is not one of his"),
        ([PASS, 1, 2], "(King RED): action 6 is not one of his"),
        ([-1, 1, 2], "(King RED): action -1 is not one of his"),
        ([0, 1, 10**30], "(King BLUE): action 1000000000000000000000000000000 is not one"),
    ],
)
def test_a_bad_joint_action_is_refused_naming_the_king_and_changes_nothing(
    actions: object, message: str
) -> None:
    state = at_first_turn()
    assert message in str(refused(state, state.apply_actions, actions))


def test_bad_actions_at_chance_and_simultaneous_nodes_and_after_the_end_are_refused() -> None:
    state = load_game(FIXED).new_initial_state()
    state.apply_action(3)
    assert "region 3 is not one left" in str(refused(state, state.apply_action, 3))
    assert "is not an int" in str(refused(state, state.apply_action, 2.0))
    assert "nobody chooses now" in str(refused(state, state.apply_actions, [0, 0, 0]))
    state = at_first_turn()
    assert "one action per King" in str(refused(state, state.apply_action, 0))
    state = play_randomly(state, random.Random(3))
    assert "the game is over" in str(refused(state, state.apply_action, 0))
    assert "nobody chooses now" in str(refused(state, state.apply_actions, [0, 0, 0]))


def test_a_king_off_the_board_can_only_pass() -> None:
    state = at_first_turn()
    rng = random.Random(0)
    while all(state.legal_actions(p) != [PASS] for p in range(3)) or state.is_chance_node():
        play_randomly(state, rng, upto=1)
    off = next(p for p in range(3) if state.legal_actions(p) == [PASS])
    actions = [0, 0, 0]  # a move for the King who has left, too
    assert f"(King {King(off).name}): action 0 is not one of his: [6]" in str(
        refused(state, state.apply_actions, actions)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(), st.booleans(), st.floats(), st.text(), st.none()),
        min_size=0,
        max_size=4,
    )
)
def test_arbitrary_joint_actions_are_applied_or_refused_with_a_toncc_error(
    actions: list[object],
) -> None:
    state = at_first_turn()
    before = state.toncc_state
    try:
        state.apply_actions(actions)
    except TonccIllegalActionError:
        assert state.toncc_state == before
    else:
        assert all(type(a) is int and 0 <= a < 6 for a in actions) and len(actions) == 3


def test_the_observer_refuses_what_is_not_a_state_or_a_seat() -> None:
    observer = load_game().make_py_observer()
    with pytest.raises(InvalidPositionError, match="TonccSpielState"):
        observer.set_from(new_game(), 0)
    with pytest.raises(SettingsError, match=r"player must be a seat 0\.\.2, not 3"):
        observer.set_from(load_game().new_initial_state(), 3)
    with pytest.raises(SettingsError, match="iig_obs_type"):
        load_game().make_py_observer("public")
    with pytest.raises(SettingsError, match="take no parameters"):
        load_game().make_py_observer(None, {"x": 1})

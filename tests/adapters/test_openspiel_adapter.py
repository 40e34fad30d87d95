"""Tongiaki as the OpenSpiel game python_tongiaki: OpenSpiel's own checks, search, parameters."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs the openspiel extra: pip install -e '.[openspiel]'"
)
np = pytest.importorskip("numpy", reason="needs the openspiel extra")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from tongiaki_rules import (  # noqa: E402
    EndTrigger,
    GameRecord,
    Rules,
    SettingsError,
    new_game,
    replay,
)
from tongiaki_rules.adapters import openspiel  # noqa: E402
from tongiaki_rules.encoding import ActionEncoding  # noqa: E402
from tongiaki_rules.observation import ObservationLayout, observation_string  # noqa: E402


def play_randomly(state, rng: random.Random, upto: int | None = None):
    """Play ``state`` on with uniform decisions and draws by their probabilities."""
    steps = 0
    while not state.is_terminal() and (upto is None or steps < upto):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_tongiaki", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_random_simulation_test_passes_with_variants() -> None:
    game = openspiel.load_game(2, Rules(variant_rody=True, variant_two_player_double_colour=True))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_openspiel_mcts_bot_plays_a_whole_game() -> None:
    game = openspiel.load_game(4)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng, solve=False
    )
    bots = [search] + [uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2, 3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.game_state.is_terminal
    assert sum(state.returns()) == pytest.approx(1.0)


def test_the_game_describes_itself_from_the_encoding_and_the_layout() -> None:
    game = pyspiel.load_game("python_tongiaki")
    game_type = game.get_type()
    assert game.num_players() == 4
    assert game.num_distinct_actions() == ActionEncoding.for_game(4).size
    assert game.max_chance_outcomes() == ActionEncoding.for_game(4).chance_size == 31
    assert game.observation_tensor_shape() == [ObservationLayout.for_game(4).size]
    assert game.max_game_length() == openspiel.DEFAULT_MAX_GAME_LENGTH
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert str(game) == "python_tongiaki(players=4)"


def test_rules_flags_are_game_parameters() -> None:
    game = pyspiel.load_game(
        "python_tongiaki(players=2,variant_two_player_double_colour=True,"
        "end_trigger=sixteen_on_table,start_player=1)"
    )
    state = game.new_initial_state()
    rules = state.game_state.rules
    assert rules.variant_two_player_double_colour
    assert rules.end_trigger is EndTrigger.SIXTEEN_ON_TABLE
    assert len(state.game_state.colours) == 4
    assert state.current_player() == 1
    assert openspiel.load_game(2, rules, start_player=1).settings == game.settings


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 7}, "parameter players: Tongiaki is for 2 to 6 players, not 7"),
        ({"players": 3, "start_player": 3}, "parameter start_player: must be a seat 0..2"),
        ({"returns": "money"}, "parameter returns: 'money' is not one of 'win', 'score'"),
        ({"max_game_length": 0}, "parameter max_game_length: must be from 1 to 2147483647"),
        ({"max_game_length": 2**31}, "parameter max_game_length: must be from 1 to 2147483647"),
        ({"players": True}, "parameter players: expected an int, not True"),
        ({"end_trigger": "never"}, "parameter end_trigger: 'never' is not a value of EndTrigger"),
        ({"variant_rody": "yes"}, "parameter variant_rody: expected a bool, not 'yes'"),
        ({"colours": 2}, "parameter colours: no such parameter"),
        ({"variant_two_player_double_colour": True}, "two-colour variant is for exactly 2"),
    ],
)
def test_bad_parameters_are_refused_naming_the_parameter(
    params: dict[str, object], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        openspiel.TongiakiGame(params)


def test_pyspiel_refuses_unknown_parameters_and_wrong_types_itself() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colours'"):
        pyspiel.load_game("python_tongiaki", {"colours": 2})
    with pytest.raises(pyspiel.SpielError, match="variant_rody"):
        pyspiel.load_game("python_tongiaki", {"variant_rody": 1})
    with pytest.raises(SettingsError, match="players"):
        pyspiel.load_game("python_tongiaki", {"players": 1})


def test_actions_and_draws_are_the_encoding_indices() -> None:
    state = openspiel.load_game(3).new_initial_state()
    encoding = ActionEncoding.for_game(3)
    rng = random.Random(4)
    for _ in range(60):
        now = state.game_state
        if state.is_chance_node():
            assert state.chance_outcomes() == encoding.chance_outcomes(now)
            index, _p = rng.choice(state.chance_outcomes())
            assert state.action_to_string(index) == f"draw {encoding.decode_chance(index).tile}"
        else:
            assert state.legal_actions() == encoding.legal_indices(now)
            index = rng.choice(state.legal_actions())
            assert state.current_player() == now.current_player
        state.apply_action(index)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    state = openspiel.load_game(2).new_initial_state()
    before = state.game_state
    with pytest.raises(ValueError, match=r"action index 7 .* is not legal at this setup decision"):
        state.apply_action(7)
    assert state.game_state == before


def test_the_observation_is_the_layout_vector_and_the_text() -> None:
    state = play_randomly(openspiel.load_game(4).new_initial_state(), random.Random(2), upto=40)
    layout = ObservationLayout.for_game(4)
    for seat in range(4):
        expected = np.array(layout.observe(state.game_state, seat), dtype=np.float32)
        assert np.array_equal(np.array(state.observation_tensor(seat)), expected)
        assert state.observation_string(seat) == observation_string(state.game_state, seat)


def test_the_kept_observation_arrays_give_the_layout_vector_in_any_order() -> None:
    # the observer builds the vectors incrementally (issue 40): whole games in order, as
    # rl_environment reads them (every seat after every step), then earlier states again
    game = openspiel.load_game(2, actions="compact")
    layout = ObservationLayout.for_game(2)
    rng = random.Random(4)
    kept = []
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if len(kept) < 400 and rng.random() < 0.2:
                kept.append(state.clone())
            for seat in range(2):
                expected = np.array(layout.observe(state.game_state, seat), dtype=np.float32)
                assert np.array_equal(np.array(state.observation_tensor(seat)), expected)
                # the Python method and OpenSpiel's C++ one (through the observer) agree
                assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(
                    state, seat
                )
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    rng.shuffle(kept)
    for state in kept:
        seat = rng.randrange(2)
        expected = np.array(layout.observe(state.game_state, seat), dtype=np.float32)
        assert np.array_equal(np.array(state.observation_tensor(seat)), expected)


def test_observation_tensor_refuses_what_openspiel_refuses() -> None:
    state = openspiel.load_game(2).new_initial_state()
    assert state.observation_tensor() == state.observation_tensor(0)
    for bad in (2, -1):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(bad)
    with pytest.raises(TypeError):
        state.observation_tensor(1.0)
    state.apply_action(0)
    state.apply_action(1)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor()  # a chance node: nobody to observe for


def test_information_state_strings_are_the_history() -> None:
    game = openspiel.load_game(2)
    state = play_randomly(game.new_initial_state(), random.Random(1), upto=10)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert observer.string_from(state, 0) == state.history_str()


def test_clones_are_independent() -> None:
    state = play_randomly(openspiel.load_game(3).new_initial_state(), random.Random(5), upto=30)
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.game_state == state.game_state
    play_randomly(clone, random.Random(6))
    assert clone.is_terminal()
    assert not state.is_terminal() and len(state.history()) == 30


def test_states_serialize_pickle_and_deserialize() -> None:
    game = openspiel.load_game(4, Rules(variant_rody=True))
    state = play_randomly(game.new_initial_state(), random.Random(8), upto=50)
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game) == "python_tongiaki(players=4,variant_rody=True)"
    assert state_again.history() == state.history()
    assert state_again.game_state == state.game_state
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.game_state == state.game_state
    assert unpickled.decisions == state.decisions


def test_games_pickle_with_their_parameters() -> None:
    game = openspiel.load_game(3, Rules(variant_rody=True), returns="score")
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == "python_tongiaki(players=3,returns=score,variant_rody=True)"
    assert again.settings == game.settings
    state = play_randomly(again.new_initial_state(), random.Random(2))
    assert state.returns() == [float(s) for s in state.game_state.scores()]


def test_win_returns_share_one_point_among_the_winners() -> None:
    state = play_randomly(openspiel.load_game(4).new_initial_state(), random.Random(3))
    outcome = state.game_state.outcome()
    expected = [1 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(4)]
    assert state.returns() == pytest.approx(expected)
    assert state.rewards() == state.returns()


def test_score_returns_are_the_final_points() -> None:
    state = play_randomly(
        openspiel.load_game(3, returns="score").new_initial_state(), random.Random(3)
    )
    assert state.returns() == [float(s) for s in state.game_state.scores()]
    assert max(state.returns()) <= state.get_game().max_utility()


def test_returns_are_zero_before_the_end() -> None:
    state = play_randomly(openspiel.load_game(2).new_initial_state(), random.Random(1), upto=20)
    assert state.returns() == [0.0, 0.0]


def test_a_game_reaching_max_game_length_ends_with_the_leaders_sharing_the_win() -> None:
    game = openspiel.load_game(3, max_game_length=60)
    state = play_randomly(game.new_initial_state(), random.Random(9))
    assert state.is_terminal() and not state.game_state.is_terminal
    assert state.decisions == 60
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    scores = state.game_state.scores()
    leaders = [seat for seat, s in enumerate(scores) if s == max(scores)]
    assert [seat for seat, r in enumerate(state.returns()) if r > 0] == leaders
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.topic("adapters")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(closed_route_force_other_exit=False, bounce_counts_as_closed_route=False),
    ],
    ids=["defaults", "loops-allowed"],
)
@pytest.mark.parametrize("pick", ["first", "last"])
def test_max_game_length_bounds_every_game_even_a_stubborn_one(rules: Rules, pick: str) -> None:
    # a policy that always takes the first (or last) legal action loops wherever it can
    game = openspiel.load_game(3, rules, max_game_length=400)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice([a for a, _ in outcomes]))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[0] if pick == "first" else legal[-1])
        assert state.decisions <= game.max_game_length()
        assert len(state.history()) <= game.max_game_length() + game.max_chance_outcomes()


def test_a_game_converts_to_a_record_and_back() -> None:
    state = play_randomly(openspiel.load_game(3).new_initial_state(), random.Random(11))
    record = openspiel.to_record(state, metadata={"event": "test"})
    assert replay(record) == state.game_state
    again = openspiel.from_record(GameRecord.from_json(record.to_json()))
    assert again.history() == state.history()
    assert again.returns() == state.returns()


def test_records_of_other_tile_sets_are_refused() -> None:
    from tongiaki_rules._standard_tiles import STANDARD_TILES
    from tongiaki_rules.tiles import TileSet

    smaller = TileSet(STANDARD_TILES.start, STANDARD_TILES.pile[:-1])
    with pytest.raises(SettingsError, match="standard tiles only"):
        openspiel.from_record(GameRecord(2, tiles=smaller))


def test_records_that_start_from_a_position_are_refused_naming_start() -> None:
    from tongiaki_rules import Recorder, RecordError, SetupPlace

    mid_setup = new_game(2).apply(SetupPlace(3))
    record = Recorder.from_state(mid_setup).record
    with pytest.raises(RecordError, match="starts from a position") as caught:
        openspiel.from_record(record)
    assert caught.value.path == "start"


def test_the_initial_state_is_a_new_game() -> None:
    assert openspiel.load_game(5).new_initial_state().game_state == new_game(5)


@pytest.mark.parametrize(
    ("returns", "utility", "total"),
    [
        ("win", pyspiel.GameType.Utility.CONSTANT_SUM, 1.0),
        ("zero_sum", pyspiel.GameType.Utility.ZERO_SUM, 0.0),
    ],
)
@pytest.mark.parametrize("players", [2, 3])
def test_win_returns_make_a_constant_sum_game_and_zero_sum_returns_a_zero_sum_game(
    returns: str, utility, total: float, players: int
) -> None:
    game = openspiel.load_game(players, returns=returns)
    assert game.get_type().utility == utility
    assert game.utility_sum() == total
    # OpenSpiel's own check compares every game's returns with the declared sum
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    for seed in range(3):
        state = play_randomly(game.new_initial_state(), random.Random(seed))
        assert sum(state.returns()) == pytest.approx(total)
        assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= 1.0


def test_zero_sum_returns_give_the_winner_plus_one_and_the_loser_minus_one() -> None:
    game = openspiel.load_game(2, returns="zero_sum")
    state = play_randomly(game.new_initial_state(), random.Random(5))
    winners = state.game_state.outcome().winners
    expected = [0.0, 0.0] if len(winners) == 2 else [1.0 if s in winners else -1.0 for s in (0, 1)]
    assert state.returns() == expected


def test_a_cut_short_zero_sum_game_where_every_seat_leads_returns_zeros() -> None:
    game = openspiel.load_game(3, returns="zero_sum", max_game_length=2)
    state = play_randomly(game.new_initial_state(), random.Random(1))
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]


def test_expectiminimax_finds_a_winning_last_move_in_a_zero_sum_game() -> None:
    from open_spiel.python.algorithms import minimax

    game = openspiel.load_game(2, returns="zero_sum")
    for seed in range(40):
        history = play_randomly(game.new_initial_state(), random.Random(seed)).history()
        state = game.new_initial_state()
        for action in history[:-1]:
            state.apply_action(action)
        if state.is_chance_node():
            continue
        player = state.current_player()
        value, best = minimax.expectiminimax(state, 1, lambda s: 0.0, player)
        children = []
        for action in state.legal_actions():
            child = state.child(action)
            children.append(child.returns()[player] if child.is_terminal() else 0.0)
        assert value == max(children)
        assert best in state.legal_actions()
        return
    pytest.fail("no game ended with a decision")


def test_the_compact_action_parameter_gives_the_compact_indices() -> None:
    game = pyspiel.load_game("python_tongiaki(players=3,actions=compact)")
    assert game.num_distinct_actions() == ActionEncoding.for_game(3, actions="compact").size
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = play_randomly(game.new_initial_state(), random.Random(2))
    record = openspiel.to_record(state)
    again = openspiel.from_record(record, actions="compact")
    assert again.history() == state.history()
    with pytest.raises(SettingsError, match="actions"):
        openspiel.load_game(2, actions="small")

"""The greedy bot rates a turn action that fills one beach without a preview: the preview's values.

Once the preview of an action that fills a beach has stopped at the
departure decision (two or more departures offered), ``_Stops`` rates every
other action filling that beach with the same group, on the same table, as
that position, without a preview. Here every turn action of whole games that
``_Stops`` models is also previewed: where it is rated without a preview,
the preview must be the modelled position (the departure decision, the boats
and reserves of the model) and :meth:`Evaluation.applied` must give it the
very same values.
"""

from __future__ import annotations

import random

import pytest

from tongiaki_rules import Rules, new_game
from tongiaki_rules.bots import GreedyBot, RandomBot
from tongiaki_rules.bots._greedy import _Stops
from tongiaki_rules.bots._heuristic import Evaluation
from tongiaki_rules.bots._pacing import Pacing
from tongiaki_rules.rules import ClosedRouteMode
from tongiaki_rules.views import Phase


def _check_game(players: int, rules: Rules, seed: int, greedy: bool) -> tuple[int, int]:
    """Play one game; at every turn decision compare the modelled options with their previews.

    Returns how many options were rated without a preview, and how many were looked at.
    """
    rng = random.Random(seed)
    bots = [
        GreedyBot(seed=seed + s) if greedy else RandomBot(seed=seed + s) for s in range(players)
    ]
    stops = _Stops(Pacing())  # decides in no position: nothing may close a circle
    state = new_game(players, rules)
    modelled = looked_at = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.compact.phase == Phase.TURN:
            evaluation = Evaluation(state)
            stops.start(evaluation)
            for action in state._moves():
                model = stops.model(action)
                if model is None:
                    continue
                looked_at += 1
                preview = state._preview(action)
                values = evaluation.applied(preview)
                still = stops.rated(model)
                if still is None:
                    stops.learn(model, preview, values)
                    continue
                modelled += 1
                after = preview.compact
                assert after.phase == Phase.DEPART, (seed, action)
                boats = list(state.compact.boats)
                for k, beaches in model[1]:
                    boats[k] = beaches
                assert (after.boats, after.reserve, after.group) == (tuple(boats), model[2], ())
                assert still == values, (seed, action)
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state))
    return modelled, looked_at


@pytest.mark.parametrize(("seed", "greedy"), [(1, True), (8, False), (4, True)])
def test_an_action_filling_a_known_departure_is_rated_as_its_preview(
    seed: int, greedy: bool
) -> None:
    modelled, looked_at = _check_game(2, Rules(), seed, greedy)
    assert modelled > 50
    assert looked_at > modelled


@pytest.mark.parametrize(
    "rules",
    [
        # whether an exit leads back depends on the group: the verdict is the group's
        Rules(closed_route_mode=ClosedRouteMode.INFINITE_ONLY),
        Rules(royal_owner_may_land=True),
        Rules(closed_route_force_other_exit=False),
    ],
)
def test_rules_where_the_group_matters_keep_the_previews_values(rules: Rules) -> None:
    assert _check_game(2, rules, 5, True)[0] > 20


def test_three_players() -> None:
    assert _check_game(3, Rules(), 7, True)[0] > 20


def test_verdicts_are_forgotten_when_a_tile_comes_or_goes() -> None:
    # which exits lead back depends on the tiles: a verdict holds on its table only
    rng = random.Random(9)
    bot = GreedyBot(seed=9)
    stops = bot._stops
    state = new_game(2)
    forgotten = 0
    while not state.is_terminal and forgotten < 5:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        if state.compact.phase == Phase.TURN:
            known = bool(stops._verdicts)
            moved = stops._tiles is not None and stops._tiles != state.compact.tiles
            stops.start(Evaluation(state))
            if known and moved:
                assert not stops._verdicts
                forgotten += 1
        state = state.apply(bot.choose(state))
    assert forgotten == 5


@pytest.mark.parametrize("seed", [10, 11])
def test_a_modelled_position_repeats_exactly_when_its_boats_were_decided_in(seed: int) -> None:
    # the test of the changed tiles against the boats of the turn's positions, compared with
    # the boats of the whole position; a preview of a modelled action is noted as decided
    # in at each turn decision, so that some positions do repeat
    rng = random.Random(seed)
    bot = GreedyBot(seed=seed, sample=3, patience=0)
    stops = bot._stops
    state = new_game(2)
    compared = repeats = 0
    while not state.is_terminal and compared < 3000:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        choice = bot.choose(state)  # the bot's pacing now holds this turn's positions
        if state.compact.phase == Phase.TURN:
            modelled = [(a, m) for a in state._moves() if (m := stops.model(a)) is not None]
            if modelled:
                bot._pacing.start(state._preview(modelled[len(modelled) // 2][0]))
                stops.start(Evaluation(state))
            for action, model in modelled:
                boats = list(state.compact.boats)
                for k, beaches in model[1]:
                    boats[k] = beaches
                whole = tuple(boats)
                seen = any(whole == other for other in bot._pacing.seen_boats())
                assert stops._repeats(model[1]) == seen, (seed, action)
                compared += 1
                repeats += seen
        state = state.apply(choice)
    assert compared > 500
    assert repeats > 20


def test_a_position_differing_outside_the_changed_tiles_is_not_a_repeat() -> None:
    # one position of the turn has two islands changed: a model changing one of them to the
    # same beaches is not that position, a model changing both is
    rng = random.Random(12)
    state = new_game(2)
    while (
        state.is_chance_node
        or state.compact.phase != Phase.TURN
        or len(Evaluation(state)._island_at) < 2
    ):
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node else rng.choice(state.legal_actions())
        )
    pacing = Pacing()
    pacing.start(state)
    stops = _Stops(pacing)
    boats = list(state.compact.boats)
    islands = list(Evaluation(state)._island_at.values())[:2]
    assert len(islands) == 2
    for k in islands:
        boats[k] = ((9,), *boats[k][1:])  # beaches no position of the game has
    pacing.seen_boats().append(tuple(boats))
    stops.start(Evaluation(state))
    first, second = ((k, boats[k]) for k in islands)
    assert not stops._repeats([first])
    assert not stops._repeats([second])
    assert stops._repeats([first, second])
    assert not stops._repeats([first, (second[0], state.compact.boats[second[0]])])


def test_a_copied_or_pickled_bot_starts_its_caches_afresh_and_chooses_alike() -> None:
    import copy
    import pickle

    rng = random.Random(13)
    bot = GreedyBot(seed=13)
    state = new_game(2)
    decisions = 0
    while decisions < 150:  # fill the caches
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        state = state.apply(bot.choose(state))
        decisions += 1
    assert bot._stops._verdicts
    pickled = pickle.loads(pickle.dumps(bot))
    copied = copy.deepcopy(bot)
    for other in (pickled, copied):
        assert not other._stops._verdicts
        assert other._stops._pacing is other._pacing
    compared = 0
    while not state.is_terminal and compared < 150:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        choice = bot.choose(state)
        assert pickled.choose(state) == choice == copied.choose(state)
        assert pickled._rng.getstate() == bot._rng.getstate() == copied._rng.getstate()
        state = state.apply(choice)
        compared += 1
    assert compared > 50

"""The service caps each decision's look-ahead (issue 36): a too long one is a 503, nothing changes.

A table built to be expensive can make one decision of AMB-25's look-ahead
expand millions of positions; the service answers such a decision with
``LookAheadTooLong`` instead of holding a worker for minutes. Here the cap is
set to nothing at all (``search_positions=0``), so the first decision of a
game that needs any look-ahead meets it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tongiaki_rules.server import (
    SEARCH_POSITIONS,
    GameService,
    LookAheadTooLong,
    ServeLimits,
    Storage,
)


@pytest.mark.clause("AMB-25")
def test_a_decision_past_the_cap_answers_503_and_leaves_the_game_as_it_was(
    open_db: Callable[[], Storage],
) -> None:
    capped = GameService(open_db(), search_positions=0)
    plain = GameService(open_db(), search_positions=None)  # another process, no cap
    rng = random.Random(36)
    # a game of two humans draws its tiles from an unchosen seed (a chosen one would let
    # them foresee every draw), so a game may end before any decision needs a look-ahead:
    # then another game is played
    for _game in range(10):
        game = plain.create_game(2, seat=0)
        gid = game["id"]
        tokens = {0: game["token"], 1: plain.claim_seat(gid, 1)["token"]}
        for _ in range(400):
            seen = plain.view(gid)
            seat = seen["to_move"]
            if seat is None:
                break  # over without a look-ahead
            try:
                capped.view(gid, token=tokens[seat])  # reads the seat's legal list
            except LookAheadTooLong as exc:
                assert exc.status == 503
                assert "0 positions" in exc.message and "unchanged" in exc.message
                assert plain.view(gid)["moves"] == seen["moves"]
                assert plain.view(gid, token=tokens[seat])["legal"]  # uncapped: answered
                return
            legal = plain.view(gid, token=tokens[seat])["legal"]
            plain.act(gid, tokens[seat], rng.choice(legal)["index"], expect_move=seen["moves"])
    pytest.fail("no decision needed a look-ahead in 10 games")


def test_the_default_cap_lets_ordinary_games_through(service: GameService) -> None:
    assert service.search_positions == SEARCH_POSITIONS == ServeLimits().search_positions
    assert SEARCH_POSITIONS >= 10_000
    game = service.create_game(2, seats={1: "greedy"}, seed=11, seat=0)
    view = service.view(game["id"], token=game["token"])
    assert view["legal"] and view["to_move"] == 0

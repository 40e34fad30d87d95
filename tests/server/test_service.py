"""The game service on a real database (SQLite and PostgreSQL): games, seats, views, moves,
chance, bots, replay."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules import GameRecord, replay, state_from_json
from tongiaki_rules.server import (
    Conflict,
    Forbidden,
    GameService,
    MemoryBudget,
    NotFound,
    SqliteStorage,
    Storage,
    Unauthorized,
    Unprocessable,
)
from tongiaki_rules.server._game_log import MAX_NARRATION_LINES


def _human(game: dict[str, Any]) -> str:
    """The token the creator got for its own seat."""
    token: str = game["token"]
    return token


def _play_first_legal(service: GameService, game_id: str, token: str, moves: int) -> dict[str, Any]:
    view = service.view(game_id, token=token)
    for _ in range(moves):
        if "legal" not in view:
            break
        view = service.act(game_id, token, 0, expect_move=view["moves"])
    return view


def test_create_gives_the_token_of_the_creators_seat_only(service: GameService) -> None:
    game = service.create_game(3, seats={1: "greedy"}, seat=2)
    assert game["id"].startswith("g-") and game["seat"] == 2 and game["token"]
    kinds = [(s["seat"], s["kind"], s["free"]) for s in game["seats"]]
    assert kinds == [(0, "human", True), (1, "bot", False), (2, "human", False)]
    assert game["seats"][1]["bot"] == "greedy"
    assert "token" not in service.create_game(2)  # no seat named: every seat is free


def test_the_lobby_lists_games_newest_first_with_free_seats(open_db: Callable[[], Storage]) -> None:
    times = iter([100.0, 200.0])
    service = GameService(open_db(), clock=lambda: next(times))
    old = service.create_game(2)
    new = service.create_game(2, seats={1: "random"})
    service.claim_seat(new["id"], 0)
    games = service.list_games()
    assert [g["id"] for g in games] == [new["id"], old["id"]]
    assert games[0]["seats"] == [
        {"seat": 0, "kind": "human", "free": False, "name": None},
        {"seat": 1, "kind": "bot", "bot": "random", "free": False},
    ]
    assert games[1]["created"] == 100.0 and games[1]["moves"] == 0 and not games[1]["over"]


def test_a_seat_is_claimed_once(service: GameService) -> None:
    game = service.create_game(2, seats={1: "greedy"}, seed=3)
    claimed = service.claim_seat(game["id"], 0)
    assert claimed["seat"] == 0
    with pytest.raises(Conflict, match="already taken"):
        service.claim_seat(game["id"], 0)
    with pytest.raises(Conflict, match="bot"):
        service.claim_seat(game["id"], 1)
    with pytest.raises(NotFound):
        service.claim_seat(game["id"], 2)
    with pytest.raises(NotFound):
        service.claim_seat("g-nothing", 0)
    assert service.view(game["id"], token=claimed["token"])["you"] == 0


def test_legal_actions_go_only_to_the_seat_to_move(service: GameService) -> None:
    game = service.create_game(2, seat=0)
    gid = game["id"]
    red = service.claim_seat(gid, 1)["token"]
    mover = service.view(gid, token=_human(game))
    assert mover["to_move"] == 0 and mover["you"] == 0
    assert mover["legal"][0] == {
        "index": 0,
        "notation": "setup 0",
        "action": {"type": "SetupPlace", "beach": 0},
    }
    assert "legal" not in service.view(gid, token=red)
    spectator = service.view(gid)
    assert "legal" not in spectator and spectator["you"] is None
    assert spectator["phase"] == "setup" and spectator["outcome"] is None
    assert spectator["svg"] is None and "<svg" in service.view(gid, svg=True)["svg"]
    assert spectator["state"]["schema"] == "tongiaki-state"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "players must be from 2 to 6"),
        ({"players": 7}, "players must be from 2 to 6"),
        ({"players": True}, "players must be a whole number"),
        ({"players": 2.0}, "players must be a whole number"),
        ({"players": 2, "seats": {2: "greedy"}}, "seat of seats must be from 0 to 1"),
        ({"players": 2, "seats": {1: "genius"}}, "seats.1: unknown bot 'genius'"),
        ({"players": 2, "seats": {1: 7}}, "seats.1: a bot spec is text"),
        ({"players": 2, "seats": {1: "mcts:iterations=5000"}}, "capped at 2000"),
        ({"players": 2, "seats": {1: "mcts:time_limit=60"}}, "time_limit is not allowed"),
        ({"players": 2, "seats": {1: "random\ud800"}}, "seats.1"),
        ({"players": 2, "rules": {"end_trigger": True}}, "rules.end_trigger"),
        ({"players": 2, "rules": {"no_such_flag": 1}}, "rules"),
        (
            {"players": 2, "seed": 1},
            "seed: a chosen seed is allowed only in a game with at most one human seat",
        ),
        ({"players": 3, "seats": {0: "greedy"}, "seed": 1}, r"seed: .*\(this one has 2\)"),
        ({"players": 2, "seat": 2}, "seat must be from 0 to 1"),
        ({"players": 2, "seats": {0: "greedy"}, "seat": 0}, "seat: seat 0 is a bot's"),
        ({"players": 2, "unlisted": 1}, "unlisted must be true or false"),
        ({"players": 2, "seats": {1: "greedy"}, "seed": -1}, "seed must be from 0"),
        ({"players": 2, "seats": {1: "greedy"}, "seed": 2**64}, "seed must be from 0"),
        ({"players": 2, "seats": {1: "greedy"}, "seed": 10**5000}, "a huge number"),
        ({"players": 2, "seats": {1: "greedy"}, "seed": False}, "seed must be a whole number"),
    ],
)
def test_bad_game_settings_are_refused_with_422(
    service: GameService, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(Unprocessable, match=message):
        service.create_game(**kwargs)
    assert service.list_games() == []


def test_a_rule_flag_by_name_reaches_the_game(service: GameService) -> None:
    game = service.create_game(2, rules={"end_trigger": "sixteen_on_table"})
    assert service.record(game["id"])["rules"] == {"end_trigger": "sixteen_on_table"}


def test_moves_are_refused_with_the_status_of_their_fault(service: GameService) -> None:
    game = service.create_game(2, seat=0)
    gid, blue = game["id"], _human(game)
    red = service.claim_seat(gid, 1)["token"]
    with pytest.raises(Unauthorized):
        service.act(gid, None, 0, expect_move=0)
    with pytest.raises(Unauthorized):
        service.act(gid, "not-a-token", 0, expect_move=0)
    with pytest.raises(Unauthorized):
        service.act(gid, "\ud800", 0, expect_move=0)
    with pytest.raises(Forbidden):
        service.act(gid, red, 0, expect_move=0)
    with pytest.raises(Conflict, match="at move 0"):
        service.act(gid, blue, 0, expect_move=1)
    with pytest.raises(Unprocessable, match="expect_move"):
        service.act(gid, blue, 0, expect_move=True)
    with pytest.raises(NotFound):
        service.act("g-none", blue, 0, expect_move=0)
    with pytest.raises(Unprocessable) as illegal:
        service.act(gid, blue, "setup 9", expect_move=0)
    assert illegal.value.clause == "SETUP-4" and "beach 9" in illegal.value.message
    with pytest.raises(Unprocessable, match=r"not in the notation|expected"):
        service.act(gid, blue, "fly away", expect_move=0)
    with pytest.raises(Unprocessable, match="index must be from 0"):
        service.act(gid, blue, 99, expect_move=0)
    legal = len(service.view(gid, token=blue)["legal"])
    with pytest.raises(Unprocessable, match=f"index must be from 0 to {legal - 1}"):
        service.act(gid, blue, legal, expect_move=0)  # one past the list: 422, never 500
    with pytest.raises(Unprocessable, match="not bool"):
        service.act(gid, blue, True, expect_move=0)
    assert service.view(gid)["moves"] == 0  # nothing refused was stored
    view = service.act(gid, blue, "setup 2", expect_move=0)
    assert view["moves"] == 1 and view["to_move"] == 1 and "legal" not in view
    with pytest.raises(Conflict):  # the second click of a double click
        service.act(gid, blue, "setup 2", expect_move=0)


def test_bots_and_chance_move_after_a_human_move(service: GameService) -> None:
    game = service.create_game(2, seats={1: "greedy"}, seed=11, seat=0)
    gid, blue = game["id"], _human(game)
    view = _play_first_legal(service, gid, blue, 40)
    record = GameRecord.from_dict(service.record(gid))
    types = {type(action).__name__ for action in record.actions}
    assert {"Draw", "SetupPlace"} <= types  # chance was resolved on the server
    assert view["to_move"] in (0, None)  # the bot never waits for anyone
    assert view["narration"] and len(view["narration"]) <= MAX_NARRATION_LINES


def test_a_game_that_starts_with_a_bot_waits_for_a_step(service: GameService) -> None:
    game = service.create_game(2, seats={0: "random"}, seed=4)
    assert service.view(game["id"])["moves"] == 0  # creating a game plays nothing
    assert service.step(game["id"]) == 1
    view = service.view(game["id"])
    assert view["moves"] == 1 and view["to_move"] == 1
    assert service.step(game["id"]) is None  # a human is to move: nothing to do


def test_a_game_of_bots_only_is_played_one_stored_step_at_a_time(
    open_db: Callable[[], Storage],
) -> None:
    service, other = GameService(open_db()), open_db()
    game = service.create_game(2, seats={0: "random", 1: "random"}, seed=4)
    gid, seen = game["id"], [0]
    while (moves := service.step(gid)) is not None:
        assert len(other.moves(gid)) == moves == seen[-1] + 1  # stored at once
        seen.append(moves)
    view = service.view(gid)
    assert view["to_move"] is None and view["outcome"] is not None
    assert service.list_games()[0]["over"] is True
    assert view["narration"][-1]  # the footer tells the result
    record = GameRecord.from_dict(service.record(gid))
    assert replay(record) == state_from_json(_json(view["state"]))


def test_time_travel_shows_the_game_after_k_moves(service: GameService) -> None:
    game = service.create_game(2, seats={1: "greedy"}, seed=2, seat=0)
    gid, blue = game["id"], _human(game)
    view = _play_first_legal(service, gid, blue, 5)
    record = GameRecord.from_dict(service.record(gid))
    states = record.initial_state(), *replay_all(record)
    for k in (0, 1, view["moves"] // 2, view["moves"]):
        past = service.view(gid, at=k, token=blue)
        assert past["at"] == k and past["moves"] == view["moves"]
        assert state_from_json(_json(past["state"])) == states[k]
        assert ("legal" in past) == (k == view["moves"] and past["to_move"] == 0)
    for bad in (-1, view["moves"] + 1, True, "1"):
        with pytest.raises(Unprocessable, match="at must be"):
            service.view(gid, at=bad)


def replay_all(record: GameRecord) -> list[Any]:
    state = record.initial_state()
    states = []
    for action in record.actions:
        state = state.apply(action)
        states.append(state)
    return states


def _json(doc: dict[str, Any]) -> str:
    import json

    return json.dumps(doc)


def test_the_stored_record_replays_to_the_served_state(open_db: Callable[[], Storage]) -> None:
    service = GameService(open_db())
    game = service.create_game(3, seats={1: "greedy", 2: "random"}, seed=8, seat=0)
    gid = game["id"]
    view = _play_first_legal(service, gid, _human(game), 30)
    fresh = GameService(open_db())  # a restarted server reads it all back
    record = GameRecord.from_dict(fresh.record(gid))
    assert replay(record) == state_from_json(_json(view["state"]))
    assert fresh.view(gid)["code"] == view["code"]


def test_the_same_seed_and_moves_give_the_same_game(tmp_path: Path) -> None:
    records = []
    for name in ("a", "b"):
        service = GameService(SqliteStorage(tmp_path / f"{name}.sqlite3"))
        game = service.create_game(2, seats={1: "greedy"}, seed=77, seat=0)
        _play_first_legal(service, game["id"], _human(game), 25)
        records.append(service.record(game["id"])["actions"])
    assert records[0] == records[1]


def _race(services: list[GameService], gid: str, token: str) -> list[str]:
    """Each service tries a different setup move 0 at the same moment; what each got."""
    barrier = threading.Barrier(len(services))
    outcomes: list[str] = []

    def play(service: GameService, beach: int) -> None:
        barrier.wait()
        try:
            service.act(gid, token, f"setup {beach}", expect_move=0)
            outcomes.append("accepted")
        except Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=play, args=(s, k)) for k, s in enumerate(services)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


def test_two_services_on_one_database_never_both_accept_a_move(
    open_db: Callable[[], Storage],
) -> None:
    first = GameService(open_db())
    second = GameService(open_db())
    for _round in range(5):
        game = first.create_game(2, seat=0)
        gid = game["id"]
        second.view(gid)  # both servers hold the game in memory
        assert _race([first, second], gid, _human(game)) == ["accepted", "conflict"]
        assert first.view(gid)["moves"] == second.view(gid)["moves"] == 1
        assert first.view(gid)["code"] == second.view(gid)["code"]


def test_a_game_id_that_is_not_text_is_simply_not_found(service: GameService) -> None:
    for game_id in ("\ud800", "g-" + "x" * 500, 7):
        with pytest.raises(NotFound):
            service.view(game_id)  # type: ignore[arg-type]


def test_games_forgotten_from_memory_are_read_back(open_db: Callable[[], Storage]) -> None:
    service = GameService(open_db(), memory=MemoryBudget(games=1))  # only the newest is kept
    games = [service.create_game(2, seats={1: "greedy"}, seed=k, seat=0) for k in range(4)]
    views = [service.act(g["id"], _human(g), 0, expect_move=0) for g in games]
    assert [service.view(g["id"])["code"] for g in games] == [v["code"] for v in views]


def test_a_second_service_on_the_file_plays_on_from_the_firsts_move(
    open_db: Callable[[], Storage],
) -> None:
    """``act`` reads the moves another process stored before it checks ``expect_move``."""
    first, second = GameService(open_db()), GameService(open_db())
    game = first.create_game(2, seat=0)
    gid, blue = game["id"], _human(game)
    red = second.claim_seat(gid, 1)["token"]
    second.view(gid)  # the second holds the game (at move 0) in memory
    first.act(gid, blue, "setup 0", expect_move=0)
    with pytest.raises(Conflict, match="at move 1"):
        second.act(gid, red, "setup 1", expect_move=0)  # stale
    view = second.act(gid, red, "setup 1", expect_move=1)
    assert view["moves"] == 2 and first.view(gid)["moves"] == 2


def test_a_view_is_built_once_per_move_and_shared_by_every_viewer(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = service.create_game(3, seats={2: "greedy"}, seat=0)
    gid, token = game["id"], _human(game)
    other = service.claim_seat(gid, 1)["token"]
    built: list[int] = []
    build = service._build_view

    def counted(*args: Any) -> dict[str, Any]:
        built.append(1)
        return build(*args)

    monkeypatch.setattr(service, "_build_view", counted)
    to_move = service.view(gid, svg=False)["to_move"]
    waiting = other if to_move == 0 else token
    views = [service.view(gid, svg=False) for _ in range(5)]  # five spectators' pushes
    views += [service.view(gid, token=waiting, svg=False) for _ in range(3)]
    assert len(built) == 1  # the seat not to move sees the spectators' view, as "you"
    assert {v["you"] for v in views} == {None, 1 if waiting == other else 0}
    playing = service.view(gid, token=token if waiting == other else other, svg=False)
    assert "legal" in playing and len(built) == 2


def test_the_narration_of_a_long_game_is_its_last_lines_in_each_language(
    service: GameService,
) -> None:
    from tongiaki_rules.narration import Narrator

    gid = service.create_game(3, seats={0: "random", 1: "random", 2: "random"}, seed=6)["id"]
    while service.step(gid) is not None:
        pass
    record = GameRecord.from_dict(service.record(gid))
    for language in ("en", "de"):
        narrator = Narrator(record.initial_state(), language=language)
        lines, ends = list(narrator.header()), []
        for action in record.actions:
            lines += narrator.step(action)
            ends.append(len(lines))
        whole = lines + narrator.footer()
        assert (
            service.view(gid, svg=False, language=language)["narration"]
            == (whole[-MAX_NARRATION_LINES:])
        )
        for at in (1, len(ends) // 2):
            view = service.view(gid, at=at, svg=False, language=language)
            assert view["narration"] == lines[: ends[at - 1]][-MAX_NARRATION_LINES:]

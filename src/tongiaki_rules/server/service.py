"""The game service behind ``tongiaki serve``: games, seats, views and moves, without the web.

:class:`GameService` keeps games in a :class:`~.storage.Storage`, resolves
chance and plays the bot seats itself, and answers with plain dicts (the
JSON bodies of the HTTP API). Whatever it refuses raises a
:class:`~.errors.ServiceError` carrying the HTTP status.

Chance is seeded per game and per move: the tile drawn at move ``n`` comes
from ``random.Random(f"{seed}:{n}")``, and a bot choosing at move ``n`` for
seat ``s`` is seeded from ``random.Random(f"{seed}:bot:{s}:{n}")``. So a
stored game replays exactly, even though its draws are stored too.

>>> import tempfile, pathlib
>>> from tongiaki_rules.server.storage import SqliteStorage
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(2, seats={1: "greedy"}, seed=42)
>>> token = game["seats"][0]["token"]
>>> view = service.act(game["id"], token, "setup 0", expect_move=0)
>>> view["moves"], view["to_move"], view["you"]
(2, 0, 0)
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from tongiaki_rules import (
    Action,
    GameRecord,
    GameState,
    IllegalActionError,
    NotationError,
    RecordError,
    SettingsError,
    format_action,
    parse_action,
)
from tongiaki_rules.bots import allowed_modules, make_bot, parse_bot_spec
from tongiaki_rules.i18n import LANGUAGES
from tongiaki_rules.record import action_from_dict, action_to_dict, state_to_dict

from .errors import Conflict, Forbidden, NotFound, Unauthorized, Unprocessable
from .game_log import GameLog
from .storage import Storage, StoredGame, StoredSeat

__all__ = [
    "MAX_MCTS_ITERATIONS",
    "MAX_SEED",
    "GameService",
    "bot_seed",
    "chance_rng",
    "server_to_move",
]

MAX_MCTS_ITERATIONS = 2000
"""An MCTS seat thinks at most this many iterations a move, so no request hangs the server."""
MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to this (they are stored as SQLite integers)."""
MAX_GAMES_LISTED = 100
GAMES_IN_MEMORY = 1000
"""The server keeps this many games' positions in memory (the most recently used)."""
_MAX_TOKEN = 200


def chance_rng(seed: int, move: int) -> random.Random:
    """The random stream that draws the tile at move ``move`` of the game seeded ``seed``.

    >>> chance_rng(42, 7).random() == random.Random("42:7").random()
    True
    """
    return random.Random(f"{seed}:{move}")


def bot_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the bot choosing for ``seat`` at move ``move`` of the game seeded ``seed``.

    >>> bot_seed(42, 1, 3) == random.Random("42:bot:1:3").randrange(2**63)
    True
    """
    return random.Random(f"{seed}:bot:{seat}:{move}").randrange(2**63)


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unprocessable(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        shown = str(value) if abs(value) < 10**30 else "a huge number"
        raise Unprocessable(f"{name} must be from {low} to {high}, not {shown}")
    return value


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def check_bot_spec(spec: object, where: str) -> str:
    """``spec`` if it builds a bot the server will run (MCTS capped); else :class:`Unprocessable`.

    >>> check_bot_spec("mcts:iterations=5000", "seats.1")
    Traceback (most recent call last):
    ...
    tongiaki_rules.server.errors.Unprocessable: seats.1: mcts iterations are capped at 2000 here
    """
    try:
        if not isinstance(spec, str):
            raise SettingsError(f"a bot spec is text, not {type(spec).__name__}")
        name, options = parse_bot_spec(spec)
        make_bot(spec, seed=0, modules=allowed_modules())
    except SettingsError as exc:
        raise Unprocessable(f"{where}: {exc}") from None
    if name == "mcts":
        if "time_limit" in options:
            raise Unprocessable(f"{where}: mcts time_limit is not allowed here; use iterations")
        iterations = options.get("iterations", 50)
        if not isinstance(iterations, int) or iterations > MAX_MCTS_ITERATIONS:
            raise Unprocessable(
                f"{where}: mcts iterations are capped at {MAX_MCTS_ITERATIONS} here"
            )
    return spec


class _Game:
    """A game held in memory: its stored form and its log (guarded by ``lock``)."""

    def __init__(self, stored: StoredGame, log: GameLog) -> None:
        self.stored = stored
        self.log = log
        self.lock = threading.Lock()


class GameService:
    """Create, list, watch and play games kept in ``storage``; thread-safe.

    ``clock`` gives the creation times (seconds since the epoch).
    """

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self._clock = clock
        self._games: OrderedDict[str, _Game] = OrderedDict()
        self._guard = threading.Lock()

    # ----------------------------------------------------------------- games
    def create_game(
        self,
        players: int,
        seats: Mapping[int, str] | None = None,
        rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Start a game; the answer holds its id and a token for every human seat.

        ``seats`` names the bot seats (``{1: "greedy"}``), the others are human;
        ``rules`` are rule flags by name, as in a record. The game is stored
        with no moves: when a bot (or chance) makes its first decision, call
        :meth:`step` for each of those moves (``tongiaki serve`` does so in the
        background, at a watchable pace).
        """
        players = _whole(players, "players", 2, 6)
        bots = self._check_seats(seats or {}, players)
        seed = secrets.randbelow(MAX_SEED) if seed is None else _whole(seed, "seed", 0, MAX_SEED)
        record = self._record(players, rules, seed, bots)
        game_id = "g-" + secrets.token_urlsafe(12)
        stored = StoredGame(
            game_id,
            self._clock(),
            record.to_dict(),
            tuple(
                StoredSeat(k, "bot" if k in bots else "human", bots.get(k), False)
                for k in range(players)
            ),
            seed,
        )
        log = GameLog(record)
        tokens = {seat.seat: secrets.token_urlsafe(24) for seat in stored.seats if not seat.bot}
        self.storage.add_game(
            stored,
            [(seat, _digest(token)) for seat, token in tokens.items()],
            [action_to_dict(a) for a in log.actions],
            over=log.state.is_terminal,
        )
        self._remember(_Game(stored, log))
        answer = [
            {"seat": s.seat, "kind": "bot", "bot": s.bot}
            if s.bot
            else {"seat": s.seat, "kind": "human", "token": tokens[s.seat]}
            for s in stored.seats
        ]
        return {"id": game_id, "seats": answer}

    def _check_seats(self, seats: Mapping[int, str], players: int) -> dict[int, str]:
        if not isinstance(seats, Mapping):
            raise Unprocessable("seats must be an object of bot specs by seat")
        bots: dict[int, str] = {}
        for seat, spec in seats.items():
            seat = _whole(seat, "a seat of seats", 0, players - 1)
            bots[seat] = check_bot_spec(spec, f"seats.{seat}")
        return bots

    def _record(
        self, players: int, rules: Mapping[str, Any] | None, seed: int, bots: dict[int, str]
    ) -> GameRecord:
        settings: dict[str, Any] = GameRecord(players).to_dict()
        settings["rules"] = dict(rules) if rules is not None else {}
        settings["metadata"] = {"seed": seed} | {f"seat{k}": v for k, v in sorted(bots.items())}
        try:
            return GameRecord.from_dict(settings)
        except RecordError as exc:
            raise Unprocessable(str(exc)) from None

    def list_games(self) -> list[dict[str, Any]]:
        """The newest games (at most 100), newest first, with their free human seats."""
        return [
            {
                "id": s.game.id,
                "players": len(s.game.seats),
                "created": s.game.created,
                "moves": s.moves,
                "over": s.over,
                "seats": _seats(s.game),
            }
            for s in self.storage.games(MAX_GAMES_LISTED)
        ]

    def claim_seat(self, game_id: str, seat: int) -> dict[str, Any]:
        """Take a free human seat: ``{"seat": k, "token": ...}``.

        409 if the seat is taken or a bot's; 404 for a whole number that is
        not a seat of the game (``-1``, or ``7`` in a game of 3), as for a
        game that does not exist; 422 for a seat that is not a whole number.
        """
        stored = self._stored(game_id)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Unprocessable(f"seat must be a whole number, not {type(seat).__name__}")
        players = len(stored.seats)
        if not 0 <= seat < players:
            shown = str(seat) if abs(seat) < 10**30 else "a huge number"
            raise NotFound(
                f"no seat {shown} in a game of {players} players (seats 0 to {players - 1})"
            )
        if stored.seats[seat].bot:
            raise Conflict(f"seat {seat} is played by a bot")
        token = secrets.token_urlsafe(24)
        if not self.storage.claim_seat(game_id, seat, _digest(token)):
            raise Conflict(f"seat {seat} is already taken")
        return {"seat": seat, "token": token}

    def has_game(self, game_id: str) -> bool:
        """Whether a game ``game_id`` is stored.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g")).has_game("g-1")
        False
        """
        try:
            self._stored(game_id)
        except NotFound:
            return False
        return True

    def unfinished_bot_games(self, limit: int = GAMES_IN_MEMORY) -> list[str]:
        """The ids of the newest ``limit`` unfinished games with a bot seat: those to resume.

        A server killed while a bot was to move left such games waiting;
        ``tongiaki serve`` calls :meth:`step` on them at startup.
        """
        return self.storage.unfinished_bot_games(limit)

    def record(self, game_id: str) -> dict[str, Any]:
        """The game so far as a ``tongiaki-record`` document."""
        game = self._game(game_id)
        with game.lock:
            self._sync(game)
            return game.log.to_record().to_dict()

    # ----------------------------------------------------------------- views
    def view(
        self,
        game_id: str,
        *,
        at: int | None = None,
        token: str | None = None,
        svg: bool = True,
        language: str = "en",
    ) -> dict[str, Any]:
        """The game for one viewer (``token``'s seat, or a spectator), after ``at`` moves.

        ``svg=False`` leaves the board's picture out (``"svg": null``): a
        front end that draws its own board saves most of the server's work.
        ``language`` (one of :data:`~tongiaki_rules.i18n.LANGUAGES`) is that of
        the narration and the picture; everything else stays as it is.
        """
        game = self._game(game_id)
        you = None if token is None else self._seat_of(game_id, token)
        stored = self._stored(game_id)
        with game.lock:
            self._sync(game)
            return self._view(game, stored, you, at, svg, language)

    def _view(
        self,
        game: _Game,
        stored: StoredGame,
        you: int | None,
        at: int | None,
        svg: bool,
        language: str = "en",
    ) -> dict[str, Any]:
        log = game.log
        language = language if language in LANGUAGES else "en"
        at = log.moves if at is None else _whole(at, "at", 0, log.moves)
        state = log.states[at]
        to_move = state.current_player
        playing = you is not None and you == to_move and at == log.moves
        outcome = state.outcome()
        view: dict[str, Any] = {
            "id": stored.id,
            "moves": log.moves,
            "at": at,
            "to_move": to_move,
            "phase": state.pending.kind.value,
            "state": state_to_dict(state),
            "code": state.to_position_code(),
            "outcome": None
            if outcome is None
            else {"scores": list(outcome.scores), "winners": list(outcome.winners)},
            "svg": log.board(at, playing, language) if svg else None,
            "narration": log.narration(at, language),
            "language": language,
            "seats": _seats(stored),
            "you": you,
        }
        if playing:
            view["legal"] = [
                {"index": i, "notation": format_action(a), "action": action_to_dict(a)}
                for i, a in enumerate(state.legal_actions())
            ]
        return view

    # ----------------------------------------------------------------- moves
    def act(
        self,
        game_id: str,
        token: str | None,
        action: object,
        expect_move: int,
        *,
        svg: bool = True,
        language: str = "en",
    ) -> dict[str, Any]:
        """Play ``action`` (notation, or an index into the view's ``legal``) for ``token``'s seat.

        ``expect_move`` must be the number of moves the player saw (409 if
        stale). Chance and the bot seats are then played until a human is
        to move or the game is over; every move is stored before the answer,
        the view after them all (``svg`` as for :meth:`view`).
        """
        game = self._game(game_id)
        if token is None:
            raise Unauthorized("this needs the seat's token: Authorization: Bearer <token>")
        you = self._seat_of(game_id, token)
        expect_move = _whole(expect_move, "expect_move", 0, MAX_SEED)
        with game.lock:
            self._sync(game)
            log = game.log
            first = log.moves
            if expect_move != first:
                raise Conflict(f"expect_move is {expect_move}, but the game is at move {first}")
            if log.state.current_player != you:
                raise Forbidden(f"it is not seat {you}'s move")
            chosen = _chosen(log.state, action)
            try:
                self._play(game, chosen, first)
            except BaseException:
                if log.moves != first:  # moves in memory but not stored: read the game again
                    self._forget(game_id)
                raise
            return self._view(game, self._stored(game_id), you, None, svg, language)

    def _play(self, game: _Game, action: Action, first: int) -> None:
        log = game.log
        try:
            log.extend(action)
        except IllegalActionError as exc:
            raise Unprocessable(str(exc), exc.clause) from None
        self._advance(game.stored, log)
        moves = [action_to_dict(a) for a in log.actions[first:]]
        if not self.storage.append_moves(game.stored.id, first, moves, over=log.state.is_terminal):
            raise Conflict(f"another move {first} was accepted first")

    def step(self, game_id: str) -> int | None:
        """Play one move of chance or of the bot to move, stored; the game's moves after it.

        ``None`` when there is nothing to play: a human is to move or the game
        is over. When another server process stored that move first, the
        game is read again instead (and the answer is its moves then), so a
        step never fails for losing a race.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={0: "greedy"}, seed=1)
        >>> service.step(game["id"]), service.step(game["id"])
        (1, None)
        """
        game = self._game(game_id)
        with game.lock:
            self._sync(game)
            log = game.log
            first = log.moves
            action = _server_move(game.stored, log.state, first)
            if action is None:
                return None
            over = log.state.apply(action).is_terminal
            if self.storage.append_moves(game_id, first, [action_to_dict(action)], over=over):
                log.extend(action)
            else:  # another process stored move ``first``: take the stored game
                self._sync(game)
            return log.moves

    def _advance(self, stored: StoredGame, log: GameLog) -> None:
        """Play chance and the bot seats until a human is to move or the game is over."""
        while (action := _server_move(stored, log.state, log.moves)) is not None:
            log.extend(action)

    # ----------------------------------------------------------------- cache
    def _stored(self, game_id: str) -> StoredGame:
        if not isinstance(game_id, str) or not game_id.isascii() or len(game_id) > 100:
            raise NotFound("no such game")
        stored = self.storage.game(game_id)
        if stored is None:
            raise NotFound(f"no game {game_id}")
        return stored

    def _game(self, game_id: str) -> _Game:
        with self._guard:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
                return game
        stored = self._stored(game_id)
        try:
            record = GameRecord.from_dict(stored.settings)
        except RecordError as exc:  # a database written by something else
            raise Unprocessable(f"game {game_id} cannot be read: {exc}") from None
        return self._remember(_Game(stored, GameLog(record)))

    def _remember(self, game: _Game) -> _Game:
        """Keep ``game`` in memory (or the copy another thread loaded first)."""
        with self._guard:
            kept = self._games.setdefault(game.stored.id, game)
            self._games.move_to_end(game.stored.id)
            while len(self._games) > GAMES_IN_MEMORY:
                self._games.popitem(last=False)
            return kept

    def _sync(self, game: _Game) -> None:
        """Bring the game up to the stored moves (another process may have added some)."""
        log = game.log
        for k, move in enumerate(self.storage.moves(game.stored.id, log.moves)):
            log.extend(action_from_dict(move, f"moves[{log.moves + k}]"))

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._games.pop(game_id, None)

    def _seat_of(self, game_id: str, token: str) -> int:
        """The seat ``token`` was issued for, compared in constant time; else 401."""
        if not isinstance(token, str) or not token.isascii() or not 0 < len(token) <= _MAX_TOKEN:
            raise Unauthorized("unknown token")
        digest = _digest(token)
        seat = None
        for candidate, stored in self.storage.token_hashes(game_id):
            if hmac.compare_digest(stored, digest):
                seat = candidate
        if seat is None:
            raise Unauthorized("unknown token")
        return seat


def _server_move(stored: StoredGame, state: GameState, moves: int) -> Action | None:
    """The draw, or the bot's move, at move ``moves``; ``None`` if a human is to move or over."""
    if state.is_terminal:
        return None
    if state.is_chance_node:
        return state.sample_chance(chance_rng(stored.seed, moves))
    seat = state.current_player
    spec = None if seat is None else stored.seats[seat].bot
    if seat is None or spec is None:
        return None
    bot = make_bot(spec, seed=bot_seed(stored.seed, seat, moves), modules=allowed_modules())
    return bot.choose(state)


def server_to_move(view: Mapping[str, Any]) -> bool:
    """Whether the position of a present ``view`` waits for the server: chance or a bot.

    >>> server_to_move({"moves": 3, "at": 3, "outcome": None, "to_move": 1,
    ...                 "seats": [{"kind": "human"}, {"kind": "bot"}]})
    True
    """
    if view["at"] != view["moves"] or view["outcome"] is not None:
        return False
    seat = view["to_move"]
    return seat is None or view["seats"][seat]["kind"] == "bot"


def _chosen(state: GameState, action: object) -> Action:
    """The action a request names: a legal index (int) or notation (text); else 422."""
    if isinstance(action, int) and not isinstance(action, bool):
        legal = state.legal_actions()
        if not 0 <= action < len(legal):
            raise Unprocessable(f"action index must be from 0 to {len(legal) - 1}")
        return legal[action]
    if not isinstance(action, str):
        raise Unprocessable(
            f"action must be notation text or a legal index, not {type(action).__name__}"
        )
    try:
        return parse_action(action)
    except NotationError as exc:
        raise Unprocessable(str(exc), exc.clause) from None


def _seats(stored: StoredGame) -> list[dict[str, Any]]:
    return [
        {"seat": s.seat, "kind": "bot", "bot": s.bot, "free": False}
        if s.bot
        else {"seat": s.seat, "kind": "human", "free": not s.claimed}
        for s in stored.seats
    ]

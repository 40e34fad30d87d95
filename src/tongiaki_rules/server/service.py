"""The game service behind ``tongiaki serve``: games, seats, views and moves, without the web.

:class:`GameService` keeps games in a :class:`~.storage.Storage`, resolves
chance and plays the bot seats itself, and answers with plain dicts (the
JSON bodies of the HTTP API). Whatever it refuses raises a
:class:`~.errors.ServiceError` carrying the HTTP status.

Fair play: each game's chance comes from a secret seed (see
:mod:`.moves`) that no answer contains while the game is on; a chosen seed
is accepted only for a game with at most one human seat. Each seat holds
at most one token: the creator gets the token of the seat they name and
nothing else, a free seat is claimed (with its invitation code, in an
unlisted game) and left again, which revokes its token.

>>> import tempfile, pathlib
>>> from tongiaki_rules.server.storage import SqliteStorage
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(2, seats={1: "greedy"}, seed=42, seat=0)
>>> view = service.act(game["id"], game["token"], "setup 0", expect_move=0)
>>> view["moves"], view["to_move"], view["you"]
(2, 0, 0)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from tongiaki_rules import GameRecord, IllegalActionError, RecordError, format_action
from tongiaki_rules.i18n import LANGUAGES
from tongiaki_rules.record import action_from_dict, action_to_dict, state_to_dict

from .errors import Conflict, Forbidden, NotFound, Unauthorized, Unprocessable
from .game_log import GameLog
from .moves import MAX_SEED, BotPolicy, chosen_action, whole
from .scoreboard import outcome_json, scoreboard, tile_picture
from .storage import CorruptGame, Storage, StoredGame, StoredSeat

__all__ = ["MAX_GAMES_LISTED", "MAX_STEPS", "GameService"]

MAX_GAMES_LISTED = 100
"""A page of the lobby holds at most this many games."""
MAX_STEPS = 100
"""An answer of :meth:`GameService.steps` tells at most this many moves."""
GAMES_IN_MEMORY = 1000
"""The server keeps this many games' positions in memory (the most recently used)."""
_MAX_TOKEN = 200
_VIEWS_KEPT = 8


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


class _Game:
    """A game held in memory: its stored form and its log (guarded by ``lock``)."""

    def __init__(self, stored: StoredGame, log: GameLog) -> None:
        self.stored = stored
        self.bots = {s.seat: s.bot for s in stored.seats if s.bot is not None}
        self.log = log
        self.lock = threading.Lock()
        self.views: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        """Views built lately, shared by every viewer who sees the same (all but ``you``)."""


class GameService:
    """Create, list, watch and play games kept in ``storage``; thread-safe.

    ``clock`` gives the creation times (seconds since the epoch); ``bots``
    bounds the bot work (MCTS iterations, bots thinking at once).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        bots: BotPolicy | None = None,
    ) -> None:
        self.storage = storage
        self.bots = bots if bots is not None else BotPolicy()
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
        *,
        seat: int | None = None,
        unlisted: bool = False,
    ) -> dict[str, Any]:
        """Start a game; the answer holds its id, and the token of ``seat`` if one is named.

        ``seats`` names the bot seats (``{1: "greedy"}``), the others are
        human and free; ``seat`` is the creator's own (human) seat. A chosen
        ``seed`` is allowed only with at most one human seat (practice against
        bots): anyone who knows it foresees every draw. An ``unlisted`` game
        stays out of the lobby, and the answer's ``invites`` holds the code
        each other human seat must be claimed with. Bots and chance then move
        through :meth:`step` (``tongiaki serve`` does so in the background).
        """
        players = whole(players, "players", 2, 6)
        bots = self._check_seats(seats or {}, players)
        humans = [k for k in range(players) if k not in bots]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        else:
            seed = whole(seed, "seed", 0, MAX_SEED)
            if len(humans) > 1:
                raise Unprocessable(
                    "seed: a chosen seed is allowed only in a game with at most one human "
                    f"seat (this one has {len(humans)}): it would let its holder foresee every draw"
                )
        if seat is not None:
            seat = whole(seat, "seat", 0, players - 1)
            if seat in bots:
                raise Unprocessable(f"seat: seat {seat} is a bot's; choose a human seat")
        if not isinstance(unlisted, bool):
            raise Unprocessable(f"unlisted must be true or false, not {type(unlisted).__name__}")
        record = self._record(players, rules, bots)
        invites = {k: secrets.token_urlsafe(12) for k in humans if k != seat} if unlisted else {}
        game_id = "g-" + secrets.token_urlsafe(12)
        stored = StoredGame(
            game_id,
            self._clock(),
            record.to_dict(),
            tuple(
                StoredSeat(
                    k,
                    "bot" if k in bots else "human",
                    bots.get(k),
                    k == seat,
                    _digest(invites[k]) if k in invites else None,
                )
                for k in range(players)
            ),
            seed,
            unlisted,
        )
        log = GameLog(record)
        token = secrets.token_urlsafe(24) if seat is not None else None
        self.storage.add_game(
            stored,
            [] if seat is None or token is None else [(seat, _digest(token))],
            [action_to_dict(a) for a in log.actions],
            over=log.state.is_terminal,
        )
        self._remember(_Game(stored, log))
        answer: dict[str, Any] = {"id": game_id, "seats": _seats(stored), "unlisted": unlisted}
        if token is not None:
            answer |= {"seat": seat, "token": token}
        if unlisted:
            answer["invites"] = {str(k): code for k, code in invites.items()}
        return answer

    def _check_seats(self, seats: Mapping[int, str], players: int) -> dict[int, str]:
        if not isinstance(seats, Mapping):
            raise Unprocessable("seats must be an object of bot specs by seat")
        bots: dict[int, str] = {}
        for seat, spec in seats.items():
            seat = whole(seat, "a seat of seats", 0, players - 1)
            bots[seat] = self.bots.check(spec, f"seats.{seat}")
        return bots

    def _record(
        self, players: int, rules: Mapping[str, Any] | None, bots: dict[int, str]
    ) -> GameRecord:
        settings: dict[str, Any] = GameRecord(players).to_dict()
        settings["rules"] = dict(rules) if rules is not None else {}
        settings["metadata"] = {f"seat{k}": v for k, v in sorted(bots.items())}
        try:
            return GameRecord.from_dict(settings)
        except RecordError as exc:
            raise Unprocessable(str(exc)) from None

    def list_games(
        self, limit: int = MAX_GAMES_LISTED, before: str | None = None
    ) -> list[dict[str, Any]]:
        """Up to ``limit`` listed games, newest first, with their free human seats.

        ``before`` (a game id) pages on: the games older than that one.
        Unlisted games and games whose rows cannot be read are left out.
        """
        limit = whole(limit, "limit", 1, MAX_GAMES_LISTED)
        if before is not None and (not before.isascii() or len(before) > 100):
            raise Unprocessable("before must be a game id")
        return [
            {
                "id": s.game.id,
                "players": len(s.game.seats),
                "created": s.game.created,
                "moves": s.moves,
                "over": s.over,
                "seats": _seats(s.game),
            }
            for s in self.storage.games(limit, before)
        ]

    # ----------------------------------------------------------------- seats
    def claim_seat(self, game_id: str, seat: int, invite: str | None = None) -> dict[str, Any]:
        """Take a free human seat: ``{"seat": k, "token": ...}``.

        409 if the seat holds a token or is a bot's; 404 for a whole number
        that is not a seat of the game (``-1``, or ``7`` in a game of 3), as
        for a game that does not exist; 403 for a missing or wrong
        invitation code where the seat needs one.
        """
        game = self._game(game_id)
        stored = self._stored(game_id)
        seat = self._seat_number(stored, seat)
        if stored.seats[seat].bot:
            raise Conflict(f"seat {seat} is played by a bot")
        needed = stored.seats[seat].invite
        if needed is not None:
            if not isinstance(invite, str) or not invite.isascii() or len(invite) > _MAX_TOKEN:
                raise Forbidden(f'seat {seat} needs its invitation code: {{"invite": "..."}}')
            if not hmac.compare_digest(_digest(invite), needed):
                raise Forbidden(f"that is not the invitation code of seat {seat}")
        token = secrets.token_urlsafe(24)
        with game.lock:
            if not self.storage.claim_seat(game_id, seat, _digest(token)):
                raise Conflict(f"seat {seat} is already taken")
        return {"seat": seat, "token": token}

    def leave_seat(self, game_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """Leave ``seat``: its token is revoked (401 from now on) and the seat is free again.

        Needs that seat's token (401 without a valid one, 403 for another seat's).
        """
        game = self._game(game_id)
        seat = self._seat_number(self._stored(game_id), seat)
        if token is None:
            raise Unauthorized("this needs the seat's token: Authorization: Bearer <token>")
        with game.lock:
            you = self._seat_of(game_id, token)
            if you != seat:
                raise Forbidden(f"this token is seat {you}'s, not seat {seat}'s")
            if not self.storage.leave_seat(game_id, seat, _digest(token)):
                raise Unauthorized("unknown token")
        return {"seat": seat, "free": True}

    @staticmethod
    def _seat_number(stored: StoredGame, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Unprocessable(f"seat must be a whole number, not {type(seat).__name__}")
        players = len(stored.seats)
        if not 0 <= seat < players:
            shown = str(seat) if abs(seat) < 10**30 else "a huge number"
            raise NotFound(
                f"no seat {shown} in a game of {players} players (seats 0 to {players - 1})"
            )
        return seat

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

    def bots_only(self, game_id: str) -> bool:
        """Whether every seat of the game is a bot's."""
        return all(s.bot is not None for s in self._game(game_id).stored.seats)

    def record(self, game_id: str) -> dict[str, Any]:
        """The game so far as a ``tongiaki-record`` document.

        Its metadata holds the secret ``seed`` only once the game is over
        (for audit): while the game is on, nothing in it foretells a draw.
        """
        game = self._game(game_id)
        with game.lock:
            self._sync(game)
            document = game.log.to_record().to_dict()
            metadata = {k: v for k, v in document.get("metadata", {}).items() if k != "seed"}
            if game.log.state.is_terminal:
                metadata["seed"] = game.stored.seed
            document["metadata"] = metadata
            return document

    # ----------------------------------------------------------------- views
    def view(
        self,
        game_id: str,
        *,
        at: int | None = None,
        token: str | None = None,
        svg: bool = False,
        language: str = "en",
    ) -> dict[str, Any]:
        """The game for one viewer (``token``'s seat, or a spectator), after ``at`` moves.

        No picture (``"svg": null``) unless ``svg=True``: a front end loads it
        from :meth:`board_svg` (cached by a browser) or draws its own. ``language``
        (one of :data:`~tongiaki_rules.i18n.LANGUAGES`) is that of the narration
        and the picture; everything else stays as it is.
        """
        game = self._game(game_id)
        stored, you = self._now(game, token)
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
        language = _language(language)
        at = log.moves if at is None else whole(at, "at", 0, log.moves)
        state = log.states[at]
        to_move = state.current_player
        playing = you is not None and you == to_move and at == log.moves
        key = (log.moves, at, playing, svg, language, tuple(s.claimed for s in stored.seats))
        shared = game.views.get(key)
        if shared is None:
            shared = game.views[key] = self._build_view(game, stored, at, playing, svg, language)
            while len(game.views) > _VIEWS_KEPT:
                game.views.popitem(last=False)
        return {**shared, "you": you}

    def _build_view(
        self, game: _Game, stored: StoredGame, at: int, playing: bool, svg: bool, language: str
    ) -> dict[str, Any]:
        """The view after ``at`` moves, for the seat to move (``playing``) or anyone else."""
        log = game.log
        state = log.states[at]
        to_move = state.current_player
        view: dict[str, Any] = {
            "id": stored.id,
            "moves": log.moves,
            "at": at,
            "to_move": to_move,
            "phase": state.pending.kind.value,
            "state": state_to_dict(state),
            "code": state.to_position_code(),
            "outcome": outcome_json(state),
            "scoreboard": scoreboard(state),
            "svg": log.board(at, playing, language) if svg else None,
            "narration": log.narration(at, language),
            "narration_rules": log.narration_rules(at),
            "language": language,
            "seats": _seats(stored),
            "you": None,
        }
        if playing:
            view["legal"] = [
                {"index": i, "notation": format_action(a), "action": action_to_dict(a)}
                for i, a in enumerate(state.legal_actions())
            ]
        return view

    def board_svg(self, game_id: str, at: int, seat: int | None, language: str = "en") -> str:
        """The board after ``at`` moves, no side panel, ``seat``'s choices marked if it is to move.

        Whoever asks (the choices follow from the position, which never changes).
        """
        game = self._game(game_id)
        if seat is not None:
            seat = self._seat_number(self._stored(game_id), seat)
        with game.lock:
            self._sync(game)
            at = whole(at, "at", 0, game.log.moves)
            mark = seat is not None and game.log.states[at].current_player == seat
            return game.log.board(at, mark, _language(language), panel=False)

    def tile_svg(self, game_id: str, at: int, rotation: int, language: str = "en") -> str:
        """The tile waiting to be placed after ``at`` moves, alone, turned ``rotation`` (or 404)."""
        game, rotation = self._game(game_id), whole(rotation, "rotation", 0, 5)
        with game.lock:
            self._sync(game)
            state = game.log.states[whole(at, "at", 0, game.log.moves)]
        if (tile := state.pending.tile) is None:
            raise NotFound(f"no drawn tile waits to be placed after move {at}")
        return tile_picture(state, tile, rotation, _language(language))

    def steps(
        self, game_id: str, first: int, last: int | None = None, language: str = "en"
    ) -> list[dict[str, Any]]:
        """Moves ``first + 1`` to ``last`` (the latest if ``None``; :data:`MAX_STEPS` at most)."""
        game = self._game(game_id)
        with game.lock:
            self._sync(game)
            log = game.log
            first = whole(first, "from", 0, log.moves)
            last = log.moves if last is None else whole(last, "to", first, log.moves)
            last = min(last, first + MAX_STEPS)
            return [log.step(k, _language(language)) for k in range(first + 1, last + 1)]

    # ----------------------------------------------------------------- moves
    def act(
        self,
        game_id: str,
        token: str | None,
        action: object,
        expect_move: int,
        *,
        svg: bool = False,
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
        expect_move = whole(expect_move, "expect_move", 0, MAX_SEED)
        with game.lock:
            stored, you = self._now(game, token)
            if you is None:  # only a spectator has no seat; _now refused a bad token
                raise Unauthorized("unknown token")
            self._sync(game)
            log = game.log
            first = log.moves
            if expect_move != first:
                raise Conflict(f"expect_move is {expect_move}, but the game is at move {first}")
            if log.state.current_player != you:
                raise Forbidden(f"it is not seat {you}'s move")
            chosen = chosen_action(log.state, action)
            try:
                self._play(game, chosen, first)
            except BaseException:
                if log.moves != first:  # moves in memory but not stored: read the game again
                    self._forget(game_id)
                raise
            return self._view(game, stored, you, None, svg, language)

    def _play(self, game: _Game, action: Any, first: int) -> None:
        log = game.log
        try:
            log.extend(action)
        except IllegalActionError as exc:
            raise Unprocessable(str(exc), exc.clause) from None
        while (reply := self._server_move(game)) is not None:
            log.extend(reply)
        moves = [action_to_dict(a) for a in log.actions[first:]]
        if not self.storage.append_moves(game.stored.id, first, moves, over=log.state.is_terminal):
            raise Conflict(f"another move {first} was accepted first")

    def _server_move(self, game: _Game) -> Any:
        log = game.log
        return self.bots.server_move(game.stored.seed, game.bots, log.state, log.moves)

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
            action = self._server_move(game)
            if action is None:
                return None
            over = log.state.apply(action).is_terminal
            if self.storage.append_moves(game_id, first, [action_to_dict(action)], over=over):
                log.extend(action)
            else:  # another process stored move ``first``: take the stored game
                self._sync(game)
            return log.moves

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
        except RecordError as exc:  # a database written by something else, or damaged
            raise CorruptGame(game_id, str(exc)) from None
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
        for move in self.storage.moves(game.stored.id, log.moves):
            try:
                log.extend(action_from_dict(move, f"moves[{log.moves}]"))
            except (RecordError, IllegalActionError) as exc:
                self._forget(game.stored.id)
                raise CorruptGame(game.stored.id, f"stored move {log.moves}: {exc}") from None

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._games.pop(game_id, None)

    def _seat_of(self, game_id: str, token: str) -> int:
        """The seat holding ``token`` now, compared in constant time; else 401."""
        return _seat_in(self.storage.token_hashes(game_id), token)

    def _now(self, game: _Game, token: str | None) -> tuple[StoredGame, int | None]:
        """The game with its seats' claims as stored now, and ``token``'s seat (401 if unknown).

        One query (the token hashes): the rest of a stored game never changes.
        """
        hashes = self.storage.token_hashes(game.stored.id)
        you = None if token is None else _seat_in(hashes, token)
        claimed = {seat for seat, _ in hashes}
        stored = game.stored
        if any(s.claimed != (s.seat in claimed) for s in stored.seats):
            seats = tuple(attrs.evolve(s, claimed=s.seat in claimed) for s in stored.seats)
            stored = game.stored = attrs.evolve(stored, seats=seats)
        return stored, you


def _seat_in(hashes: list[tuple[int, str]], token: str) -> int:
    """The seat whose stored hash is ``token``'s, compared in constant time; else 401."""
    if not isinstance(token, str) or not token.isascii() or not 0 < len(token) <= _MAX_TOKEN:
        raise Unauthorized("unknown token")
    digest = _digest(token)
    seat = None
    for candidate, stored in hashes:
        if hmac.compare_digest(stored, digest):
            seat = candidate
    if seat is None:
        raise Unauthorized("unknown token")
    return seat


def _seats(stored: StoredGame) -> list[dict[str, Any]]:
    return [
        {"seat": s.seat, "kind": "bot", "bot": s.bot, "free": False}
        if s.bot
        else {"seat": s.seat, "kind": "human", "free": not s.claimed}
        for s in stored.seats
    ]


def _language(language: str) -> str:
    return language if language in LANGUAGES else "en"

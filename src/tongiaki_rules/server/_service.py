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
unlisted game) and left again, which revokes its token. A move is stored
only in a transaction that finds its token still the seat's: once a leave
has answered, no move of the left token is ever accepted, through any
server process.

>>> import tempfile, pathlib
>>> from tongiaki_rules.server.storage import SqliteStorage
>>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = service.create_game(2, seats={1: "greedy"}, seed=42, seat=0)
>>> view = service.act(game["id"], game["token"], "setup 0", expect_move=0)
>>> view["moves"], view["to_move"], view["you"]
(2, 0, 0)
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Concatenate, ParamSpec, TypeVar

import attrs

from tongiaki_rules import (
    GameRecord,
    IllegalActionError,
    SearchLimitReached,
    TongiakiError,
    search_limit,
)
from tongiaki_rules.games import game_named
from tongiaki_rules.i18n import LANGUAGES

from ._errors import (
    Conflict,
    Forbidden,
    LookAheadTooLong,
    NotFound,
    Unauthorized,
    Unprocessable,
)
from ._game_log import BoardKey, GameLog
from ._hosting import GameHost, HostedLog, host_named
from ._memory import MemoryBudget, SizedCache, json_bytes
from ._moves import MAX_SEED, BotPolicy, bot_cost, whole
from ._names import checked_name
from ._scoreboard import tile_picture
from ._view_text import SharedText, View
from .storage import (
    CorruptGame,
    LeaseHeld,
    SeatLost,
    Storage,
    StorageUnavailable,
    StoredGame,
    StoredSeat,
)

__all__ = [
    "IDLE_BOT",
    "MAX_GAMES_LISTED",
    "MAX_STEPS",
    "SEARCH_POSITIONS",
    "SNAPSHOT_EVERY",
    "GameService",
    "LeaseClaim",
]

_log = logging.getLogger(__name__)

IDLE_BOT = "greedy"
"""The bot that moves for a seat whose turn ran out (``tongiaki serve --turn-timeout``):
each game's greedy bot (Tongiaki's and Tóncc's are both named so)."""

MAX_GAMES_LISTED = 100
"""A page of the lobby holds at most this many games."""
MAX_STEPS = 100
"""An answer of :meth:`GameService.steps` tells at most this many moves."""
CHEAP_STEPS = 10
"""Steps of a game in memory that cost little to tell: more are a costly read."""
SEARCH_POSITIONS = 20_000
"""The most positions the look-ahead of one decision may expand while the service answers.

No decision of a random or scheming game comes near it (about a hundred at most); a table
built to be expensive (royal rings round open islands, some flag sets: issue 36) can need
millions, which would hold a worker for minutes. Such a decision is answered with
:class:`~.errors.LookAheadTooLong` (503) and changes nothing; about a second of CPU here.
"""

SNAPSHOT_EVERY = 32
"""A Tongiaki game's snapshot is stored again once it is this many moves old (at the first
move after which its narration can be resumed): a view of a game not in memory then replays
about this many moves at most, instead of the whole game."""

GAMES_IN_MEMORY = 1000
"""The unfinished games with a bot seat resumed at startup, at most."""
_MAX_TOKEN = 200
_VIEWS_KEPT = 8
_TEXTS_KEPT = 2
"""The views of a game whose JSON text is kept (the answer to a move and its push share one)."""
_GAME_BYTES = 2048
"""What a game in memory holds besides its log and views (its stored form, host, lock...)."""
_VIEWS_WALKED = 4
"""Of the views a game builds of each kind (with the board's SVG or not, with the legal
actions or not), one in this many is walked (:func:`~.memory.json_bytes`); the others are
sized by their JSON text's length, at the bytes a character of the last walked one (see
:meth:`_Game.view_size`)."""


_Written = tuple[dict[str, Any], SharedText]
"""A view kept and its JSON text."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _capped(
    method: Callable[Concatenate[GameService, _P], _R],
) -> Callable[Concatenate[GameService, _P], _R]:
    """Run a service method under the service's cap on one decision's look-ahead."""

    def capped(self: GameService, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        limit = self.search_positions
        if limit is None:
            return method(self, *args, **kwargs)
        try:
            with search_limit(limit):
                return method(self, *args, **kwargs)
        except SearchLimitReached:
            raise LookAheadTooLong(
                f"a decision of this game needs a longer look-ahead than this server allows "
                f"({limit} positions); the game is unchanged"
            ) from None

    functools.update_wrapper(capped, method)
    return capped


@attrs.define
class LeaseClaim:
    """A bot driver's claim of a game's lease (its name and seconds), taken with a human's
    move where the bots are to reply (:meth:`GameService.act`): ``taken`` once it was."""

    holder: str
    seconds: float
    taken: bool = False


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


class _Game:
    """A game held in memory: its stored form, its game's host and its log (guarded by
    ``lock``)."""

    def __init__(
        self,
        stored: StoredGame,
        host: GameHost,
        log: HostedLog,
        boards: SizedCache[BoardKey, str],
    ) -> None:
        self.stored = stored
        self.host = host
        self.bots = {s.seat: s.bot for s in stored.seats if s.bot is not None}
        self.log = log
        if isinstance(log, GameLog):
            log.share_boards(boards, stored.id)
        self.lock = threading.Lock()
        self.views: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        """Views built lately, shared by every viewer who sees the same (all but ``you``)."""
        self.view_bytes: dict[tuple[Any, ...], int] = {}
        """The measured size of each view in :attr:`views`."""
        self.holders: tuple[tuple[int, str], ...] | None = None
        """The seats' token hashes :attr:`stored` was read with (a new holder: read it again)."""
        self.turn: tuple[int, tuple[bool, ...]] | None = None
        """The moves and the seats' claims when this process saw the turn now begin."""
        self.turn_since = 0.0
        """When that was (the service's clock): a clock counts from there."""
        self.snapped: int | None = None
        """The moves of the game's latest stored snapshot (``None``: not read yet)."""
        self.texts: OrderedDict[tuple[Any, ...], _Written] = OrderedDict()
        """The JSON text of the views used last (:data:`_TEXTS_KEPT`), with each view."""
        self.view_sizing: dict[tuple[bool, bool], tuple[int, float]] = {}
        """By kind of view (with the SVG or not; for everyone, or for the seat choosing, with
        its legal actions): the views built, and the bytes a character of the last one walked
        (:meth:`view_size`)."""

    def shared_text(self, key: tuple[Any, ...], shared: dict[str, Any]) -> SharedText:
        """The JSON text of ``shared``, the view kept under ``key`` (written once while it is
        among the last used); call with ``lock`` held."""
        kept = self.texts.get(key)
        if kept is not None and kept[0] is shared:
            self.texts.move_to_end(key)
            return kept[1]
        text = SharedText.of(shared)
        self.texts[key] = (shared, text)
        self.texts.move_to_end(key)
        while len(self.texts) > _TEXTS_KEPT:
            self.texts.popitem(last=False)
        return text

    def view_size(self, kind: tuple[bool, bool], shared: dict[str, Any], text: SharedText) -> int:
        """The bytes of ``shared``, a view just built, and ``text``, its JSON text: walked
        (:func:`~.memory.json_bytes`) for the first view of its kind and one in
        :data:`_VIEWS_WALKED` after, else its text's length times the bytes a character of
        the last one walked. A walk of a late view costs about a fifth of a millisecond,
        about as much as the rest of the move's accounting, and a game's views of one
        kind grow slowly, move by move; call with ``lock`` held."""
        length = len(text.head) + len(text.tail)
        built, per_character = self.view_sizing.get(kind, (0, 0.0))
        if built % _VIEWS_WALKED == 0:
            size = json_bytes(shared)
            per_character = size / max(length, 1)
        else:
            size = round(per_character * length)
        self.view_sizing[kind] = (built + 1, per_character)
        return size

    def nbytes(self) -> int:
        """The bytes the game holds in memory, as measured (:mod:`.memory`); call with
        ``lock`` held."""
        texts = sum(text.nbytes for _, text in self.texts.values())
        return _GAME_BYTES + self.log.nbytes() + sum(self.view_bytes.values()) + texts


class GameService:
    """Create, list, watch and play games kept in ``storage``; thread-safe.

    ``clock`` gives the creation times (seconds since the epoch); ``bots``
    bounds the bot work (MCTS iterations and seconds a move, searches at once, one per
    game); ``memory`` the bytes of the games and of the drawn boards kept in memory (the
    least recently used go first; a game is read back from ``storage``);
    ``search_positions`` caps the look-ahead of each decision the service works out
    (:data:`SEARCH_POSITIONS`; ``None``: no cap).

    A game may be created with a clock (issue 39): seconds each move, between the two
    ``clock_bounds`` and at most ``turn_timeout``, the server's own limit for every game
    (``tongiaki serve --turn-timeout``; ``None``: none). A seat out of time is played,
    one move at a time, by :data:`IDLE_BOT` (:meth:`play_idle`; the server's
    background driver does it).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        bots: BotPolicy | None = None,
        memory: MemoryBudget | None = None,
        search_positions: int | None = SEARCH_POSITIONS,
        clock_bounds: tuple[int, int] = (10, 86400),
        turn_timeout: float | None = None,
    ) -> None:
        self.storage = storage
        self.clock_bounds = clock_bounds
        self.turn_timeout = turn_timeout
        self.search_positions = search_positions
        self.bots = bots if bots is not None else BotPolicy()
        self.memory = memory if memory is not None else MemoryBudget()
        self._clock = clock
        self._games: SizedCache[str, _Game] = SizedCache(self.memory.games)
        self._boards: SizedCache[BoardKey, str] = SizedCache(self.memory.boards)

    # ----------------------------------------------------------------- games
    @_capped
    def create_game(
        self,
        players: int,
        seats: Mapping[int, str] | None = None,
        rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        seat: int | None = None,
        unlisted: bool = False,
        game: str = "tongiaki",
        name: str | None = None,
        clock: int | None = None,
    ) -> dict[str, Any]:
        """Start a game; the answer holds its id, and the token of ``seat`` if one is named.

        ``game`` names the game of the package to play (``"tongiaki"`` or
        ``"toncc"``; any other is 422).

        ``seats`` names the bot seats (``{1: "greedy"}``), the others are
        human and free; ``seat`` is the creator's own (human) seat. A chosen
        ``seed`` is allowed only with at most one human seat (practice against
        bots): anyone who knows it foresees every draw. An ``unlisted`` game
        stays out of the lobby, and the answer's ``invites`` holds the code
        each other human seat must be claimed with. Bots and chance then move
        through :meth:`step` (``tongiaki serve`` does so in the background).
        ``name`` is the creator's name for ``seat`` (checked as ``_names.checked_name`` says).
        ``clock`` is the seconds each seat has for a move (:meth:`clock_range`; ``None``:
        no clock but the server's own); it is kept in the settings' metadata.
        """
        host = host_named(game)
        counts = game_named(host.name).player_counts
        low, high = (min(counts), max(counts)) if len(counts) > 1 else (0, MAX_SEED)
        players = whole(players, "players", low, high)
        if players not in counts:
            allowed = ", ".join(map(str, counts))
            raise Unprocessable(f"players: {host.name} is played by {allowed}, not {players}")
        bots = self._check_seats(host, seats or {}, players)
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
        name = checked_name(name, ()) if seat is not None else None
        if not isinstance(unlisted, bool):
            raise Unprocessable(f"unlisted must be true or false, not {type(unlisted).__name__}")
        if rules is not None and not isinstance(rules, Mapping):
            raise Unprocessable("rules must be an object of rule flags by name")
        settings = host.settings(players, rules or {}, bots)
        if clock is not None:
            low, high = self.clock_range()
            if high < low:
                raise Unprocessable("clock: this server offers no clock", reason="clock")
            clock = whole(clock, "clock", low, high)
            # as text: Tóncc's record takes text alone in its metadata
            settings.setdefault("metadata", {})["clock"] = str(clock)
        invites = {k: secrets.token_urlsafe(12) for k in humans if k != seat} if unlisted else {}
        game_id = "g-" + secrets.token_urlsafe(12)
        stored = StoredGame(
            game_id,
            self._clock(),
            settings,
            tuple(
                StoredSeat(
                    k,
                    "bot" if k in bots else "human",
                    bots.get(k),
                    k == seat,
                    _digest(invites[k]) if k in invites else None,
                    name if k == seat else None,
                )
                for k in range(players)
            ),
            seed,
            unlisted,
            host.name,
        )
        held = _Game(stored, host, host.new_log(settings), self._boards)
        held.snapped = 0
        log = held.log
        # chance that opens a game (Tóncc's colour draw and shuffle) is drawn at once
        while (step := host.server_move(log, self.bots, seed, {})) is not None:
            log.extend(step)
        token = secrets.token_urlsafe(24) if seat is not None else None
        self.storage.add_game(
            stored,
            [] if seat is None or token is None else [(seat, _digest(token))],
            [host.step_json(a) for a in log.actions],
            over=host.is_terminal(log),
        )
        self._remember(held)
        answer: dict[str, Any] = {"id": game_id, "seats": _seats(stored), "unlisted": unlisted}
        if host.name != "tongiaki":
            answer["game"] = host.name
        if token is not None:
            answer |= {"seat": seat, "token": token}
        if unlisted:
            answer["invites"] = {str(k): code for k, code in invites.items()}
        return answer

    def clock_range(self) -> tuple[int, int]:
        """The seconds a move a game's clock may give, least and most (the most below the
        least: no clock is offered).

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> storage = SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g")
        >>> GameService(storage, turn_timeout=120.5).clock_range()
        (10, 120)
        """
        low, high = self.clock_bounds
        if self.turn_timeout is not None:
            high = min(high, int(self.turn_timeout))
        return low, high

    def _check_seats(
        self, host: GameHost, seats: Mapping[int, str], players: int
    ) -> dict[int, str]:
        if not isinstance(seats, Mapping):
            raise Unprocessable("seats must be an object of bot specs by seat")
        bots: dict[int, str] = {}
        for seat, spec in seats.items():
            seat = whole(seat, "a seat of seats", 0, players - 1)
            bots[seat] = host.check_bot(self.bots, spec, f"seats.{seat}")
        return bots

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
                "game": s.game.game,
                "players": len(s.game.seats),
                "created": s.game.created,
                "moves": s.moves,
                "over": s.over,
                "seats": _seats(s.game),
            }
            for s in self.storage.games(limit, before)
        ]

    # ----------------------------------------------------------------- seats
    def claim_seat(
        self, game_id: str, seat: int, invite: str | None = None, *, name: str | None = None
    ) -> dict[str, Any]:
        """Take a free human seat: ``{"seat": k, "token": ...}``.

        409 if the seat holds a token or is a bot's; 404 for a whole number
        that is not a seat of the game (``-1``, or ``7`` in a game of 3), as
        for a game that does not exist; 403 for a missing or wrong
        invitation code where the seat needs one; 422 for a ``name`` that may
        not be shown (``_names.checked_name``: too long, invisible
        characters, another seat's name or a seat's label).
        """
        game = self._game(game_id)
        stored = self._stored(game_id)
        seat = self._seat_number(stored, seat)
        if stored.seats[seat].bot:
            raise Conflict(f"seat {seat} is played by a bot", reason="seat_bot")
        needed = stored.seats[seat].invite
        if needed is not None:
            if not isinstance(invite, str) or not invite.isascii() or len(invite) > _MAX_TOKEN:
                raise Forbidden(
                    f"seat {seat} needs its invitation code (the body's invite)",
                    reason="invite_needed",
                )
            if not hmac.compare_digest(_digest(invite), needed):
                raise Forbidden(
                    f"that is not the invitation code of seat {seat}", reason="invite_wrong"
                )
        token = secrets.token_urlsafe(24)
        with game.lock:
            held = self._stored(game_id).seats  # the names as they are now, under the lock
            others = [s.name for s in held if s.name is not None and s.seat != seat]
            name = checked_name(name, others)
            if not self.storage.claim_seat(game_id, seat, _digest(token), name):
                raise Conflict(f"seat {seat} is already taken", reason="seat_taken")
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

    def game_of(self, game_id: str) -> str | None:
        """The name of the game ``game_id`` plays (``"tongiaki"``, ``"toncc"``), or ``None`` if
        no such game is stored: the page route serves each game its own page."""
        try:
            return self._stored(game_id).game
        except NotFound:
            return None

    def unfinished_bot_games(self, limit: int = GAMES_IN_MEMORY) -> list[str]:
        """The ids of the newest ``limit`` unfinished games with a bot seat: those to resume.

        A server killed while a bot was to move left such games waiting;
        ``tongiaki serve`` calls :meth:`step` on them at startup.
        """
        return self.storage.unfinished_bot_games(limit)

    def bots_only(self, game_id: str) -> bool:
        """Whether every seat of the game is a bot's."""
        return all(s.bot is not None for s in self._game(game_id).stored.seats)

    @_capped
    def record(self, game_id: str) -> dict[str, Any]:
        """The game so far as a ``tongiaki-record`` (or ``toncc-record``) document.

        Its metadata holds the secret ``seed`` only once the game is over
        (for audit): while the game is on, nothing in it foretells a draw, and
        no seat's pending choice is in it.
        """
        game = self._game(game_id)
        with self._using(game):
            self._sync(game)
            over = game.host.is_terminal(game.log)
            return game.host.record(game.log, game.stored.seed if over else None)

    # ----------------------------------------------------------------- views
    @_capped
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
        cold = self._cold_view(game_id, at, token, svg, language)
        if cold is not None:
            return cold
        game = self._game(game_id)
        stored, you = self._now(game, token)
        with self._using(game):
            self._sync(game)
            return self._view(game, stored, you, at, svg, language)

    def _cold_view(
        self, game_id: str, at: int | None, token: str | None, svg: bool, language: str
    ) -> dict[str, Any] | None:
        """The view of a Tongiaki game not in memory, from its latest snapshot and the moves
        after it (not kept in memory); ``None`` where that cannot serve (see
        :meth:`_resumed`), or in another language than English. Such a view has no
        ``narration_words``: the narration in players' words is told from the first move."""
        if _language(language) != "en":
            return None
        resumed = self._resumed(game_id, at)
        if resumed is None:
            return None
        game, at = resumed
        stored, you = self._now(game, token)
        return self._view(game, stored, you, at, svg, language)

    def _resumed(self, game_id: str, at: int | None) -> tuple[_Game, int | None] | None:
        """A Tongiaki game not in memory, resumed from its latest snapshot with the moves
        after it (not kept in memory), and ``at`` checked; ``None`` where that cannot serve:
        a game in memory, without a snapshot (or with one that cannot be read), another game
        than Tongiaki, a position before the snapshot's move."""
        if game_id in self._games:
            return None
        stored = self._stored(game_id)
        if stored.game != "tongiaki":
            return None
        found = self.storage.snapshot(game_id)
        if found is None:
            return None
        base, snapshot = found
        if isinstance(at, int) and not isinstance(at, bool) and at < base:
            return None  # a position before the snapshot (or a wrong one: refused as ever)
        moves = self.storage.moves(game_id, base)
        if at is not None:
            at = whole(at, "at", 0, base + len(moves))
        host = host_named(stored.game)
        try:
            log = GameLog.resume(GameRecord.from_dict(dict(stored.settings)), base, snapshot)
        except (ValueError, TongiakiError) as exc:
            _log.warning("game %s: its snapshot cannot be read (%s); replaying it", game_id, exc)
            return None
        for move in moves:
            try:
                log.extend(host.read_step(move, f"moves[{log.moves}]"))
            except TongiakiError as exc:
                raise CorruptGame(game_id, f"stored move {log.moves}: {exc}") from None
        return _Game(stored, host, log, self._boards), at

    def _pending(self, game: _Game) -> dict[int, dict[str, Any]]:
        """The secret choices stored for the decision now (players choosing at once only)."""
        if not game.host.simultaneous or not game.host.deciders(game.log, game.log.moves):
            return {}
        return self.storage.choices(game.stored.id, game.log.moves)

    def _view(
        self,
        game: _Game,
        stored: StoredGame,
        you: int | None,
        at: int | None,
        svg: bool,
        language: str = "en",
        pending: dict[int, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The view of seat ``you`` (or a spectator): what every viewer sees alike, shared,
        with ``you`` and, where seats choose at once, ``you``'s own pending choice alone."""
        log = game.log
        language = _language(language)
        at = log.moves if at is None else whole(at, "at", 0, log.moves)
        present = at == log.moves
        pending = (self._pending(game) if pending is None else pending) if present else {}
        playing = (
            you is not None
            and present
            and you in game.host.deciders(log, at)
            and you not in pending
        )
        chosen = tuple(sorted(pending))
        seat = you if playing else None
        claims = tuple((s.claimed, s.name) for s in stored.seats)
        key = (log.moves, at, seat, svg, language, claims, chosen)
        shared = game.views.get(key)
        if shared is None:
            shared = game.views[key] = self._build_view(game, stored, at, seat, svg, language)
            if game.host.simultaneous:
                shared["chosen"] = list(chosen)
            text = game.shared_text(key, shared)
            game.view_bytes[key] = game.view_size((svg, seat is None), shared, text)
            while len(game.views) > _VIEWS_KEPT:
                game.view_bytes.pop(game.views.popitem(last=False)[0], None)
        else:
            text = game.shared_text(key, shared)
        view = View({**shared, "you": you, "clock": self._clock_json(game, stored, at)})
        if game.host.simultaneous:
            view["choice"] = pending.get(you) if you is not None else None
        view.text = text
        return view

    def _build_view(
        self, game: _Game, stored: StoredGame, at: int, seat: int | None, svg: bool, language: str
    ) -> dict[str, Any]:
        """The view after ``at`` moves, for ``seat`` choosing now, or anyone else (``None``)."""
        host, log = game.host, game.log
        view: dict[str, Any] = {"id": stored.id}
        if host.name != "tongiaki":
            view["game"] = host.name
        view |= {"moves": log.moves, "at": at}
        view |= host.view(log, at, seat is not None, svg, language)
        if isinstance(log, GameLog) and not log.base:
            # the browser's account: players' names, no coordinates. A log resumed from a
            # snapshot (a cold view) has only the lines with seat numbers and coordinates,
            # which the browser then shows: the words are told from the game's first move.
            view["narration_words"] = log.narration_words(at, language, _names(stored))
        view |= {"seats": _seats(stored), "you": None}
        if seat is not None:
            view["legal"] = host.legal(log, seat)
        return view

    def _tongiaki(self, game: _Game, what: str) -> GameLog:
        """The log of a Tongiaki game, for what only Tongiaki has; 404 for another game."""
        if not isinstance(game.log, GameLog):
            raise NotFound(f"{what} is drawn for Tongiaki games; game {game.stored.id} is not one")
        return game.log

    @_capped
    def board_svg(self, game_id: str, at: int, seat: int | None, language: str = "en") -> str:
        """The board after ``at`` moves, no side panel, ``seat``'s choices marked if it is to move.

        Whoever asks (the choices follow from the position, which never changes). A board of
        a Tongiaki game not in memory, at a move since its snapshot, is drawn from the snapshot
        and the moves after it, as a view is.
        """
        resumed = self._resumed(game_id, at)
        if resumed is not None:
            cold, checked = resumed
            assert isinstance(cold.log, GameLog) and checked is not None
            if seat is not None:
                seat = self._seat_number(cold.stored, seat)
            mark = seat is not None and cold.log.at(checked).current_player == seat
            return cold.log.board(checked, mark, _language(language), panel=False)
        game = self._game(game_id)
        if seat is not None:
            seat = self._seat_number(self._stored(game_id), seat)
        with self._using(game):
            self._sync(game)
            log = self._tongiaki(game, "board.svg")
            at = whole(at, "at", 0, log.moves)
            mark = seat is not None and log.states[at].current_player == seat
            return log.board(at, mark, _language(language), panel=False)

    @_capped
    def tile_svg(self, game_id: str, at: int, rotation: int, language: str = "en") -> str:
        """The tile waiting to be placed after ``at`` moves, alone, turned ``rotation`` (or 404)."""
        game, rotation = self._game(game_id), whole(rotation, "rotation", 0, 5)
        with self._using(game):
            self._sync(game)
            log = self._tongiaki(game, "tile.svg")
            state = log.states[whole(at, "at", 0, log.moves)]
        if (tile := state.pending.tile) is None:
            raise NotFound(f"no drawn tile waits to be placed after move {at}")
        return tile_picture(state, tile, rotation, _language(language))

    @_capped
    def steps(
        self, game_id: str, first: int, last: int | None = None, language: str = "en"
    ) -> list[dict[str, Any]]:
        """Moves ``first + 1`` to ``last`` (the latest if ``None``; :data:`MAX_STEPS` at most)."""
        game = self._game(game_id)
        with self._using(game):
            self._sync(game)
            log = self._tongiaki(game, "steps")
            first = whole(first, "from", 0, log.moves)
            last = log.moves if last is None else whole(last, "to", first, log.moves)
            last = min(last, first + MAX_STEPS)
            names = _names(self._now(game, None)[0])
            language = _language(language)
            return [log.step(k, language, names) for k in range(first + 1, last + 1)]

    # ----------------------------------------------------------------- moves
    @_capped
    def act(
        self,
        game_id: str,
        token: str | None,
        action: object,
        expect_move: int,
        *,
        svg: bool = False,
        language: str = "en",
        replies: bool = True,
        lease: LeaseClaim | None = None,
    ) -> dict[str, Any]:
        """Play ``action`` (notation, or an index into the view's ``legal``) for ``token``'s seat.

        ``expect_move`` must be the number of moves the player saw (409 if
        stale). With ``replies`` (the default), chance and the bot seats are
        then played until a human is to move or the game is over; every move
        is stored before the answer, the view after them all (``svg`` as for
        :meth:`view`). Without, the move is stored with the chance draws that
        follow it at once, up to the next decision of any seat, and the view
        then may wait for a bot: :meth:`step` plays its moves (``tongiaki
        serve``'s background driver does, so a move's answer never waits for
        a bot's thinking).

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={1: "greedy"}, seed=42, seat=0)
        >>> view = service.act(game["id"], game["token"], "setup 0", 0, replies=False)
        >>> view["moves"], view["to_move"], service.step(game["id"])
        (1, 1, 2)

        Where seats choose at once (Tóncc), the choice is stored as a secret
        until every human seat deciding now has chosen (409 for a second
        choice of the same seat); the last choice plays the round, the bots
        choosing with it.

        ``lease`` (without ``replies``, where one seat decides at a time): where
        a bot is to reply, the driver's lease of the game is taken in the
        transaction that stores the move, unless another driver holds it (then
        the move is stored alone); ``lease.taken`` says whether it was.
        """
        game = self._game(game_id)
        if token is None:
            raise Unauthorized("this needs the seat's token: Authorization: Bearer <token>")
        expect_move = whole(expect_move, "expect_move", 0, MAX_SEED)
        with self._using(game):
            stored, you = self._now(game, token)
            if you is None:  # only a spectator has no seat; _now refused a bad token
                raise Unauthorized("unknown token")
            self._sync(game)
            log = game.log
            first = log.moves
            if expect_move != first:
                raise Conflict(
                    f"expect_move is {expect_move}, but the game is at move {first}",
                    reason="stale_move",
                )
            host = game.host
            if you not in host.deciders(log, first):
                raise Forbidden(f"it is not seat {you}'s move", reason="not_your_move")
            chosen = host.read_action(log, you, action)
            holder = (you, _digest(token))
            try:
                choices = (
                    self._gather(game, holder, chosen, first)
                    if host.simultaneous
                    else {you: chosen}
                )
                if choices is None:  # the others have yet to choose: this choice stays secret
                    return self._view(game, stored, you, None, svg, language)
                step = host.joint(log, choices, self._bots(game), game.stored.seed, game.bots)
                stored_now = self._play(game, step, first, holder, replies, lease)
            except BaseException as exc:
                if log.moves != first:  # moves in memory but not stored: read the game again
                    self._forget(game_id)
                if isinstance(exc, SeatLost):  # left (or claimed anew) since _now read it
                    raise Unauthorized("unknown token") from None
                raise
            if not stored_now:
                self._forget(game_id)
                if not host.simultaneous or you not in self.storage.choices(game_id, first):
                    raise Conflict(f"another move {first} was accepted first", reason="stale_move")
                # another process played the round this stored choice is part of
                fresh = self._game(game_id)
                with self._using(fresh):
                    self._sync(fresh)
                    return self._view(fresh, stored, you, None, svg, language)
            return self._view(game, stored, you, None, svg, language)

    def _gather(
        self, game: _Game, holder: tuple[int, str], chosen: Any, first: int
    ) -> dict[int, Any] | None:
        """Every human decider's choice at move ``first`` with ``you``'s, or ``None`` (after
        storing ``you``'s as a secret) while another human has yet to choose. ``holder`` is
        ``you``'s seat and token hash: the secret is stored only while the seat holds it.

        Each choice is stored before the stored ones are read again, so of
        the last two seats to choose at once (even through two server
        processes), the later always finds every choice.
        """
        host, game_id = game.host, game.stored.id
        you, token_hash = holder
        humans = [s for s in host.deciders(game.log, first) if s not in game.bots]
        pending = self.storage.choices(game_id, first)
        if you in pending:
            raise Conflict(f"seat {you} has chosen already; the others have yet to choose")
        if any(s not in pending for s in humans if s != you):
            secret = host.action_json(chosen)
            if not self.storage.add_choice(game_id, first, you, secret, token_hash=token_hash):
                raise Conflict(f"seat {you} has chosen already; the others have yet to choose")
            pending = self.storage.choices(game_id, first)
            if any(s not in pending for s in humans):
                return None
        others = [seat for seat in humans if seat != you]
        return self._read_choices(game, pending, others) | {you: chosen}

    @staticmethod
    def _read_choices(
        game: _Game, pending: dict[int, dict[str, Any]], seats: list[int]
    ) -> dict[int, Any]:
        """The stored choices of ``seats``; one that cannot be read is a :class:`CorruptGame`."""
        choices = {}
        for seat in seats:
            try:
                choices[seat] = game.host.read_choice(pending[seat], f"choices[{seat}]")
            except TongiakiError as exc:
                raise CorruptGame(game.stored.id, f"the choice of seat {seat}: {exc}") from None
        return choices

    def _chosen_round(self, game: _Game) -> Any:
        """The round whose every human choice is stored but was not played (its last chooser's
        process stopped in between), with the bots' choices; else ``None``."""
        host, log = game.host, game.log
        humans = [s for s in host.deciders(log, log.moves) if s not in game.bots]
        if not host.simultaneous or not humans:
            return None
        pending = self.storage.choices(game.stored.id, log.moves)
        if any(s not in pending for s in humans):
            return None
        choices = self._read_choices(game, pending, humans)
        return host.joint(log, choices, self._bots(game), game.stored.seed, game.bots)

    def _play(
        self,
        game: _Game,
        step: Any,
        first: int,
        holder: tuple[int, str],
        replies: bool = True,
        lease: LeaseClaim | None = None,
    ) -> bool:
        """Apply ``step``, then chance and the bots until a human is to choose (``replies``;
        else chance alone, until anyone is to choose), and store them all from move
        ``first``; ``False`` (nothing stored) if another move ``first`` was.

        ``holder`` (the mover's seat and token hash) must still hold in the storing
        transaction: a token left or claimed anew meanwhile raises :class:`SeatLost`.
        ``lease`` is taken in that transaction where a bot is to move next (see :meth:`act`).
        """
        log, host = game.log, game.host
        try:
            log.extend(step)
        except IllegalActionError as exc:
            raise Unprocessable(str(exc), exc.clause) from None
        while (replies or self._chance_next(game)) and (
            reply := self._server_move(game)
        ) is not None:
            log.extend(reply)
        moves = [host.step_json(a) for a in log.actions[first:]]
        over = host.is_terminal(log)
        game_id = game.stored.id
        if lease is not None and not (replies or host.simultaneous or self._nothing_to_play(game)):
            taken = (lease.holder, lease.seconds)
            try:
                stored = self.storage.append_moves(
                    game_id, first, moves, over=over, holder=holder, lease=taken
                )
            except LeaseHeld:  # another driver's: the move is stored alone
                pass
            else:
                lease.taken = stored
                return stored
        return self.storage.append_moves(game_id, first, moves, over=over, holder=holder)

    @staticmethod
    def _chance_next(game: _Game) -> bool:
        """Whether chance is to move now (no seat decides, and the game is not over)."""
        log, host = game.log, game.host
        return not host.is_terminal(log) and not host.deciders(log, log.moves)

    def _server_move(self, game: _Game) -> Any:
        return game.host.server_move(game.log, self._bots(game), game.stored.seed, game.bots)

    def _bots(self, game: _Game) -> BotPolicy:
        """The bot policy playing ``game``'s seats: its searches wait their turn as that game's."""
        return self.bots.for_game(game.stored.id)

    def next_is_search(self, game_id: str) -> bool:
        """Whether a searching bot (MCTS) decides next in ``game_id``, as far as memory tells.

        Read without the game's lock, as a hint for scheduling (the background
        driver's pools) and never for play: a game being played or not in
        memory may be answered wrongly, and then is merely played in the other pool.
        """
        try:
            game = self._game(game_id)
            log = game.log
            deciders = game.host.deciders(log, log.moves)
            return any(bot_cost(game.bots[s]) == "search" for s in deciders if s in game.bots)
        except Exception:  # a game changing under the read, or one that cannot be read
            return False

    @_capped
    def step(
        self, game_id: str, *, quick: bool = False, lease: tuple[str, float] | None = None
    ) -> int | None:
        """Play one move of chance or of the bot to move, stored; the game's moves after it.

        With ``quick``, the moves of chance and of quick bots (``random``,
        ``greedy``) that follow it are played too, until a human or a
        searching bot is to move or the game is over, and stored with it in
        one transaction: what a human waits for costs one write and one push
        where nothing takes long (the background driver plays a human's
        bots' replies so).

        A searching bot (MCTS) thinks without holding the game: views,
        boards and pushes of the game are answered meanwhile, and its move is
        stored only if the game has not moved on since (its choice follows from
        the game's seed, so it is the same as if the game had been held).

        ``None`` when there is nothing to play: a human is to move or the game
        is over. When another server process stored that move first, the
        game is read again instead (and the answer is its moves then), so a
        step never fails for losing a race.

        ``lease`` (a bot driver's name and seconds), with ``quick``: the moves
        are stored only while the game's bot-driving lease is free, expired or
        that driver's (else :class:`~.storage.LeaseHeld`, nothing stored), and
        in the same transaction the driver holds it for that many seconds more,
        or gives it up where the game then waits for a human or is over
        (:meth:`waits_for_human`): a human's bots' replies cost one write.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={0: "greedy"}, seed=1)
        >>> service.step(game["id"]), service.step(game["id"])
        (1, None)
        >>> game = service.create_game(3, seats={1: "greedy", 2: "random"}, seed=1, seat=0)
        >>> service.act(game["id"], game["token"], 0, 0, replies=False)["moves"]
        1
        >>> service.step(game["id"], quick=True), service.step(game["id"], quick=True)
        (3, None)
        """
        game = self._game(game_id)
        thought = self._search_unheld(game)
        with self._using(game):
            self._sync(game)
            log = game.log
            first = log.moves
            if thought is not None and thought[0] == first:
                action = thought[1]
            else:
                action = self._server_move(game)
            if action is None:
                action = self._chosen_round(game)
            if action is None:
                return None
            if quick:
                return self._store_run(game, action, first, lease)
            over = game.host.ends_game(log, action)
            step = game.host.step_json(action)
            if self.storage.append_moves(game_id, first, [step], over=over):
                log.extend(action)
            else:  # another process stored move ``first``: take the stored game
                self._sync(game)
            return log.moves

    def _store_run(
        self, game: _Game, action: Any, first: int, lease: tuple[str, float] | None = None
    ) -> int:
        """Apply ``action`` and the quick moves after it, and store them all from move
        ``first`` (under ``lease``, see :meth:`step`); the game's moves then (call holding
        the game's lock)."""
        log, host, game_id = game.log, game.host, game.stored.id
        try:
            log.extend(action)
            while self._quick_next(game) and (more := self._server_move(game)) is not None:
                log.extend(more)
            steps = [host.step_json(a) for a in log.actions[first:]]
            over = host.is_terminal(log)
            if lease is None:
                stored = self.storage.append_moves(game_id, first, steps, over=over)
            else:
                driver, seconds = lease
                held = (driver, None if self._nothing_to_play(game) else seconds)
                stored = self.storage.append_moves(game_id, first, steps, over=over, lease=held)
        except BaseException:
            self._forget(game_id)  # moves in memory but not stored: read the game again
            raise
        if stored:
            return log.moves
        self._forget(game_id)  # another process stored move ``first``: take the stored game
        fresh = self._game(game_id)
        with self._using(fresh):
            self._sync(fresh)
            if lease is not None and self._nothing_to_play(fresh):
                # no store gave the lease up, and the driver stops here: give it up now
                self.storage.release_lease(game_id, lease[0])
            return fresh.log.moves

    def _search_unheld(self, game: _Game) -> tuple[int, Any] | None:
        """Where a searching bot is to move in a Tongiaki game: the game's moves and that
        bot's move, worked out without holding the game's lock (on the position, a value,
        read under it); else ``None``."""
        with game.lock:
            self._sync(game)
            log = game.log
            if not isinstance(log, GameLog):
                return None  # Tóncc's bots are all quick
            state, moves = log.state, log.moves
            seat = None if state.is_terminal else state.current_player
            spec = None if seat is None else game.bots.get(seat)
            if spec is None or bot_cost(spec) != "search":
                return None
        return moves, self._bots(game).server_move(game.stored.seed, game.bots, state, moves)

    @staticmethod
    def _quick_next(game: _Game) -> bool:
        """Whether chance, or quick bots alone, are to move now (the game not over)."""
        log, host = game.log, game.host
        if host.is_terminal(log):
            return False
        deciders = host.deciders(log, log.moves)
        bots = game.bots
        return all(seat in bots and bot_cost(bots[seat]) == "quick" for seat in deciders)

    def clock_of(self, game_id: str) -> int | None:
        """The seconds a move the game was created with (``None``: no clock of its own)."""
        return _clock_of(self._game(game_id).stored)

    def _limit(self, stored: StoredGame, cap: float | None) -> float | None:
        """The seconds a move the game gives a seat: its clock, or ``cap``, the lesser."""
        limits = [float(x) for x in (_clock_of(stored), cap) if x is not None]
        return min(limits) if limits else None

    def _turn_since(self, game: _Game, stored: StoredGame) -> float:
        """When the turn now began, as this process saw it: a new move or a seat taken or
        left starts it again (a seat just taken has the whole time). Call holding the lock."""
        key = (game.log.moves, tuple(s.claimed for s in stored.seats))
        if game.turn != key:
            game.turn, game.turn_since = key, self._clock()
        return game.turn_since

    def _clock_json(self, game: _Game, stored: StoredGame, at: int) -> dict[str, Any] | None:
        """The view's clock: the seconds a move, the seats it runs for now and the seconds
        they have left (``None`` while a human seat is free, or a bot, chance, or nobody is
        to move)."""
        limit = self._limit(stored, self.turn_timeout)
        if limit is None:
            return None
        log, host = game.log, game.host
        seats: list[int] = []
        left = None
        if at == log.moves and not host.is_terminal(log):
            seats = [s for s in host.deciders(log, log.moves) if s not in game.bots]
            if seats and _all_held(stored):
                since = self._turn_since(game, stored)
                left = round(max(0.0, since + limit - self._clock()), 1)
        return {"seconds": limit, "seats": seats, "left": left}

    def time_left(self, game_id: str, moves: int, cap: float | None = None) -> float | None:
        """The seconds the seats to move after ``moves`` moves have left by the game's
        clock or ``cap``, the lesser; ``None`` without either, if the game moved on, if no
        human seat is to move, or while a human seat is free (the clock waits for it).

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={1: "greedy"}, seed=1, seat=0, clock=30)
        >>> 29 < service.time_left(game["id"], 0) <= 30
        True
        """
        game = self._game(game_id)
        stored, _ = self._now(game, None)
        with game.lock:
            self._sync(game)
            log, host = game.log, game.host
            limit = self._limit(stored, cap)
            if limit is None or log.moves != moves or host.is_terminal(log):
                return None
            seats = [s for s in host.deciders(log, moves) if s not in game.bots]
            if not seats or not _all_held(stored):
                return None
            return max(0.0, self._turn_since(game, stored) + limit - self._clock())

    def human_turn(self, game_id: str) -> int | None:
        """The game's moves so far if a human seat is to choose now; ``None`` at chance, at a
        bot's move, or once the game is over."""
        game = self._game(game_id)
        with game.lock:
            self._sync(game)
            log, host = game.log, game.host
            if host.is_terminal(log):
                return None
            deciders = host.deciders(log, log.moves)
            return log.moves if any(s not in game.bots for s in deciders) else None

    def waits_for_human(self, game_id: str) -> bool:
        """Whether the server has nothing to play in the game as this process holds it: it is
        over, or a human seat is to choose (so :meth:`step` would answer ``None``). ``False``
        for a game not in memory (nothing is read for it), and where seats choose at once: a
        round whose every choice is stored may wait for :meth:`step`.

        Moves another process stored since are not read: the bot driver asks right after
        storing the bots' moves, and only a human's move can follow them, whose own process
        drives the replies.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={1: "greedy"}, seed=1, seat=0)
        >>> service.waits_for_human(game["id"])
        True
        >>> _ = service.act(game["id"], game["token"], 0, 0, replies=False)
        >>> service.waits_for_human(game["id"]), service.step(game["id"], quick=True)
        (False, 2)
        >>> service.waits_for_human(game["id"])
        True
        """
        game = self._games.get(game_id)
        if game is None or game.host.simultaneous:
            return False
        with game.lock:
            return self._nothing_to_play(game)

    @staticmethod
    def _nothing_to_play(game: _Game) -> bool:
        """:meth:`waits_for_human` for the game in memory (call holding its lock)."""
        log, host = game.log, game.host
        if host.simultaneous:
            return False
        if host.is_terminal(log):
            return True
        return any(s not in game.bots for s in host.deciders(log, log.moves))

    @_capped
    def play_idle(self, game_id: str, moves: int) -> int | None:
        """Move with :data:`IDLE_BOT` for every claimed human seat still to choose after
        ``moves`` moves (their time ran out), and store it; the game's moves after it.

        ``None`` (nothing played) if the game has moved on since, is over, or waits for a
        free seat (a seat nobody holds waits for a claimer) or for chance or a bot. The
        move is stored as any other: its record does not tell that a bot chose it. Where
        seats choose at once, the idle seats' choices join those made, and the round is
        played. Of this and a player's move racing for move ``moves``, one is stored.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={1: "greedy"}, seed=1, seat=0)
        >>> service.play_idle(game["id"], 0), service.play_idle(game["id"], 0)
        (1, None)
        """
        game = self._game(game_id)
        with game.lock:
            stored, _ = self._now(game, None)
            self._sync(game)
            log, host = game.log, game.host
            first = log.moves
            if first != moves or host.is_terminal(log):
                return None
            humans = [s for s in host.deciders(log, first) if s not in game.bots]
            pending = self.storage.choices(game_id, first) if host.simultaneous else {}
            waiting = [s for s in humans if s not in pending]
            if not waiting or not all(stored.seats[s].claimed for s in waiting):
                return None
            bots = {**game.bots, **dict.fromkeys(waiting, IDLE_BOT)}
            if host.simultaneous:
                chosen = self._read_choices(game, pending, [s for s in humans if s in pending])
                action = host.joint(log, chosen, self._bots(game), stored.seed, bots)
            else:
                action = host.server_move(log, self._bots(game), stored.seed, bots)
            if action is None:
                return None
            over = host.ends_game(log, action)
            if self.storage.append_moves(game_id, first, [host.step_json(action)], over=over):
                log.extend(action)
            else:  # the player (or another process) stored move ``first``: take it
                self._sync(game)
            return log.moves

    # ----------------------------------------------------------------- cache
    def costly(
        self,
        game_id: str,
        *,
        board: tuple[int, str] | None = None,
        steps: tuple[int, int | None] | None = None,
    ) -> bool:
        """Whether a read of ``game_id`` costs work beyond what memory holds (for the limit on
        costly reads per address): any read of a game not in memory (a snapshot's replay, or
        the whole game's), a board (``board``: its moves and language) not drawn yet, steps
        (``steps``: from, to) of more than :data:`CHEAP_STEPS` moves. A hint read without
        the game's lock: the game may leave memory meanwhile.

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> game = service.create_game(2, seats={0: "greedy"}, seed=1)
        >>> service.costly(game["id"]), service.costly(game["id"], board=(0, "en"))
        (False, True)
        >>> _ = service.board_svg(game["id"], 0, None)
        >>> service.costly(game["id"], board=(0, "en")), service.costly("g-elsewhere")
        (False, True)
        """
        game = self._games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            return True
        if board is not None:
            at, language = board
            language = _language(language)
            drawn = ((game_id, at, mark, language, False) for mark in (False, True))
            return not any(key in self._boards for key in drawn)
        if steps is not None:
            first, last = steps
            moves = game.log.moves
            end = moves if last is None else min(last, moves)
            return min(end, first + MAX_STEPS) - first > CHEAP_STEPS
        return False

    def memory_use(self) -> dict[str, int]:
        """The games and drawn boards kept in memory now: how many, and their measured bytes
        (each within its budget of :attr:`memory`).

        >>> import tempfile, pathlib
        >>> from tongiaki_rules.server.storage import SqliteStorage
        >>> service = GameService(SqliteStorage(pathlib.Path(tempfile.mkdtemp()) / "g"))
        >>> service.memory_use()
        {'games': 0, 'games_bytes': 0, 'boards': 0, 'boards_bytes': 0}
        """
        games, boards = self._games, self._boards
        return {
            "games": len(games),
            "games_bytes": games.total,
            "boards": len(boards),
            "boards_bytes": boards.total,
        }

    def _stored(self, game_id: str) -> StoredGame:
        if not isinstance(game_id, str) or not game_id.isascii() or len(game_id) > 100:
            raise NotFound("no such game")
        stored = self.storage.game(game_id)
        if stored is None:
            raise NotFound(f"no game {game_id}")
        return stored

    def _game(self, game_id: str) -> _Game:
        game = self._games.get(game_id)
        if game is not None:
            return game
        stored = self._stored(game_id)
        try:
            host = host_named(stored.game)
            log = host.new_log(stored.settings)
        except Unprocessable as exc:  # a game this server does not host
            raise CorruptGame(game_id, exc.message) from None
        except TongiakiError as exc:  # a database written by something else, or damaged
            raise CorruptGame(game_id, str(exc)) from None
        return self._remember(_Game(stored, host, log, self._boards))

    def _remember(self, game: _Game) -> _Game:
        """Keep ``game`` in memory (or the copy another thread loaded first); the least
        recently used games go while those kept are over the budget."""
        return self._games.put(game.stored.id, game, game.nbytes())

    @contextmanager
    def _using(self, game: _Game) -> Iterator[None]:
        """Hold ``game``'s lock for a request, then measure the game again (it may have
        grown: moves, narration, views) and let the games over the budget go.

        A game let go stays whole for the requests holding it; the next one
        reads it back from the storage.
        """
        with game.lock:
            try:
                yield
                self._keep_snapshot(game)
            finally:
                size = game.nbytes()
        self._games.resize(game.stored.id, game, size)

    def _keep_snapshot(self, game: _Game) -> None:
        """Store a snapshot of a Tongiaki game once its latest is :data:`SNAPSHOT_EVERY` moves
        old, if the game can be resumed there (call with ``game.lock`` held). A snapshot only
        saves work: one that cannot be stored (a database refusing writes) is logged and
        the request goes on."""
        log = game.log
        if not isinstance(log, GameLog) or log.base:
            return
        if game.snapped is None:
            found = self.storage.snapshot(game.stored.id)
            game.snapped = 0 if found is None else found[0]
        if log.moves - game.snapped < SNAPSHOT_EVERY:
            return
        taken = log.snapshot()
        if taken is None or taken[0] - game.snapped < SNAPSHOT_EVERY:
            return
        try:
            self.storage.add_snapshot(game.stored.id, *taken)
        except StorageUnavailable as exc:
            _log.warning("game %s: no snapshot stored (%s)", game.stored.id, exc)
        game.snapped = taken[0]

    def _sync(self, game: _Game) -> None:
        """Bring the game up to the stored moves (another process may have added some)."""
        log, host = game.log, game.host
        for move in self.storage.moves(game.stored.id, log.moves):
            try:
                log.extend(host.read_step(move, f"moves[{log.moves}]"))
            except TongiakiError as exc:
                self._forget(game.stored.id)
                raise CorruptGame(game.stored.id, f"stored move {log.moves}: {exc}") from None

    def _forget(self, game_id: str) -> None:
        self._games.pop(game_id)

    def _seat_of(self, game_id: str, token: str) -> int:
        """The seat holding ``token`` now, compared in constant time; else 401."""
        return _seat_in(self.storage.token_hashes(game_id), token)

    def _now(self, game: _Game, token: str | None) -> tuple[StoredGame, int | None]:
        """The game with its seats' claims and names as stored now, and ``token``'s seat (401
        if unknown).

        One query (the token hashes) while no seat changed hands; when one did (a new
        token, or none), the seats are read again for their holders' names.
        """
        hashes = self.storage.token_hashes(game.stored.id)
        you = None if token is None else _seat_in(hashes, token)
        holders = tuple(hashes)
        if holders != game.holders:
            game.stored = self._stored(game.stored.id)
            game.holders = holders
        return game.stored, you


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
        else {"seat": s.seat, "kind": "human", "free": not s.claimed, "name": s.name}
        for s in stored.seats
    ]


def _all_held(stored: StoredGame) -> bool:
    """Whether every human seat is held: a clock runs only then (nobody runs out waiting)."""
    return all(s.claimed for s in stored.seats if s.kind == "human")


def _clock_of(stored: StoredGame) -> int | None:
    """The clock kept in the game's settings (``metadata.clock``, text), if any."""
    metadata = stored.settings.get("metadata")
    clock = metadata.get("clock") if isinstance(metadata, dict) else None
    return int(clock) if isinstance(clock, str) and clock.isdigit() else None


def _names(stored: StoredGame) -> tuple[str | None, ...]:
    """The seats' players' names as the narration tells them (``None``: a bot, or no name)."""
    return tuple(None if s.bot else s.name for s in stored.seats)


def _language(language: str) -> str:
    return language if language in LANGUAGES else "en"

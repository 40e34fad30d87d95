"""What differs between the games the server hosts: one small :class:`GameHost` per game.

The game service (:mod:`.service`) keeps games, seats, tokens, secret
chance and storage alike for every game; a host says what is its game's
own: the settings document of a new game, how its bots are named, who
decides at a position, how an action is read from a request's JSON, how a
step is stored, and how a position is shown to a seat. :func:`host_named`
finds the host of a game by the name a request gives (``"tongiaki"`` or
``"toncc"``).

>>> host_named("toncc").simultaneous, host_named("tongiaki").simultaneous
(True, False)
>>> host_named("chess")
Traceback (most recent call last):
...
tongiaki_rules.server._errors.Unprocessable: game: 'chess' is not a game of the package \
(tongiaki, toncc)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tongiaki_rules import SettingsError
from tongiaki_rules.games import game_named

from ._errors import Unprocessable
from ._moves import BotPolicy
from ._toncc_host import TonccHost
from ._tongiaki_host import TongiakiHost

__all__ = ["GameHost", "HostedLog", "host_named"]


class HostedLog(Protocol):
    """What the service reads of any game's log in memory (each host knows the rest)."""

    @property
    def moves(self) -> int:
        """The number of stored moves (chance's too) applied so far."""

    @property
    def actions(self) -> Sequence[Any]:
        """The moves applied so far."""

    def extend(self, step: Any) -> object:
        """Apply one more move (checked: an ``IllegalActionError`` changes nothing)."""

    def nbytes(self) -> int:
        """The bytes the log holds, as the server measures them (:mod:`.memory`)."""


class GameHost(Protocol):
    """The part of hosting that is one game's own; ``log`` is the game's log in memory."""

    @property
    def name(self) -> str:
        """The game's name in requests and rows."""

    @property
    def simultaneous(self) -> bool:
        """Whether several seats choose at once (their choices kept secret until all chose)."""

    def check_bot(self, policy: BotPolicy, spec: object, where: str) -> str:
        """``spec`` if it names a bot of this game the server runs; else 422."""

    def offered_bots(self, policy: BotPolicy) -> list[dict[str, Any]]:
        """The bots a seat of this game may be given: each one's name, cost and caps."""

    def settings(
        self, players: int, rules: Mapping[str, Any], bots: Mapping[int, str]
    ) -> dict[str, Any]:
        """The settings document of a new game; 422 naming what is wrong."""

    def new_log(self, settings: Mapping[str, Any]) -> HostedLog:
        """The log of a game from its settings (a ``RecordError`` if they cannot be read)."""

    def deciders(self, log: Any, at: int) -> tuple[int, ...]:
        """The seats to choose after ``at`` moves; ``()`` at chance and at the end."""

    def is_terminal(self, log: Any) -> bool:
        """Whether the game is over now."""

    def read_action(self, log: Any, seat: int, value: object) -> Any:
        """The action of a request for ``seat`` (index, notation or JSON); 422 otherwise."""

    def action_json(self, action: Any) -> dict[str, Any]:
        """An action as a pending (secret) choice is stored."""

    def read_choice(self, value: object, path: str) -> Any:
        """A stored pending choice (a ``RecordError`` if it cannot be read)."""

    def joint(
        self,
        log: Any,
        choices: Mapping[int, Any],
        policy: BotPolicy,
        seed: int,
        bots: Mapping[int, str],
    ) -> Any:
        """The step of the humans' ``choices`` with the deciding bots' own choices added."""

    def server_move(
        self, log: Any, policy: BotPolicy, seed: int, bots: Mapping[int, str]
    ) -> Any | None:
        """Chance's step, or the bots' when only bots decide; ``None`` if a human must choose."""

    def step_json(self, step: Any) -> dict[str, Any]:
        """A step as it is stored."""

    def read_step(self, value: object, path: str) -> Any:
        """A stored step (a ``RecordError`` if it cannot be read)."""

    def ends_game(self, log: Any, step: Any) -> bool:
        """Whether ``step`` (checked) would end the game; the log does not change."""

    def view(self, log: Any, at: int, playing: bool, svg: bool, language: str) -> dict[str, Any]:
        """The position after ``at`` moves as every seat and spectator may see it (``playing``:
        for the seat to choose now, whose picture marks its choices)."""

    def legal(self, log: Any, seat: int) -> list[dict[str, Any]]:
        """``seat``'s choices now, each with its index, notation and JSON."""

    def record(self, log: Any, seed: int | None) -> dict[str, Any]:
        """The game so far as a record document; ``seed`` (given once the game is over) goes
        in its metadata."""


_HOSTS: dict[str, GameHost] = {"tongiaki": TongiakiHost(), "toncc": TonccHost()}


def host_named(name: object) -> GameHost:
    """The host of the game ``name``; 422 naming ``game`` for any other name or value."""
    try:
        descriptor = game_named(name)  # type: ignore[arg-type]
    except SettingsError as exc:
        raise Unprocessable(str(exc)) from None
    return _HOSTS[descriptor.name]

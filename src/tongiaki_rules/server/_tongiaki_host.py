"""Tongiaki on the server: settings, bots, actions, stored moves and views (:class:`TongiakiHost`).

One seat decides at a time, so an action is played as soon as its seat
sends it; chance draws tiles. A view carries the position as a
``tongiaki-state`` document, its position code, the score panel, the
narration and, when asked, the board's SVG.

>>> from tongiaki_rules import GameRecord
>>> host = TongiakiHost()
>>> log = host.new_log(host.settings(2, {}, {}))
>>> host.deciders(log, 0), host.read_action(log, 0, "setup 3")
((0,), SetupPlace(beach=3))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from tongiaki_rules import GameRecord, RecordError, format_action
from tongiaki_rules.record import action_from_dict, action_to_dict, state_to_dict

from ._errors import Unprocessable
from ._game_log import GameLog
from ._moves import BotPolicy, chosen_action
from ._scoreboard import outcome_json, scoreboard

__all__ = ["TongiakiHost"]


@attrs.frozen(slots=True)
class TongiakiHost:
    """Tongiaki's own part of hosting (see :class:`~.hosting.GameHost`)."""

    name: str = "tongiaki"
    simultaneous: bool = False

    def check_bot(self, policy: BotPolicy, spec: object, where: str) -> str:
        """A Tongiaki bot spec (``greedy``, ``mcts:iterations=200``) within the policy."""
        return policy.check(spec, where)

    def offered_bots(self, policy: BotPolicy) -> list[dict[str, Any]]:
        """``random``, ``greedy`` and ``mcts`` with the policy's caps."""
        return policy.offer()

    def settings(
        self, players: int, rules: Mapping[str, Any], bots: Mapping[int, str]
    ) -> dict[str, Any]:
        """The ``tongiaki-record`` document of a new game of ``players``."""
        settings: dict[str, Any] = GameRecord(players).to_dict()
        settings["rules"] = dict(rules)
        settings["metadata"] = {f"seat{k}": v for k, v in sorted(bots.items())}
        try:
            return GameRecord.from_dict(settings).to_dict()
        except RecordError as exc:
            raise Unprocessable(str(exc)) from None

    def new_log(self, settings: Mapping[str, Any]) -> GameLog:
        """The game's log from its stored record document."""
        return GameLog(GameRecord.from_dict(dict(settings)))

    def deciders(self, log: GameLog, at: int) -> tuple[int, ...]:
        """The seat to move after ``at`` moves, alone."""
        seat = log.at(at).current_player
        return () if seat is None else (seat,)

    def is_terminal(self, log: GameLog) -> bool:
        """Whether the game is over."""
        return log.state.is_terminal

    def read_action(self, log: GameLog, seat: int, value: object) -> Any:
        """Notation, or an index into the legal actions."""
        return chosen_action(log.state, value)

    def action_json(self, action: Any) -> dict[str, Any]:
        """The action's JSON form."""
        return action_to_dict(action)

    def read_choice(self, value: object, path: str) -> Any:
        """An action from its JSON form."""
        return action_from_dict(value, path)

    def joint(
        self,
        log: GameLog,
        choices: Mapping[int, Any],
        policy: BotPolicy,
        seed: int,
        bots: Mapping[int, str],
    ) -> Any:
        """The one seat's action."""
        (action,) = choices.values()
        return action

    def server_move(
        self, log: GameLog, policy: BotPolicy, seed: int, bots: Mapping[int, str]
    ) -> Any | None:
        """The draw, or the bot's move."""
        return policy.server_move(seed, bots, log.state, log.moves)

    def step_json(self, step: Any) -> dict[str, Any]:
        """The action's JSON form."""
        return action_to_dict(step)

    def read_step(self, value: object, path: str) -> Any:
        """An action from its JSON form."""
        return action_from_dict(value, path)

    def ends_game(self, log: GameLog, step: Any) -> bool:
        """Whether the action ends the game."""
        return log.state.apply(step).is_terminal

    def view(
        self, log: GameLog, at: int, playing: bool, svg: bool, language: str
    ) -> dict[str, Any]:
        """The position, its code, the score panel, the narration, the SVG if asked for (the
        choices marked on it for the seat ``playing`` now)."""
        state = log.at(at)
        return {
            "to_move": state.current_player,
            "phase": state.pending.kind.value,
            "state": state_to_dict(state),
            "code": state.to_position_code(),
            "outcome": outcome_json(state),
            "scoreboard": scoreboard(state),
            "svg": log.board(at, playing, language) if svg else None,
            "narration": log.narration(at, language),
            "narration_rules": log.narration_rules(at),
            "language": language,
        }

    def legal(self, log: GameLog, seat: int) -> list[dict[str, Any]]:
        """The legal actions with their notation and JSON."""
        return [
            {"index": i, "notation": format_action(a), "action": action_to_dict(a)}
            for i, a in enumerate(log.state.legal_actions())
        ]

    def record(self, log: GameLog, seed: int | None) -> dict[str, Any]:
        """The ``tongiaki-record`` document of the game so far; ``metadata.seed`` is ``seed``
        (given once the game is over), and no other."""
        document = log.to_record().to_dict()
        metadata = {k: v for k, v in document.get("metadata", {}).items() if k != "seed"}
        if seed is not None:
            metadata["seed"] = seed
        document["metadata"] = metadata
        return document

"""Tóncc on the server: its settings, bots, moves, stored steps and views (:class:`TonccHost`).

Every seat whose King is on the board chooses at once. A seat's choice is
kept secret until every seat has chosen (the service stores it apart, see
:meth:`~.storage.Storage.add_choice`); then the bots choose, the round is
played and chance (the colour draw, the shuffle) follows on the server. A
move is read from a request as the index of one of the seat's ``legal``
choices, as notation (``"move 3"``: the Compass number), or as its JSON
(``{"type": "Move", "number": 3}``).

>>> host = TonccHost()
>>> log = host.new_log(host.settings(3, {}, {}))
>>> host.read_action(log, 0, "move 3")
Traceback (most recent call last):
...
tongiaki_rules.server._errors.Unprocessable: seat 0 has no choice to make now
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from tongiaki_rules import RecordError, SettingsError
from tongiaki_rules.toncc import BOT_NAMES, LABELS, MIND, Move, TonccState, make_bot, render_text

from ._errors import Unprocessable
from ._moves import BotPolicy, bot_seed, chance_rng
from ._toncc_log import (
    Round,
    Step,
    TonccLog,
    move_from_json,
    move_to_json,
    settings_document,
    step_from_json,
    step_to_json,
)
from ._toncc_view import landing, last_round_json, pictures_json

__all__ = ["TonccHost", "state_json"]

_NOTATION = re.compile(r"move ([1-6])")


def _name(king: object) -> str:
    return str(getattr(king, "name", king)).lower()


def state_json(state: TonccState) -> dict[str, Any]:
    """The public position: the board, the Kings by colour, the Map's seals, the points.

    Cells are named ``I1..I6, O1..O12``; ``layout[k]`` is the region on cell
    ``k``; a King's ``cell`` is ``"Mind"`` before his first move and
    ``null`` once he has left the challenge; ``owners[region]`` is the King
    whose seal is on that Map picture; ``seating[seat]`` the King of that seat.

    >>> from tongiaki_rules.toncc import new_game
    >>> state_json(new_game())["kings"]["red"]
    {'cell': 'Mind', 'seals': 6, 'king_points': 0, 'toncc_points': 0}
    """
    kings = ("red", "yellow", "blue")

    def cell(value: int) -> str | None:
        if value == MIND:
            return "Mind"
        return LABELS[value] if 0 <= value < len(LABELS) else None

    return {
        "challenge": state.challenge,
        "turn": state.turn,
        "seating": None if state.seating is None else [_name(k) for k in state.seating],
        "cells": list(LABELS[: len(state.layout)]),
        "layout": list(state.layout),
        "face_up": [LABELS[c] for c in state.face_up_cells()],
        "kings": {
            name: {
                "cell": cell(state.positions[k]),
                "seals": state.seals[k],
                "king_points": state.king_points[k],
                "toncc_points": state.toncc_totals[k],
            }
            for k, name in enumerate(kings)
        },
        "owners": [None if owner < 0 else kings[owner] for owner in state.owners],
        "quiet_turns": state.quiet_turns,
    }


@attrs.frozen(slots=True)
class TonccHost:
    """Tóncc's own part of hosting (see :class:`~.hosting.GameHost`)."""

    name: str = "toncc"
    simultaneous: bool = True

    def check_bot(self, policy: BotPolicy, spec: object, where: str) -> str:
        """``random`` or ``greedy``, Tóncc's bots."""
        if not isinstance(spec, str) or spec not in BOT_NAMES:
            raise Unprocessable(
                f"{where}: Tóncc's bots are {', '.join(BOT_NAMES)}, not {str(spec)[:40]!r}"
            )
        return spec

    def offered_bots(self, policy: BotPolicy) -> list[dict[str, Any]]:
        """Tóncc's bots, all quick: ``random``, ``greedy``.

        >>> TonccHost().offered_bots(BotPolicy())
        [{'name': 'random', 'cost': 'quick'}, {'name': 'greedy', 'cost': 'quick'}]
        """
        return [{"name": name, "cost": "quick"} for name in BOT_NAMES]

    def settings(
        self, players: int, rules: Mapping[str, Any], bots: Mapping[int, str]
    ) -> dict[str, Any]:
        """The ``toncc-record`` document of a new game (its rules flags checked)."""
        metadata = {f"seat{k}": v for k, v in sorted(bots.items())}
        try:
            return settings_document(rules, metadata)
        except (RecordError, SettingsError) as exc:
            raise Unprocessable(str(exc)) from None

    def new_log(self, settings: Mapping[str, Any]) -> TonccLog:
        """The game's log from its stored settings."""
        return TonccLog(settings)

    def deciders(self, log: TonccLog, at: int) -> tuple[int, ...]:
        """Every seat whose King is on the board (none at chance and at the end)."""
        return log.positions[at].deciders

    def is_terminal(self, log: TonccLog) -> bool:
        """Whether the three challenges are played."""
        return log.position.is_terminal

    def read_action(self, log: TonccLog, seat: int, value: object) -> Move:
        """A move: an index of ``legal``, ``"move 3"``, or ``{"type": "Move", "number": 3}``."""
        legal = log.position.legal_actions(seat)
        if not legal:
            raise Unprocessable(f"seat {seat} has no choice to make now")
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < len(legal):
                raise Unprocessable(f"action index must be from 0 to {len(legal) - 1}")
            return legal[value]
        if isinstance(value, str):
            found = _NOTATION.fullmatch(value.strip())
            if found is None:
                raise Unprocessable(
                    f"action: a Tóncc move is written 'move 1' to 'move 6', not {value[:40]!r}",
                    "TC-MOVE-2",
                )
            return Move(int(found.group(1)))
        if isinstance(value, dict):
            try:
                return move_from_json(value, "action")
            except RecordError as exc:
                raise Unprocessable(str(exc), exc.clause) from None
        raise Unprocessable(
            f"action must be notation, a legal index or a move's JSON, not {type(value).__name__}"
        )

    def action_json(self, action: Move) -> dict[str, Any]:
        """``{"type": "Move", "number": n}``."""
        return move_to_json(action)

    def read_choice(self, value: object, path: str) -> Move:
        """A stored secret choice."""
        return move_from_json(value, path)

    def joint(
        self,
        log: TonccLog,
        choices: Mapping[int, Any],
        policy: BotPolicy,
        seed: int,
        bots: Mapping[int, str],
    ) -> Round:
        """The round of the humans' ``choices`` and the deciding bots' choices (seeded per
        seat and move, like every bot of the server)."""
        state = log.state
        made = dict(choices)
        for seat in log.position.deciders:
            spec = bots.get(seat)
            if spec is not None and seat not in made:
                bot = make_bot(spec, bot_seed(seed, seat, log.moves))
                made[seat] = bot.choose(state, state.king_of(seat))
        return Round.of(made)

    def server_move(
        self, log: TonccLog, policy: BotPolicy, seed: int, bots: Mapping[int, str]
    ) -> Step | None:
        """Chance's outcome, or the round when only bots decide."""
        position = log.position
        if position.is_terminal:
            return None
        if position.is_chance:
            return log.state.sample_chance(chance_rng(seed, log.moves))
        if all(seat in bots for seat in position.deciders):
            return self.joint(log, {}, policy, seed, bots)
        return None

    def step_json(self, step: Step) -> dict[str, Any]:
        """The step's stored JSON."""
        return step_to_json(step)

    def read_step(self, value: object, path: str) -> Step:
        """A stored step."""
        return step_from_json(value, path)

    def ends_game(self, log: TonccLog, step: Step) -> bool:
        """Whether the step ends the third challenge."""
        return log.after(step).is_terminal

    def view(
        self, log: TonccLog, at: int, playing: bool, svg: bool, language: str
    ) -> dict[str, Any]:
        """The public position after ``at`` moves, as JSON and as text (``svg`` is not drawn)."""
        position = log.positions[at]
        state = position.state
        phase = "over" if position.is_terminal else "chance" if position.is_chance else "choose"
        outcome = None
        if position.is_terminal:
            outcome = {
                "winners": list(position.winners()),
                "toncc_points": [state.toncc_totals[state.king_of(p).value] for p in range(3)],
                "returns": list(position.returns()),
            }
        return {
            "to_move": None,
            "deciders": list(position.deciders),
            "phase": phase,
            "state": state_json(state),
            "text": render_text(state) if state.seating is not None else None,
            "outcome": outcome,
            "svg": None,
            "language": language,
            "pictures": pictures_json(state.toncc_map),
            "last_round": last_round_json(log, at),
        }

    def legal(self, log: TonccLog, seat: int) -> list[dict[str, Any]]:
        """The seat's six moves, with notation, JSON and the cell each lands on (``to``)."""
        state = log.state
        return [
            {
                "index": i,
                "notation": f"move {m.number}",
                "action": move_to_json(m),
                "to": landing(state, seat, m),
            }
            for i, m in enumerate(log.position.legal_actions(seat))
        ]

    def record(self, log: TonccLog, seed: int | None) -> dict[str, Any]:
        """The ``toncc-record`` document of the game so far (the seed as text, once over)."""
        metadata = {k: v for k, v in log.record.metadata.items() if k != "seed"}
        if seed is not None:
            metadata["seed"] = str(seed)
        return log.to_record(metadata).to_json_value()

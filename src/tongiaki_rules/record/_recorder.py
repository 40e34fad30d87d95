"""The :class:`Recorder`: plays a game and records every action applied."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .._standard_tiles import STANDARD_TILES
from .._state import DEFAULT_RULES, GameState, new_game
from ..actions import (
    Action,
)
from ..errors import RecordError, SettingsError
from ..rules import Rules
from ..tiles import TileSet
from ._fields import _check_type
from ._game_record import GameRecord, _freeze_metadata, replay_states


class Recorder:
    """Plays a game and records every action applied, draws included.

    Start from the settings of a new game, or from any position with
    :meth:`from_state`, or go on with a loaded record with :meth:`resume`.
    ``apply`` checks the action, moves the game on and appends it; ``state``
    is the current position and ``record`` the :class:`GameRecord` so far.

    >>> import random
    >>> recorder = Recorder(2, metadata={"players": "Ann, Bob"})
    >>> recorder.apply(SetupPlace(0)).current_player
    1
    >>> rng = random.Random(4)
    >>> while not recorder.state.is_terminal:
    ...     if recorder.state.is_chance_node:
    ...         _ = recorder.resolve_chance(rng)
    ...     else:
    ...         _ = recorder.apply(rng.choice(recorder.state.legal_actions()))
    >>> replay(recorder.record) == recorder.state
    True
    """

    def __init__(
        self,
        num_players: int,
        rules: Rules = DEFAULT_RULES,
        *,
        tiles: TileSet = STANDARD_TILES,
        start_player: int = 0,
        metadata: Mapping[str, str | int] | None = None,
    ) -> None:
        if isinstance(num_players, GameState):
            raise SettingsError(
                "num_players: expected the number of players, not a GameState; "
                "to record from a position use Recorder.from_state(state)"
            )
        first = new_game(num_players, rules, tiles=tiles, start_player=start_player)
        self.metadata: dict[str, str | int] = dict(_freeze_metadata(metadata))
        """Free information stored with the record (editable)."""
        self._states: list[GameState] = [first]
        self._actions: list[Action] = []

    @classmethod
    def from_state(
        cls, state: GameState, *, metadata: Mapping[str, str | int] | None = None
    ) -> Recorder:
        """Record a game from ``state``: any position, a new game or one in mid-game.

        The record keeps ``state`` as its ``start`` (``None`` for a new
        game), so :func:`replay` starts from it. A chance node, or a finished
        game (nothing more can be recorded then), are positions like any other.

        >>> from tongiaki_rules import new_game
        >>> Recorder.from_state(new_game(3)).record.start is None
        True
        >>> middle = new_game(2).apply(SetupPlace(0))
        >>> recorder = Recorder.from_state(middle, metadata={"event": "puzzle"})
        >>> recorder.record.start == middle, len(recorder.apply(SetupPlace(1)).legal_actions())
        (True, 6)
        >>> replay(recorder.record) == recorder.state
        True
        """
        _check_type(state, GameState, "state")
        cfg = state.config
        recorder = cls(
            cfg.num_players,
            cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            metadata=metadata,
        )
        recorder._states = [state]
        return recorder

    @classmethod
    def resume(cls, record: GameRecord) -> Recorder:
        """Go on recording after the actions of ``record`` (replayed, so checked).

        >>> recorder = Recorder.resume(GameRecord(2, actions=[SetupPlace(0)]))
        >>> len(recorder.actions), recorder.state.current_player
        (1, 1)
        """
        _check_type(record, GameRecord, "record")
        recorder = cls.from_state(record.initial_state(), metadata=record.metadata)
        recorder._states = list(replay_states(record))
        recorder._actions = list(record.actions)
        return recorder

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._states[-1]

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every position so far, the first position (the record's start) first."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far."""
        return tuple(self._actions)

    @property
    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`."""
        first = self._states[0]
        cfg = first.config
        return GameRecord(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            start=first,
            actions=self._actions,
            metadata=self.metadata,
        )

    def apply(self, action: Action) -> GameState:
        """Apply ``action`` (a decision, or a :class:`Draw` at a chance node) and record it.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` if it is not
        legal; nothing is recorded then.
        """
        return self._applied(action, self.state.apply(action))

    def _applied(self, action: Action, after: GameState) -> GameState:
        """Record ``action``, already applied to the current position and leading to ``after``."""
        # the canonical value (ints, tuples), without reading a list that is not read yet
        action = self.state._canonical(action)
        self._states.append(after)
        self._actions.append(action)
        return after

    def resolve_chance(self, rng: random.Random) -> GameState:
        """Draw at random (and record the draws) until a player must decide or the game ends."""
        while self.state.is_chance_node:
            self.apply(self.state.sample_chance(rng))
        return self.state

    def undo(self, steps: int = 1) -> GameState:
        """Take back the last ``steps`` actions; return the state then current.

        >>> recorder = Recorder(2)
        >>> _ = recorder.apply(SetupPlace(0))
        >>> recorder.undo() == new_game(2), recorder.actions
        (True, ())
        """
        if type(steps) is not int or not 0 <= steps <= len(self._actions):
            raise RecordError(f"can undo 0..{len(self._actions)} actions, not {steps!r}", "steps")
        if steps:
            del self._actions[-steps:]
            del self._states[-steps:]
        return self.state

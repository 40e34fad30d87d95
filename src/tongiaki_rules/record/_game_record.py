"""Game records and replay: the ``"tongiaki-record"`` schema.

:class:`GameRecord` (the settings, the position the game starts from and
every action), and replaying a record with every legality check. The JSON
form of one action is in :mod:`.action_codec`.
"""

from __future__ import annotations

import types
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any, Final

import attrs

from .._jsontext import json_kind as _type_name
from .._jsontext import load_json_text
from .._standard_tiles import STANDARD_TILES
from .._state import DEFAULT_RULES, GameConfig, GameState, new_game
from ..actions import ACTION_TYPES, Action, Draw
from ..errors import IllegalActionError, RecordError, ReplayError, SettingsError
from ..rules import Rules
from ..tiles import TileSet
from ._action_codec import action_from_dict, action_to_dict
from ._fields import (
    _check_type,
    _dumps,
    _fail,
    _field,
    _header,
    _item,
    _shown,
    _unpaired,
)
from ._schema import (
    RECORD_SCHEMA,
    RECORD_VERSION,
)
from ._schema_check import check_schema
from ._settings import _config_in, _rules_out, _settings_out
from ._state_codec import state_from_dict, state_to_dict

# ====================================================================== records
_METADATA_DIGITS: Final = 1000
"""Metadata integers have at most this many digits (Python converts up to 4300 to text)."""


_CHECKED_KEPT: Final = 50_000
"""How many action objects :data:`_checked` keeps before it starts afresh."""

_checked: dict[int, tuple[Action, Action]] = {}
"""Action objects already checked, by identity: the object (kept, so that its id is not
reused) and its canonical form. The engine hands out the same objects again and again
(its actions are interned), and an action is immutable, so one check is enough."""


def _freeze_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The actions as a tuple, each in the canonical form its JSON gives back."""
    if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
        raise RecordError(
            f"expected a sequence of actions, not {type(actions).__name__}", "actions"
        )
    found = []
    checked = _checked
    for k, action in enumerate(actions):
        seen = checked.get(id(action))
        if seen is not None and seen[0] is action:
            found.append(seen[1])
            continue
        path = _item("actions", k)
        if not isinstance(action, ACTION_TYPES):
            raise RecordError(f"not an action: {action!r}", path)
        try:
            data = action_to_dict(action)
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            raise RecordError(f"{action!r} has fields of the wrong type ({exc})", path) from None
        back = action_from_dict(data, path)
        if back != action:
            raise RecordError(
                f"{action!r} is not a well-formed action (it reads as {back!r})", path
            )
        found.append(back)
        if len(checked) >= _CHECKED_KEPT:
            checked.clear()
        checked[id(action)] = (action, back)
    return tuple(found)


def _freeze_metadata(metadata: Mapping[str, str | int] | None) -> Mapping[str, str | int]:
    """A read-only copy of ``metadata``; raises :class:`RecordError` for what JSON cannot hold."""
    if metadata is None:
        return types.MappingProxyType({})
    if not isinstance(metadata, Mapping):
        raise RecordError(f"expected an object, not {_type_name(metadata)}", "metadata")
    found: dict[str, str | int] = {}
    for key, value in metadata.items():
        if not isinstance(key, str):
            raise RecordError(f"keys are strings, not {key!r}", "metadata")
        path = _field("metadata", key)
        if _unpaired(key):
            raise RecordError("the key holds a lone surrogate: it is not Unicode text", path)
        if isinstance(value, str):
            if _unpaired(value):
                raise RecordError(
                    f"{_shown(value)!r} holds a lone surrogate: it is not Unicode text", path
                )
            found[key] = str(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**_METADATA_DIGITS:
                raise RecordError(f"an integer has at most {_METADATA_DIGITS} digits", path)
            found[key] = int(value)
        else:
            raise RecordError(f"expected a string or an integer, not {_type_name(value)}", path)
    return types.MappingProxyType(found)


def _check_start(value: object) -> GameState | None:
    if value is not None and not isinstance(value, GameState):
        raise RecordError(
            f"expected a GameState (or None for a new game), not {type(value).__name__}", "start"
        )
    return value


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game: its settings, the position it starts from and every action applied.

    ``actions`` holds every decision and every chance outcome (:class:`Draw`)
    from ``start`` on; ``start`` is ``None`` for a game from a new game (the
    usual case), or the :class:`GameState` the game starts from, whose
    settings must be the record's own. ``metadata`` is free information
    (players' names, date, event, notes) as a read-only mapping of ``str`` to
    ``str`` or ``int``. A record is a value: equal records replay to equal
    states. Build one while playing with :class:`Recorder`, or from the
    states of a game with :meth:`from_states`.

    >>> from tongiaki_rules import SetupPlace
    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)], metadata={"event": "demo"})
    >>> record.initial_state().current_player, replay(record).current_player
    (0, 0)
    >>> GameRecord.from_json(record.to_json()) == record
    True

    From a position (a new game as ``start`` is the same as ``None``):

    >>> middle = replay(record)
    >>> later = GameRecord(2, start=middle, actions=[SetupPlace(2)])
    >>> later.initial_state() == middle, GameRecord(2, start=new_game(2)).start
    (True, None)
    """

    num_players: int
    rules: Rules = attrs.field(default=DEFAULT_RULES, kw_only=True)
    tiles: TileSet = attrs.field(default=STANDARD_TILES, kw_only=True)
    start_player: int = attrs.field(default=0, kw_only=True)
    start: GameState | None = attrs.field(default=None, kw_only=True, converter=_check_start)
    actions: tuple[Action, ...] = attrs.field(default=(), kw_only=True, converter=_freeze_actions)
    metadata: Mapping[str, str | int] = attrs.field(
        factory=dict, kw_only=True, converter=_freeze_metadata, hash=False
    )

    def __attrs_post_init__(self) -> None:
        if isinstance(self.num_players, GameState):
            raise SettingsError(
                "num_players: expected the number of players, not a GameState; for a game "
                "from a position give it as start=, or record it with Recorder.from_state(state)"
            )
        GameConfig.make(self.num_players, self.rules, self.tiles, self.start_player)
        if self.start is not None:
            self._check_start_settings(self.start)
            if self.start == self._new_game():  # one way to say "from a new game"
                object.__setattr__(self, "start", None)

    def _check_start_settings(self, start: GameState) -> None:
        cfg = start.config
        for field, theirs, ours in (
            ("num_players", cfg.num_players, self.num_players),
            ("start_player", cfg.start_player, self.start_player),
            ("rules", _rules_out(cfg.rules), _rules_out(self.rules)),
        ):
            if theirs != ours:
                raise RecordError(
                    f"the start state's {field} differs from the record's "
                    f"({theirs} in the start state, {ours} in the record)",
                    f"start.{field}",
                )
        if cfg.tiles != self.tiles:
            raise RecordError(
                "the start state's tile set differs from the record's", "start.tile_set"
            )

    def _new_game(self) -> GameState:
        return new_game(
            self.num_players, self.rules, tiles=self.tiles, start_player=self.start_player
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle support (the read-only metadata mapping cannot be pickled as it is).

        >>> import pickle
        >>> record = GameRecord(2, actions=[SetupPlace(0)], metadata={"event": "demo"})
        >>> pickle.loads(pickle.dumps(record)) == record
        True
        """
        return (
            _rebuild_record,
            (
                self.num_players,
                self.rules,
                self.tiles,
                self.start_player,
                self.actions,
                dict(self.metadata),
                self.start,
            ),
        )

    def initial_state(self) -> GameState:
        """The position the actions start from: ``start``, or the new game.

        >>> GameRecord(3).initial_state().pending.kind.value
        'setup'
        """
        return self._new_game() if self.start is None else self.start

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data in the ``"tongiaki-record"`` schema.

        >>> GameRecord(2, actions=[SetupPlace(3)]).to_dict()["actions"]
        [{'type': 'SetupPlace', 'beach': 3}]
        """
        return {
            "schema": RECORD_SCHEMA,
            "version": RECORD_VERSION,
            **_settings_out(self.num_players, self.start_player, self.rules, self.tiles),
            "metadata": dict(self.metadata),
            "start": None if self.start is None else state_to_dict(self.start),
            "actions": [action_to_dict(action) for action in self.actions],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (compact, or laid out with ``indent``).

        >>> print(GameRecord(2, actions=[SetupPlace(3)]).to_json(indent=2))
        {
          "schema": "tongiaki-record",
          "version": 3,
          "num_players": 2,
          "start_player": 0,
          "rules": {},
          "tile_set": "standard",
          "metadata": {},
          "start": null,
          "actions": [{"type": "SetupPlace", "beach": 3}]
        }
        """
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, doc: Any) -> GameRecord:
        """A record from parsed JSON data (see :meth:`from_json`)."""
        obj = _record_header(doc)
        cfg = _config_in(obj)
        meta = obj["metadata"]
        _freeze_metadata(meta)
        start = _start_in(obj.get("start"))
        actions = []
        for k, value in enumerate(obj["actions"]):
            path = _item("actions", k)
            action = action_from_dict(value, path)
            if isinstance(action, Draw) and action.tile not in cfg.tiles.index:
                _fail(_field(path, "tile"), f"unknown tile id {action.tile!r}")
            actions.append(action)
        return cls(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            start=start,
            actions=actions,
            metadata=meta,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text; raises :class:`RecordError` naming the bad field.

        The form of every field is checked, and the start state (if any)
        with every check of :func:`state_from_json`, its errors named under
        ``start``; the legality of the actions is checked by :func:`replay`.
        Records of versions 1 and 2 (without ``start``) are read as games
        from a new game.

        >>> GameRecord.from_json('{"schema": "tongiaki-record", "version": 1, "actions": []}')
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: missing field 'num_players'
        >>> text = GameRecord(2, actions=[SetupPlace(3)]).to_json()
        >>> GameRecord.from_json(text.replace('"beach":3', '"beach":true'))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: actions[0].beach: expected an integer, not a boolean
        >>> GameRecord.from_json(text.replace('"start":null', '"start":[]'))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: start: expected null or a state document, not an array
        """
        return cls.from_dict(load_json_text(text))

    @classmethod
    def from_states(
        cls, states: Sequence[GameState], *, metadata: Mapping[str, str | int] | None = None
    ) -> GameRecord:
        """The record of a game given as its successive states (from any position).

        Finds, for each step, an action (or draw) leading from one state to
        the next; raises :class:`RecordError` if there is none. The record
        starts from ``states[0]`` (``start`` is ``None`` if that is a new game).

        >>> from tongiaki_rules import play_random_game
        >>> states = play_random_game(2, seed=3)
        >>> record = GameRecord.from_states(states)
        >>> len(record.actions) == len(states) - 1, replay(record) == states[-1]
        (True, True)
        >>> GameRecord.from_states(states[50:]).initial_state() == states[50]
        True
        """
        if not isinstance(states, Sequence) or isinstance(states, str | bytes):
            raise RecordError(
                f"expected a sequence of states, not {type(states).__name__}", "states"
            )
        if not states:
            raise RecordError("a game has at least its first state", "states")
        for k, state in enumerate(states):
            _check_type(state, GameState, _item("states", k))
        first = states[0]
        cfg = first.config
        actions: list[Action] = []
        for k, (before, after) in enumerate(pairwise(states)):
            action = _action_between(before, after)
            if action is None:
                raise RecordError(
                    f"no single action leads here from states[{k}]", f"states[{k + 1}]"
                )
            actions.append(action)
        return cls(
            cfg.num_players,
            rules=cfg.rules,
            tiles=cfg.tiles,
            start_player=cfg.start_player,
            start=first,
            actions=actions,
            metadata=metadata,
        )


def _rebuild_record(
    num_players: int,
    rules: Rules,
    tiles: TileSet,
    start_player: int,
    actions: tuple[Action, ...],
    metadata: dict[str, str | int],
    start: GameState | None = None,
) -> GameRecord:
    return GameRecord(
        num_players,
        rules=rules,
        tiles=tiles,
        start_player=start_player,
        start=start,
        actions=actions,
        metadata=metadata,
    )


def _record_header(doc: Any) -> dict[str, Any]:
    """``doc`` as a record of a version this library reads, its form checked by the schema."""
    obj, version = _header(doc, RECORD_SCHEMA)
    try:
        check_schema(obj, RECORD_SCHEMA)
    except RecordError as exc:
        if version >= 3 and exc.path is not None and exc.path.split(".")[0] == "start":
            _start_in(obj["start"])  # the state reader words a bad start best (schema, version)
        raise
    return obj


def _start_in(value: Any) -> GameState | None:
    """The start state of a record document (``null``: a new game), its errors under ``start``."""
    if value is None:
        return None
    if not isinstance(value, dict):
        _fail("start", f"expected null or a state document, not {_type_name(value)}")
    try:
        return state_from_dict(value)
    except RecordError as exc:
        path = f"start.{exc.path}" if exc.path else "start"
        raise RecordError(exc.reason, path, exc.clause) from None


def _action_between(before: GameState, after: GameState) -> Action | None:
    options: list[Action] = (
        [draw for draw, _p in before.chance_outcomes()]
        if before.is_chance_node
        else list(before.legal_actions())
    )
    for action in options:
        if before.apply(action) == after:
            return action
    return None


def replay_states(record: GameRecord, upto: int | None = None) -> Iterator[GameState]:
    """Every state of ``record``: its first position, then the state after each action.

    Stops after ``upto`` actions if given. Each action is applied with every
    legality check; an illegal one raises :class:`ReplayError` (after the
    states before it were yielded).

    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)])
    >>> [state.reserve(0) for state in replay_states(record)]
    [15, 14, 14]
    """
    _check_type(record, GameRecord, "record")
    actions = record.actions
    if upto is not None:
        if type(upto) is not int or not 0 <= upto <= len(actions):
            raise RecordError(f"upto must be 0..{len(actions)}, not {upto!r}", "upto")
        actions = actions[:upto]
    return _replayed(record.initial_state(), actions)


def _replayed(state: GameState, actions: Sequence[Action]) -> Iterator[GameState]:
    yield state
    for k, action in enumerate(actions):
        state = _apply(state, action, k)
        yield state


def _apply(state: GameState, action: Action, index: int) -> GameState:
    try:
        return state.apply(action)
    except IllegalActionError as exc:
        text = str(exc)
        if exc.clause and text.endswith(f" [{exc.clause}]"):
            text = text[: -len(f" [{exc.clause}]")]
        raise ReplayError(
            f"{action!r} is illegal: {text}", index, action, exc.clause, state
        ) from exc


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """The state after every action of ``record`` (or after the first ``upto``).

    The actions start from the record's first position
    (:meth:`GameRecord.initial_state`). Every action is applied with
    :meth:`GameState.apply`, so every legality check runs. An illegal
    action raises :class:`ReplayError` with its index (``.index``) and the
    rule it breaks (``.clause``).

    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(0), SetupPlace(0)])
    >>> replay(record, upto=2).reserve(1)
    14
    >>> try:
    ...     replay(record)
    ... except ReplayError as exc:
    ...     print(exc.index, exc.clause, exc.action)
    2 SETUP-5 SetupPlace(beach=0)
    """
    states = replay_states(record, upto)
    last: deque[GameState] = deque(states, maxlen=1)
    return last[0]

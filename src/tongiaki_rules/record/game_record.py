"""Game records and replay: the ``"tongiaki-record"`` schema.

The JSON form of actions, :class:`GameRecord` (the settings and every action
of a game), and replaying a record with every legality check.
"""

from __future__ import annotations

import types
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any, Final

import attrs

from ..actions import (
    ACTION_TYPES,
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from ..colours import COLOURS, Colour
from ..errors import IllegalActionError, RecordError, ReplayError
from ..rules import Rules
from ..standard_tiles import STANDARD_TILES
from ..state import DEFAULT_RULES, GameConfig, GameState, new_game
from ..tiles import TileSet
from .fields import (
    _check_type,
    _colour,
    _dumps,
    _fail,
    _field,
    _header,
    _hex,
    _int,
    _item,
    _list,
    _load,
    _object,
    _shown,
    _str,
    _type_name,
    _unpaired,
)
from .schema import _RECORD_FIELDS, RECORD_SCHEMA, VERSION
from .settings import _config_in, _settings_out

# ====================================================================== actions
# How each action is written: JSON field name, attribute, kind of value.
_HEX, _INDEX, _INDICES, _DIRECTION, _COLOUR, _TILE = (
    "hex",
    "index",
    "indices",
    "direction",
    "colour",
    "tile",
)
_ACTION_SPECS: Final[dict[str, tuple[type, tuple[tuple[str, str], ...]]]] = {
    "SetupPlace": (SetupPlace, (("beach", _INDEX),)),
    "Expand": (Expand, (("island", _HEX), ("beaches", _INDICES))),
    "ExpandFromBoard": (
        ExpandFromBoard,
        (("island", _HEX), ("beach", _INDEX), ("source", _HEX), ("source_beach", _INDEX)),
    ),
    "FoundRoyal": (FoundRoyal, (("island", _HEX),)),
    "Recolonize": (Recolonize, ()),
    "PlaceNewBoats": (PlaceNewBoats, (("island", _HEX), ("beaches", _INDICES))),
    "Depart": (Depart, (("island", _HEX), ("beach", _INDEX), ("jetty", _DIRECTION))),
    "PlaceTile": (PlaceTile, (("position", _HEX), ("rotation", _DIRECTION))),
    "Berth": (Berth, (("colour", _COLOUR), ("beach", _INDEX))),
    "ReturnBoat": (ReturnBoat, (("colour", _COLOUR),)),
    "Draw": (Draw, (("tile", _TILE),)),
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """``action`` in the JSON form of game records.

    >>> action_to_dict(Expand((0, -1), (0, 2)))
    {'type': 'Expand', 'island': [0, -1], 'beaches': [0, 2]}
    >>> action_to_dict(Berth(Colour.RED, 1))
    {'type': 'Berth', 'colour': 'R', 'beach': 1}
    """
    name = type(action).__name__
    spec = _ACTION_SPECS.get(name)
    if spec is None or type(action) is not spec[0]:
        raise RecordError(f"not an action: {action!r}", "action")
    out: dict[str, Any] = {"type": name}
    for field, kind in spec[1]:
        value = getattr(action, field)
        if kind == _HEX:
            out[field] = [value[0], value[1]]
        elif kind == _INDICES:
            out[field] = list(value)
        elif kind == _COLOUR:
            out[field] = COLOURS[value].letter
        else:
            out[field] = value
    return out


def action_from_dict(value: Any, path: str = "") -> Action:
    """An action from its JSON form; raises :class:`RecordError` naming the field.

    Only the form is checked here; whether the action is legal is for
    :func:`replay` (or :meth:`GameState.apply`) to say.

    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 2})
    Depart(island=(0, 0), beach=2, jetty=2)
    >>> action_from_dict({"type": "Depart", "island": [0, 0], "beach": 2, "jetty": 6})
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: jetty: 6 is not in 0..5
    """
    if not isinstance(value, dict):
        _fail(path, f"expected an action object, not {_type_name(value)}")
    if "type" not in value:
        _fail(path, "missing field 'type'")
    name = value["type"]
    spec = _ACTION_SPECS.get(name) if isinstance(name, str) else None
    if spec is None:
        shown = repr(name) if isinstance(name, str) else _type_name(name)
        _fail(_field(path, "type"), f"{shown} is not an action type ({', '.join(_ACTION_SPECS)})")
    cls, fields = spec
    obj = _object(value, path, ("type", *(f for f, _k in fields)))
    args: list[Any] = []
    for field, kind in fields:
        where = _field(path, field)
        given = obj[field]
        if kind == _HEX:
            args.append(_hex(given, where))
        elif kind == _INDEX:
            args.append(_int(given, where, 0))
        elif kind == _INDICES:
            args.append(
                tuple(_int(b, _item(where, k), 0) for k, b in enumerate(_list(given, where)))
            )
        elif kind == _DIRECTION:
            args.append(_int(given, where, 0, 5))
        elif kind == _COLOUR:
            args.append(Colour(_colour(given, where, len(COLOURS))))
        else:
            args.append(_str(given, where))
    try:
        action: Action = cls(*args)
    except IllegalActionError as exc:  # a field the action itself refuses (a huge index)
        _fail(path, str(exc))
    return action


# ====================================================================== records
_METADATA_DIGITS: Final = 1000
"""Metadata integers have at most this many digits (Python converts up to 4300 to text)."""


def _freeze_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    """The actions as a tuple, each in the canonical form its JSON gives back."""
    if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
        raise RecordError(
            f"expected a sequence of actions, not {type(actions).__name__}", "actions"
        )
    found = []
    for k, action in enumerate(actions):
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


@attrs.frozen(slots=True)
class GameRecord:
    """A whole game: its settings and every action applied, in order.

    ``actions`` holds every decision and every chance outcome (:class:`Draw`)
    from the new game on; ``metadata`` is free information (players' names,
    date, event, notes) as a read-only mapping of ``str`` to ``str`` or ``int``.
    A record is a value: equal records replay to equal states. Build one
    while playing with :class:`Recorder`, or from the states of a game with
    :meth:`from_states`.

    >>> from tongiaki_rules import SetupPlace
    >>> record = GameRecord(2, actions=[SetupPlace(0), SetupPlace(1)], metadata={"event": "demo"})
    >>> record.initial_state().current_player, replay(record).current_player
    (0, 0)
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    num_players: int
    rules: Rules = attrs.field(default=DEFAULT_RULES, kw_only=True)
    tiles: TileSet = attrs.field(default=STANDARD_TILES, kw_only=True)
    start_player: int = attrs.field(default=0, kw_only=True)
    actions: tuple[Action, ...] = attrs.field(default=(), kw_only=True, converter=_freeze_actions)
    metadata: Mapping[str, str | int] = attrs.field(
        factory=dict, kw_only=True, converter=_freeze_metadata, hash=False
    )

    def __attrs_post_init__(self) -> None:
        GameConfig.make(self.num_players, self.rules, self.tiles, self.start_player)

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
            ),
        )

    def initial_state(self) -> GameState:
        """The new game the actions start from.

        >>> GameRecord(3).initial_state().pending.kind.value
        'setup'
        """
        return new_game(
            self.num_players, self.rules, tiles=self.tiles, start_player=self.start_player
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data in the ``"tongiaki-record"`` schema.

        >>> GameRecord(2, actions=[SetupPlace(3)]).to_dict()["actions"]
        [{'type': 'SetupPlace', 'beach': 3}]
        """
        return {
            "schema": RECORD_SCHEMA,
            "version": VERSION,
            **_settings_out(self.num_players, self.start_player, self.rules, self.tiles),
            "metadata": dict(self.metadata),
            "actions": [action_to_dict(action) for action in self.actions],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (compact, or laid out with ``indent``).

        >>> print(GameRecord(2, actions=[SetupPlace(3)]).to_json(indent=2))
        {
          "schema": "tongiaki-record",
          "version": 2,
          "num_players": 2,
          "start_player": 0,
          "rules": {},
          "tile_set": "standard",
          "metadata": {},
          "actions": [{"type": "SetupPlace", "beach": 3}]
        }
        """
        return _dumps(self.to_dict(), indent)

    @classmethod
    def from_dict(cls, doc: Any) -> GameRecord:
        """A record from parsed JSON data (see :meth:`from_json`)."""
        obj = _header(doc, RECORD_SCHEMA, _RECORD_FIELDS)
        cfg = _config_in(obj)
        meta = obj["metadata"]
        if not isinstance(meta, dict):
            _fail("metadata", f"expected an object, not {_type_name(meta)}")
        _freeze_metadata(meta)
        actions = []
        for k, value in enumerate(_list(obj["actions"], "actions")):
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
            actions=actions,
            metadata=meta,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from JSON text; raises :class:`RecordError` naming the bad field.

        The form of every field is checked; the legality of the actions is
        checked by :func:`replay`.

        >>> GameRecord.from_json('{"schema": "tongiaki-record", "version": 1, "actions": []}')
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: missing field 'num_players'
        >>> text = GameRecord(2, actions=[SetupPlace(3)]).to_json()
        >>> GameRecord.from_json(text.replace('"beach":3', '"beach":true'))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.RecordError: actions[0].beach: expected an integer, not a boolean
        """
        return cls.from_dict(_load(text))

    @classmethod
    def from_states(
        cls, states: Sequence[GameState], *, metadata: Mapping[str, str | int] | None = None
    ) -> GameRecord:
        """The record of a game given as its successive states (a new game first).

        Finds, for each step, an action (or draw) leading from one state to
        the next; raises :class:`RecordError` if there is none.

        >>> from tongiaki_rules import play_random_game
        >>> states = play_random_game(2, seed=3)
        >>> record = GameRecord.from_states(states)
        >>> len(record.actions) == len(states) - 1, replay(record) == states[-1]
        (True, True)
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
        if first != new_game(
            cfg.num_players, cfg.rules, tiles=cfg.tiles, start_player=cfg.start_player
        ):
            raise RecordError("a record starts from a new game", "states[0]")
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
) -> GameRecord:
    return GameRecord(
        num_players,
        rules=rules,
        tiles=tiles,
        start_player=start_player,
        actions=actions,
        metadata=metadata,
    )


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
    """Every state of ``record``: the new game, then the state after each action.

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

    Every action is applied with :meth:`GameState.apply`, so every legality
    check runs. An illegal action raises :class:`ReplayError` with its index
    (``.index``) and the rule it breaks (``.clause``).

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

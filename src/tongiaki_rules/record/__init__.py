"""JSON for states and game records, and replaying records.

Two documented, versioned JSON schemas (``docs/json-schema.md`` describes
them field by field):

* ``"tongiaki-state"``: one position, written by :func:`state_to_json` (or
  :meth:`GameState.to_json <tongiaki_rules.GameState.to_json>`) and read
  back, fully validated, by :func:`state_from_json`. The round trip gives an
  equal state (same hash, same legal actions).
* ``"tongiaki-record"``: a whole game as its settings, the position it starts
  from (a new game, or any state) and every action applied, chance outcomes
  (:class:`~tongiaki_rules.actions.Draw`) included: :class:`GameRecord`.
  Build one while playing with :class:`Recorder` (from a new game, or from
  any position with :meth:`Recorder.from_state`); :func:`replay` re-applies
  the actions with every legality check. This library writes version
  :data:`RECORD_VERSION` (3) and reads versions 1 to 3.

Both are described by JSON Schemas (draft 2020-12) shipped in the package:
:func:`json_schema` returns them, and the readers' structural checks come
from them (:mod:`.schema_check`). Anything that cannot be read raises
:class:`RecordError` (a ``ValueError``) whose message starts with the path of
the offending field; nothing else escapes, and no half-built state is ever
returned.

The package's modules, one job each: :mod:`.schema` (the names of the
schemas and of their fields), :mod:`.json_schemas` (the JSON Schema files),
:mod:`.schema_check` (the structural checks they drive), :mod:`.fields` (JSON
text and the readers of one field each), :mod:`.settings` (a game's
settings), :mod:`.state_reader` and :mod:`.state_codec` (states),
:mod:`.action_codec` (actions), :mod:`.game_record` (records and replay) and
:mod:`.recorder` (the
:class:`Recorder`). Import from here.

>>> from tongiaki_rules import new_game
>>> state = new_game(2).apply(SetupPlace(0))
>>> text = state_to_json(state)
>>> state_from_json(text) == state
True
>>> state_from_json(text.replace('"version":2', '"version":7'))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tongiaki_rules.errors.RecordError: version: version 7 is not supported; this library reads ...
"""

from __future__ import annotations

# The names marked noqa stay importable from here, as before the module became
# a package, though not in __all__: the schema's names, SetupPlace (in the
# doctest above), and _rebuild_record (what unpickles a GameRecord).
from ..actions import SetupPlace  # noqa: F401
from ..errors import RecordError, ReplayError
from ._action_codec import action_from_dict, action_to_dict
from ._game_record import (
    GameRecord,
    _rebuild_record,  # noqa: F401
    replay,
    replay_states,
)
from ._json_schemas import json_schema
from ._recorder import Recorder
from ._schema import (  # noqa: F401
    PHASE_NAMES,
    PURPOSE_NAMES,
    READ_VERSIONS,
    RECORD_READ_VERSIONS,
    RECORD_SCHEMA,
    RECORD_VERSION,
    STATE_SCHEMA,
    STATE_VERSION,
    VACANT,
    VERSION,
)
from ._state_codec import state_from_dict, state_from_json, state_to_dict, state_to_json

__all__ = [
    "RECORD_SCHEMA",
    "RECORD_VERSION",
    "STATE_SCHEMA",
    "STATE_VERSION",
    "VERSION",
    "GameRecord",
    "RecordError",
    "Recorder",
    "ReplayError",
    "action_from_dict",
    "action_to_dict",
    "json_schema",
    "replay",
    "replay_states",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

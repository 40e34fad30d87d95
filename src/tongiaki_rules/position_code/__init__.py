"""Position codes: a whole game state in one short, URL-safe line, the FEN of Tongiaki.

>>> from tongiaki_rules import new_game
>>> code = position_code(new_game(3).apply(SetupPlace(2)))
>>> code
'T1_30_sR_to000...B'
>>> state_from_position_code(code) == new_game(3).apply(SetupPlace(2))
True

A code without its chain part has at most 360 characters for every state
measured (random games with the standard tiles, any rules flags); 99.95 %
of whole codes have at most 400 (a long chain of departures can pass it).
It is read back with every check a JSON state document meets
(:func:`~tongiaki_rules.record.state_from_json`); a bad code raises
:class:`~tongiaki_rules.errors.PositionCodeError` naming
the part of the code that is wrong. Only the standard tiles have codes: for
a custom tile set, use ``state.to_json()``. The grammar and worked examples
are on the reference page "Position codes" (docs/reference/position-code.md).
"""

from __future__ import annotations

from ..actions import SetupPlace  # noqa: F401  (the examples above use it)
from ._names import FLAG_NAMES, FORMAT_TAG, TILE_NAMES
from ._reading import MAX_CODE_LENGTH, state_from_position_code
from ._writing import position_code

__all__ = [
    "FLAG_NAMES",
    "FORMAT_TAG",
    "MAX_CODE_LENGTH",
    "TILE_NAMES",
    "position_code",
    "state_from_position_code",
]

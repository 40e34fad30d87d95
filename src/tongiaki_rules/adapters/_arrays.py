"""Observation vectors as float32 numpy arrays, for the adapters.

The tile sections that start every observation change only when a tile is
placed or drawn; :class:`ObservationArrays` converts them to numpy once per
table and the rest of the observation at every call, which gives the very
values of ``numpy.array(layout.observe(state, seat), numpy.float32)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..observation import ObservationLayout
from ..state import GameState


class ObservationArrays:
    """Builds the float32 observation vectors of one layout.

    >>> from tongiaki_rules import new_game
    >>> layout = ObservationLayout.for_game(2)
    >>> arrays = ObservationArrays(layout)
    >>> state = new_game(2)
    >>> arrays.build(state, 1).tolist() == layout.observe(state, 1)
    True
    """

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self._table: tuple[object, Any] = (None, None)
        """The tile sections last converted, as the list and as an array."""

    def build(self, state: GameState, seat: int) -> Any:
        """The observation of ``state`` from ``seat`` as a new float32 array.

        Raises the errors of :meth:`ObservationLayout.observe`.
        """
        table, rest = self.layout._observe_parts(state, seat)
        seen, converted = self._table
        if seen is not table:
            converted = np.array(table, np.float32)
            self._table = (table, converted)
        out = np.empty(self.layout.size, np.float32)
        split = len(table)
        out[:split] = converted
        out[split:] = rest
        return out

    def __getstate__(self) -> dict[str, Any]:
        return {"layout": self.layout}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["layout"])  # type: ignore[misc]

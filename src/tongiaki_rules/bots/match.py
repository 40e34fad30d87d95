"""Playing one whole game between bots.

>>> from tongiaki_rules.bots import RandomBot, play_match
>>> record = play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=7)
>>> from tongiaki_rules import replay
>>> replay(record).is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..errors import SettingsError
from ..record import GameRecord, Recorder
from ..rules import Rules
from ..standard_tiles import STANDARD_TILES
from ..state import DEFAULT_RULES
from ..tiles import TileSet
from .base import Bot

__all__ = ["play_match"]


def play_match(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    tiles: TileSet = STANDARD_TILES,
    start_player: int = 0,
    metadata: Mapping[str, str | int] | None = None,
) -> GameRecord:
    """Play a game with ``bots[i]`` in seat ``i``; return its record.

    Tile draws come from ``random.Random(seed)``, apart from the bots' own
    generators, so a seed and seeded bots give the same game every time. The
    record's metadata names the bot of each seat (``"seat0"``, ...) and the
    seed, besides ``metadata``. A bot that returns an illegal action makes
    :meth:`GameState.apply` raise :class:`~tongiaki_rules.errors.IllegalActionError`.
    """
    info: dict[str, str | int] = {f"seat{k}": bot.name for k, bot in enumerate(bots)}
    if seed is not None:
        info["seed"] = seed
    info.update(metadata or {})
    recorder = Recorder(
        len(bots), rules, tiles=tiles, start_player=start_player, metadata=info
    )
    if len(bots) != recorder.state.num_players:  # pragma: no cover - Recorder checks
        raise SettingsError("one bot per seat")
    rng = random.Random(seed)
    state = recorder.state
    while not state.is_terminal:
        if state.is_chance_node:
            state = recorder.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            assert seat is not None
            state = recorder.apply(bots[seat].choose(state))
    return recorder.record

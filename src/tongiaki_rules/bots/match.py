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

__all__ = ["DEFAULT_MAX_DECISIONS", "MatchTooLongError", "play_match"]

DEFAULT_MAX_DECISIONS = 5000
"""The cap on decisions per game in :func:`play_match` (tile draws not counted).

No rule bounds a game: a player may, by choice, keep a beach sailing round a
loop. Random games need about 150 decisions and the longest of tens of
thousands of random games needed about 1,350, so a game past the cap means a
bot is going round in circles.
"""


class MatchTooLongError(RuntimeError):
    """A game between bots went on past the cap on decisions.

    ``record`` holds the game so far, to replay and see where the bots looped.
    """

    def __init__(self, message: str, record: GameRecord) -> None:
        super().__init__(message)
        self.record = record

    def __reduce__(self) -> tuple[type[MatchTooLongError], tuple[str, GameRecord]]:
        # so that the error crosses process boundaries (simulate --jobs)
        return (type(self), (str(self), self.record))


def play_match(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    tiles: TileSet = STANDARD_TILES,
    start_player: int = 0,
    metadata: Mapping[str, str | int] | None = None,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
) -> GameRecord:
    """Play a game with ``bots[i]`` in seat ``i``; return its record.

    Tile draws come from ``random.Random(seed)``, apart from the bots' own
    generators, so a seed and seeded bots give the same game every time. The
    record's metadata names the bot of each seat (``"seat0"``, ...) and the
    seed, besides ``metadata``. A bot that returns an illegal action makes
    :meth:`GameState.apply` raise :class:`~tongiaki_rules.errors.IllegalActionError`.
    A game that needs more than ``max_decisions`` decisions (``None``: no cap)
    raises :class:`MatchTooLongError` instead of running for ever.

    >>> from tongiaki_rules.bots import RandomBot
    >>> try:
    ...     play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=7, max_decisions=20)
    ... except MatchTooLongError as exc:
    ...     print(exc, len(exc.record.actions) > 20)
    the game went past 20 decisions without ending (bots: random, random; seed 7) True
    """
    info: dict[str, str | int] = {f"seat{k}": bot.name for k, bot in enumerate(bots)}
    if seed is not None:
        info["seed"] = seed
    info.update(metadata or {})
    recorder = Recorder(len(bots), rules, tiles=tiles, start_player=start_player, metadata=info)
    if len(bots) != recorder.state.num_players:  # pragma: no cover - Recorder checks
        raise SettingsError("one bot per seat")
    rng = random.Random(seed)
    state = recorder.state
    decisions = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = recorder.apply(state.sample_chance(rng))
        else:
            if max_decisions is not None and decisions >= max_decisions:
                names = ", ".join(bot.name for bot in bots)
                raise MatchTooLongError(
                    f"the game went past {max_decisions} decisions without ending "
                    f"(bots: {names}; seed {seed})",
                    recorder.record,
                )
            decisions += 1
            seat = state.current_player
            assert seat is not None
            state = recorder.apply(bots[seat].choose(state))
    return recorder.record

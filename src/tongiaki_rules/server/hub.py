"""In-process pub/sub for the WebSocket: who watches which game, and a nudge after every move.

A socket subscribes to a game and gets a queue; after a request's moves are
stored, :meth:`Hub.publish` puts the new number of moves on every queue of
that game, and each socket then sends its own view (a player's view differs
from a spectator's). Everything runs on the server's event loop. Several
server processes would share a pub/sub channel instead (see the how-to).

>>> import asyncio
>>> hub = Hub()
>>> queue = hub.subscribe("g-1")
>>> hub.publish("g-1", 3)
>>> queue.get_nowait(), hub.watchers("g-1")
(3, 1)
>>> hub.unsubscribe("g-1", queue)
>>> hub.watchers("g-1")
0
"""

from __future__ import annotations

import asyncio

__all__ = ["Hub"]


class Hub:
    """The queues of the sockets watching each game."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        """A new queue that receives the number of moves after every move of the game."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._queues.setdefault(game_id, set()).add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        """Stop sending to ``queue``."""
        queues = self._queues.get(game_id, set())
        queues.discard(queue)
        if not queues:
            self._queues.pop(game_id, None)

    def publish(self, game_id: str, moves: int) -> None:
        """Tell every watcher of the game that it now has ``moves`` moves."""
        for queue in self._queues.get(game_id, ()):
            queue.put_nowait(moves)

    def watchers(self, game_id: str) -> int:
        """How many sockets watch the game."""
        return len(self._queues.get(game_id, ()))

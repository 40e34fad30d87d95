"""In-process pub/sub for the WebSocket: who watches which game, and a nudge after every move.

A socket subscribes to a game and gets a queue; after moves are stored,
:meth:`Hub.publish` puts the new number of moves on every queue of that
game, and each socket then sends its own view (a player's view differs
from a spectator's). Sockets subscribe on the server's event loop;
:meth:`Hub.publish` may be called from any thread (the background bots
publish from worker threads). Moves stored by other server processes on
the same database reach the hub through the storage's
:meth:`~.storage.Storage.watch_moves` (PostgreSQL's ``LISTEN``/``NOTIFY``,
SQLite's poll), which asks :meth:`Hub.games` which games to tell about.

>>> import asyncio
>>> async def watch_one_move() -> tuple[int, int]:
...     hub = Hub()
...     queue = hub.subscribe("g-1")
...     hub.publish("g-1", 3)
...     moves, watchers = await queue.get(), hub.watchers("g-1")
...     hub.unsubscribe("g-1", queue)
...     return moves, watchers - hub.watchers("g-1")
>>> asyncio.run(watch_one_move())
(3, 1)
"""

from __future__ import annotations

import asyncio
import threading

__all__ = ["Hub"]


class Hub:
    """The queues of the sockets watching each game, with the event loop of each."""

    def __init__(self) -> None:
        self._queues: dict[str, dict[asyncio.Queue[int], asyncio.AbstractEventLoop]] = {}
        self._lock = threading.Lock()
        self._watched: frozenset[str] = frozenset()

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        """A new queue that receives the number of moves after every move of the game.

        Called on the event loop that will read the queue.
        """
        queue: asyncio.Queue[int] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        with self._lock:
            self._queues.setdefault(game_id, {})[queue] = loop
            self._watched = frozenset(self._queues)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        """Stop sending to ``queue``."""
        with self._lock:
            queues = self._queues.get(game_id, {})
            queues.pop(queue, None)
            if not queues and self._queues.pop(game_id, None) is not None:
                self._watched = frozenset(self._queues)

    def publish(self, game_id: str, moves: int) -> None:
        """Tell every watcher of the game that it now has ``moves`` moves (from any thread)."""
        with self._lock:
            targets = list(self._queues.get(game_id, {}).items())
        for queue, loop in targets:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, moves)
            except RuntimeError:  # its event loop is closed: the socket is gone
                self.unsubscribe(game_id, queue)

    def games(self) -> frozenset[str]:
        """The games that at least one socket watches now (made again only when that changes,
        so a listener may ask for each notice it hears)."""
        return self._watched

    def watchers(self, game_id: str) -> int:
        """How many sockets watch the game."""
        with self._lock:
            return len(self._queues.get(game_id, ()))

"""Benchmark: the game service's CPU time per human move, in one process, as the server plays it.

Ten games on a fresh SQLite file (one scripted human, a seeded random choice among the
legal actions, against a greedy bot; every third game also a random bot; a finished game
is replaced by a new one), each human move played as ``tongiaki serve`` plays it with one
worker and one WebSocket per player:

- the move: ``GameService.act(..., replies=False)``, its answer written as JSON;
- the push of the new position to the player's socket: ``GameService.view``, as JSON;
- the bots' replies, as the background driver plays them (``step(quick=True)`` with the
  game's lease: claimed and given up around the steps, or, where the service takes a
  ``lease``, in the writes themselves), each pushed to the socket as JSON.

No HTTP, no threads: what the service itself costs. It prints the CPU time (user and
system, this process) per human move; ``--profile FILE`` writes a cProfile of the timed
part (the profiler's own cost then counts too). The same script runs against an older
tree with ``PYTHONPATH=path/to/old/src`` (it uses what that tree's service offers), so two
versions can be measured in one interleaved run:

    python benchmarks/server_cpu.py [--rounds 40] [--games 10] [--seed 1] [--profile FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from tongiaki_rules.server import GameService, SqliteStorage

HOLDER = "server-cpu-benchmark"
LEASE = 10.0


def _writer() -> Any:
    """How the server writes a view as JSON (its shared part written once, where it can)."""
    try:
        from tongiaki_rules.server._view_text import view_text
    except ImportError:  # a tree before the shared part was written once
        return lambda view: json.dumps(view, ensure_ascii=True, separators=(",", ":"))
    return view_text


class Players:
    """The games and their scripted humans."""

    def __init__(self, service: GameService, games: int, seed: int) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.write = _writer()
        self.folded = "lease" in inspect.signature(service.step).parameters
        self.games = [self.new_game(k) for k in range(games)]

    def new_game(self, k: int) -> tuple[dict[str, Any], dict[str, Any]]:
        seats = {1: "greedy"} if k % 3 else {1: "greedy", 2: "random"}
        game = self.service.create_game(
            len(seats) + 1, seats=seats, seed=self.rng.randrange(2**32), seat=0
        )
        return game, self.service.view(game["id"], token=game["token"])

    def replies(self, game_id: str, token: str) -> None:
        """The bots' replies as the background driver plays and pushes them."""
        service, storage = self.service, self.service.storage
        if not self.folded:
            storage.claim_lease(game_id, HOLDER, LEASE)
        while True:
            service.next_is_search(game_id)
            if self.folded:
                moves = service.step(game_id, quick=True, lease=(HOLDER, LEASE))
            else:
                moves = service.step(game_id, quick=True)
            if moves is None:
                break
            self.write(service.view(game_id, token=token))  # the push
            if self.folded and service.waits_for_human(game_id):
                return  # the lease was given up as the replies were stored
        storage.release_lease(game_id, HOLDER)

    def play(self, rounds: int) -> int:
        """``rounds`` moves of every game's human; the moves played."""
        service, played = self.service, 0
        for _ in range(rounds):
            for slot, (game, view) in enumerate(self.games):
                game_id, token = game["id"], game["token"]
                if "legal" not in view:
                    self.games[slot] = self.new_game(self.rng.randrange(3))
                    continue
                choice = self.rng.randrange(len(view["legal"]))
                answer = service.act(game_id, token, choice, view["moves"], replies=False)
                self.write(answer)
                self.write(service.view(game_id, token=token))  # the socket's push of it
                self.replies(game_id, token)
                self.games[slot] = (game, service.view(game_id, token=token))
                played += 1
        return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="human moves of each game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write a cProfile of the timed part to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        service = GameService(SqliteStorage(Path(folder) / "games.sqlite3"))
        players = Players(service, args.games, args.seed)
        players.play(3)  # warm up: every game in memory, its first views built
        profile = cProfile.Profile() if args.profile else None
        start = time.process_time()
        if profile is not None:
            profile.enable()
        moves = players.play(args.rounds)
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)
        cpu = time.process_time() - start
    print(f"{moves} human moves, {1000 * cpu / moves:.2f} ms CPU per human move")


if __name__ == "__main__":
    main()

"""Benchmark: the CPU a view of a game not in memory costs the server, over many stored games.

Issue 38 found that cycling views over 1,100 stored games cost 47 to 49 ms
of CPU each: every view of a game the server no longer held replayed the
whole game. A server now keeps a snapshot of each Tongiaki game (its
position code and the narration's last lines, every ``SNAPSHOT_EVERY``
moves), and a cold view replays only the moves after it.

The script runs two processes on a fresh SQLite file, each importing the
package from ``--src`` (default: the tree this script belongs to; pass
another tree's ``src`` to measure an older version):

1. the writer plays ``--distinct`` games of three random players
   (:func:`tongiaki_rules.narration.play_game`), cut at ``--moves`` moves, and
   stores each ``--games / --distinct`` times under ids of their own, as a
   server stores its games (``GameService.create_game``, then the moves);
2. the reader opens a :class:`GameService` that keeps no game in memory (a
   budget of one byte: every view of another game is cold) and asks the view
   of every game, twice round. It prints the CPU time (``time.process_time``)
   of a view in each round, as JSON.

The first round of this version also stores each game's snapshot (the game
had none: its moves were stored without a server playing them), so it
replays each game whole, as before; the second round is what a server
that played its games pays for every cold view.

    python benchmarks/cold_views.py [--games 1000] [--distinct 50] [--moves 200]
    python benchmarks/cold_views.py --src ../main/src   # an older version
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
SRC = HERE.parents[1] / "src"


def write(db: Path, games: int, distinct: int, moves: int) -> None:
    """Store ``games`` games in ``db`` (``distinct`` different ones); their ids to stdout."""
    from tongiaki_rules.narration import play_game
    from tongiaki_rules.record import action_to_dict
    from tongiaki_rules.server import GameService, SqliteStorage

    storage = SqliteStorage(db)
    service = GameService(storage)
    played = []
    for seed in range(distinct):
        _, actions = play_game(3, seed=seed)
        played.append(([action_to_dict(a) for a in actions[:moves]], len(actions) <= moves))
    ids = []
    for k in range(games):
        game = service.create_game(3)  # three free human seats
        stored, over = played[k % distinct]
        storage.append_moves(game["id"], 0, stored, over=over)
        ids.append(game["id"])
    print(json.dumps(ids))


def read(db: Path, ids: list[str]) -> None:
    """View every game twice round, none kept in memory; the CPU per view as JSON."""
    import tongiaki_rules
    from tongiaki_rules.server import GameService, SqliteStorage
    from tongiaki_rules.server._memory import MemoryBudget

    service = GameService(SqliteStorage(db), memory=MemoryBudget(games=1))
    moves = 0
    rounds = []
    for _ in range(2):
        start = time.process_time()
        for game_id in ids:
            moves += service.view(game_id)["moves"]
        rounds.append((time.process_time() - start) / len(ids) * 1000)
    result = {
        "source": str(Path(tongiaki_rules.__file__).parent),
        "games": len(ids),
        "moves_per_game": round(moves / len(ids) / 2, 1),
        "cpu_ms_per_view_round_1": round(rounds[0], 2),
        "cpu_ms_per_view_round_2": round(rounds[1], 2),
    }
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--distinct", type=int, default=50)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--src", type=Path, default=SRC, help="the package tree to import")
    parser.add_argument("--role", choices=("write", "read"), help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.role == "write":
        write(args.db, args.games, args.distinct, args.moves)
        return
    if args.role == "read":
        read(args.db, json.loads(sys.stdin.read()))
        return
    env = dict(os.environ, PYTHONPATH=str(args.src.resolve()))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        common = [sys.executable, str(HERE), f"--db={db}"]
        sizes = [f"--games={args.games}", f"--distinct={args.distinct}", f"--moves={args.moves}"]
        written = subprocess.run(
            [*common, "--role=write", *sizes],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        answer = subprocess.run(
            [*common, "--role=read"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
            input=written.strip().splitlines()[-1],
        ).stdout
    print(answer.strip().splitlines()[-1])


if __name__ == "__main__":
    main()

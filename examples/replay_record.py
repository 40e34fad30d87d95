"""Save a game record, load it back and step through it.

A :class:`~tongiaki_rules.Recorder` keeps every decision and every tile drawn
while two random players play. The record is written as JSON, read back,
checked by replaying it, and then walked through move by move: the first
turns are told in words (``narrate``), and the final position is printed as
the text board. Run it with ``python examples/replay_record.py``.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from tongiaki_rules import GameRecord, Recorder, format_action, replay, replay_states
from tongiaki_rules.narration import narrate


def record_a_game(seed: int) -> GameRecord:
    """Play a two-player game between random players and return its record."""
    rng = random.Random(seed)
    recorder = Recorder(2, metadata={"players": "Ann, Bob", "seed": seed})
    while not recorder.state.is_terminal:
        if recorder.state.is_chance_node:
            recorder.resolve_chance(rng)  # draws are recorded too
        else:
            recorder.apply(rng.choice(recorder.state.legal_actions()))
    return recorder.record


def main(seed: int = 11) -> None:
    """Record, save, load, replay and narrate one game."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(record_a_game(seed).to_json(indent=2), encoding="utf-8")
        record = GameRecord.from_json(path.read_text(encoding="utf-8"))

    final = replay(record)  # every action is checked again on the way
    players = record.metadata["players"]
    print(f"{players}: {len(record.actions)} actions, final scores {final.scores()}")

    states = list(replay_states(record))
    print("The first five actions in notation:")
    for k, action in enumerate(record.actions[:5]):
        print(f"  {k + 1}. {format_action(action)}")

    print("The story of the first two turns:")
    turns = 0
    for line in narrate(states, record.actions):
        if line.startswith("Turn "):
            turns += 1
            if turns > 2:
                break
        print(f"  {line}")

    print("The final board:")
    print(final)


if __name__ == "__main__":
    main()

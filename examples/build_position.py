"""Build a position with ``position(...)``, list the legal actions, apply some.

Blue (seat 0) has two boats on Hawaii, which lies just above Tonga. Expanding
there fills Hawaii's two-slot beach, so Blue must then choose the jetty the
full beach sails from; after that, the next tile is drawn (a chance node).
Run it with ``python examples/build_position.py``.
"""

from __future__ import annotations

from tongiaki_rules import Colour, Expand, IllegalActionError, position


def main() -> None:
    """Walk through one expansion and departure in a hand-made position."""
    state = position(
        3,
        tiles=[((0, -1), "hawaii", 0)],  # (position, tile id, rotation); Tonga is at (0, 0)
        boats={
            ((0, 0), 0): "RG",  # (island position, beach index): colour letters
            ((0, -1), 1): "BR",
            ((0, -1), 2): "B",
        },
        to_move=Colour.BLUE,
    )
    print(f"{state.pending.kind.value} decision for seat {state.current_player}:")
    for action in state.legal_actions():
        print(f"  {action!r}")

    try:
        state.apply(Expand((0, 0), (1,)))  # Blue has no boat on Tonga
    except IllegalActionError as error:
        print(f"refused: {error}")

    state = state.apply(Expand((0, -1), (1, 2)))
    print(f"after expanding: Hawaii beach 2 holds {state.beach((0, -1), 2).boats}")
    print(f"{state.pending.kind.value} decision, options:")
    for action in state.legal_actions():
        print(f"  {action!r}")

    state = state.apply(state.legal_actions()[0])
    group = state.group
    assert state.is_chance_node and group is not None
    print(f"the group {group.colours} heads for the empty hex {group.position}")
    draw, probability = state.chance_outcomes()[0]
    print(f"chance node: {state.pile.size} tiles in the pile, e.g. {draw} with p={probability:.3f}")


if __name__ == "__main__":
    main()

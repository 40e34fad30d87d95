"""AMB-25's certificates against brute force (engine/outlook.py).

``quiet_landing`` says whether a landing can be finished without filling a
beach; here every order of berthing the engine allows (LAND-2, LAND-4, AMB-16)
is tried instead, on random beaches, groups and served beaches.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tongiaki_rules import ORIGIN, STANDARD_TILES, position
from tongiaki_rules import _engine as E

TUBUAI = (0, -1)
ISLANDS = [t for t in STANDARD_TILES.pile if t.is_island]


def some_landing_fills_nothing(w: E.Work) -> bool:
    """Every sequence of berths and boats sent home the landing offers, until the group is in."""
    assert w.at is not None
    i = w.where[w.at]
    if not w.group:
        slots = w.cfg.tiles.slots[w.tiles[i][1]]
        return all(len(beach) < n for beach, n in zip(w.boats[i], slots, strict=True))
    options, may_return = w.land_options()
    if not options:
        return False  # no free slot: the rest go home, and every beach was full before
    for b in options:
        for c in sorted(set(w.group)):
            nxt = E.Work(w)
            group = list(nxt.group)
            group.remove(c)
            nxt.group = tuple(group)
            beaches = list(nxt.boats[i])
            beaches[b] = (*beaches[b], c)
            nxt.boats[i] = tuple(beaches)
            nxt.served |= 1 << b
            if some_landing_fills_nothing(nxt):
                return True
    if may_return:
        nxt = E.Work(w)
        nxt.group = nxt.group[1:]
        if some_landing_fills_nothing(nxt):
            return True
    return False


@st.composite
def landings(draw: st.DrawFn) -> tuple[E.Work, int]:
    tile = draw(st.sampled_from(ISLANDS))
    slots = [b.slots for b in tile.beaches]
    held = [draw(st.integers(0, n - 1)) for n in slots]
    boats = {(TUBUAI, b): "R" * k for b, k in enumerate(held) if k}
    k = draw(st.integers(1, 5))
    state = position(
        2,
        tiles=[(TUBUAI, tile.id, 0)],
        boats={**boats, (ORIGIN, 0): "B"},
        group="B" * k,
        group_at=TUBUAI,
        origin=ORIGIN,
    )
    w = E.Work(state)
    served = draw(st.integers(0, (1 << len(slots)) - 1))
    open_beaches = [b for b in range(len(slots)) if held[b] < slots[b]]
    w.served = sum(1 << b for b in open_beaches if served >> b & 1)
    return w, k


@given(landings())
@settings(max_examples=300, deadline=None)
def test_quiet_landing_agrees_with_every_order_of_berthing(case: tuple[E.Work, int]) -> None:
    w, k = case
    if w.phase != E.LAND or len(w.group) != k:
        return  # the landing resolved itself: nothing to choose
    i = w.where[w.at] if w.at is not None else -1
    assert w.quiet_landing(i, k, w.served) == some_landing_fills_nothing(w)

"""One step of the engine, from a state to its successor, and the freezing of the result.

The public :meth:`~tongiaki_rules.GameState.apply` checks its action
(interpreted, so a hostile argument always meets our checks) and hands the
legal action it found to :func:`step`, which copies the state into a
:class:`~.work.Work`, applies the action, settles what needs no choice and
freezes the result into a new state. In the optional compiled build this
module is compiled with the rest of the engine, so the whole step runs
natively; its callers pass only values the state has already checked.

The new state is built field by field through the slots of the state class
(:func:`bind_state_class` hands them over once), which skips the interpreted
``__init__`` that attrs generates, in the compiled build only: it builds the
same value (every field, the caches, the cached hash unset) and is faster
there, while in pure Python the attrs ``__init__`` is the faster of the two.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from operator import is_
from typing import TYPE_CHECKING, Final

from .work import Work

if TYPE_CHECKING:
    from .._state import GameState
    from ..actions import Action
    from ..events import Event
    from ..hexgrid import Hex

_NATIVE: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))

_Setter = Callable[[object, object], None]


class _StateClass:
    """The state class and the setters of its slots (one instance, bound by the state module)."""

    __slots__ = ("cls", "setters")

    def __init__(self) -> None:
        self.cls: type[GameState] | None = None
        self.setters: tuple[_Setter, ...] = ()


_BOUND: Final = _StateClass()


def bind_state_class(cls: type[GameState], setters: tuple[_Setter, ...]) -> None:
    """Hand over the state class and the ``__set__`` of each of its slots, in field order.

    The state module declares the fields (``GameState``'s attrs fields, the one
    place they are written) and binds them here on import (``_state.STATE_SLOTS``).
    """
    _BOUND.cls = cls
    _BOUND.setters = setters


def step(
    state: GameState, action: Action, log: list[Event] | None, look_ahead: bool = True
) -> GameState:
    """The state after the legal ``action`` (already checked), with everything forced settled.

    Without ``look_ahead``, a :func:`preview`.
    """
    w = Work(state)
    w.log = log
    w.apply(action)
    legal = w.settle(look_ahead)
    w.log = None
    return freeze(w, legal, state)


def preview(state: GameState, action: Action) -> GameState:
    """The state after the offered ``action`` as a bot rates it, without the look-ahead's verdict.

    The same as :func:`step` but where the step ends at a departure, a
    landing or a placement with two or more legal choices: :func:`step`
    plays the only one of them after which the turn can still end (AMB-25)
    for the player, and looks ahead to know whether that is so; here the
    decision is left as it stands, its list unread. The two differ only when
    exactly one choice can end the turn, which random and bot play almost
    never meet, so a heuristic bot rates its options by this cheaper step
    (:class:`~tongiaki_rules.bots.GreedyBot`). A preview is never a position
    of the game: it is rated and dropped.
    """
    return step(state, action, None, False)


def step_offered(state: GameState, action: object) -> GameState | None:
    """The state after ``action`` if it is the very object of the state's kept legal list.

    ``None`` otherwise (a copy, a draw, anything else): the caller checks it
    then. Actions are interned, so the fast path is the common one.
    """
    legal = state._legal
    if legal is not None:
        for offered in legal:
            if offered is action:
                return step(state, offered, None)
        return None
    sampled = _just_sampled(state, action)
    return None if sampled is None else step(state, sampled, None)


def offered_action(state: GameState, action: Action) -> Action | None:
    """The offered action equal to ``action``, or ``None``; the state's list need not be read.

    Whether one action is offered needs its own case only (and the others'
    only when it cannot end the turn): see :meth:`.finite.FiniteChoices.offers`.
    """
    sampled = _just_sampled(state, action)
    if sampled is not None:
        return sampled
    w = Work(state)
    unread = state._unread
    raw = w.legal() if unread is None else list(unread[0])
    for legal in raw:
        if legal is action or legal == action:
            return legal if w.offers(legal, raw) else None
    return None


SAMPLE_TRIES: Final = 4
"""How many raw moves :func:`sampled_action` tries before it reads the whole list."""

_sampled: tuple[GameState, Action] | None = None
"""The last move :func:`sampled_action` drew from an unread list, with its state: applying
it next (the common case) need not settle its case again. One entry, replaced whole."""


def _just_sampled(state: GameState, action: object) -> Action | None:
    """``action`` if it is the move :func:`sampled_action` has just drawn in ``state`` (so
    offered), else ``None``."""
    last = _sampled
    return last[1] if last is not None and last[0] is state and last[1] is action else None


def sampled_action(state: GameState, pick: Callable[[list[Action]], Action]) -> Action:
    """One of the state's legal actions, ``pick`` choosing uniformly; the list need not be read.

    A decision whose list is not read yet keeps the engine's raw list
    (:func:`freeze`). A raw move drawn uniformly and kept only when it is
    offered is a uniform draw from the offered moves; and when every raw move
    is offered (almost always) the first draw is kept, and it is the move
    ``pick`` would have drawn from the whole list. After :data:`SAMPLE_TRIES`
    refused draws the whole list is read and drawn from, which is uniform too.
    """
    unread = state._unread
    if unread is not None:
        raw = list(unread[0])
        w = Work(state)
        for _ in range(SAMPLE_TRIES):
            action = pick(raw)
            if _offered_raw(state, w, raw, unread, action):
                return action
    return pick(list(state.legal_actions()))


def raw_moves(state: GameState) -> tuple[Action, ...]:
    """The moves of the decision as the engine lists them, before AMB-25's look-ahead.

    The legal list itself once it is worked out; else the raw list the
    state kept, of which each move is offered unless the look-ahead finds
    that the turn cannot end after it while another move can
    (:func:`is_offered` tells).
    """
    legal = state._legal
    if legal is not None:
        return legal
    unread = state._unread
    return unread[0] if unread is not None else state.legal_actions()


def is_offered(state: GameState, action: Action) -> bool:
    """Is ``action``, one of :func:`raw_moves`, among the state's legal actions?

    It costs that move's own case only, as :func:`sampled_action` does;
    a move found offered is remembered, so applying it next takes the fast path.
    """
    legal = state._legal
    if legal is not None:
        return any(action is a for a in legal)
    unread = state._unread
    if unread is None:  # pragma: no cover - raw_moves read the list then
        return any(action is a for a in state.legal_actions())
    return _offered_raw(state, Work(state), list(unread[0]), unread, action)


def _offered_raw(
    state: GameState,
    w: Work,
    raw: list[Action],
    unread: tuple[tuple[Action, ...], int, tuple[Action, ...]],
    action: Action,
) -> bool:
    """Is the raw move ``action`` offered? What the state's making found first, else its case."""
    global _sampled
    looked, kept = unread[1], unread[2]
    if any(action is k for k in kept):
        offered = True  # found to end the turn when the state was made
    elif any(action is a for a in raw[:looked]):
        offered = False  # looked at then: it cannot end the turn, and two others can
    else:
        offered = w.offers(action, raw)
    if offered:
        _sampled = (state, action)
    return offered


def settled(state: GameState) -> GameState:
    """``state`` with its automatic steps resolved (the constructors' last step)."""
    w = Work(state)
    legal = w.settle()
    return freeze(w, legal, state)


def freeze(w: Work, legal: list[Action], parent: GameState | None) -> GameState:
    """The scratch copy as a new state; the parent's tuples are reused where unchanged."""
    boats = tuple(w.boats)
    reserve = tuple(w.reserve)
    unread = w.unread
    full: tuple[tuple[Hex, int], ...] | None = tuple(w.full)
    if parent is not None:  # fewer new objects per state
        parent_boats = parent.boats_
        if len(parent_boats) == len(boats) and all(map(is_, boats, parent_boats)):
            boats = parent_boats
        if reserve == parent.reserve_:
            reserve = parent.reserve_
        parent_full = parent._full
        if full == parent_full:
            full = parent_full
    # a tuple of objects, not of the fields' types: mypyc would keep a typed fixed-length
    # tuple unboxed and box all of it again at every indexing in the loop below
    values: tuple[object, ...] = (
        w.cfg,
        w.tiles,
        boats,
        w.kings,
        w.removed,
        w.pile,
        reserve,
        w.out,
        w.founded,
        w.agent,
        w.phase,
        w.group,
        w.at,
        w.entry,
        w.origin,
        w.turn_origin,
        w.drawn,
        w.tile,
        w.purpose,
        w.served,
        w.ended,
        w.setup_firsts,
        w.setup_count,
        w.chain,
        full,
        w.where,
        None if unread else tuple(legal),  # an unread list is worked out when it is read
        (tuple(legal), *unread) if unread else None,  # from the raw list, kept here
    )
    cls = _BOUND.cls
    assert cls is not None, "the state module binds its class on import"
    if not _NATIVE:
        make: Callable[..., GameState] = cls  # the values are in field order (_state.STATE_SLOTS)
        return make(*values)
    state = object.__new__(cls)
    setters = _BOUND.setters
    for k in range(len(values)):
        setters[k](state, values[k])
    setters[len(values)](state, None)  # the cached hash: not computed yet
    return state

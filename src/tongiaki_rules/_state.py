"""The game state: an immutable, hashable value that applies actions and resolves chance.

:class:`GameState` is the contract a front end plays through (legal actions,
``apply``, chance nodes, the end and the scores), built by :func:`new_game`.
Its read-only queries are in :mod:`.queries` (its base class), the views they
return in :mod:`.views` and the per-game settings in :mod:`.config`; every one
of those names can still be imported from here.

>>> from tongiaki_rules import new_game
>>> state = new_game(3)
>>> state.pending.kind
DecisionKind.SETUP
>>> state.current_player
0
>>> after = state.apply(state.legal_actions()[0])
>>> after.current_player, state.current_player  # the old state is unchanged
(1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final

import attrs

from . import _engine
from ._config import DEFAULT_RULES as DEFAULT_RULES
from ._config import GameConfig as GameConfig
from ._config import check_settings as check_settings
from ._engine import chance as _chance
from ._engine import freeze as _freeze
from ._queries import PositionQueries
from ._standard_tiles import STANDARD_TILES
from .actions import ACTION_TYPES, Action, Draw
from .colours import BOATS_PER_COLOUR, COLOURS
from .errors import IllegalActionError, SettingsError, shown
from .hexgrid import ORIGIN, Hex
from .rules import Rules
from .tiles import TileSet
from .views import COMPILED as COMPILED
from .views import BeachView as BeachView
from .views import CompactView as CompactView
from .views import DecisionKind as DecisionKind
from .views import GroupView as GroupView
from .views import IslandView as IslandView
from .views import Pending as Pending
from .views import PileView as PileView
from .views import PlacedTile as PlacedTile

if TYPE_CHECKING:
    from ._scoring import Outcome
    from .events import Event


_KIND_OF_PHASE = (
    DecisionKind.SETUP,
    DecisionKind.TURN,
    DecisionKind.DEPARTURE,
    DecisionKind.DRAW,
    DecisionKind.PLACE_TILE,
    DecisionKind.BERTH,
    DecisionKind.GAME_OVER,
)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class GameState(PositionQueries):
    """A complete game position. Immutable; ``apply`` returns a new state.

    Build one with :func:`new_game` or :func:`~tongiaki_rules.position`.
    The fields ending in ``_`` are the engine's compact representation; use
    the read-only queries (``islands``, ``reserve()``, ``pending``, ...).

    >>> state = new_game(2)
    >>> state == new_game(2), hash(state) == hash(new_game(2))
    (True, True)
    """

    config: GameConfig
    tiles_: tuple[tuple[Hex, int, int], ...]
    boats_: tuple[tuple[tuple[int, ...], ...], ...]
    kings_: tuple[int, ...]
    removed_: tuple[int, ...]
    pile_: tuple[int, ...]
    reserve_: tuple[int, ...]
    out_: tuple[int, ...]
    founded_: tuple[int, ...]
    agent_: int
    phase_: int
    group_: tuple[int, ...]
    at_: Hex | None
    entry_: int
    origin_: Hex | None
    turn_origin_: Hex | None
    drawn_: int
    tile_: int
    purpose_: int
    served_: int
    ended_: bool
    setup_firsts_: tuple[int, ...]
    setup_count_: int
    chain_: tuple[tuple[object, ...], ...] = ()
    """The departures of this turn since the last draw, as ``(boats, island, beach, jetty)``.

    Their ``boats`` are the positions the chain has reached (AMB-25): no choice
    is offered that could only come back to one of them, and a chain that no
    choice can end is settled by ``Rules.endless_chain`` when it does.
    """
    _full: tuple[tuple[Hex, int], ...] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_full"
    )
    _where: dict[Hex, int] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_where"
    )
    _legal: tuple[Action, ...] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_legal"
    )
    _unread: tuple[tuple[Action, ...], int, tuple[Action, ...]] | None = attrs.field(
        default=None, eq=False, hash=False, repr=False, alias="_unread"
    )
    """While ``_legal`` is not worked out: the legal actions before AMB-25's look-ahead, how many
    of the first were looked at when the state was made, and those of them that are offered."""

    # ------------------------------------------------------------ engine glue
    def where_(self) -> dict[Hex, int]:
        """Index of the placed tile at each position (engine internal, shared)."""
        where = self._where
        if where is None:
            where = {pos: k for k, (pos, _t, _r) in enumerate(self.tiles_)}
            object.__setattr__(self, "_where", where)
        return where

    def full_(self) -> tuple[tuple[Hex, int], ...]:
        """Full beaches as ``(island position, beach)`` (engine internal, derived)."""
        full = self._full
        if full is None:
            slots = self.config.tiles.slots
            full = tuple(
                sorted(
                    (pos, b)
                    for (pos, t, _r), beaches in zip(self.tiles_, self.boats_, strict=True)
                    for b, beach in enumerate(beaches)
                    if len(beach) == slots[t][b]
                )
            )
            object.__setattr__(self, "_full", full)
        return full

    def drop_caches(self) -> None:
        """Forget what the state derived and keeps (legal list, full beaches, position index).

        Each is rebuilt when next needed, so the state stays equal and
        behaves the same; a search that keeps many states it will not expand
        again saves about a third of their memory (see the performance page).

        >>> state = new_game(2)
        >>> state.drop_caches()
        >>> state == new_game(2), len(state.legal_actions())
        (True, 6)
        """
        object.__setattr__(self, "_legal", None)
        object.__setattr__(self, "_unread", None)
        object.__setattr__(self, "_full", None)
        object.__setattr__(self, "_where", None)

    def _settled(self) -> GameState:
        """Resolve automatic steps from a freshly built state (constructors use this)."""
        return _freeze.settled(self)

    # ------------------------------------------------------------ the contract
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the deciding player, in a fixed order.

        Empty at chance nodes (see :meth:`chance_outcomes`) and at the end.
        The tuple is computed once and kept by the state; being a tuple, it
        cannot be changed by the caller (``list(...)`` gives a copy to edit).

        >>> new_game(2).legal_actions()[:2]
        (SetupPlace(beach=0), SetupPlace(beach=1))
        """
        legal = self._legal
        if legal is None:
            if self.phase_ in (_engine.DRAW, _engine.OVER):
                legal = ()
            else:
                unread = self._unread  # the engine's raw list, kept when the state was made
                work = _engine.Work(self)
                legal = tuple(
                    work.offered()
                    if unread is None
                    else work.finite_choices(list(unread[0]), unread[1:])
                )
            object.__setattr__(self, "_legal", legal)
            object.__setattr__(self, "_unread", None)
        return legal

    def apply(self, action: Action) -> GameState:
        """The state after ``action`` (a decision, or a :class:`Draw` at a chance node).

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` (a
        ``ValueError``) naming the broken rule if the action is not legal; this
        state is left unchanged.

        >>> state = new_game(2)
        >>> state.apply(SetupPlace(0)).reserve(Colour.BLUE)
        14
        """
        after = _freeze.step_offered(self, action)  # the very action offered: legal
        if after is None:
            after = _freeze.step(self, self._canonical(action), None)
        return after

    def _moves(self) -> tuple[Action, ...]:
        """The decision's moves before AMB-25's look-ahead, for a bot that checks only its pick.

        :meth:`legal_actions` once it is worked out; else the engine's raw
        list, in the same order, of which :meth:`_offers` tells whether a
        move is legal (nearly always: the look-ahead refuses a move only
        where the turn could not end after it while another move can).
        Reading the whole legal list costs every move's look-ahead; checking
        the move a bot picked costs its own.
        """
        return _freeze.raw_moves(self)

    def _offers(self, action: Action) -> bool:
        """Is ``action``, one of :meth:`_moves`, legal? (See :meth:`_moves`.)"""
        return _freeze.is_offered(self, action)

    def _preview(self, action: Action) -> GameState:
        """What a bot rates ``action`` by: :meth:`apply`, but nothing played for the player after.

        ``action`` must be one of :meth:`legal_actions` (not checked: bots
        pass what the list offered). Where :meth:`apply` would play the only
        choice of the next decision that can still end the turn (AMB-25), the
        preview stops at that decision; the look-ahead that finds it is what
        it saves. Not a position of the game: rate it and drop it
        (:func:`.engine.freeze.preview`).
        """
        return _freeze.preview(self, action)

    def apply_with_events(self, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """Like :meth:`apply`, and also what happened, in order (see :mod:`.events`).

        >>> pile = ["hawaii", "samoa", "ocean-a"]
        >>> state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=pile)
        >>> after, events = state.apply_with_events(Draw("hawaii"))
        >>> [type(e).__name__ for e in events]
        ['TileDrawn', 'TilePlaced', 'Landed']
        """
        canonical = self._canonical(action)
        log: list[Event] = []
        return _freeze.step(self, canonical, log), tuple(log)

    def _canonical(self, action: Action) -> Action:
        """The legal action equal to ``action`` (raises IllegalActionError if none).

        Only a value of one of the action classes can match, and only field by
        field with the same types (the action classes check their fields).
        """
        if type(action) not in _ACTION_TYPES:
            raise IllegalActionError(
                f"action must be one of the action classes (SetupPlace, Expand, ...), "
                f"not {type(action).__name__} {shown(action)}"
            )
        if self.phase_ == _engine.DRAW:
            tiles = self.config.tiles
            t = (
                tiles.index.get(action.tile)
                if type(action) is Draw and type(action.tile) is str
                else None
            )
            if t is None or t not in self.pile_:
                raise _illegal(self, action)
            draw: Draw = tiles.draws[t]
            return draw
        if self._legal is None and self.phase_ != _engine.OVER:
            # the list is not worked out yet: settle this one action's case alone
            found = _freeze.offered_action(self, action)
            if found is None:
                raise _illegal(self, action)
            return found
        legal = self.legal_actions()
        if any(map(is_, legal, repeat(action))):
            return action  # the very object offered (actions are interned): fast path
        for offered in legal:
            if offered == action:
                return offered  # the canonical object, so later checks can use identity
        raise _illegal(self, action)

    def refusal(self, action: object) -> IllegalActionError | None:
        """Why ``action`` is not legal here (the error :meth:`apply` raises), or ``None``.

        >>> new_game(2).refusal(SetupPlace(9)).clause
        'SETUP-4'
        """
        try:
            self._canonical(action)  # type: ignore[arg-type]
        except IllegalActionError as error:
            return error
        return None

    @property
    def is_chance_node(self) -> bool:
        """True when the next step is a tile draw."""
        return self.phase_ == _engine.DRAW

    def chance_outcomes(self) -> list[tuple[Draw, float]]:
        """The possible draws with their probabilities (copies left / tiles left).

        A fresh list at every call (the caller may change it), empty when the
        state is not a chance node.

        >>> from tongiaki_rules import position
        >>> state = position(2, boats={(ORIGIN, 0): "BRB"}, pile=["hawaii", "ocean-a"])
        >>> state.is_chance_node  # the full beach has one jetty: it sails at once
        True
        >>> state.chance_outcomes()
        [(Draw(tile='hawaii'), 0.5), (Draw(tile='ocean-a'), 0.5)]
        """
        if self.phase_ != _engine.DRAW:
            return []
        return _chance.outcomes(self.config.tiles.draws, self.pile_)

    def sample_chance(self, rng: random.Random) -> Draw:
        """Draw a tile at random from the pile, as a shuffled pile would give it.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` when the state
        is not a chance node and :class:`~tongiaki_rules.errors.SettingsError`
        when ``rng`` is not a :class:`random.Random`.

        >>> import random
        >>> new_game(2).sample_chance(random.Random(1))
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.IllegalActionError: not a chance node: nothing is being drawn
        """
        _check_rng(rng)
        if self.phase_ != _engine.DRAW:
            raise IllegalActionError("not a chance node: nothing is being drawn")
        draw: Draw = self.config.tiles.draws[rng.choice(self.pile_)]
        return draw

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly at random with ``rng``, for random players and rollouts.

        The same draw as ``rng.choice(state.legal_actions())``, without
        working out the whole list when it is not read yet: a raw move is
        drawn and kept if it is offered (AMB-25: whether a move is offered
        costs its own case, the whole list costs every move's). When every
        raw move is offered, as nearly always, the move and the random
        numbers used are those of ``rng.choice(state.legal_actions())``;
        otherwise the draw is still uniform over the legal actions.

        Raises :class:`~tongiaki_rules.errors.IllegalActionError` at a chance
        node or at the end, and :class:`~tongiaki_rules.errors.SettingsError`
        when ``rng`` is not a :class:`random.Random`.

        >>> import random
        >>> state = new_game(2).apply(SetupPlace(0))
        >>> state.sample_action(random.Random(3)) in state.legal_actions()
        True
        """
        _check_rng(rng)
        if self.phase_ == _engine.DRAW:
            raise IllegalActionError("a chance node: nobody decides, a tile is drawn")
        if self.phase_ == _engine.OVER:
            raise IllegalActionError("the game is over: nobody decides")
        return _freeze.sampled_action(self, rng.choice)

    def resolve_chance(self, rng: random.Random) -> GameState:
        """Apply random draws until a player must decide or the game is over.

        For front ends that do not model the pile themselves.

        >>> import random
        >>> new_game(2).resolve_chance(random.Random(1)).is_chance_node
        False
        """
        _check_rng(rng)
        state = self
        while state.phase_ == _engine.DRAW:
            state = state.apply(state.sample_chance(rng))
        return state

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase_ == _engine.OVER

    @property
    def current_player(self) -> int | None:
        """Seat that must decide now; ``None`` at chance nodes and at the end (TURN-2)."""
        if self.phase_ == _engine.DRAW or self.phase_ == _engine.OVER:
            return None
        return self.config.agent_seats[self.agent_]

    def scores(self) -> tuple[int, ...]:
        """Points of each seat, in seat order (SCORE-1..3). Defined at any time."""
        from ._scoring import seat_scores

        return seat_scores(self)

    def outcome(self) -> Outcome | None:
        """Scores, ranking and the tie-break that decided, once the game is over."""
        from ._scoring import outcome

        return outcome(self) if self.is_terminal else None

    # ------------------------------------------------------------ queries (more in PositionQueries)
    @property
    def pending(self) -> Pending:
        """What the state waits for: the kind of decision and who makes it."""
        kind = _KIND_OF_PHASE[self.phase_]
        group = tuple(COLOURS[c] for c in self.group_)
        tile = (
            self.config.tiles.kinds[self.tile_].id
            if self.phase_ == _engine.PLACE and self.tile_ >= 0
            else None
        )
        island = self.at_ if self.phase_ == _engine.LAND else None
        return Pending(kind, self.current_player, COLOURS[self.agent_], tile, island, group)

    def __str__(self) -> str:
        """A plain-text picture of the position for terminals (see :mod:`.textview`)."""
        from ._textview import render_text

        return render_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, so notebooks show it (see :func:`~tongiaki_rules.svg.render_svg`)."""
        from .svg import render_svg

        return render_svg(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The state as JSON text, in the documented, versioned schema (see :mod:`.record`).

        >>> text = new_game(2).to_json()
        >>> GameState.from_json(text) == new_game(2)
        True
        """
        from .record import state_to_json

        return state_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """A state from :meth:`to_json` text, fully validated (see :mod:`.record`)."""
        from .record import state_from_json

        return state_from_json(text)

    def to_position_code(self) -> str:
        """The state as a one-line, URL-safe position code (see :mod:`.position_code`).

        With the standard tiles, a code without a chain of departures stays
        under 360 characters and 99.95 % of the states of random games under
        400 (the measured figures are on the "Position codes" reference page);
        a custom tile set has no code (use :meth:`to_json`).

        >>> new_game(2).to_position_code()
        'T1_20_sB_to000'
        """
        from .position_code import position_code

        return position_code(self)

    @classmethod
    def from_position_code(cls, code: str) -> GameState:
        """A state from a :meth:`to_position_code` code, fully validated.

        Raises :class:`~tongiaki_rules.errors.PositionCodeError` naming the
        part of the code that is wrong.

        >>> GameState.from_position_code("T1_20_sB_to000") == new_game(2)
        True
        """
        from .position_code import state_from_position_code

        return state_from_position_code(code)

    def __repr__(self) -> str:
        """One line: with the standard tiles, the call that rebuilds the state from its code.

        >>> new_game(2)
        GameState.from_position_code('T1_20_sB_to000')

        A state with a custom tile set has no position code; its repr says
        who is to move and how many tiles are on the table and in the pile.
        """
        if self.config.tiles == STANDARD_TILES:
            return f"GameState.from_position_code({self.to_position_code()!r})"
        p = self.pending
        who = (
            "chance"
            if p.player is None
            else f"seat {p.player} ({p.colour.name.lower() if p.colour is not None else '-'})"
        )
        return (
            f"<GameState {p.kind.value} by {who}; {len(self.tiles_)} tiles on the table, "
            f"{len(self.pile_)} in the pile, custom tiles>"
        )


_ACTION_TYPES = frozenset(ACTION_TYPES)
STATE_SLOTS: Final = (*(field.name for field in attrs.fields(GameState)), "_attrs_cached_hash")
"""Every slot a state sets, in the order of its fields (the cached hash last).

``GameState``'s fields above are the one place a position's parts are declared: the
engine's scratch copy reads each of them (``_engine/board.py``) and its freeze writes
them back in this order (``_engine/freeze.py``); ``tests/core/test_build.py`` checks
both against this tuple.
"""

# the engine builds each successor state (_engine/freeze.py): it gets the class and its slots
_freeze.bind_state_class(GameState, tuple(GameState.__dict__[name].__set__ for name in STATE_SLOTS))


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise SettingsError(f"rng must be a random.Random, not {shown(rng)}")


def _illegal(state: GameState, action: Any) -> IllegalActionError:
    from ._engine.refusals import broken_rule
    from ._explain import refusal_words

    work = _engine.Work(state)
    return IllegalActionError(*refusal_words(state, action, lambda a: broken_rule(work, a)))


def initial_state(config: GameConfig) -> GameState:
    """The position before the first setup boat (engine internal)."""
    agents = len(config.agent_seats)
    start = config.tiles.start
    state = GameState(
        config=config,
        tiles_=((ORIGIN, 0, 0),),
        boats_=(tuple(() for _ in start.beaches),),
        kings_=(_engine.NO_KING,),
        removed_=(),
        pile_=config.tiles.pile_indices,
        reserve_=(BOATS_PER_COLOUR,) * agents,
        out_=(0,) * agents,
        founded_=(0,) * agents,
        agent_=config.order[0],
        phase_=_engine.SETUP,
        group_=(),
        at_=None,
        entry_=0,
        origin_=None,
        turn_origin_=None,
        drawn_=0,
        tile_=-1,
        purpose_=_engine.VOYAGE,
        served_=0,
        ended_=False,
        setup_firsts_=(-1,) * agents,
        setup_count_=0,
    )
    return state._settled()


def new_game(
    num_players: int,
    rules: Rules = DEFAULT_RULES,
    *,
    tiles: TileSet = STANDARD_TILES,
    start_player: int = 0,
) -> GameState:
    """A new game at its first setup decision (SETUP-1..6).

    Seat ``i`` plays colour ``i`` (blue, red, green, yellow, orange, purple);
    ``start_player`` is the youngest player's seat (SETUP-3). The pile is not
    shuffled: every draw is a chance node.

    >>> state = new_game(4)
    >>> state.pile.islands, state.pile.oceans
    (15, 16)
    """
    config = GameConfig.make(num_players, rules, tiles, start_player)
    state = initial_state(config)
    if not state.legal_actions():
        # without a first setup placement that leaves room for all the others the
        # game could only start finished; with distinct beaches (AMB-29) the engine
        # offers only placements after which setup can still be completed
        raise SettingsError(
            f"tiles: the setup boats of {num_players} players cannot all be placed on "
            f"{tiles.start.name} with these rules [SETUP-5]"
        )
    return state


def play_random_game(
    num_players: int,
    seed: int | None = None,
    rules: Rules = DEFAULT_RULES,
    *,
    tiles: TileSet = STANDARD_TILES,
) -> Sequence[GameState]:
    """Play one game with uniformly random decisions and draws; return every state.

    >>> states = play_random_game(3, seed=7)
    >>> states[-1].is_terminal
    True
    """
    if seed is not None and type(seed) is not int:
        raise SettingsError(f"seed must be an int or None, not {shown(seed)}")
    state = new_game(num_players, rules, tiles=tiles)
    rng = random.Random(seed)
    states = [state]
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states

"""Tell the story of a game in words, one line per notable event.

:func:`narrate` builds the account from the events the engine reports for
each step (:meth:`GameState.apply_with_events`), so it is exact for any
recorded game; ``tongiaki replay`` and ``tongiaki play`` print it.
:func:`play_game` plays one seeded game between random players:

>>> states, actions = play_game(3, seed=5)
>>> lines = list(narrate(states, actions))
>>> lines[0]
'Players: 3 -- seat 0 Blue, seat 1 Red, seat 2 Green; seat 0 (Blue) starts'
>>> any(line.startswith("Winner") or line.startswith("Shared") for line in lines)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from .actions import (
    Action,
    Depart,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    Recolonize,
    SetupPlace,
)
from .bots.checks import seed_option
from .colours import Colour
from .errors import InvalidPositionError, RecordError, SettingsError
from .events import (
    BeachFilled,
    Berthed,
    BoatsReturned,
    Bounced,
    Departed,
    EndTriggered,
    Event,
    GameEnded,
    IslandRemoved,
    Landed,
    Recolonized,
    TileDrawn,
    TilePlaced,
    VoyageFailed,
)
from .hexgrid import DIRECTION_NAMES, ORIGIN, Hex
from .rules import EndTrigger, Rules
from .scoring import TieBreak
from .state import DecisionKind, GameState, new_game

__all__ = ["Narrator", "narrate", "play_game"]


def play_game(
    num_players: int, seed: int, rules: Rules | None = None
) -> tuple[list[GameState], list[Action]]:
    """Play one game between random bots; return every state and every action.

    ``states[k + 1] == states[k].apply(actions[k])``. Decisions are uniform
    choices among the legal actions, draws come from ``state.sample_chance``;
    both use a single ``random.Random(seed)``.

    A ``seed`` that is not a whole number, or ``rules`` that are not a
    :class:`~tongiaki_rules.rules.Rules`, raise
    :class:`~tongiaki_rules.errors.SettingsError`.

    >>> states, actions = play_game(2, seed=3)
    >>> states[-1].is_terminal, len(states) == len(actions) + 1
    (True, True)
    """
    seed_option("play_game", seed)
    if seed is None:
        raise SettingsError("play_game: seed must be a whole number, not None")
    if rules is not None and not isinstance(rules, Rules):
        raise SettingsError(f"play_game: rules must be a Rules or None, not {type(rules).__name__}")
    rng = random.Random(seed)
    state = new_game(num_players, rules if rules is not None else Rules())
    states = [state]
    actions: list[Action] = []
    while not state.is_terminal:
        action: Action
        if state.is_chance_node:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


# ---------------------------------------------------------------- formatting


def _name(colour: Colour) -> str:
    return colour.name.capitalize()


def _names(colours: Iterable[Colour]) -> str:
    """``Blue x2, Red`` for a group of boats, in colour order."""
    counts = Counter(colours)
    if not counts:
        return "none"
    return ", ".join(_name(c) if n == 1 else f"{_name(c)} x{n}" for c, n in sorted(counts.items()))


def _pos(position: Hex) -> str:
    return f"({position[0]}, {position[1]})"


def _seat(state: GameState, seat: int) -> str:
    """``seat 1 Red`` (or ``seat 1 Red+Yellow`` in the two-colour variant)."""
    colours = [c for c in state.colours if state.seat_of(c) == seat]
    return f"seat {seat} {'+'.join(_name(c) for c in colours)}"


def _beach_list(beaches: Sequence[int]) -> str:
    word = "beach" if len(beaches) == 1 else "beaches"
    return f"{word} {', '.join(str(b) for b in beaches)}"


def _flag(value: object) -> str:
    return str(getattr(value, "value", value))


# ---------------------------------------------------------------- narration


def _island_name(states: Sequence[GameState], pos: Hex) -> str:
    """The name of the island at ``pos`` in the first of ``states`` that has one there."""
    for state in states:
        view = state.island_at(pos)
        if view is not None:
            return f"{view.tile.name} {_pos(pos)}"
    return f"the island at {_pos(pos)}"


def _tile_name(state: GameState, tile_id: str) -> str:
    tile = state.config.tiles.tile(tile_id)
    return tile.name


def _turn_action(before: GameState, action: Action, events: Sequence[Event]) -> str:
    """What the turn action did, in words."""

    def where(pos: Hex) -> str:
        return _island_name([before], pos)

    if isinstance(action, Expand):
        return f"expands on {where(action.island)}, {_beach_list(action.beaches)}"
    if isinstance(action, ExpandFromBoard):
        return (
            f"reserve empty: moves a boat from {where(action.source)} beach "
            f"{action.source_beach} to {where(action.island)} beach {action.beach}"
        )
    if isinstance(action, FoundRoyal):
        home = sum(len(e.boats) for e in events if isinstance(e, BoatsReturned))
        rest = f", {_count(home)} back to the reserve" if home else ""
        return f"founds a royal island on {where(action.island)} (one boat on the statue{rest})"
    if isinstance(action, PlaceNewBoats):
        return (
            f"has no boats in play: new boats on {where(action.island)}, "
            f"{_beach_list(action.beaches)}"
        )
    taken = next((e.removed for e in events if isinstance(e, Recolonized)), 0)
    return f"New Colonisation: takes {_count(taken)} off the board"


class _Narrator:
    """Turns the events of each step into lines; keeps what spans several steps."""

    def __init__(self) -> None:
        self.turn = 0
        self.setup: dict[Colour, list[int]] = {}
        self.landing: tuple[str, list[tuple[Colour, int]]] | None = None
        self.drawn: str | None = None
        self.colonising = False

    def header(self, state: GameState) -> Iterator[str]:
        seats = ", ".join(_seat(state, s) for s in range(state.num_players))
        start = state.turn_player
        yield (
            f"Players: {state.num_players} -- {seats}; "
            f"seat {start} ({_name(state.turn_colour)}) starts"
        )
        changed = state.rules.changed()
        text = ", ".join(f"{k}={_flag(v)}" for k, v in changed.items()) or "none (defaults)"
        yield f"Rules changed: {text}"

    def footer(self, state: GameState) -> Iterator[str]:
        if self.drawn is not None:
            yield f"  (drew {self.drawn}; not placed yet)"
        outcome = state.outcome()
        if outcome is None:
            scores = ", ".join(f"{_seat(state, s)} {p}" for s, p in enumerate(state.scores()))
            yield f"Game not finished; scores so far: {scores}"
            return
        yield "Final scores:"
        for s in range(state.num_players):
            yield (
                f"  {_seat(state, s)}: {outcome.scores[s]} points, present on "
                f"{_plural(outcome.islands[s], 'island')}, "
                f"{_plural(outcome.boats[s], 'boat')} on the board"
            )
        winners = " and ".join(_seat(state, s) for s in outcome.winners)
        best = outcome.scores[outcome.winners[0]]
        tie = outcome.tiebreak
        if tie is TieBreak.NONE:
            yield f"Winner: {winners} with {best} points (no tie-break needed)"
        else:
            tied = [s for s, p in enumerate(outcome.scores) if p == best]
            others = " and ".join(_seat(state, s) for s in tied if s not in outcome.winners)
            if tie is TieBreak.ISLANDS:
                n = outcome.islands[outcome.winners[0]]
                why = f"tie-break 1, present on the most islands ({n})"
            elif tie is TieBreak.BOATS:
                n = outcome.boats[outcome.winners[0]]
                why = f"tie-break 2, fewest boats on the board ({n})"
            else:
                why = ""
            if why:
                yield f"Winner: {winners} with {best} points, tied with {others}; won on {why}"
            else:
                yield (
                    f"Shared victory: {winners} with {best} points "
                    f"(still tied after both tie-breaks)"
                )

    # ------------------------------------------------------------ one step
    def step(
        self, before: GameState, action: Action, after: GameState, events: Sequence[Event]
    ) -> Iterator[str]:
        """The lines for one transition, from the events the engine reported for it."""
        states = (before, after)
        kind = before.pending.kind
        if kind is DecisionKind.SETUP:
            assert isinstance(action, SetupPlace)
            self.setup.setdefault(before.turn_colour, []).append(action.beach)
            if after.pending.kind is not DecisionKind.SETUP:
                placed = "; ".join(
                    f"{_name(c)} {', '.join(str(b) for b in beaches)}"
                    for c, beaches in self.setup.items()
                )
                yield f"Setup boats on Tonga {_pos(ORIGIN)}: {placed}"
            return
        if kind is DecisionKind.TURN:
            self.turn += 1
            self.colonising = isinstance(action, Recolonize)
            yield (
                f"Turn {self.turn}, {_seat(before, before.turn_player)}: "
                f"{_turn_action(before, action, events)}"
            )
        chosen = isinstance(action, Depart)
        for event in events:
            # a landing goes on through its berths, the beaches they fill and
            # the boats that find no free slot; anything else means it is over
            if not isinstance(event, Berthed | BeachFilled | BoatsReturned) or (
                isinstance(event, BoatsReturned) and event.reason != "no free slot"
            ):
                yield from self.flush_landing()
            yield from self.line(states, event, chosen)
            if isinstance(event, Departed):
                chosen = False  # later departures in this step were forced

    def line(self, states: Sequence[GameState], event: Event, chosen: bool) -> Iterator[str]:
        """The line(s) for one event (some events only update the narrator)."""
        if isinstance(event, Departed):
            jetty = DIRECTION_NAMES[event.jetty]
            how = "" if chosen else " (forced)"
            yield (
                f"  {_island_name(states, event.island)} beach {event.beach} sails by its "
                f"{jetty} jetty{how}: {_names(event.boats)}"
            )
        elif isinstance(event, TileDrawn):
            self.drawn = event.tile
        elif isinstance(event, TilePlaced):
            name = _tile_name(states[0], event.tile)
            purpose = " to colonise" if self.colonising else ""
            free = ", placed freely" if event.free and not self.colonising else ""
            self.drawn = None
            yield (
                f"  draws {name}{purpose}: placed at {_pos(event.position)}, "
                f"rotation {event.rotation}{free}"
            )
        elif isinstance(event, VoyageFailed):
            yield (
                f"  the voyage fails at {_pos(event.position)}: the route needs "
                f"{event.needed} colours, the group has {event.colours}"
            )
        elif isinstance(event, BoatsReturned):
            if event.reason in ("royal island", "voyage failed"):
                if event.reason == "voyage failed":
                    yield f"  {_names(event.boats)} back to the reserve"
            elif event.reason == "no free slot":
                yield f"  no free slot: {_names(event.boats)} back to the reserve"
            else:
                yield f"  {_names(event.boats)} back to the reserve ({event.reason})"
        elif isinstance(event, Bounced):
            yield (
                f"  reaches royal {_island_name(states, event.royal_island)} and turns back "
                f"to {_island_name(states, event.back_to)}"
            )
        elif isinstance(event, Landed):
            self.landing = (_island_name(states, event.island), [])
        elif isinstance(event, Berthed):
            if self.landing is not None:
                self.landing[1].append((event.colour, event.beach))
        elif isinstance(event, IslandRemoved):
            yield (
                f"  {_island_name(states, event.island)} is closed: every route leads back; "
                f"the island leaves the game"
            )
        elif isinstance(event, EndTriggered):
            kind = "island" if states[0].config.tiles.tile(event.tile).is_island else "ocean"
            if states[0].rules.end_trigger is EndTrigger.SIXTEEN_ON_TABLE:
                why = f"every {kind} tile is on the table"
            else:
                why = f"the last {kind} tile has left the pile"
            yield f"  End of the game triggered: {why}; this turn is the last"
        elif isinstance(event, GameEnded):
            yield from self.flush_landing()
            yield "Game over."

    def flush_landing(self) -> Iterator[str]:
        """The line of a finished landing (the landing is then forgotten)."""
        yield from self.landing_line()
        self.landing = None

    def landing_line(self, *, finished: bool = True) -> Iterator[str]:
        """The line of the landing, if there is one; ``finished=False`` for one still under way.

        A landing still under way says what has berthed so far, never that
        no boat berths: the game stopped before the berths were decided.
        """
        if self.landing is None:
            return
        name, berths = self.landing
        by_beach: dict[int, list[Colour]] = {}
        for colour, beach in berths:
            by_beach.setdefault(beach, []).append(colour)
        parts = "; ".join(f"beach {b}: {_names(cs)}" for b, cs in sorted(by_beach.items()))
        if finished:
            yield f"  lands on {name}: {parts or 'no boat berths'}"
        else:
            yield f"  landing on {name}, not finished: {parts or 'no boat berthed yet'}"


def _count(n: int) -> str:
    return _plural(n, "boat")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def narrate(states: Sequence[GameState], actions: Sequence[Action]) -> Iterator[str]:
    """Describe a recorded game, one line per notable event.

    ``states[k + 1]`` must be ``states[k].apply(actions[k])``. Yields a header
    (players, colours, changed rules), then the setup, each turn's action,
    tiles drawn and placed, departures, landings, failed voyages, bounces,
    islands removed for closed routes and the end trigger, and, if the last
    state is terminal, the final scores and the winner(s) with the tie-break
    used. The lines come from the events the engine reports for each step
    (:meth:`GameState.apply_with_events`), so they are exact and in order.

    Arguments that do not make a game raise
    :class:`~tongiaki_rules.errors.RecordError` naming the offending item
    (``states[3]``, ``actions[2]``), checked as the lines are produced:
    anything but sequences of states and actions, one state more than
    actions, ``states[k + 1]`` not the result of ``actions[k]``; an illegal
    action raises :class:`~tongiaki_rules.errors.IllegalActionError`.

    >>> list(narrate([], []))
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.RecordError: states: narrate needs exactly one more state than actions
    """
    for name, items in (("states", states), ("actions", actions)):
        if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
            raise RecordError(f"must be a sequence, not {type(items).__name__}", name)
    if len(states) != len(actions) + 1:
        raise RecordError("narrate needs exactly one more state than actions", "states")
    for k, state in enumerate(states):
        if not isinstance(state, GameState):
            raise RecordError(f"not a GameState but a {type(state).__name__}", f"states[{k}]")
    narrator = _Narrator()
    yield from narrator.header(states[0])
    for k, (before, action, after) in enumerate(zip(states[:-1], actions, states[1:], strict=True)):
        result, events = before.apply_with_events(action)
        if result != after:
            raise RecordError(
                f"is not the result of actions[{k}] (states[k + 1] must be "
                "states[k].apply(actions[k]))",
                f"states[{k + 1}]",
            )
        yield from narrator.step(before, action, after, events)
    if states[-1].pending.kind is DecisionKind.BERTH and not states[-1].is_terminal:
        yield from narrator.landing_line(finished=False)  # the record stops mid-landing
    else:
        yield from narrator.flush_landing()
    yield from narrator.footer(states[-1])


class Narrator:
    """Tells a game as it is played: the lines each step completes, as it happens.

    Start it with the first position, then give it every action (the draws
    at chance nodes too) in order. :meth:`step` returns the lines that the
    step completes: a landing is told once its last boat is berthed, a
    drawn tile once it is placed. The header, every step's lines and the
    footer make up exactly what :func:`narrate` says of the game.

    >>> states, actions = play_game(2, seed=4)
    >>> narrator = Narrator(states[0])
    >>> lines = narrator.header()
    >>> for action in actions:
    ...     lines += narrator.step(action)
    >>> narrator.state == states[-1]
    True
    >>> lines + narrator.footer() == list(narrate(states, actions))
    True

    A ``first`` that is not a :class:`~tongiaki_rules.state.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`.
    """

    def __init__(self, first: GameState) -> None:
        if not isinstance(first, GameState):
            raise InvalidPositionError(f"first must be a GameState, not {type(first).__name__}")
        self._first = first
        self._state = first
        self._teller = _Narrator()

    @property
    def state(self) -> GameState:
        """The position after the last step told."""
        return self._state

    def header(self) -> list[str]:
        """The players and the rules changed: the first two lines of the account."""
        return list(self._teller.header(self._first))

    def step(self, action: Action) -> list[str]:
        """Apply ``action`` to :attr:`state` and return the lines the step completes.

        An illegal action raises :class:`~tongiaki_rules.IllegalActionError`
        and leaves the narrator as it was.
        """
        before = self._state
        result, events = before.apply_with_events(action)
        lines = list(self._teller.step(before, action, result, events))
        if result.pending.kind is not DecisionKind.BERTH:
            lines.extend(self._teller.flush_landing())  # the landing, if any, is complete
        self._state = result
        return lines

    def footer(self) -> list[str]:
        """The final scores and the winner(s), or the scores so far.

        Mid-game it also tells a landing or a drawn tile still under way, as
        :func:`narrate` does at the end of an unfinished record. Asking for
        the footer changes nothing: the game can go on being told.
        """
        teller = self._teller
        return [*teller.landing_line(finished=False), *teller.footer(self._state)]

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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ._scoring import TieBreak
from ._state import DecisionKind, GameState, new_game
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
from .bots._checks import seed_option
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
from .hexgrid import ORIGIN, STEPS, Hex, distance
from .i18n import (
    checked_language,
    colour_name,
    direction_name,
    island_name,
    tile_name,
    translations,
)
from .rules import EndTrigger, Rules
from .tiles import IslandTile

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


class _Words:
    """The words of one language: names, positions and lists as the lines use them.

    ``names`` gives seats their players' names (``None`` or ``""``: a seat told by its
    number); ``coordinates=False`` tells places by island names and directions alone.
    """

    def __init__(
        self,
        language: str,
        names: Sequence[str | None] = (),
        coordinates: bool = True,
    ) -> None:
        self.language = language
        self.t = translations(language)
        self.names_of_seats = tuple(names)
        self.coordinates = coordinates

    def name(self, colour: Colour) -> str:
        return colour_name(colour, self.language)

    def names(self, colours: Iterable[Colour]) -> str:
        """``Blue x2, Red`` for a group of boats, in colour order."""
        counts = Counter(colours)
        if not counts:
            return self.t.pgettext("boats", "none")
        return ", ".join(
            self.name(c) if n == 1 else f"{self.name(c)} x{n}" for c, n in sorted(counts.items())
        )

    def player(self, seat: int) -> str | None:
        """The name of the player in ``seat``, if one was given."""
        if 0 <= seat < len(self.names_of_seats):
            return self.names_of_seats[seat] or None
        return None

    def seat(self, state: GameState, seat: int) -> str:
        """``seat 1 Red`` (or ``seat 1 Red+Yellow`` in the two-colour variant); ``Ana (Red)``
        for a seat whose player's name is known."""
        colours = [c for c in state.colours if state.seat_of(c) == seat]
        names = "+".join(self.name(c) for c in colours)
        player = self.player(seat)
        if player is not None:
            return self.t.gettext("{name} ({colours})").format(name=player, colours=names)
        return self.t.gettext("seat {seat} {colours}").format(seat=seat, colours=names)

    def seats_and(self, state: GameState, seats: Iterable[int]) -> str:
        """``seat 0 Blue and seat 2 Green``."""
        return self.both([self.seat(state, s) for s in seats])

    def both(self, items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.t.gettext("{items} and {last}").format(
            items=", ".join(items[:-1]), last=items[-1]
        )

    def island(self, states: Sequence[GameState], pos: Hex) -> str:
        """The name of the island at ``pos`` in the first of ``states`` that has one there."""
        for state in states:
            view = state.island_at(pos)
            if view is not None:
                name = island_name(view.tile, self.language)
                return f"{name} {_pos(pos)}" if self.coordinates else name
        if not self.coordinates:
            return self.t.gettext("an island no longer on the table")
        return self.t.gettext("the island at {position}").format(position=_pos(pos))

    def tile(self, state: GameState, tile_id: str) -> str:
        tile = state.config.tiles.tile(tile_id)
        if not self.coordinates and not tile.is_island:
            return self.t.gettext("an ocean tile")
        return tile_name(tile, self.language)

    def place(self, state: GameState, pos: Hex) -> str:
        """Where ``pos`` lies: ``(-1, 2)``, or in words from the nearest island of ``state``
        (``below Tonga``, ``2 spaces upper-left of Tonga``)."""
        if self.coordinates:
            return _pos(pos)
        # the placed tiles, not state.islands: the beaches and boats of each are not needed
        islands = [
            (i.position, i.tile)
            for i in state.placed_tiles
            if isinstance(i.tile, IslandTile) and i.position != pos
        ]
        if not islands:
            return self.t.gettext("far from every island")
        near_position, near_tile = min(islands, key=lambda i: (distance(i[0], pos), i[0]))
        steps = distance(near_position, pos)
        side = _side(near_position, pos)
        t = self.t
        sides = (
            t.pgettext("place", "below {island}"),
            t.pgettext("place", "lower left of {island}"),
            t.pgettext("place", "upper left of {island}"),
            t.pgettext("place", "above {island}"),
            t.pgettext("place", "upper right of {island}"),
            t.pgettext("place", "lower right of {island}"),
        )
        where = sides[side].format(island=island_name(near_tile, self.language))
        if steps <= 1:
            return where
        return t.ngettext("{count} space {place}", "{count} spaces {place}", steps).format(
            count=steps, place=where
        )


def _side(origin: Hex, target: Hex) -> int:
    """The board direction (0 bottom, then clockwise) that points most nearly from ``origin``
    to ``target`` as the board draws them (flat-topped hexes)."""

    def drawn(q: float, r: float) -> tuple[float, float]:
        return 1.5 * q, 3**0.5 * (r + q / 2)

    x, y = drawn(target[0] - origin[0], target[1] - origin[1])
    scores = [x * dx + y * dy for dx, dy in (drawn(*step) for step in STEPS)]
    return scores.index(max(scores))


def _pos(position: Hex) -> str:
    return f"({position[0]}, {position[1]})"


def _flag(value: object) -> str:
    return str(getattr(value, "value", value))


def _beaches(beaches: Sequence[int]) -> str:
    return ", ".join(str(b) for b in beaches)


# ---------------------------------------------------------------- narration


def _turn_action(w: _Words, before: GameState, action: Action, events: Sequence[Event]) -> str:
    """What the turn action did, in words."""
    t = w.t

    def where(pos: Hex) -> str:
        return w.island([before], pos)

    if isinstance(action, Expand):
        return t.ngettext(
            "expands on {island}, beach {beaches}",
            "expands on {island}, beaches {beaches}",
            len(action.beaches),
        ).format(island=where(action.island), beaches=_beaches(action.beaches))
    if isinstance(action, ExpandFromBoard):
        return t.gettext(
            "reserve empty: moves a boat from {source} beach {source_beach} "
            "to {island} beach {beach}"
        ).format(
            source=where(action.source),
            source_beach=action.source_beach,
            island=where(action.island),
            beach=action.beach,
        )
    if isinstance(action, FoundRoyal):
        home = sum(len(e.boats) for e in events if isinstance(e, BoatsReturned))
        if not home:
            text = t.gettext("founds a royal island on {island} (one boat on the statue)")
        else:
            text = t.ngettext(
                "founds a royal island on {island} (one boat on the statue, "
                "{count} boat back to the reserve)",
                "founds a royal island on {island} (one boat on the statue, "
                "{count} boats back to the reserve)",
                home,
            )
        return text.format(island=where(action.island), count=home)
    if isinstance(action, PlaceNewBoats):
        return t.ngettext(
            "has no boats in play: new boats on {island}, beach {beaches}",
            "has no boats in play: new boats on {island}, beaches {beaches}",
            len(action.beaches),
        ).format(island=where(action.island), beaches=_beaches(action.beaches))
    taken = next((e.removed for e in events if isinstance(e, Recolonized)), 0)
    return t.ngettext(
        "New Colonisation: takes {count} boat off the board",
        "New Colonisation: takes {count} boats off the board",
        taken,
    ).format(count=taken)


def _returned(w: _Words, boats: str, reason: str) -> str:
    """The line of boats going back to the reserve for ``reason`` (not a landing's)."""
    t = w.t
    messages = {
        "voyage failed": t.gettext("  {boats} back to the reserve"),
        "no free slot": t.gettext("  no free slot: {boats} back to the reserve"),
        "lost at sea": t.gettext("  {boats} back to the reserve (lost at sea)"),
        "nothing left to draw": t.gettext("  {boats} back to the reserve (nothing left to draw)"),
        "recolonised": t.gettext("  {boats} back to the reserve (recolonised)"),
        "island removed": t.gettext("  {boats} back to the reserve (island removed)"),
        "endless chain": t.gettext("  {boats} back to the reserve (endless chain)"),
    }
    if reason in messages:
        return messages[reason].format(boats=boats)
    return t.gettext("  {boats} back to the reserve ({reason})").format(boats=boats, reason=reason)


def _end_trigger(w: _Words, island: bool, sixteen: bool) -> str:
    """The line of the end trigger, for an island or ocean tile, under either reading."""
    t = w.t
    if sixteen:
        if island:
            return t.gettext(
                "  End of the game triggered: every island tile is on the table; "
                "this turn is the last"
            )
        return t.gettext(
            "  End of the game triggered: every ocean tile is on the table; this turn is the last"
        )
    if island:
        return t.gettext(
            "  End of the game triggered: the last island tile has left the pile; "
            "this turn is the last"
        )
    return t.gettext(
        "  End of the game triggered: the last ocean tile has left the pile; this turn is the last"
    )


class _Narrator:
    """Turns the events of each step into lines; keeps what spans several steps."""

    def __init__(
        self, language: str = "en", names: Sequence[str | None] = (), coordinates: bool = True
    ) -> None:
        self.words = _Words(language, names, coordinates)
        self.turn = 0
        self.setup: dict[Colour, list[int]] = {}
        self.landing: tuple[str, list[tuple[Colour, int]]] | None = None
        self.drawn: str | None = None
        self.colonising = False

    def header(self, state: GameState) -> Iterator[str]:
        w, t = self.words, self.words.t
        seats = ", ".join(w.seat(state, s) for s in range(state.num_players))
        if w.player(state.turn_player) is not None:
            yield t.gettext("Players: {count} -- {seats}; {first} starts").format(
                count=state.num_players, seats=seats, first=w.seat(state, state.turn_player)
            )
        else:
            yield t.gettext("Players: {count} -- {seats}; seat {seat} ({colour}) starts").format(
                count=state.num_players,
                seats=seats,
                seat=state.turn_player,
                colour=w.name(state.turn_colour),
            )
        changed = state.rules.changed()
        if not changed:
            yield t.gettext("Rules changed: none (defaults)")
            return
        text = ", ".join(f"{k}={_flag(v)}" for k, v in changed.items())
        yield t.gettext("Rules changed: {flags}").format(flags=text)

    def footer(self, state: GameState) -> Iterator[str]:
        w, t = self.words, self.words.t
        if self.drawn is not None:
            yield t.gettext("  (drew {tile}; not placed yet)").format(tile=self.drawn)
        outcome = state.outcome()
        if outcome is None:
            scores = ", ".join(f"{w.seat(state, s)} {p}" for s, p in enumerate(state.scores()))
            yield t.gettext("Game not finished; scores so far: {scores}").format(scores=scores)
            return
        yield t.gettext("Final scores:")
        for s in range(state.num_players):
            points, islands, boats = outcome.scores[s], outcome.islands[s], outcome.boats[s]
            yield t.gettext(
                "  {seat}: {points}, present on {islands}, {boats} on the board"
            ).format(
                seat=w.seat(state, s),
                points=t.ngettext("{count} point", "{count} points", points).format(count=points),
                islands=t.ngettext("{count} island", "{count} islands", islands).format(
                    count=islands
                ),
                boats=t.ngettext("{count} boat", "{count} boats", boats).format(count=boats),
            )
        winners = w.seats_and(state, outcome.winners)
        best = outcome.scores[outcome.winners[0]]
        tie = outcome.tiebreak
        if tie is TieBreak.NONE:
            yield t.ngettext(
                "Winner: {winners} with {count} point (no tie-break needed)",
                "Winner: {winners} with {count} points (no tie-break needed)",
                best,
            ).format(winners=winners, count=best)
            return
        tied = [s for s, p in enumerate(outcome.scores) if p == best]
        others = w.seats_and(state, [s for s in tied if s not in outcome.winners])
        first = outcome.winners[0]
        if tie is TieBreak.ISLANDS:
            text = t.ngettext(
                "Winner: {winners} with {count} point, tied with {others}; won on tie-break 1, "
                "present on the most islands ({n})",
                "Winner: {winners} with {count} points, tied with {others}; won on tie-break 1, "
                "present on the most islands ({n})",
                best,
            )
            yield text.format(winners=winners, count=best, others=others, n=outcome.islands[first])
        elif tie is TieBreak.BOATS:
            text = t.ngettext(
                "Winner: {winners} with {count} point, tied with {others}; won on tie-break 2, "
                "fewest boats on the board ({n})",
                "Winner: {winners} with {count} points, tied with {others}; won on tie-break 2, "
                "fewest boats on the board ({n})",
                best,
            )
            yield text.format(winners=winners, count=best, others=others, n=outcome.boats[first])
        else:
            yield t.ngettext(
                "Shared victory: {winners} with {count} point (still tied after both tie-breaks)",
                "Shared victory: {winners} with {count} points (still tied after both tie-breaks)",
                best,
            ).format(winners=winners, count=best)

    # ------------------------------------------------------------ one step
    def step(
        self, before: GameState, action: Action, after: GameState, events: Sequence[Event]
    ) -> Iterator[str]:
        """The lines for one transition, from the events the engine reported for it."""
        w = self.words
        states = (before, after)
        kind = before.pending.kind
        if kind is DecisionKind.SETUP:
            assert isinstance(action, SetupPlace)
            self.setup.setdefault(before.turn_colour, []).append(action.beach)
            if after.pending.kind is not DecisionKind.SETUP:
                placed = "; ".join(f"{w.name(c)} {_beaches(b)}" for c, b in self.setup.items())
                if not w.coordinates:
                    tonga = w.island([before], ORIGIN)
                    yield w.t.gettext("Setup boats on {island}: {placed}").format(
                        island=tonga, placed=placed
                    )
                else:
                    yield w.t.gettext("Setup boats on Tonga {position}: {placed}").format(
                        position=_pos(ORIGIN), placed=placed
                    )
            return
        if kind is DecisionKind.TURN:
            self.turn += 1
            self.colonising = isinstance(action, Recolonize)
            yield w.t.gettext("Turn {turn}, {seat}: {action}").format(
                turn=self.turn,
                seat=w.seat(before, before.turn_player),
                action=_turn_action(w, before, action, events),
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
        w, t = self.words, self.words.t
        if isinstance(event, Departed):
            if chosen:
                text = t.gettext("  {island} beach {beach} sails by its {direction} jetty: {boats}")
            else:
                text = t.gettext(
                    "  {island} beach {beach} sails by its {direction} jetty (forced): {boats}"
                )
            yield text.format(
                island=w.island(states, event.island),
                beach=event.beach,
                direction=direction_name(event.jetty, w.language),
                boats=w.names(event.boats),
            )
        elif isinstance(event, TileDrawn):
            self.drawn = w.tile(states[0], event.tile)
        elif isinstance(event, TilePlaced):
            if not w.coordinates:
                self.drawn = None
                yield self.placed_in_words(states[0], event)
                return
            if self.colonising:
                text = t.gettext(
                    "  draws {tile} to colonise: placed at {position}, rotation {rotation}"
                )
            elif event.free:
                text = t.gettext(
                    "  draws {tile}: placed at {position}, rotation {rotation}, placed freely"
                )
            else:
                text = t.gettext("  draws {tile}: placed at {position}, rotation {rotation}")
            self.drawn = None
            yield text.format(
                tile=w.tile(states[0], event.tile),
                position=_pos(event.position),
                rotation=event.rotation,
            )
        elif isinstance(event, VoyageFailed):
            if w.coordinates:
                # TRANSLATORS: {needed} is 2, 3 or 4 (a route's number); {colours} is at least 1
                text = t.gettext(
                    "  the voyage fails at {position}: the route needs {needed} colours, "
                    "the group has {colours}"
                )
            else:
                # TRANSLATORS: {position} is where, such as "below Tonga" or "2 spaces above Fiji"
                text = t.gettext(
                    "  the voyage fails {position}: the route needs {needed} colours, "
                    "the group has {colours}"
                )
            yield text.format(
                position=w.place(states[0], event.position),
                needed=event.needed,
                colours=event.colours,
            )
        elif isinstance(event, BoatsReturned):
            if event.reason != "royal island":  # told with the founding of the royal island
                yield _returned(w, w.names(event.boats), event.reason)
        elif isinstance(event, Bounced):
            yield t.gettext("  reaches royal {island} and turns back to {back}").format(
                island=w.island(states, event.royal_island), back=w.island(states, event.back_to)
            )
        elif isinstance(event, Landed):
            self.landing = (w.island(states, event.island), [])
        elif isinstance(event, Berthed):
            if self.landing is not None:
                self.landing[1].append((event.colour, event.beach))
        elif isinstance(event, IslandRemoved):
            yield t.gettext(
                "  {island} is closed: every route leads back; the island leaves the game"
            ).format(island=w.island(states, event.island))
        elif isinstance(event, EndTriggered):
            island = states[0].config.tiles.tile(event.tile).is_island
            sixteen = states[0].rules.end_trigger is EndTrigger.SIXTEEN_ON_TABLE
            yield _end_trigger(w, island, sixteen)
        elif isinstance(event, GameEnded):
            yield from self.flush_landing()
            yield t.gettext("Game over.")

    def placed_in_words(self, before: GameState, event: TilePlaced) -> str:
        """A tile placed, told by its name and where it lies from the nearest island."""
        w, t = self.words, self.words.t
        if self.colonising:
            text = t.gettext("  draws {tile} to colonise: placed {place}")
        elif event.free:
            text = t.gettext("  draws {tile}: placed freely {place}")
        else:
            text = t.gettext("  draws {tile}: placed {place}")
        return text.format(tile=w.tile(before, event.tile), place=w.place(before, event.position))

    def flush_landing(self) -> Iterator[str]:
        """The line of a finished landing (the landing is then forgotten)."""
        yield from self.landing_line()
        self.landing = None

    def landing_line(self, *, finished: bool = True) -> Iterator[str]:
        """The landing's line; one cut short (``finished=False``) tells only what has berthed."""
        if self.landing is None:
            return
        w, t = self.words, self.words.t
        name, berths = self.landing
        by_beach: dict[int, list[Colour]] = {}
        for colour, beach in berths:
            by_beach.setdefault(beach, []).append(colour)
        parts = "; ".join(
            t.gettext("beach {beach}: {boats}").format(beach=b, boats=w.names(cs))
            for b, cs in sorted(by_beach.items())
        )
        if not finished:
            text = t.gettext("  landing on {island}, not finished: {berths}")
            yield text.format(island=name, berths=parts or t.gettext("no boat berthed yet"))
        elif not by_beach:
            yield t.gettext("  lands on {island}: no boat berths").format(island=name)
        else:
            yield t.gettext("  lands on {island}: {berths}").format(island=name, berths=parts)


def narrate(
    states: Sequence[GameState],
    actions: Sequence[Action],
    language: str = "en",
    *,
    names: Sequence[str | None] | None = None,
    coordinates: bool = True,
) -> Iterator[str]:
    """Describe a recorded game, one line per notable event, in ``language``.

    ``states[k + 1]`` must be ``states[k].apply(actions[k])``. Yields a header
    (players, colours, changed rules), then the setup, each turn's action,
    tiles drawn and placed, departures, landings, failed voyages, bounces,
    islands removed for closed routes and the end trigger, and, if the last
    state is terminal, the final scores and the winner(s) with the tie-break
    used. The lines come from the events the engine reports for each step
    (:meth:`GameState.apply_with_events`), so they are exact and in order.

    ``language`` is one of :data:`~tongiaki_rules.i18n.LANGUAGES` (``"en"``,
    ``"de"``, ``"fr"``, ``"it"``) or a locale name such as ``"de_CH"``; a
    language that is not available falls back to English with a
    :class:`~tongiaki_rules.i18n.LanguageNotice` warning. Position codes,
    rules flags and notation stay as they are in every language.

    >>> states, actions = play_game(2, seed=3)
    >>> next(narrate(states, actions, language="it"))
    'Giocatori: 2 -- posto 0 Blu, posto 1 Rosso; inizia il posto 0 (Blu)'

    Two options tell the game as players at a table would, the same lines
    otherwise: ``names`` gives the players' names by seat (a seat with
    ``None`` or ``""`` keeps its number), ``coordinates=False`` names
    islands without their coordinates, says where a tile went from the
    nearest island (``below Tonga``, ``2 spaces above Fiji``) and leaves out
    its rotation and an ocean tile's letter.

    >>> told = list(narrate(states, actions, names=["Ana", None], coordinates=False))
    >>> told[0]
    'Players: 2 -- Ana (Blue), seat 1 Red; Ana (Blue) starts'
    >>> next(line for line in told if "draws" in line)
    '  draws an ocean tile to colonise: placed upper left of Tonga'

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
    if names is not None:
        names = _checked_names(names, "narrate")
    narrator = _Narrator(checked_language(language), names or (), coordinates)
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


def _checked_names(names: object, caller: str) -> tuple[str | None, ...]:
    """``names`` as a tuple of names or ``None``; :class:`SettingsError` for anything else."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise SettingsError(f"{caller}: names must be a sequence of names by seat")
    for name in names:
        if name is not None and not isinstance(name, str):
            raise SettingsError(f"{caller}: a name must be text or None, not {type(name).__name__}")
    return tuple(names)


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

    ``language``, ``names`` and ``coordinates`` are as for :func:`narrate`.
    A ``first`` that is not a :class:`~tongiaki_rules.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`.
    """

    def __init__(
        self,
        first: GameState,
        language: str = "en",
        *,
        names: Sequence[str | None] | None = None,
        coordinates: bool = True,
    ) -> None:
        if not isinstance(first, GameState):
            raise InvalidPositionError(f"first must be a GameState, not {type(first).__name__}")
        if names is not None:
            names = _checked_names(names, "Narrator")
        self._first = first
        self._state = first
        self._teller = _Narrator(checked_language(language), names or (), coordinates)
        self._last: tuple[GameState, Action, tuple[Event, ...]] | None = None
        """The position before the last step told, its action and its events."""

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
        return self._tell(before, action, result, tuple(events))

    def _tell(
        self, before: GameState, action: Action, result: GameState, events: tuple[Event, ...]
    ) -> list[str]:
        lines = list(self._teller.step(before, action, result, events))
        if result.pending.kind is not DecisionKind.BERTH:
            lines.extend(self._teller.flush_landing())  # the landing, if any, is complete
        self._state = result
        self._last = (before, action, events)
        return lines

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the last step told (``()`` before the first), as
        :meth:`GameState.apply_with_events` reported them.

        >>> states, actions = play_game(2, seed=4)
        >>> narrator = Narrator(states[0])
        >>> narrator.events
        ()
        >>> _ = narrator.step(actions[0])
        >>> narrator.events == states[0].apply_with_events(actions[0])[1]
        True
        """
        return () if self._last is None else self._last[2]

    def follow(self, leader: Narrator) -> list[str]:
        """Tell the step ``leader`` has just told, in this narrator's own words, without
        playing it again: the lines :meth:`step` would return for ``leader``'s last action.

        Two narrators of one game (another language, players' names, no coordinates) so
        cost one application of each action, not two. ``leader``'s position before its
        last step must be this narrator's :attr:`state`; anything else raises
        :class:`~tongiaki_rules.errors.InvalidPositionError` and changes nothing.

        >>> states, actions = play_game(2, seed=4)
        >>> english, german = Narrator(states[0]), Narrator(states[0], "de")
        >>> told = []
        >>> for action in actions:
        ...     _ = english.step(action)
        ...     told += german.follow(english)
        >>> german.header() + told + german.footer() == list(narrate(states, actions, "de"))
        True
        >>> german.follow(english)
        Traceback (most recent call last):
        ...
        tongiaki_rules.errors.InvalidPositionError: follow: the leader's last step does not \
start from this narrator's position
        """
        if not isinstance(leader, Narrator):
            raise InvalidPositionError(
                f"follow: the leader must be a Narrator, not {type(leader).__name__}"
            )
        last = leader._last
        if last is None or (last[0] is not self._state and last[0] != self._state):
            raise InvalidPositionError(
                "follow: the leader's last step does not start from this narrator's position"
            )
        before, action, events = last
        return self._tell(before, action, leader._state, events)

    def checkpoint(self) -> dict[str, Any] | None:
        """What the narrator remembers besides :attr:`state`, as JSON, to go on telling the
        game later (:meth:`resume`); ``None`` while the set-up or a landing is under way.

        >>> states, actions = play_game(2, seed=4)
        >>> narrator = Narrator(states[0])
        >>> for k, action in enumerate(actions):
        ...     _ = narrator.step(action)
        ...     if k >= 40 and narrator.checkpoint() is not None:
        ...         break
        >>> again = Narrator.resume(narrator.state, narrator.checkpoint())
        >>> rest = actions[k + 1 :]
        >>> [again.step(a) for a in rest] == [narrator.step(a) for a in rest]
        True
        >>> again.footer() == narrator.footer()
        True
        """
        teller = self._teller
        if teller.landing is not None or self._state.pending.kind is DecisionKind.SETUP:
            return None
        return {"turn": teller.turn, "drawn": teller.drawn, "colonising": teller.colonising}

    @classmethod
    def resume(
        cls, state: GameState, checkpoint: Mapping[str, Any], language: str = "en"
    ) -> Narrator:
        """A narrator that goes on from ``state``, where :meth:`checkpoint` was taken (in the
        same ``language``: a drawn tile is remembered as its words told it).

        Its :meth:`header` would name the seat to move in ``state`` as the one that
        starts: take the header from a narrator of the game's first position.
        A ``checkpoint`` not in the form :meth:`checkpoint` gives raises
        :class:`~tongiaki_rules.errors.InvalidPositionError`.
        """
        narrator = cls(state, language)
        turn, drawn = checkpoint.get("turn"), checkpoint.get("drawn")
        colonising = checkpoint.get("colonising")
        if (
            isinstance(turn, bool)
            or not isinstance(turn, int)
            or turn < 0
            or not (drawn is None or isinstance(drawn, str))
            or not isinstance(colonising, bool)
        ):
            raise InvalidPositionError(f"not a narrator's checkpoint: {dict(checkpoint)!r}")
        teller = narrator._teller
        teller.turn, teller.drawn, teller.colonising = turn, drawn, colonising
        return narrator

    def footer(self) -> list[str]:
        """The final scores and the winner(s), or the scores so far.

        Mid-game it also tells a landing or a drawn tile still under way, as
        :func:`narrate` does at the end of an unfinished record. Asking for
        the footer changes nothing: the game can go on being told.
        """
        teller = self._teller
        return [*teller.landing_line(finished=False), *teller.footer(self._state)]

"""Play one seeded random game and tell its story: ``python -m tongiaki_rules``.

Every seat is a random bot: it picks uniformly among the legal actions, and
tile draws are sampled from the pile, all from one ``random.Random(seed)``,
so the same arguments always print the same game.

The account is built by :func:`narrate`, which only compares consecutive
states and the actions between them, so it works for any recorded game
(pytest does not collect doctests from ``__main__.py``; the tests in
``tests/test_examples_and_main.py`` exercise these functions instead):

>>> states, actions = play_game(3, seed=5)
>>> lines = list(narrate(states, actions))
>>> lines[0]
'Players: 3 -- seat 0 Blue, seat 1 Red, seat 2 Green; seat 0 (Blue) starts'
>>> any(line.startswith("Winner") or line.startswith("Shared") for line in lines)
True
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import NoReturn

import attrs

from . import __version__
from .actions import (
    Action,
    Berth,
    Depart,
    Draw,
    Expand,
    ExpandFromBoard,
    FoundRoyal,
    PlaceNewBoats,
    PlaceTile,
    Recolonize,
    ReturnBoat,
    SetupPlace,
)
from .colours import Colour
from .hexgrid import DIRECTION_NAMES, Hex
from .rules import EndTrigger, Rules
from .scoring import TieBreak
from .state import DecisionKind, GameState, IslandView, PlacedTile, new_game

__all__ = ["main", "narrate", "play_game"]

_Beach = tuple[Hex, int]
_Departure = tuple[str, "Counter[Colour] | None", Hex]
"""A beach that sailed without a decision: line, colours (if known), island."""


def play_game(
    num_players: int, seed: int, rules: Rules | None = None
) -> tuple[list[GameState], list[Action]]:
    """Play one game between random bots; return every state and every action.

    ``states[k + 1] == states[k].apply(actions[k])``. Decisions are uniform
    choices among the legal actions, draws come from ``state.sample_chance``;
    both use a single ``random.Random(seed)``.

    >>> states, actions = play_game(2, seed=3)
    >>> states[-1].is_terminal, len(states) == len(actions) + 1
    (True, True)
    """
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


@attrs.define
class _Landing:
    """A landing that waits for berthing decisions, reported once it is over."""

    island: Hex
    name: str
    group: Counter[Colour]
    """The boats that arrived."""
    berths: list[tuple[Colour, int]] = attrs.Factory(list)
    home: list[Colour] = attrs.Factory(list)
    """Boats sent home by a decision (LAND-4)."""


def _landing_text(name: str, island: Hex, berths: Iterable[tuple[Colour, int]]) -> str:
    by_beach: dict[int, list[Colour]] = {}
    for colour, beach in berths:
        by_beach.setdefault(beach, []).append(colour)
    parts = "; ".join(f"beach {b}: {_names(cs)}" for b, cs in sorted(by_beach.items()))
    return f"  lands on {name} {_pos(island)}: {parts or 'no boat berths'}"


class _Narrator:
    """Turns consecutive states into one-line events (state kept between steps)."""

    def __init__(self) -> None:
        self.turn = 0
        self.setup: dict[Colour, list[int]] = {}
        self.landing: _Landing | None = None
        self.drawn: str | None = None

    # ------------------------------------------------------------ header/footer
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
            yield f"  ({self.drawn}; not placed yet)"
        if self.landing is not None:
            yield f"  (landing on {self.landing.name} {_pos(self.landing.island)} in progress)"
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
    def step(self, before: GameState, action: Action, after: GameState) -> Iterator[str]:
        """The events of one transition, in a plausible causal order."""
        ctx = _Step(before, after)
        head = self._decision(ctx, action)
        new_tiles = [
            t for t in after.placed_tiles if (t.position, t.tile.id) not in ctx.tiles_before
        ]
        head.extend(self._tile_lines(ctx, action, new_tiles))
        if after.end_triggered and not before.end_triggered:
            head.append(f"  End of the game triggered: {_trigger(after, new_tiles)}")
        removals = list(self._removals(ctx))
        if isinstance(action, Depart) and removals:
            head.extend(removals)  # the decision itself met a closed island
            removals = []
        gains, departures = self._board_diff(ctx)
        self._colonist(ctx, new_tiles, gains)

        # landings: one that waited for decisions, and any done at once
        record = self.landing
        if record is not None and record.island in gains:
            # the boats of this landing that berthed without a decision
            left = Counter(before.pending.group)
            if isinstance(action, (Berth, ReturnBoat)):
                left[action.colour] -= 1
            others: list[tuple[Colour, int]] = []
            for colour, beach in gains.pop(record.island):
                if left[colour] > 0:
                    left[colour] -= 1
                    record.berths.append((colour, beach))
                else:
                    others.append((colour, beach))
            if others:
                gains[record.island] = others
        finished: _Landing | None = None
        if record is not None and not self._landing_goes_on(action, before, after):
            finished = record
            self.landing = None
        if after.pending.kind is DecisionKind.BERTH and self.landing is None:
            island = after.pending.island
            assert island is not None
            self._open_landing(after, island)

        # boats that went back to the reserve on their own: failures and surplus
        home: Counter[Colour] = Counter()
        if not ctx.skip_home:
            for c in after.colours:
                home[c] = max(0, after.reserve(c) - before.reserve(c) - ctx.contrib[c])
        body = _fates(ctx, removals, departures, gains, home, finished)

        tail: list[str] = []
        if before.pending.kind is DecisionKind.SETUP and after.pending.kind is not (
            DecisionKind.SETUP
        ):
            tonga = next(v for v in before.islands if v.tile.is_start)
            parts = "; ".join(
                f"{_name(c)} {', '.join(str(b) for b in bs)}" for c, bs in self.setup.items()
            )
            tail.append(f"Setup boats on {tonga.tile.name} {_pos(tonga.position)}: {parts}")
        if after.is_terminal and not before.is_terminal:
            tail.append("Game over.")
        yield from head
        yield from body
        yield from tail

    def _decision(self, ctx: _Step, action: Action) -> list[str]:
        """Describe the decision itself and apply its direct effect to ``ctx.mid``."""
        before = ctx.before
        colour = before.pending.colour
        if isinstance(action, SetupPlace):
            assert colour is not None
            self.setup.setdefault(colour, []).append(action.beach)
            tonga = next(v for v in before.islands if v.tile.is_start)
            ctx.mid[(tonga.position, action.beach)].append(colour)
            ctx.contrib[colour] -= 1
            return []
        if isinstance(action, (Expand, ExpandFromBoard, FoundRoyal, Recolonize, PlaceNewBoats)):
            assert colour is not None
            self.turn += 1
            if before.rules.variant_two_player_double_colour:
                who = f"Turn {self.turn}, seat {before.turn_player} as {_name(colour)}"
            else:
                who = f"Turn {self.turn}, {_seat(before, before.turn_player)}"
            return [f"{who}: {_turn_action(ctx, action, colour)}"]
        if isinstance(action, Depart):
            where = f"{_island_name(before, action.island)} {_pos(action.island)}"
            boats = ctx.mid[(action.island, action.beach)]
            ctx.mid[(action.island, action.beach)] = []
            if ctx.after.tile_at(action.island) is None:
                return []  # the island was closed in: reported as a removal
            ctx.first = Counter(boats)
            return [
                f"  {where} beach {action.beach} sails by its "
                f"{DIRECTION_NAMES[action.jetty]} jetty: {_names(boats)}"
            ]
        if isinstance(action, (Berth, ReturnBoat)):
            island = before.pending.island
            assert island is not None
            landing = self._open_landing(before, island)
            if isinstance(action, Berth):
                ctx.mid[(island, action.beach)].append(action.colour)
                landing.berths.append((action.colour, action.beach))
            else:
                landing.home.append(action.colour)
                ctx.contrib[action.colour] += 1
        return []

    def _tile_lines(
        self, ctx: _Step, action: Action, new_tiles: Sequence[PlacedTile]
    ) -> Iterator[str]:
        """The tile drawn, and where it was placed (at once, or by a later decision)."""
        if isinstance(action, Draw):
            name = ctx.before.config.tiles.tile(action.tile).name
            purpose = "" if ctx.before.pending.group else " to colonise"
            self.drawn = f"draws {name}{purpose}"
            placed = [t for t in new_tiles if t.tile.id == action.tile]
            if not placed:
                return  # placed freely by the next decision
        elif isinstance(action, PlaceTile):
            placed = list(new_tiles)
            if self.drawn is None:
                self.drawn = f"places {placed[0].tile.name}" if placed else "places a tile"
        else:
            return
        if placed:
            tile = placed[0]
            yield f"  {self.drawn}: placed at {_pos(tile.position)}, rotation {tile.rotation}"
        self.drawn = None

    @staticmethod
    def _removals(ctx: _Step) -> Iterator[str]:
        """Islands taken out of the game because all their routes lead back."""
        after_ids = {(t.position, t.tile.id) for t in ctx.after.placed_tiles}
        for pos, view in ctx.views.items():
            if (pos, view.tile.id) in after_ids:
                continue
            boats = [c for b in view.beaches for c in ctx.mid[(pos, b.index)]]
            ctx.contrib.update(boats)
            home = f", {_names(boats)} back to the reserve" if boats else ""
            yield (
                f"  {view.tile.name} {_pos(pos)} is closed in (every jetty leads back): "
                f"removed from the game{home}"
            )

    @staticmethod
    def _board_diff(
        ctx: _Step,
    ) -> tuple[dict[Hex, list[tuple[Colour, int]]], list[_Departure]]:
        """Boats that arrived on each island, and beaches that sailed by themselves."""
        gains: dict[Hex, list[tuple[Colour, int]]] = {}
        departures: list[_Departure] = []
        for view in ctx.after.islands:
            pos = view.position
            existed = pos in ctx.views and ctx.views[pos].tile.id == view.tile.id
            for beach in view.beaches:
                was = ctx.mid[(pos, beach.index)] if existed else []
                now = Counter(beach.boats)
                gained = now - Counter(was)
                if Counter(was) - now:  # boats left: the whole beach sailed
                    where = f"{view.tile.name} {_pos(pos)} beach {beach.index}"
                    if len(was) == beach.slots:
                        jetty = (
                            f" by its {DIRECTION_NAMES[beach.jetties[0]]} jetty"
                            if len(beach.jetties) == 1
                            else ""
                        )
                        line = f"  {where} sails{jetty} (forced): {_names(was)}"
                        departures.append((line, Counter(was), pos))
                        gained = now
                    else:
                        departures.append((f"  {where} fills up and sails", None, pos))
                for c in sorted(gained.elements()):
                    gains.setdefault(pos, []).append((c, beach.index))
        return gains, departures

    @staticmethod
    def _colonist(
        ctx: _Step, new_tiles: Sequence[PlacedTile], gains: dict[Hex, list[tuple[Colour, int]]]
    ) -> None:
        """Account for the colonising boat that comes with a colonised island."""
        before, after = ctx.before, ctx.after
        colour = before.pending.colour
        if colour is None or before.pending.group:
            return
        if before.pending.kind not in (DecisionKind.DRAW, DecisionKind.PLACE_TILE):
            return
        islands = {t.position for t in new_tiles if t.tile.is_island}
        lands_now = any(pos in gains for pos in islands)
        waits = after.pending.kind is DecisionKind.BERTH and after.pending.island in islands
        if lands_now or waits:
            ctx.contrib[colour] -= 1
            ctx.first = Counter([colour])

    def _open_landing(self, state: GameState, island: Hex) -> _Landing:
        if self.landing is None or self.landing.island != island:
            group = Counter(state.pending.group)
            self.landing = _Landing(island, _island_name(state, island), group)
        return self.landing

    @staticmethod
    def _landing_goes_on(action: Action, before: GameState, after: GameState) -> bool:
        """Is ``after`` still in the landing ``before`` was in (not a new one)?"""
        if after.pending.kind is not DecisionKind.BERTH:
            return False
        if after.pending.island != before.pending.island:
            return False
        if not isinstance(action, (Berth, ReturnBoat)):
            return False
        expected = Counter(before.pending.group)
        expected[action.colour] -= 1
        return Counter(after.pending.group) == +expected


@attrs.define
class _Step:
    """Scratch data for one transition: the board once the decision is applied, etc."""

    before: GameState
    after: GameState
    views: dict[Hex, IslandView] = attrs.field(init=False)
    mid: dict[_Beach, list[Colour]] = attrs.field(init=False)
    """Boats on each beach right after the decision's own effect."""
    tiles_before: set[tuple[Hex, str]] = attrs.field(init=False)
    contrib: Counter[Colour] = attrs.Factory(Counter)
    """Reserve changes already explained (placements, royal founding, removals...)."""
    first: Counter[Colour] | None = None
    """Colours of the group sailing before any automatic departure, if known."""
    skip_home: bool = False

    def __attrs_post_init__(self) -> None:
        self.views = {v.position: v for v in self.before.islands}
        self.mid = {
            (v.position, b.index): list(b.boats) for v in self.before.islands for b in v.beaches
        }
        self.tiles_before = {(t.position, t.tile.id) for t in self.before.placed_tiles}
        group = self.before.pending.group
        if group:
            self.first = Counter(group)


def _fates(
    ctx: _Step,
    removals: Sequence[str],
    departures: Sequence[_Departure],
    gains: dict[Hex, list[tuple[Colour, int]]],
    home: Counter[Colour],
    finished: _Landing | None,
) -> list[str]:
    """Order the groups of a transition with what became of each.

    The groups are the one already under way (or sent out by the decision),
    then each beach that sailed on its own, in board order. A group is
    matched with a landing whose boats are exactly its own, or with boats
    that went home. A beach that filled up and sailed follows the landing
    that filled it. What cannot be matched is listed at the end.
    """
    landings = {
        pos: (
            Counter(c for c, _ in berths),
            _landing_text(_island_name(ctx.after, pos), pos, berths),
        )
        for pos, berths in sorted(gains.items())
    }
    pool = Counter(home)
    sequence: list[tuple[str | None, Counter[Colour] | None, Hex | None]] = []
    if ctx.first is not None:
        sequence.append((None, ctx.first, None))
    # a beach full already sails before one that a landing fills during the chain
    sequence.extend(sorted(departures, key=lambda d: d[1] is None))
    in_flight = bool(ctx.after.pending.group)
    lines: list[str] = []
    unmatched = 0
    for k, (line, colours, pos) in enumerate(sequence):
        if k == 1 or (k == 0 and line is not None):
            lines.extend(removals)  # closed islands are met when departing
        if line is not None:
            if colours is None and pos in landings:
                lines.append(landings.pop(pos)[1])  # the landing that filled it
            lines.append(line)
        if k == len(sequence) - 1 and in_flight:
            break  # still sailing, or waiting to berth
        if k == 0 and finished is not None:
            surplus = finished.group - Counter(c for c, _ in finished.berths)
            surplus -= Counter(finished.home)
            surplus &= pool
            pool -= surplus
            text = _landing_text(finished.name, finished.island, finished.berths)
            back = [*finished.home, *surplus.elements()]
            if back:
                text += f"; {_names(back)} back to the reserve (no room)"
            lines.append(text)
            continue
        fate = _fate(colours, landings, pool)
        if fate is None:
            unmatched += 1
        else:
            lines.append(fate)
    if len(sequence) < 2:
        lines.extend(removals)
    lines.extend(text for _got, text in landings.values())
    if +pool:
        what = "the voyage fails" if unmatched and not landings else "no room"
        lines.append(f"  {what}: {_names(pool.elements())} back to the reserve")
    return lines


def _fate(
    colours: Counter[Colour] | None,
    landings: dict[Hex, tuple[Counter[Colour], str]],
    pool: Counter[Colour],
) -> str | None:
    """What became of a group: a landing of exactly its boats, or a failed voyage."""
    if colours is None:
        return None
    exact = [pos for pos, (got, _t) in landings.items() if got == colours]
    if exact:
        return landings.pop(exact[0])[1]
    if not colours - pool:
        pool -= colours
        return f"  the voyage fails: {_names(colours.elements())} back to the reserve"
    partial = [
        pos
        for pos, (got, _t) in landings.items()
        if not got - colours and not (colours - got) - pool
    ]
    if partial:
        got, text = landings.pop(partial[0])
        surplus = colours - got
        pool -= surplus
        return f"{text}; {_names(surplus.elements())} back to the reserve (no room)"
    return None


def _island_name(state: GameState, pos: Hex) -> str:
    view = state.island_at(pos)
    return view.tile.name if view is not None else "an island"


def _trigger(state: GameState, new_tiles: Sequence[PlacedTile]) -> str:
    if not new_tiles:
        return "no legal move is left; the game ends"
    kind = "island" if new_tiles[-1].tile.is_island else "ocean"
    if state.rules.end_trigger is EndTrigger.SIXTEEN_ON_TABLE:
        return f"every {kind} tile is on the table; this turn is the last"
    return f"the last {kind} tile has left the pile; this turn is the last"


def _turn_action(
    ctx: _Step,
    action: Expand | ExpandFromBoard | FoundRoyal | Recolonize | PlaceNewBoats,
    colour: Colour,
) -> str:
    """Describe a turn action and apply its direct effect to ``ctx.mid``."""
    mid = ctx.mid
    views = ctx.views

    def where(pos: Hex) -> str:
        return f"{views[pos].tile.name} {_pos(pos)}"

    if isinstance(action, Expand):
        for b in action.beaches:
            mid[(action.island, b)].append(colour)
        ctx.contrib[colour] -= len(action.beaches)
        return f"expands on {where(action.island)}, {_beach_list(action.beaches)}"
    if isinstance(action, ExpandFromBoard):
        mid[(action.source, action.source_beach)].remove(colour)
        mid[(action.island, action.beach)].append(colour)
        return (
            f"reserve empty: moves a boat from {where(action.source)} beach "
            f"{action.source_beach} to {where(action.island)} beach {action.beach}"
        )
    if isinstance(action, FoundRoyal):
        view = views[action.island]
        n = sum(len(beach.boats) for beach in view.beaches)
        for beach in view.beaches:
            mid[(action.island, beach.index)] = []
        ctx.contrib[colour] += n - 1
        rest = f", {_count(n - 1)} back to the reserve" if n > 1 else ""
        return f"founds a royal island on {where(action.island)} (one boat on the statue{rest})"
    if isinstance(action, PlaceNewBoats):
        for b in action.beaches:
            mid[(action.island, b)].append(colour)
        ctx.contrib[colour] -= len(action.beaches)
        return (
            f"has no boats in play: new boats on {where(action.island)}, "
            f"{_beach_list(action.beaches)}"
        )
    taken = 0
    for pos, view in views.items():
        if view.is_royal:
            continue
        for beach in view.beaches:
            keep = [c for c in mid[(pos, beach.index)] if c != colour]
            taken += len(mid[(pos, beach.index)]) - len(keep)
            mid[(pos, beach.index)] = keep
    ctx.skip_home = True  # the reserve change is the recolonisation itself
    return f"New Colonisation: takes {_count(taken)} off the board"


def _count(n: int) -> str:
    return _plural(n, "boat")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def narrate(states: Sequence[GameState], actions: Sequence[Action]) -> Iterator[str]:
    """Describe a recorded game, one line per notable event.

    ``states[k + 1]`` must be ``states[k].apply(actions[k])``. Yields a header
    (players, colours, changed rules), then the setup, each turn's action,
    tiles drawn and placed, departures, landings, failed voyages, islands
    removed for closed routes and the end trigger, and, if the last state is
    terminal, the final scores and the winner(s) with the tie-break used.
    Events are derived by comparing consecutive states; when several happen
    inside one transition (a chain reaction resolved automatically) they are
    listed in a plausible order.
    """
    if len(states) != len(actions) + 1:
        raise ValueError("narrate needs exactly one more state than actions")
    narrator = _Narrator()
    yield from narrator.header(states[0])
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        yield from narrator.step(before, action, after)
    yield from narrator.footer(states[-1])


# ---------------------------------------------------------------- command line


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line on stderr (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (try --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m tongiaki_rules",
        description="Play one seeded game of Tongiaki between random bots and narrate it.",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 7),
        metavar="N",
        help="number of players, 2 to 6 (default 4)",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--rody",
        action="store_true",
        help="Rody variant: after the first tile of a voyage, tiles are turned by choice",
    )
    parser.add_argument(
        "--two-colour",
        action="store_true",
        help="two-player variant where each player runs two colours (needs --players 2)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (bad arguments exit with 2)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.two_colour and args.players != 2:
        parser.error("--two-colour is a two-player variant: use it with --players 2")
    rules = Rules(variant_rody=args.rody, variant_two_player_double_colour=args.two_colour)
    states, actions = play_game(args.players, args.seed, rules)
    try:
        print(f"Tongiaki rules engine {__version__}: one random game, seed {args.seed}")
        for line in narrate(states, actions):
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

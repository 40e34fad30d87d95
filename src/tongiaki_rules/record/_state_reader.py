"""Reading a state document that passed its JSON Schema: how the fields fit together.

The schema (:mod:`.schema_check`) has checked every field's type, range and
form; what is left here depends on the game: the colours in play, the tiles
of the set, the phase, the counts of boats and tiles. A position that the
rules cannot reach is refused, with the clause it breaks where there is one
(COMP-3, SETUP-4, ...); the invariant checker and the engine's own settling
are the last safety net.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from .._state import GameState
from .._validity import invariant_violations, reachability_problems, royal_beach_problem
from ..colours import BOATS_PER_COLOUR
from ..errors import SearchLimitReached
from ..hexgrid import ORIGIN, Hex
from ..tiles import TileSet
from ..views import NO_KING, VACANT_KING, Phase, Purpose
from ._fields import _boats, _colour, _fail, _field, _item, _object
from ._schema import _LETTERS, PHASE_NAMES, PURPOSE_NAMES, VACANT
from ._settings import _config_in


def _king_in(value: str | None, path: str, agents: int) -> int:
    if value is None:
        return NO_KING
    if value == VACANT:
        return VACANT_KING
    return _colour(value, path, agents)


def _opt_hex(value: list[int] | None) -> Hex | None:
    return None if value is None else (value[0], value[1])


@attrs.define
class _Tally:
    """How often each tile of the set is used, to catch a tile used twice."""

    ts: TileSet
    left: Counter[int]

    def use(self, name: str, path: str) -> int:
        t = self.ts.index.get(name)
        if t is None:
            _fail(path, f"unknown tile id {name!r}")
        if self.left[t] <= 0:
            n = Counter(self.ts.pile_indices)[t] + (1 if t == 0 else 0)
            times = "once" if n == 1 else f"{n} times"
            _fail(path, f"the tile {name!r} is used more often than the tile set has it ({times})")
        self.left[t] -= 1
        return t


class _StateReader:
    """Reads the fields of a state document, then checks how they fit together."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.cfg = _config_in(doc, checked=True)
        self.ts = self.cfg.tiles
        self.agents = len(self.cfg.agent_seats)

    # ------------------------------------------------------------ fields
    def build(self) -> GameState:
        doc, ts, agents = self.doc, self.ts, self.agents
        self.phase = PHASE_NAMES.index(doc["phase"])
        self.agent = _colour(doc["turn_colour"], "turn_colour", agents)
        available: Counter[int] = Counter(ts.pile_indices)
        available[0] += 1
        self.tally = _Tally(ts, Counter(available))
        self._table()
        removed = [self.tally.use(t, _item("removed", k)) for k, t in enumerate(doc["removed"])]
        for k, t in enumerate(removed):
            if not ts.is_island[t]:
                _fail(
                    _item("removed", k),
                    "only islands are removed (closed), not ocean tiles",
                    "CLOSED-1",
                )
        self.removed = tuple(sorted(removed))
        self.pile = tuple(
            sorted(self.tally.use(t, _item("pile", k)) for k, t in enumerate(doc["pile"]))
        )
        if 0 in self.pile:
            _fail("pile", f"the start island {ts.start.id!r} is never in the pile", "SETUP-2")
        if self.tally.left[0]:
            _fail("table", f"the start island {ts.start.id!r} must be on the table or removed")
        self._colours()
        self.group = _boats(doc["group"], "group", agents)
        self.at = _opt_hex(doc["at"])
        self.entry = doc["entry"]
        self.origin = _opt_hex(doc["origin"])
        self.turn_origin = _opt_hex(doc["turn_origin"])
        self.drawn = doc["tiles_drawn"]
        if self.drawn > ts.island_total + ts.ocean_total:
            _fail("tiles_drawn", f"{self.drawn} exceeds {ts.island_total + ts.ocean_total}")
        drawn_tile = doc["drawn_tile"]
        self.tile = -1 if drawn_tile is None else self.tally.use(drawn_tile, "drawn_tile")
        if self.tile == 0:
            _fail("drawn_tile", "the start island is never drawn")
        self.purpose = PURPOSE_NAMES.index(doc["purpose"])
        beaches = doc["served_beaches"]
        if beaches != sorted(beaches):
            _fail("served_beaches", "beach indices are listed in increasing order, once each")
        self.served = sum(1 << b for b in beaches)
        self.ended = doc["end_triggered"]
        self._chain()
        self._totals()
        self._phase_fits()
        self._setup()
        state = GameState(
            config=self.cfg,
            tiles_=tuple(self.placed),
            boats_=tuple(self.boats),
            kings_=tuple(self.kings),
            removed_=self.removed,
            pile_=self.pile,
            reserve_=tuple(self.reserve),
            out_=tuple(self.out),
            founded_=tuple(self.founded),
            agent_=self.agent,
            phase_=self.phase,
            group_=self.group,
            at_=self.at,
            entry_=self.entry,
            origin_=self.origin,
            turn_origin_=self.turn_origin,
            drawn_=self.drawn,
            tile_=self.tile,
            purpose_=self.purpose,
            served_=self.served,
            ended_=self.ended,
            setup_firsts_=self.setup_firsts,
            setup_count_=self.setup_count,
            chain_=self.chain,
        )
        for problem in reachability_problems(state):
            _fail(problem.path or "", problem.message, problem.clause)
        _final_checks(state, exact_tiles=not +self.tally.left)
        return state

    def _table(self) -> None:
        ts, agents, rules = self.ts, self.agents, self.cfg.rules
        self.placed: list[tuple[Hex, int, int]] = []
        self.boats: list[tuple[tuple[int, ...], ...]] = []
        self.kings: list[int] = []
        self.where: dict[Hex, int] = {}
        for k, entry in enumerate(self.doc["table"]):
            path = _item("table", k)
            t = self.tally.use(entry["tile"], _field(path, "tile"))
            island = ts.is_island[t]
            for key in ("beaches", "king"):
                if island and key not in entry:
                    _fail(path, f"missing field {key!r}: an island has beaches and a king")
                if not island and key in entry:
                    _fail(_field(path, key), "unknown field: an ocean tile has no beaches or king")
            pos = (entry["at"][0], entry["at"][1])
            rotation = entry["rotation"]
            if pos in self.where:
                _fail(
                    _field(path, "at"),
                    f"two tiles at {list(pos)}: table[{self.where[pos]}] and {path}",
                )
            if t == 0 and (k != 0 or pos != ORIGIN or rotation != 0):
                _fail(
                    path, f"the start island {ts.start.id!r} is first, at [0, 0], with rotation 0"
                )
            self.where[pos] = k
            self.placed.append((pos, t, rotation))
            if not island:
                self.boats.append(())
                self.kings.append(NO_KING)
                continue
            slots = ts.slots[t]
            bp = _field(path, "beaches")
            beaches = entry["beaches"]
            if len(beaches) != len(slots):
                _fail(
                    bp, f"{ts.kinds[t].id!r} has {len(slots)} beaches, not {len(beaches)}", "COMP-3"
                )
            row = []
            for b, text in enumerate(beaches):
                boats = _boats(text, _item(bp, b), agents)
                if len(boats) > slots[b]:
                    _fail(
                        _item(bp, b), f"{len(boats)} boats on a beach of {slots[b]} slots", "COMP-3"
                    )
                row.append(boats)
            self.boats.append(tuple(row))
            kp = _field(path, "king")
            king = _king_in(entry["king"], kp, agents)
            if king != NO_KING:
                if t == 0:
                    _fail(kp, "the start island is never a royal island", "ROYAL-2")
                if king == VACANT_KING and rules.recolonize_keeps_royal:
                    _fail(
                        kp, "a king is taken off only with recolonize_keeps_royal=false", "AMB-21"
                    )
                problem = royal_beach_problem(rules, king, row)
                if problem is not None:
                    _fail(bp, problem.message, problem.clause)
            self.kings.append(king)

    def _colours(self) -> None:
        letters = _LETTERS[: self.agents]
        obj = _object(self.doc["colours"], "colours", tuple(letters))
        self.reserve: list[int] = []
        self.out: list[int] = []
        self.founded: list[int] = []
        for letter in letters:
            entry = obj[letter]
            self.reserve.append(entry["reserve"])
            self.out.append(entry["out_of_game"])
            self.founded.append(entry["royal_islands_founded"])

    def _chain(self) -> None:
        """The departures of this turn since the last draw: the positions reached (AMB-25)."""
        doc, agents = self.doc, self.agents
        chain: list[tuple[object, ...]] = []
        entries = doc["chain"]
        if entries and self.phase not in (Phase.DEPART, Phase.DRAW, Phase.LAND):
            _fail("chain", f"a {PHASE_NAMES[self.phase]} decision remembers no departures")
        for k, entry in enumerate(entries):
            path = _item("chain", k)
            bp = _field(path, "beaches")
            boats = tuple(
                tuple(_boats(text, _item(_item(bp, i), b), agents) for b, text in enumerate(tile))
                for i, tile in enumerate(entry["beaches"])
            )
            # tiles only leave the table between two draws: never fewer then than now
            if len(boats) < len(self.placed):
                _fail(bp, f"{len(boats)} tiles, fewer than the {len(self.placed)} on the table now")
            island = (entry["island"][0], entry["island"][1])
            departure = (boats, island, entry["beach"], entry["jetty"])
            if any(earlier[0] == boats for earlier in chain):
                # the chain came back to a position it had reached: the engine settles such
                # a chain (Rules.endless_chain) as it comes back, and never keeps it going
                _fail(bp, "the same position twice: the chain was already settled", "AMB-25")
            chain.append(departure)
        self.chain = tuple(chain)

    def _totals(self) -> None:
        agents = self.agents
        table = [0] * agents
        for row, king in zip(self.boats, self.kings, strict=True):
            for beach in row:
                for c in beach:
                    table[c] += 1
            if 0 <= king < agents:
                table[king] += 1
        for c in range(agents):
            path = _field("colours", _LETTERS[c])
            at_sea = self.group.count(c)
            total = self.reserve[c] + table[c] + at_sea + self.out[c]
            if total != BOATS_PER_COLOUR:
                _fail(
                    path,
                    f"{total} boats, not {BOATS_PER_COLOUR}: reserve {self.reserve[c]}, "
                    f"table {table[c]}, at sea {at_sea}, out of game {self.out[c]}",
                    "COMP-1",
                )

    def _island_at(self, pos: Hex | None) -> int | None:
        if pos is None:
            return None
        k = self.where.get(pos)
        return k if k is not None and self.ts.is_island[self.placed[k][1]] else None

    def _phase_fits(self) -> None:
        phase, purpose, name = self.phase, self.purpose, PHASE_NAMES[self.phase]
        voyage = purpose == Purpose.VOYAGE

        def must(ok: bool, path: str, message: str, clause: str | None = None) -> None:
            if not ok:
                _fail(path, message, clause)

        must(
            (self.tile >= 0) == (phase == Phase.PLACE),
            "drawn_tile",
            "a drawn tile is held exactly while a place_tile decision is pending",
        )
        must(
            not self.served or phase == Phase.LAND,
            "served_beaches",
            "only a landing serves beaches",
        )
        if phase in (Phase.SETUP, Phase.TURN, Phase.OVER):
            for path, ok, expected in (
                ("group", not self.group, '""'),
                ("at", self.at is None, "null"),
                ("entry", self.entry == 0, "0"),
                ("origin", self.origin is None, "null"),
                ("turn_origin", self.turn_origin is None, "null"),
                ("tiles_drawn", self.drawn == 0, "0"),
                ("purpose", voyage, '"voyage"'),
            ):
                must(ok, path, f"must be {expected} at a {name} decision")
            must(
                phase != Phase.OVER or self.ended,
                "end_triggered",
                "a finished game had its end triggered",
                "END-1",
            )
            return
        if phase == Phase.DEPART:
            for path, ok, expected in (
                ("group", not self.group, '""'),
                ("at", self.at is None, "null"),
                ("origin", self.origin is None, "null"),
                ("tiles_drawn", self.drawn == 0, "0"),
                ("purpose", voyage, '"voyage"'),
            ):
                must(ok, path, f"must be {expected} at a departure decision")
            return
        if phase in (Phase.DRAW, Phase.PLACE):
            if phase == Phase.DRAW:
                must(bool(self.pile), "pile", "nothing left to draw at a draw")
            if not voyage:
                must(
                    not self.group,
                    "group",
                    f"no boats are under way during a {PURPOSE_NAMES[purpose]} draw",
                )
                must(self.at is None, "at", f"must be null during a {PURPOSE_NAMES[purpose]} draw")
                must(
                    self.origin is None,
                    "origin",
                    f"must be null during a {PURPOSE_NAMES[purpose]} draw",
                )
                must(
                    self.drawn == 0,
                    "tiles_drawn",
                    f"must be 0 during a {PURPOSE_NAMES[purpose]} draw",
                )
                if phase == Phase.DRAW:
                    must(
                        any(self.ts.is_island[t] for t in self.pile),
                        "pile",
                        "a colonisation draws only while an island is left in the pile",
                        "RECOLONIZE-4",
                    )
                return
            must(bool(self.group), "group", f"a voyage {name} needs the boats under way")
            must(
                self.at is not None and self.at not in self.where,
                "at",
                "must be an empty hex beside the voyage",
            )
            must(
                self._island_at(self.origin) is not None,
                "origin",
                "must be the island the expedition left",
            )
            if phase == Phase.PLACE:
                must(
                    self.cfg.rules.variant_rody,
                    "phase",
                    "a voyage tile is placed freely only in the Rody variant",
                    "VARIANT-RODY-1",
                )
                must(
                    self.drawn >= 2,
                    "tiles_drawn",
                    "only the second and later tiles of a voyage are placed freely",
                    "VARIANT-RODY-1",
                )
            return
        # landing
        must(bool(self.group), "group", "a landing needs boats to land", "LAND-1")
        k = self._island_at(self.at)
        must(k is not None, "at", "a group lands on an island on the table")
        assert k is not None
        must(
            self.served < 1 << len(self.boats[k]),
            "served_beaches",
            f"the island at {list(self.at or ())} has {len(self.boats[k])} beaches",
        )
        if not voyage:
            must(
                self.group == (self.agent,),
                "group",
                "a colonisation lands one boat of the turn colour",
                "RECOLONIZE-5",
            )
            must(self.drawn == 0, "tiles_drawn", "must be 0 when a colonisation lands")

    def _setup(self) -> None:
        cfg, agents = self.cfg, self.agents
        value = self.doc["setup_first_beaches"]
        if self.phase != Phase.SETUP:
            if value is not None:
                _fail("setup_first_beaches", "must be null once setup is over")
            self.setup_firsts: tuple[int, ...] = ()
            self.setup_count = 2 * agents
            return
        letters = _LETTERS[:agents]
        firsts_obj = _object(value, "setup_first_beaches", tuple(letters))  # the colours in play
        if len(self.placed) != 1 or self.removed or self.placed[0][1] != 0:
            _fail("table", "during setup only the start island is on the table", "SETUP-2")
        if Counter(self.pile) != Counter(self.ts.pile_indices):
            _fail("pile", "during setup every tile but the start island is in the pile", "SETUP-2")
        if self.ended:
            _fail("end_triggered", "must be false during setup")
        tonga = self.boats[0]
        for b, beach in enumerate(tonga):
            if len(beach) >= self.ts.slots[0][b]:
                _fail(
                    f"table[0].beaches[{b}]", "setup leaves a free slot on every beach", "SETUP-5"
                )
        count = sum(len(beach) for beach in tonga)
        order = cfg.order
        if count >= 2 * agents:
            _fail(
                "table[0].beaches", f"{count} setup boats; setup ends after {2 * agents}", "SETUP-4"
            )
        expected = Counter(order[i % len(order)] for i in range(count))
        firsts = []
        for c, letter in enumerate(letters):
            path = _field("colours", letter)
            if self.out[c] or self.founded[c]:
                _fail(path, "no boat is out of the game and no royal island founded during setup")
            has = sum(beach.count(c) for beach in tonga)
            if has != expected[c]:
                _fail(
                    path,
                    f"{has} setup boats on the start island; the turn order gives {expected[c]}",
                    "SETUP-4",
                )
            fp = _field("setup_first_beaches", letter)
            first = firsts_obj[letter]
            if first is None:
                if has:
                    _fail(fp, "the colour has placed a boat: name the beach of its first one")
                firsts.append(-1)
                continue
            b = first
            if b >= len(tonga):
                _fail(fp, f"{b} is not in 0..{len(tonga) - 1}")
            if c not in tonga[b]:
                _fail(fp, f"the colour has no boat on beach {b}")
            if cfg.rules.setup_distinct_beaches and any(beach.count(c) > 1 for beach in tonga):
                _fail(path, "two setup boats of a colour on one beach", "AMB-29")
            firsts.append(b)
        nxt = _LETTERS[order[count % len(order)]]
        if self.agent != order[count % len(order)]:
            _fail(
                "turn_colour",
                f"the turn order gives {nxt!r} after {count} setup boats",
                "SETUP-4",
            )
        self.setup_firsts = tuple(firsts)
        self.setup_count = count


def _final_checks(state: GameState, *, exact_tiles: bool) -> None:
    """The invariant checker and the engine's own settling, as a safety net."""
    try:
        problems = invariant_violations(state, exact_tiles=exact_tiles)
        if not problems and state._settled() != state:
            problems = [
                f"the engine does not wait at this {PHASE_NAMES[state.compact.phase]} decision: "
                "it is resolved automatically (a single option, or a forced landing)"
            ]
    except (MemoryError, SearchLimitReached):
        raise  # the machine ran short, or the caller's cap: that says nothing of the position
    except Exception as exc:  # a position the engine cannot evaluate
        problems = [f"the engine cannot evaluate this position ({type(exc).__name__}: {exc})"]
    if problems:
        _fail("", "impossible position: " + "; ".join(problems))

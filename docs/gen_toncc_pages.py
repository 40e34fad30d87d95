"""The generated parts of the Tóncc pages (mkdocs-gen-files), from the code itself.

``toncc/rules.md`` is written by hand around ``<!-- generated: NAME -->`` lines;
this script replaces each such line with what the library says, so the page
never drifts from the engine:

* ``board``: a picture of the 19 cells (``toncc/board.svg``, drawn here from
  ``board.AXIAL`` and ``board.LABELS``) and of the Compass;
* ``destinations``: the move function, ``DESTINATIONS``, as a table;
* ``clauses``: every clause of ``CLAUSES`` with its status and rule-sheet section;
* ``map``: the reconstructed Map, ``STANDARD_MAP``, and its 15 Kingdoms;
* ``flags``: every ``TonccRules`` flag, its default and its alternatives, from
  the docstrings of the flags' enums.

A marker the script does not know, or a block it makes that the page does not
ask for, stops the build.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable

import attrs
import mkdocs_gen_files

from tongiaki_rules.toncc import CLAUSES, DESTINATIONS, LABELS, MIND, STANDARD_MAP, TonccRules
from tongiaki_rules.toncc._clauses import STATUSES
from tongiaki_rules.toncc._rules import COMPASS_DIRECTIONS, Compass
from tongiaki_rules.toncc.board import AXIAL, DIRECTION_NAMES, VECTORS
from tongiaki_rules.toncc.regions import KINGDOM_WINDOWS, position_name, shared_feature

PAGE = "toncc/rules.md"
MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.M)

AREAS = {
    "SETUP": "Setting up",
    "KING": "The Kings' colours",
    "MAP": "Regions, Kingdoms and the Map",
    "MOVE": "Moving",
    "CONQ": "Conquest and contests",
    "END": "The end of a challenge",
    "SCORE": "Scoring a challenge",
    "GAME": "The game",
}
"""The headings of the clause list, by the middle part of a clause id (``TC-MOVE-3``)."""

COLOURS = {"RED": "#c0392b", "YELLOW": "#e5b800", "BLUE": "#2e6fba"}


def flag_clauses() -> dict[str, str]:
    """The flag deciding each clause a flag decides: ``{"TC-END-4": "stall_king_points"}``."""
    return {flag_clause(field.name): field.name for field in attrs.fields(TonccRules)}


def flag_doc(name: str) -> tuple[str, str]:
    """The first line of the docstring of a flag's enum, and the rest as one paragraph."""
    kind = type(attrs.fields_dict(TonccRules)[name].default)
    first, _, rest = inspect.cleandoc(kind.__doc__ or "").partition("\n")
    return first, " ".join(rest.split())


def flag_clause(name: str) -> str:
    """The clause a flag decides, as the first line of its enum's docstring names it."""
    match = re.search(r"TC-[A-Z]+-\d+", flag_doc(name)[0])
    if match is None:
        raise ValueError(f"the enum of the flag {name} names no clause on its first line")
    return match.group()


# ------------------------------------------------------------------------- the board


def _centre(cell: int, size: float) -> tuple[float, float]:
    q, r = AXIAL[cell]
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


def board_svg(size: float = 44.0) -> str:
    """The Mind and its 18 regions as packed discs, each labelled, and the Compass."""
    half = 5 * size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-half} {-half} {3.25 * half} '
        f'{2 * half}" width="640" role="img" aria-label="The Tóncc board and the Compass">',
        "<title>The Tóncc board: the Mind, the inner ring I1..I6, the outer ring O1..O12; "
        "and the Compass</title>",
        '<g font-family="sans-serif" text-anchor="middle" dominant-baseline="central">',
    ]
    for cell, label in enumerate(LABELS):
        x, y = _centre(cell, size)
        fill = "#f4ecd8" if cell == MIND else ("#cfe8cf" if label.startswith("I") else "#e4f2e4")
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.86 * size:.1f}" fill="{fill}" '
            'stroke="#476b47" stroke-width="2"/>'
        )
        parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{0.42 * size:.0f}">{label}</text>')
    parts.append(_compass_svg(1.55 * half, 0.0, size))
    parts.append("</g></svg>")
    return "\n".join(parts)


def _compass_svg(cx: float, cy: float, size: float) -> str:
    """The six directions from a centre, labelled with their default Compass numbers."""
    numbers = {d: n for n, d in enumerate(COMPASS_DIRECTIONS[Compass.COUNTER_CLOCKWISE], 1)}
    lines = [
        f'<circle cx="{cx}" cy="{cy}" r="{0.5 * size}" fill="#f4ecd8" stroke="#476b47"/>',
        f'<text x="{cx}" y="{cy - 3.1 * size}" font-size="{0.4 * size:.0f}">Compass</text>',
    ]
    for direction, (dq, dr) in enumerate(VECTORS):
        x = size * math.sqrt(3) * (dq + dr / 2)
        y = size * 1.5 * dr
        lines.append(
            f'<line x1="{cx}" y1="{cy}" x2="{cx + 1.1 * x:.1f}" y2="{cy + 1.1 * y:.1f}" '
            'stroke="#476b47" stroke-width="3"/>'
        )
        lines.append(
            f'<text x="{cx + 1.45 * x:.1f}" y="{cy + 1.45 * y:.1f}" '
            f'font-size="{0.4 * size:.0f}">{numbers[direction]} '
            f"{DIRECTION_NAMES[direction]}</text>"
        )
    return "\n".join(lines)


def board_block() -> list[str]:
    with mkdocs_gen_files.open("toncc/board.svg", "w") as f:
        f.write(board_svg())
    return [
        "![The Mind in the middle, the inner ring I1 to I6 around it, the outer ring O1 to O12, "
        "and the Compass with its six directions](board.svg)",
    ]


def _is_straight(cell: int, direction: int, there: int) -> bool:
    q, r = AXIAL[cell]
    dq, dr = VECTORS[direction]
    return AXIAL[there] == (q + dq, r + dr)


def destinations_block() -> list[str]:
    order = COMPASS_DIRECTIONS[Compass.COUNTER_CLOCKWISE]
    header = " | ".join(f"{n} {DIRECTION_NAMES[d]}" for n, d in enumerate(order, 1))
    lines = [f"| from | {header} |", "|---|" + "---|" * len(order)]
    for cell in (MIND, *range(MIND)):
        cells = []
        for direction in order:
            there = DESTINATIONS[cell][direction]
            text = LABELS[there]
            if cell != MIND and not _is_straight(cell, direction, there):
                q, r = AXIAL[cell]
                dq, dr = VECTORS[direction]
                jump = (q + dq, r + dr) == (0, 0)
                text = f"**{text}** (jump)" if jump else f"**{text}**"
            cells.append(text)
        lines.append(f"| {LABELS[cell]} | {' | '.join(cells)} |")
    return lines


# ----------------------------------------------------------------------- the clauses


def clauses_block() -> list[str]:
    flags = flag_clauses()
    counts = ", ".join(
        f"{sum(c.status == status for c in CLAUSES.values())} {status}" for status in STATUSES
    )
    lines = [f"{len(CLAUSES)} clauses: {counts}.", ""]
    area = None
    for clause in CLAUSES.values():
        here = clause.id.split("-")[1]
        if here != area:
            area = here
            lines += ["", f"### {AREAS[area]}", ""]
            lines += ["| clause | status | rule sheet | the rule as implemented |"]
            lines += ["|---|---|---|---|"]
        decided = (
            f" Flag [`{flags[clause.id]}`](#flag-{flags[clause.id]})." if clause.id in flags else ""
        )
        if clause.id == "TC-MAP-3":
            decided = " Data: [`STANDARD_MAP`](#the-reconstructed-map)."
        lines.append(
            f"| [{clause.id}](../conformance.md#{clause.id.lower()}) | {clause.status} "
            f"| {clause.section} | {clause.summary}{decided} |"
        )
    return lines


# --------------------------------------------------------------------------- the Map


def map_block() -> list[str]:
    lines = [
        "| Map position | background | symbol | shape | lines | dots |",
        "|---|---|---|---|---|---|",
    ]
    for index, region in enumerate(STANDARD_MAP.regions):
        corner = " (corner)" if index % 6 == 0 else ""
        shape = region.shape.name.lower() if region.shape is not None else "—"
        lines.append(
            f"| {position_name(index)}{corner} | {region.background.name.lower()} "
            f"| {region.symbol.name.lower()} | {shape} | {region.lines or '—'} "
            f"| {region.dots or '—'} |"
        )
    lines += ["", "The 15 Kingdoms, the windows of three on a side, and what each shares:", ""]
    lines += ["| side | Kingdom | shared |", "|---|---|---|"]
    for window in KINGDOM_WINDOWS:
        names = [position_name(i) for i in window]
        feature = shared_feature(*(STANDARD_MAP.regions[i] for i in window))
        lines.append(f"| {names[0][0]} | {'-'.join(names)} | {feature} |")
    return lines


# ------------------------------------------------------------------------- the flags


def flags_block() -> list[str]:
    lines = []
    for field in attrs.fields(TonccRules):
        kind = type(field.default)
        first, rest = flag_doc(field.name)
        others = [f"`{member.value}`" for member in kind if member != field.default]
        lines += [f"### `{field.name}` ({flag_clause(field.name)}) {{ #flag-{field.name} }}", ""]
        lines += [first, "", rest, ""]
        lines += [
            f"- Default: `{field.default.value}` (`{kind.__name__}.{field.default.name}`).",
            f"- Alternative{'s' if len(others) > 1 else ''}: {', '.join(others)}.",
            "",
        ]
    return lines


BLOCKS: dict[str, Callable[[], list[str]]] = {
    "board": board_block,
    "destinations": destinations_block,
    "clauses": clauses_block,
    "map": map_block,
    "flags": flags_block,
}


def rules_page() -> None:
    with mkdocs_gen_files.open(PAGE, "r") as f:
        text = f.read()
    asked = MARKER.findall(text)
    unknown = sorted(set(asked) - set(BLOCKS))
    unused = sorted(set(BLOCKS) - set(asked))
    if unknown or unused:
        raise ValueError(f"{PAGE}: unknown markers {unknown}; blocks not asked for {unused}")
    text = MARKER.sub(lambda m: "\n".join(BLOCKS[m.group(1)]()), text)
    with mkdocs_gen_files.open(PAGE, "w") as f:
        f.write(text)
    mkdocs_gen_files.set_edit_path(PAGE, PAGE)


rules_page()

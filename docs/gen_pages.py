"""Pages and pictures generated when the docs are built (mkdocs-gen-files).

* ``rules/*.md``: the rules as implemented, from the clause catalogue
  (``tongiaki_rules.catalogue``), area by area, with the sources in each
  language and, for contested points, the flag and why the default was chosen;
* ``rules/tiles.md`` with a picture of every tile, drawn by the library's own
  SVG renderer;
* ``images/generated/*.svg``: the diagrams the explanation pages show;
* ``schemas/*.schema.json``: the JSON Schemas of states and records, for
  download (the files shipped in the package, as ``json_schema()`` gives them).
"""

from __future__ import annotations

import json
import random
import re

import mkdocs_gen_files

from tongiaki_rules import (
    ORIGIN,
    STANDARD_TILES,
    DecisionKind,
    Draw,
    IslandTile,
    OceanTile,
    new_game,
    play_random_game,
    position,
    render_svg,
)
from tongiaki_rules.catalogue import SOURCE_CODES, SOURCE_KEYS, Entry, cited_codes, load_catalogue
from tongiaki_rules.record import json_schema
from tongiaki_rules.record._json_schemas import SCHEMA_NAMES

LABELS = {
    "it": "Italian rules (IT)",
    "fr_rules": "French rules (FR-R)",
    "fr_help": "French help (FR-H)",
    "bsw_en": "BrettspielWelt (BSW-EN1, from the German)",
    "de": "German texts (DE)",
}

PAGES = {
    "setup.md": ("Components and setup", ("Components", "Setup")),
    "expansion.md": ("Turn and expansion", ("Turn", "Expansion")),
    "voyage.md": ("Departure and voyage", ("Departure", "Voyage")),
    "landing.md": ("Landing and chain reactions", ("Landing", "Chain reaction")),
    "royal.md": ("Royal islands and New Colonisation", ("Royal island", "New colonisation")),
    "special.md": (
        "Special situations and closed routes",
        ("No boats in play", "Few boats", "Empty reserve", "Closed routes"),
    ),
    "end.md": ("End of game and scoring", ("End of game", "Scoring")),
    "variants.md": ("Variants", ("Variants",)),
}


def anchor(entry_id: str) -> str:
    return entry_id.lower()


def page_of(entry: Entry) -> str:
    if entry.is_ambiguity:
        return "contested.md"
    for page, (_title, areas) in PAGES.items():
        if entry.area in areas:
            return page
    return "contested.md"


def link(entry_id: str, here: str) -> str:
    catalogue = load_catalogue()
    try:
        target = page_of(catalogue.entry(entry_id))
    except KeyError:
        return entry_id
    prefix = "" if target == here else target
    return f"[{entry_id}]({prefix}#{anchor(entry_id)})"


def entry_block(entry: Entry, here: str) -> list[str]:
    lines = [f"### {entry.id}: {entry.title} {{ #{anchor(entry.id)} }}", "", entry.statement, ""]
    if entry.reading:
        lines += ['!!! note "Reading followed by the engine"', "", f"    {entry.reading}", ""]
    for flag in entry.flags:
        others = [v for v in flag.values if v != flag.default]
        alt = f"; other values: {', '.join(f'`{v}`' for v in others)}" if others else ""
        lines.append(f"- Flag `Rules.{flag.name}`: default `{flag.default}`{alt}.")
    if entry.flags:
        lines.append("")
    lines += ["| source | where it says so |", "|---|---|"]
    for key in SOURCE_KEYS:
        cell = linked_codes(entry.sources.get(key, "—").replace("|", "/"))
        lines.append(f"| {LABELS[key]} | {cell} |")
    if entry.de_terms:
        lines.append(f"| German terms | {', '.join(entry.de_terms)} |")
    lines.append("")
    if entry.related:
        lines += ["Related: " + ", ".join(link(r, here) for r in entry.related), ""]
    return lines


LEGEND = "source-codes"
"""The anchor of the list of source codes at the end of each rules page."""


def linked_codes(text: str) -> str:
    """``text`` with each source code (``DE-st``) a link to the page's list of codes.

    The link's title is the source's name, shown when the pointer rests on it.
    """
    codes = cited_codes(text)
    if not codes:
        return text
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, codes)) + r")(?![\w-])")
    return pattern.sub(lambda m: f'[{m.group(1)}](#{LEGEND} "{SOURCE_CODES[m.group(1)]}")', text)


def legend(entries: list[Entry]) -> list[str]:
    """The source codes the entries cite, each with its name: the end of a rules page."""
    text = " ".join(" ".join([e.statement, e.reading, *e.sources.values()]) for e in entries)
    lines = [
        f"## Source codes {{ #{LEGEND} }}",
        "",
        "The codes this page cites; [the overview](index.md#how-the-catalogue-works) "
        "lists every source.",
        "",
        "| code | source |",
        "|---|---|",
    ]
    lines += [f"| {code} | {SOURCE_CODES[code]} |" for code in cited_codes(text)]
    return [*lines, ""]


def rules_pages() -> None:
    catalogue = load_catalogue()
    for page, (title, areas) in PAGES.items():
        lines = [
            f"# {title}",
            "",
            "Generated from the project's clause catalogue "
            "(`src/tongiaki_rules/data/clauses.toml`). Each clause links to the contested "
            "readings that concern it; the [conformance report](../conformance.md) lists the "
            "tests that check it.",
            "",
        ]
        shown = []
        for area in areas:
            lines += [f"## {area}", ""]
            for entry in catalogue.clauses:
                if entry.area == area:
                    lines += entry_block(entry, page)
                    shown.append(entry)
        lines += legend(shown)
        with mkdocs_gen_files.open(f"rules/{page}", "w") as f:
            f.write("\n".join(lines))
    lines = [
        "# Contested readings",
        "",
        "Where the Italian, French and German texts disagree or are silent. Each entry says "
        "what the texts say, the reading the engine follows by default and why, and the "
        "`Rules` flag that switches to another reading.",
        "",
    ]
    for entry in catalogue.ambiguities:
        lines += entry_block(entry, "contested.md")
    lines += legend(list(catalogue.ambiguities))
    with mkdocs_gen_files.open("rules/contested.md", "w") as f:
        f.write("\n".join(lines))


def tile_picture(tile_id: str) -> str:
    other = "ocean-a" if tile_id == "ocean-p" else "ocean-p"
    state = position(2, removed=["tonga"], tiles=[(ORIGIN, tile_id, 0)], pile=[other])
    return render_svg(state, show_panel=False, show_open_sea=False, size=220, title=tile_id)


def tiles_page() -> None:
    lines = [
        "# The tiles",
        "",
        "The 32 tiles of the 2004 Schmidt Spiele edition, as the library knows them "
        "(`STANDARD_TILES`). Every picture is drawn by `render_svg` when the docs are built. "
        "Drawn tiles are shown with rotation 0: the red marker (local edge 0) at the bottom. "
        "Edges are numbered clockwise from the bottom: 0 bottom, 1 lower-left, 2 upper-left, "
        "3 top, 4 upper-right, 5 lower-right.",
        "",
        "## Tonga, the start island",
        "",
        "Six beaches of three slots, one jetty on each edge; no value, and no red marker.",
        "",
    ]
    start = position(2, pile=["hawaii", "ocean-a"])
    with mkdocs_gen_files.open("rules/tiles/tonga.svg", "w") as f:
        f.write(render_svg(start, show_panel=False, show_open_sea=False, size=220, title="tonga"))
    lines += ["![Tonga](tiles/tonga.svg)", "", "## Islands", ""]
    lines += ["| island | value | beaches (slots: jetty edges) | picture |", "|---|---|---|---|"]
    for tile in STANDARD_TILES.pile_islands:
        assert isinstance(tile, IslandTile)
        with mkdocs_gen_files.open(f"rules/tiles/{tile.id}.svg", "w") as f:
            f.write(tile_picture(tile.id))
        beaches = "; ".join(
            f"{b.slots}: {', '.join(str(e) for e in b.jetties)}" for b in tile.beaches
        )
        lines.append(
            f"| {tile.name} | {tile.value} | {beaches} | "
            f"![{tile.name}](tiles/{tile.id}.svg){{ width=120 }} |"
        )
    lines += ["", "## Ocean tiles", ""]
    lines += ["| tile | routes (edges: colours needed) | picture |", "|---|---|---|"]
    for tile in STANDARD_TILES.pile_oceans:
        assert isinstance(tile, OceanTile)
        with mkdocs_gen_files.open(f"rules/tiles/{tile.id}.svg", "w") as f:
            f.write(tile_picture(tile.id))
        routes = "; ".join(f"{r.a}-{r.b}: {r.colours or '—'}" for r in tile.routes)
        lines.append(
            f"| {tile.name} | {routes} | ![{tile.id}](tiles/{tile.id}.svg){{ width=120 }} |"
        )
    with mkdocs_gen_files.open("rules/tiles.md", "w") as f:
        f.write("\n".join(lines))


def diagrams() -> None:
    """Pictures the explanation and how-to pages include from images/generated/."""
    rng = random.Random(1)
    state = new_game(3)
    while state.pending.kind is DecisionKind.SETUP:
        state = state.apply(rng.choice(state.legal_actions()))
    pictures = {"after-setup": render_svg(state, highlight=True, size=760)}
    # the red-marker rule: a group leaves Tonga by its top jetty and meets two drawn tiles
    voyage = position(3, boats={(ORIGIN, 3): "BRG"}, pile=["ocean-p", "hawaii", "ocean-a"])
    for tile in ("ocean-p", "hawaii"):
        voyage = voyage.apply(Draw(tile))
    pictures["red-marker"] = render_svg(voyage, size=760)
    games = play_random_game(3, seed=2)
    middle = next(s for s in games if s.royal_islands and s.group is not None)
    pictures["mid-game"] = render_svg(middle, highlight=True, size=900)
    pictures["finished"] = render_svg(games[-1], size=900)
    for name, svg in pictures.items():
        with mkdocs_gen_files.open(f"images/generated/{name}.svg", "w") as f:
            f.write(svg)


def schemas() -> None:
    """The JSON Schema files, published for download next to docs/json-schema.md."""
    for name in SCHEMA_NAMES:
        with mkdocs_gen_files.open(f"schemas/{name}.schema.json", "w") as f:
            f.write(json.dumps(json_schema(name), indent=2, ensure_ascii=False) + "\n")


rules_pages()
tiles_page()
diagrams()
schemas()

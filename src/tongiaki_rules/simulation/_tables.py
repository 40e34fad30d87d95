"""A tournament's summary as plain-text tables: per bot, per seat, game lengths, endings, events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._results import Summary


def _json_value(value: object) -> object:
    return value if isinstance(value, bool | int | float) else str(value)


# ============================================================ text tables
def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell; the first left-aligned, the others right."""
    widths = [max(len(row[k]) for row in [header, *rows]) for k in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _number(value: float) -> str:
    """At most two decimals, without trailing zeros: ``12``, ``50.5``, ``33.33``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(bounds: tuple[float, float]) -> str:
    """``41.2-58.8%``: a win rate's interval in percent."""
    return f"{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}%"


def summary_heading(summary: Summary) -> list[str]:
    """The lines above the tables: games, players, bots, seed, and the rules changed."""
    rotation = "rotated through the seats" if summary.rotate else "fixed seats"
    if summary.paired:
        rotation += ", each deal played in every rotation"
    changed = summary.rules.changed()
    head = (
        f"{summary.games} games, {summary.players} players, bots: {', '.join(summary.bots)} "
        f"({rotation}), seed {summary.seed}"
    )
    lines = [head]
    if changed:
        lines.append("rules: " + ", ".join(f"{k}={_json_value(v)}" for k, v in changed.items()))
    return lines


def summary_tables(summary: Summary) -> list[tuple[list[str], list[list[str]]]]:
    """The summary's tables as (header, rows) of cell texts, in the order they are shown.

    The events table lists only the events that happened at least once
    (see :func:`events_not_seen`), so that a rare event's zero does not
    read as a fault.
    """
    tables: list[tuple[list[str], list[list[str]]]] = []
    tables.append(
        (
            ["Bot", "Seats", "Wins", "Win rate", "95% interval", "Mean score"],
            [
                [
                    r.bot,
                    str(r.seats),
                    _number(r.wins),
                    _percent(r.win_rate),
                    _interval(r.interval),
                    f"{r.mean_score:.2f}",
                ]
                for r in summary.bot_results()
            ],
        )
    )
    tables.append(
        (
            ["Seat", "Wins", "Win rate", "95% interval", "Mean score"],
            [
                [
                    f"{r.seat} ({'+'.join(r.colours)})",
                    _number(r.wins),
                    _percent(r.win_rate),
                    _interval(r.interval),
                    f"{r.mean_score:.2f}",
                ]
                for r in summary.seat_results()
            ],
        )
    )
    tables.append(
        (
            ["Per game", "Mean", "Median", "Min", "Max"],
            [
                [name, f"{s.mean:.1f}", _number(s.median), str(s.minimum), str(s.maximum)]
                for name, s in summary.length().items()
            ],
        )
    )
    total = max(summary.games, 1)
    tables.append(
        (
            ["Game ended by", "Games", "Share"],
            [
                [_ENDING_LABELS[name], str(count), _percent(count / total)]
                for name, count in summary.endings().items()
            ],
        )
    )
    events = [
        [_EVENT_LABELS[name], str(e.total), f"{e.mean:.2f}", _percent(e.share)]
        for name, e in summary.event_rates().items()
        if e.total
    ]
    if events:
        tables.append((["Event", "Total", "Per game", "Games with one"], events))
    return tables


def events_not_seen(summary: Summary) -> str | None:
    """One line naming the events that never happened in these games (None if all did)."""
    missing = [_EVENT_LABELS[name] for name, e in summary.event_rates().items() if not e.total]
    if not missing:
        return None
    return f"Not seen in these games: {', '.join(missing)}."


def _render_text(summary: Summary) -> str:
    lines = summary_heading(summary)
    for header, rows in summary_tables(summary):
        lines.append("")
        lines += _table(header, rows)
    missing = events_not_seen(summary)
    if missing is not None:
        lines.append("")
        lines.append(missing)
    return "\n".join(lines) + "\n"


_ENDING_LABELS = {
    "island": "last island tile",
    "ocean": "last ocean tile",
    "other": "other",
}
_EVENT_LABELS = {
    "royal_islands": "royal islands founded",
    "recolonizations": "New Colonisations",
    "closed_routes": "closed routes",
}

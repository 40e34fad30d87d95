"""A tournament's summary as plain-text tables: per bot, per seat, game lengths, endings, events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .results import Summary


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


def _render_text(summary: Summary) -> str:
    rotation = "rotated through the seats" if summary.rotate else "fixed seats"
    changed = summary.rules.changed()
    head = (
        f"{summary.games} games, {summary.players} players, bots: {', '.join(summary.bots)} "
        f"({rotation}), seed {summary.seed}"
    )
    lines = [head]
    if changed:
        lines.append("rules: " + ", ".join(f"{k}={_json_value(v)}" for k, v in changed.items()))
    lines.append("")
    lines += _table(
        ["Bot", "Seats", "Wins", "Win rate", "Mean score"],
        [
            [r.bot, str(r.seats), _number(r.wins), _percent(r.win_rate), f"{r.mean_score:.2f}"]
            for r in summary.bot_results()
        ],
    )
    lines.append("")
    lines += _table(
        ["Seat", "Wins", "Win rate", "Mean score"],
        [
            [
                f"{r.seat} ({'+'.join(r.colours)})",
                _number(r.wins),
                _percent(r.win_rate),
                f"{r.mean_score:.2f}",
            ]
            for r in summary.seat_results()
        ],
    )
    lines.append("")
    lines += _table(
        ["Per game", "Mean", "Median", "Min", "Max"],
        [
            [name, f"{s.mean:.1f}", _number(s.median), str(s.minimum), str(s.maximum)]
            for name, s in summary.length().items()
        ],
    )
    lines.append("")
    endings = summary.endings()
    total = max(summary.games, 1)
    lines += _table(
        ["Game ended by", "Games", "Share"],
        [
            [_ENDING_LABELS[name], str(count), _percent(count / total)]
            for name, count in endings.items()
        ],
    )
    lines.append("")
    lines += _table(
        ["Event", "Total", "Per game", "Games with one"],
        [
            [_EVENT_LABELS[name], str(e.total), f"{e.mean:.2f}", _percent(e.share)]
            for name, e in summary.event_rates().items()
        ],
    )
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

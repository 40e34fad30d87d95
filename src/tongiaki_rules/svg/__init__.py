"""SVG rendering of a state: the tiles on the table, boats, kings and a side panel.

:func:`render_svg` returns a standalone SVG document built with
:mod:`xml.etree.ElementTree` only. Tiles are flat-topped hexagons at their
axial positions (see :mod:`.hexgrid`); a board direction ``d`` points from a
hex's centre to the middle of its edge ``d`` (0 bottom, then clockwise).

* Islands are sand hexagons with a green centre holding the name and the
  value (Tonga has none); each beach is a sand band of slot circles, and its
  jetties are short planks from the band to the edges they lie on.
* Ocean tiles are blue, with white routes between the middles of two edges
  (straight across, or arcs) and the route's number near both ends.
* Drawn tiles show the red marker (a small red triangle) in the middle of
  their local edge 0.
* Boats are circles in the colour of their owner, with the colour's letter
  and a stroke pattern of their own, so the picture can be read without
  telling colours apart; the palette is based on Okabe and Ito's.
* A royal island has a crown in the king's colour, with the letter, in its
  centre (the statue).
* The group under way waits on the edge of the hex it enters, with an arrow.
* Empty hexes next to the tiles are outlined faintly: the open sea.

Elements carry classes and ``data-`` attributes for programs: tiles are
``<g class="tile island|ocean" data-tile=... data-pos="q,r">``, boats on
beaches ``<circle class="boat" data-colour="R">``, boats under way
``class="sea-boat"``, kings ``class="king"``, highlight marks
``class="highlight ..."``. Each boat's circle sits in a ``<g class="piece"
data-shape=... data-x=... data-y=...>`` with its colour's shape
(``polygon.boat-shape``; none for a round colour, whose circle is the disc)
and its letter ``text.boat-letter``: colours are told apart by letter,
shape and outline, not by hue alone.

This module holds :func:`render_svg` and its argument checks; the drawing is
split along the picture's seams: :mod:`.geometry` (hex corners, beach bands,
the view box), :mod:`.style` (colours), :mod:`.marks` (what highlighted
actions mark), :mod:`.pieces` (boats, kings, the group, highlight outlines),
:mod:`.tiles` (islands, beaches, jetties, ocean routes), :mod:`.labels` (the
coordinates, beach numbers and jetty digits of ``coords=True``), :mod:`.panel`
(the side panel) and :mod:`.document` (the whole document).

>>> from tongiaki_rules import new_game
>>> svg = render_svg(new_game(3), highlight=True)
>>> svg.startswith("<?xml") and "Tonga" in svg and 'class="highlight beach"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, cast

from ..actions import ACTION_TYPES, Action
from ..errors import InvalidPositionError, NotationError, SettingsError
from ..i18n import checked_language
from ..notation import format_action
from ._document import _Svg
from ._marks import _marks
from ._style import PALETTE

if TYPE_CHECKING:
    from .._state import GameState

__all__ = ["MAX_HIGHLIGHTED", "MAX_SIZE", "MAX_TITLE", "MIN_SIZE", "PALETTE", "render_svg"]

MIN_SIZE: Final = 100
"""The narrowest picture :func:`render_svg` draws, in pixels."""
MAX_SIZE: Final = 20_000
"""The widest picture :func:`render_svg` draws, in pixels."""
MAX_TITLE: Final = 200
"""The longest ``title`` :func:`render_svg` takes, in characters."""
MAX_HIGHLIGHTED: Final = 10_000
"""The most actions :func:`render_svg` highlights."""


def _check_state(state: object) -> None:
    from .._state import GameState

    if not isinstance(state, GameState):
        raise InvalidPositionError(f"state must be a GameState, not {_shown(state)}")


def _check_options(size: object, show_panel: object, title: object, show_open_sea: object) -> None:
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        raise SettingsError(
            f"size must be a whole number of pixels from {MIN_SIZE} to {MAX_SIZE}, "
            f"not {_shown(size)}"
        )
    for name, flag in (("show_panel", show_panel), ("show_open_sea", show_open_sea)):
        if not isinstance(flag, bool):
            raise SettingsError(f"{name} must be True or False, not {_shown(flag)}")
    if title is None:
        return
    if not isinstance(title, str):
        raise SettingsError(f"title must be None or text, not {_shown(title)}")
    if len(title) > MAX_TITLE:
        raise SettingsError(f"title is {len(title)} characters long; at most {MAX_TITLE}")
    if not title.isprintable() or not _is_text(title):
        raise SettingsError(
            f"title {_shown(title)} holds a character that cannot be shown "
            "(a control character or a lone surrogate)"
        )


def _highlighted(state: GameState, highlight: object) -> list[Action]:
    """The actions ``highlight`` asks to mark: the choices (``True``), none, or the ones given."""
    if highlight is True:
        if state.is_chance_node:
            return [draw for draw, _p in state.chance_outcomes()]
        return list(state.legal_actions())
    if highlight is False:
        return []
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise SettingsError(
            f"highlight must be True, False or an iterable of actions, not {_shown(highlight)}"
        )
    actions: list[Action] = []
    for k, item in enumerate(highlight):
        if k == MAX_HIGHLIGHTED:
            raise SettingsError(f"highlight holds more than {MAX_HIGHLIGHTED} actions")
        if not isinstance(item, ACTION_TYPES):
            raise SettingsError(f"highlight[{k}] must be an action, not {_shown(item)}")
        action = cast(Action, item)
        try:
            format_action(action)  # every field of the right type and in range
        except NotationError as exc:
            raise SettingsError(f"highlight[{k}]: {exc}") from None
        actions.append(action)
    return actions


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(value: object) -> str:
    """``value`` for a message: short, and safe for any value (a huge int, a lone surrogate)."""
    try:
        text = ascii(value)
    except ValueError:  # an int with too many digits to write
        text = ""
    return text if 0 < len(text) <= 40 else f"a value of type {type(value).__name__}"


def render_svg(
    state: GameState,
    *,
    size: int = 720,
    highlight: bool | Iterable[Action] = False,
    show_panel: bool = True,
    title: str | None = None,
    show_open_sea: bool = True,
    coords: bool = False,
    language: str = "en",
) -> str:
    """The board of ``state`` as a standalone SVG document (a string).

    ``size`` is the width in pixels (the height follows the board's shape).
    ``highlight=True`` marks the choices of :meth:`GameState.legal_actions
    <tongiaki_rules.GameState.legal_actions>` (at a chance node, the hex
    the next tile goes to); an iterable of actions marks exactly those:
    islands and hexes get a dashed outline, beaches a dark band, departure
    jetties an arrow. ``show_panel`` adds the side panel with each colour's
    reserve, boats on beaches, boats under way, royal islands and score, the
    pile, whose turn it is and the pending decision. ``title`` goes into the
    document's ``<title>`` and the panel's heading. ``show_open_sea=False``
    leaves out the faint outlines of the empty hexes around the tiles.
    ``coords=True`` writes what a player types: each hex's ``q,r`` (the open
    sea's too), each beach's number and each jetty's direction digit, where
    they cover no boat (:mod:`.labels`).
    ``language`` (``"en"``, ``"de"``, ``"fr"`` or ``"it"``, or a locale name
    such as ``"fr_CA"``) is the language of the panel, the legend, the
    islands' names and the tooltips; one that is not available falls back to
    English with a :class:`~tongiaki_rules.i18n.LanguageNotice` warning.

    Every argument is checked before anything is drawn: a ``state`` that is
    not a :class:`~tongiaki_rules.GameState` raises
    :class:`~tongiaki_rules.errors.InvalidPositionError`; a ``size`` that is
    not a whole number from :data:`MIN_SIZE` to :data:`MAX_SIZE` (a bool, a
    float, NaN), ``highlight`` neither a bool nor an iterable of at most
    :data:`MAX_HIGHLIGHTED` well-formed actions, flags that are not bools and
    a ``title`` that is not printable text of at most :data:`MAX_TITLE`
    characters raise :class:`~tongiaki_rules.errors.SettingsError` naming
    the argument.

    >>> from tongiaki_rules import new_game
    >>> render_svg(new_game(2), size=-5)
    Traceback (most recent call last):
    ...
    tongiaki_rules.errors.SettingsError: size must be a whole number of pixels from 100 to \
20000, not -5

    >>> from tongiaki_rules import new_game
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(render_svg(new_game(2), size=400))
    >>> root.get("width")
    '400'
    >>> "Vorr." in render_svg(new_game(2), language="de")
    True
    """
    _check_state(state)
    _check_options(size, show_panel, title, show_open_sea)
    if not isinstance(coords, bool):
        raise SettingsError(f"coords must be True or False, not {_shown(coords)}")
    actions = _highlighted(state, highlight)
    marks = _marks(state, actions)
    builder = _Svg(state, marks, show_panel, title, show_open_sea)
    builder.highlighted_actions = actions
    builder.coords = coords
    builder.language = checked_language(language)
    return builder.document(size)

"""A short text notation for actions, to type in a terminal and to print in logs.

:func:`format_action` writes an action in the notation, :func:`parse_action`
reads it back, and :func:`match_action` reads an action (or the number of one
of the legal actions) and checks that it is legal in a given state. For every
action ``a`` of the engine, ``parse_action(format_action(a)) == a``, and for
every canonical string ``s``, ``format_action(parse_action(s)) == s``.

=====================  ====================================  =========================
action                 canonical notation                    example
=====================  ====================================  =========================
``SetupPlace``         ``setup BEACH``                       ``setup 3``
``Expand``             ``expand Q,R BEACH+BEACH...``         ``expand 0,-1 0+2``
``ExpandFromBoard``    ``move Q,R.BEACH > Q,R.BEACH``        ``move 1,0.2 > 0,-1.1``
``FoundRoyal``         ``royal Q,R``                         ``royal 0,-1``
``Recolonize``         ``recolonize``                        ``recolonize``
``PlaceNewBoats``      ``new Q,R BEACH+BEACH...``            ``new 0,0 1+1``
``Depart``             ``depart Q,R.BEACH JETTY``            ``depart 0,-1.2 4``
``PlaceTile``          ``place Q,R rROTATION``               ``place 2,-1 r3``
``Berth``              ``berth COLOUR BEACH``                ``berth R 1``
``ReturnBoat``         ``return COLOUR``                     ``return R``
``Draw``               ``draw TILE``                         ``draw hawaii``
=====================  ====================================  =========================

The pieces:

* ``Q,R`` is an axial hex position (see :mod:`.hexgrid`), Tonga is ``0,0``.
* ``BEACH`` is a beach number as printed on the tile (0, 1, ...); ``Q,R.BEACH``
  is beach ``BEACH`` of the island at ``Q,R``. A list of beaches is joined by
  ``+`` in ascending order (``new 0,0 1+1`` puts two boats on Tonga's beach 1).
* ``move A > B`` moves an own boat (empty reserve) from beach ``A`` to beach ``B``.
* ``JETTY`` is the board direction the jetty points in, ``0`` to ``5``.
* ``ROTATION`` is a tile rotation ``0`` to ``5``.
* ``COLOUR`` is a colour letter: ``B R G Y O P``.
* ``TILE`` is a tile id such as ``hawaii`` or ``ocean-a``; an id that is not
  a lower-case word of ``a-z 0-9 - _ .`` is written as a JSON string
  (``draw "My Tile"``).

Reading is lenient; writing is always the canonical form above:

* upper or lower case, and any spaces between the pieces
  (``EXPAND  0, -1  0 + 2``); a position may be in brackets (``(0,-1)``);
* a space instead of the ``.`` between an island and its beach
  (``depart 0,-1 2 4``), or a ``.`` instead of the space before a list of
  beaches (``expand 0,-1.0+2``); spaces instead of ``+`` (``expand 0,-1 0 2``);
  ``->`` or ``to`` instead of ``>``, which may also be left out;
* a jetty by name: ``bottom``, ``lower-left``, ``upper-left``, ``top``,
  ``upper-right``, ``lower-right`` (also ``lower left``, ``lowerleft``), short
  ``b ll ul t ur lr``, or by compass point ``s sw nw n ne se``
  (``south`` ... ``south-east``);
* a rotation with or without its ``r`` (``place 2,-1 3``);
* a colour by name (``berth red 1``);
* the action's class name as its word (``ExpandFromBoard``, ``place_tile``),
  ``recolonise`` and ``found`` (for ``royal``).

A bare tile id is read in lower case (``draw HAWAII`` is ``draw hawaii``).
Beach lists are sorted, as the actions keep them. The notation is only
syntax: whether an action is legal is for :meth:`GameState.apply
<tongiaki_rules.GameState.apply>` (or :func:`match_action`) to say.

>>> format_action(Depart((0, -1), 2, 4))
'depart 0,-1.2 4'
>>> parse_action("Depart (0, -1) 2 upper-right")
Depart(island=(0, -1), beach=2, jetty=4)
>>> parse_action("berth R x")
Traceback (most recent call last):
  ...
tongiaki_rules.errors.NotationError: expected a beach number after 'berth R', got 'x'

The package is split along the notation's jobs: :mod:`.words` (vocabulary
and limits), :mod:`.writing` (:func:`format_action`), :mod:`.reading`
(:func:`parse_action`) and :mod:`.matching` (:func:`match_action`); this
module gathers their public names.
"""

from __future__ import annotations

from ..actions import Depart  # noqa: F401  (the examples above use it)
from ..errors import NotationError
from ._matching import match_action
from ._reading import parse_action
from ._words import MAX_TEXT_LENGTH, WORDS
from ._writing import format_action

__all__ = [
    "MAX_TEXT_LENGTH",
    "WORDS",
    "NotationError",
    "format_action",
    "match_action",
    "parse_action",
]

"""The look of the picture: the font, each boat colour's fill, letter, shape and dashes, tiles.

Boats and kings are told apart by the colour, the colour's letter, a
stroke pattern of their own and (boats) a shape of their own, so that two
colours alike to a colour-blind eye (red and orange, yellow and orange,
blue and purple, ...) still differ at a glance; the palette is based on
Okabe and Ito's.
"""

from __future__ import annotations

from typing import Final

from ..colours import Colour

FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

PALETTE: Final[dict[Colour, str]] = {
    Colour.BLUE: "#0072B2",
    Colour.RED: "#D55E00",
    Colour.GREEN: "#009E73",
    Colour.YELLOW: "#F0E442",
    Colour.ORANGE: "#E69F00",
    Colour.PURPLE: "#CC79A7",
}
"""Fill of each boat colour (Okabe-Ito based: blue, vermillion, bluish green, ...)."""

_LETTER_FILL: Final[dict[Colour, str]] = {
    Colour.BLUE: "#FFFFFF",
    Colour.RED: "#000000",
    Colour.GREEN: "#000000",
    Colour.YELLOW: "#000000",
    Colour.ORANGE: "#000000",
    Colour.PURPLE: "#000000",
}
# A stroke pattern per colour, as a second cue besides the letter.
_DASHES: Final[dict[Colour, str | None]] = {
    Colour.BLUE: None,
    Colour.RED: "3 1.5",
    Colour.GREEN: "1 1",
    Colour.YELLOW: "4 1.2 1 1.2",
    Colour.ORANGE: "6 2",
    Colour.PURPLE: "1 1 1 3",
}

BOAT_SHAPES: Final[dict[Colour, str]] = {
    Colour.BLUE: "circle",
    Colour.RED: "square",
    Colour.GREEN: "pentagon",
    Colour.YELLOW: "hexagon",
    Colour.ORANGE: "diamond",
    Colour.PURPLE: "shield",
}
"""The outline of each colour's boats: six shapes, each holding the colour's letter."""

TABLE_BG: Final = "#F6F2E8"
SEA_FILL: Final = "#8EC3E6"
SEA_EDGE: Final = "#4A86B4"
ROUTE: Final = "#FFFFFF"
SAND: Final = "#F1DFAA"
SAND_EDGE: Final = "#B8975A"
BEACH_FILL: Final = "#E6C987"
BEACH_EDGE: Final = "#8F6D33"
GREEN: Final = "#A9D18E"
GREEN_EDGE: Final = "#5E8C45"
JETTY: Final = "#6B4423"
MARKER: Final = "#E41A1C"
INK: Final = "#1A1A1A"
HIGHLIGHT: Final = "#000000"
HALO: Final = "#FFFFFF"

"""The board as an RGB picture: the SVG view rasterised by resvg, decoded by Pillow.

Both libraries come with the ``pettingzoo`` extra and are imported only
here, when a picture is asked for: an environment without
``render_mode="rgb_array"`` never needs them.

Every frame has the same size, :data:`FRAME_WIDTH` by :data:`FRAME_HEIGHT`,
so that frames can go into a video: the board and its side panel are
scaled to fit and centred on the table's colour.

>>> from tongiaki_rules import new_game
>>> frame = board_frame(new_game(2))
>>> frame.shape, frame.dtype.name
((720, 960, 3), 'uint8')
"""

from __future__ import annotations

import io
import re
from types import ModuleType
from typing import Any, Final

import numpy as np
from gymnasium.error import DependencyNotInstalled

from .._state import GameState
from ..svg import render_svg
from ..svg._style import TABLE_BG

FRAME_WIDTH: Final = 960
"""Width of an ``rgb_array`` frame, in pixels."""
FRAME_HEIGHT: Final = 720
"""Height of an ``rgb_array`` frame, in pixels."""

# the root element's size, as render_svg writes it: width="720" height="384.2"
_ROOT_SIZE: Final = re.compile(r'(<svg [^>]*?)width="[^"]*" height="[^"]*"')


def rasteriser() -> tuple[ModuleType, ModuleType]:
    """resvg's Python binding and Pillow's ``Image``, imported now.

    Raises Gymnasium's ``DependencyNotInstalled`` naming the missing package
    and the extra that brings it.
    """
    try:
        import resvg_py
        from PIL import Image
    except ModuleNotFoundError as error:
        package = {"resvg_py": "resvg-py", "PIL": "pillow"}.get(error.name or "", error.name)
        raise DependencyNotInstalled(
            f"render_mode='rgb_array' needs {package}: pip install 'tongiaki_rules[pettingzoo]'"
        ) from error
    return resvg_py, Image


def framed_svg(svg: str, width: int, height: int) -> str:
    """``svg`` with its picture size set to ``width`` x ``height``.

    The view box stays as it was, so the drawing is scaled to fit and
    centred (SVG's default ``preserveAspectRatio``).

    >>> framed_svg('<svg x="1" width="720" height="90.5" viewBox="0 0 8 1">', 40, 30)
    '<svg x="1" width="40" height="30" viewBox="0 0 8 1">'
    """
    framed, count = _ROOT_SIZE.subn(rf'\1width="{width}" height="{height}"', svg, count=1)
    if count != 1:  # render_svg always writes both: this would be a bug
        raise AssertionError("the SVG document has no width and height on its root")
    return framed


def board_frame(state: GameState) -> Any:
    """The board of ``state`` with the side panel, as a ``(720, 960, 3)`` uint8 array."""
    resvg_py, image = rasteriser()
    svg = framed_svg(render_svg(state, size=FRAME_WIDTH), FRAME_WIDTH, FRAME_HEIGHT)
    png = resvg_py.svg_to_bytes(svg_string=svg, background=TABLE_BG)
    with image.open(io.BytesIO(png)) as picture:
        return np.array(picture.convert("RGB"), dtype=np.uint8)

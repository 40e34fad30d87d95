"""The board as its own resource, and what each move did: two read-only routes of a game.

``GET /api/games/{id}/board.svg?at=k&for=seat`` is the board after ``k``
moves without the side panel, ``seat``'s choices marked if that seat is to
move there. A position never changes, so the answer carries an ``ETag`` and
may be kept a year (``Cache-Control: public, max-age=31536000, immutable``);
``If-None-Match`` with that tag is answered ``304`` at once. ``at`` beyond
the game's moves is refused (422), never cached.

``GET /api/games/{id}/steps?from=k&to=m`` tells moves ``k + 1`` to ``m``
(the latest by default, at most :data:`~.service.MAX_STEPS`): who chose
each, its notation, its events and narration lines with their rule clauses
(:mod:`.steps`). The browser client animates the moves it has not seen from
these.

>>> import tempfile, pathlib
>>> from fastapi.testclient import TestClient
>>> from tongiaki_rules.server.app import create_app
>>> client = TestClient(create_app(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3"))
>>> game = client.post("/api/games", json={"players": 2}).json()
>>> answer = client.get(f"/api/games/{game['id']}/board.svg?at=0")
>>> answer.status_code, answer.headers["content-type"], answer.headers["cache-control"]
(200, 'image/svg+xml', 'public, max-age=31536000, immutable')
>>> client.get(
...     f"/api/games/{game['id']}/board.svg?at=0", headers={"If-None-Match": answer.headers["etag"]}
... ).status_code
304
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, Response

from tongiaki_rules import __version__

from ._lang import Language
from ._service import GameService

__all__ = ["BOARD_CACHE_CONTROL", "add_board_routes"]

BOARD_CACHE_CONTROL = "public, max-age=31536000, immutable"
"""A position never changes: its picture may be kept a year."""

_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such game, or no such seat in it"},
    422: {"description": "a bad value (at beyond the game's moves)"},
    500: {"description": "the game's stored rows cannot be read"},
}


def _etag(game_id: str, at: int, seat: int | None, language: str) -> str:
    """The tag of one picture: the game, the position, the seat, the language and the version."""
    key = f"{game_id}|{at}|{seat}|{language}|{__version__}".encode("ascii", "replace")
    return '"' + hashlib.sha256(key).hexdigest()[:32] + '"'


def add_board_routes(
    app: FastAPI,
    service: GameService,
    run: Callable[..., Awaitable[Any]],
    costly_read: Callable[[Request, bool], Awaitable[None]] | None = None,
) -> None:
    """Add ``board.svg`` and ``steps`` to the game routes of ``app``; ``costly_read`` counts
    the reads that cost work (:meth:`~.service.GameService.costly`), and may refuse them."""

    async def count(request: Request, costly: bool) -> None:
        if costly_read is not None:
            await costly_read(request, costly)

    @app.get(
        "/api/games/{game_id}/board.svg",
        responses={
            200: {"content": {"image/svg+xml": {}}},
            304: {"description": "unchanged"},
            **_ERRORS,
        },
        response_class=Response,
    )
    async def board_svg(
        request: Request,
        game_id: str,
        at: Annotated[int, Query(description="the position after this many moves")],
        language: Language,
        seat: Annotated[
            int | None, Query(alias="for", description="mark this seat's choices if it is to move")
        ] = None,
        if_none_match: Annotated[str | None, Header()] = None,
    ) -> Response:
        """The board after ``at`` moves as SVG (no side panel); cached for good by its ``ETag``."""
        tag = _etag(game_id, at, seat, language)
        headers = {"ETag": tag, "Cache-Control": BOARD_CACHE_CONTROL, "Vary": "Accept-Language"}
        if if_none_match is not None and tag in (t.strip() for t in if_none_match.split(",")):
            return Response(status_code=304, headers=headers)
        await count(request, service.costly(game_id, board=(at, language)))
        svg = await run(service.board_svg, game_id, at, seat, language)
        return Response(svg, media_type="image/svg+xml", headers=headers)

    @app.get(
        "/api/games/{game_id}/tile.svg",
        responses={200: {"content": {"image/svg+xml": {}}}, **_ERRORS},
        response_class=Response,
    )
    async def tile_svg(
        game_id: str,
        at: Annotated[int, Query(description="the position whose drawn tile waits to be placed")],
        language: Language,
        rotation: Annotated[int, Query(description="how far the tile is turned, 0 to 5")] = 0,
    ) -> Response:
        """The drawn tile alone, turned ``rotation``: the preview of placing it (cached)."""
        svg = await run(service.tile_svg, game_id, at, rotation, language)
        headers = {
            "ETag": _etag(game_id, at, -1 - rotation, language),
            "Cache-Control": BOARD_CACHE_CONTROL,
        }
        return Response(svg, media_type="image/svg+xml", headers=headers)

    @app.get("/api/games/{game_id}/steps", responses=_ERRORS)
    async def steps(
        request: Request,
        game_id: str,
        first: Annotated[int, Query(alias="from", description="the moves already seen")],
        language: Language,
        last: Annotated[int | None, Query(alias="to", description="the last move to tell")] = None,
    ) -> dict[str, Any]:
        """Moves ``from + 1`` to ``to``: seat, notation, events and narration lines with clauses."""
        await count(request, service.costly(game_id, steps=(first, last)))
        told = await run(service.steps, game_id, first, last, language)
        return {"steps": told}

"""The pages of the browser client: the lobby, a game's page, a 404 page, the static files.

>>> "No such game" in NO_GAME_PAGE
True
"""

from __future__ import annotations

import html
from pathlib import Path

import anyio
from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ._service import GameService

__all__ = ["NO_GAME_PAGE", "add_pages"]

NO_GAME_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No such game - Tongiaki</title>
<link rel="stylesheet" href="/static/app.css"></head>
<body><main><h1>No such game</h1>
<p>There is no game <code>{game}</code> on this server.</p>
<p><a href="/">Back to the lobby</a></p></main></body></html>
"""


def add_pages(app: FastAPI, service: GameService, static_dir: Path) -> None:
    """Add ``/``, ``/games/{id}`` and ``/static/...`` (the files of ``static_dir``)."""

    def page(name: str) -> FileResponse:
        path = static_dir / name
        if not path.is_file():
            raise HTTPException(404, f"{name} is not installed")
        return FileResponse(path, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/games/{game_id}", include_in_schema=False, response_model=None)
    async def game_page(game_id: str) -> FileResponse | HTMLResponse:
        game = await anyio.to_thread.run_sync(service.game_of, game_id)
        if game is None:
            shown = html.escape(game_id[:100].encode("ascii", "replace").decode("ascii"))
            return HTMLResponse(NO_GAME_PAGE.format(game=shown), status_code=404)
        return page("toncc.html" if game == "toncc" else "game.html")

    if static_dir.is_dir():
        app.mount("/static", StaticFiles(directory=static_dir), name="static")

"""The lobby page (game cards, the new-table form, tables to join and to watch) and the
'watch a bot game' link that leads to a game's demo table."""

from __future__ import annotations

import asyncio

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from candlelit.bots.registry import bot_names, default_bot
from candlelit.engine.errors import UnknownGame
from candlelit.engine.registry import games, get
from candlelit.i18n import bot_help, bot_title
from candlelit.server.demos import Demos
from candlelit.server.responses import html, language
from candlelit.server.showcase import (
    about,
    game_cards,
    variant_help,
    variant_name,
)
from candlelit.server.tables import Hub


async def lobby(request: Request) -> Response:
    """The lobby: a card per game, the new-table form (each bot with its name and, where the
    catalog has one, a line on how it plays), open tables, games in progress and recent
    finished ones."""
    hub: Hub = request.app.state.hub
    store = hub.store
    open_tables = await asyncio.to_thread(store.open_tables)
    playing = await asyncio.to_thread(store.playing_tables)
    finished = await asyncio.to_thread(store.finished_tables)
    lang = language(request)
    bots = {spec.name: [(b, bot_title(b, lang), bot_help(b, lang))
                        for b in bot_names(spec.name)]
            for spec in games()}
    variants = {spec.name: [(v.name, variant_name(spec.name, v.name, lang),
                             variant_help(spec.name, v.name, lang))
                            for v in spec.variants] for spec in games()}
    return html(request, "lobby.html", open_tables=open_tables, playing=playing,
                finished=finished, bots=bots, cards=game_cards(), variants=variants,
                abouts={spec.name: about(spec.name, lang) for spec in games()},
                table_bots={spec.name: default_bot(spec.name) for spec in games()},
                chosen=request.query_params.get("game", ""))


async def watch_demo(request: Request) -> Response:
    """GET /games/{game}/watch: the game's live all-bot table, as a spectator."""
    try:
        game = get(request.path_params["game"]).name
    except UnknownGame:
        raise HTTPException(404, "no such game") from None
    demos: Demos = request.app.state.demos
    table = await demos.table(game)
    return RedirectResponse(f"/t/{table.id}/watch", status_code=303)

"""The web platform: lobby, tables over WebSockets, rules, cards and replays (Starlette)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from candlelit.bots.registry import bot_names
from candlelit.engine.errors import CandlelitError, IllegalAction
from candlelit.engine.records import initial_state, make_record, replay
from candlelit.engine.registry import games, get
from candlelit.i18n import LANGUAGES
from candlelit.server import pages
from candlelit.server.protocol import Act, BadMessage, parse
from candlelit.server.render import board_html, log_html, page, seat_label, table_message
from candlelit.server.store import Store
from candlelit.server.tables import AccessDenied, Hub, LiveTable, Stale, Watcher

log = logging.getLogger("candlelit.server")
LANG_COOKIE = "candlelit_lang"
SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:",
}


def language(request: Request | WebSocket) -> str:
    """?lang=, else the remembered cookie, else the browser's preference, else English."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    cookie = request.cookies.get(LANG_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    accept = request.headers.get("accept-language", "").lower()
    return "zh-TW" if accept.startswith("zh") or ",zh" in accept else "en"


def html(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language; remembers an explicit ?lang= choice."""
    lang = language(request)
    response = HTMLResponse(page(template, lang, request=request, path=request.url.path,
                                 query=str(request.query_params), games=games(), **context),
                            status_code=status, headers=SECURITY_HEADERS)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax")
    return response


def create_app(db_url: str = "sqlite:///candlelit.db", bot_delay: float = 0.6) -> Starlette:
    """The ASGI app, its tables restored from `db_url`."""
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay)

    async def broadcast(table: LiveTable) -> None:
        for watcher in list(table.watchers):
            watcher.dirty = True
            if watcher.sender is None or watcher.sender.done():
                watcher.sender = asyncio.get_running_loop().create_task(
                    _keep_up(table, watcher))

    hub.on_change = broadcast

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.restore()
        await hub.start()
        yield
        for table in hub.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        store.close()

    async def lobby(request: Request) -> Response:
        open_tables = [t for t in hub.tables.values() if t.row.status != "finished"
                       and any(s.open and not s.claimed for s in t.row.seats)]
        finished = [t for t in hub.tables.values() if t.row.status == "finished"][-20:]
        bots = {spec.name: bot_names(spec.name) for spec in games()}
        return html(request, "lobby.html", open_tables=open_tables, finished=finished,
                    bots=bots)

    async def create_table(request: Request) -> Response:
        form = await request.form()
        try:
            game = str(form.get("game", ""))
            spec = get(game)
            players = int(str(form.get("players", "")))
            if players not in spec.player_counts:
                raise CandlelitError(f"{game} takes {spec.min_players}-{spec.max_players} "
                                     "players")
            variant = str(form.get("variant") or "") or None
            kinds = ["human"] + [str(form.get(f"seat{i}", "random"))
                                 for i in range(1, players)]
            table, tokens = await hub.create(game, players, variant, {}, kinds)
        except (CandlelitError, ValueError) as exc:
            return html(request, "error.html", status=400, message=str(exc))
        return html(request, "created.html", table=table, tokens=tokens)

    def live(table_id: str) -> LiveTable:
        try:
            return hub.table(table_id)
        except AccessDenied:
            raise HTTPException(404, "no such table") from None

    async def table_page(request: Request) -> Response:
        table = live(request.path_params["table_id"])
        token = request.query_params.get("token")
        try:
            seat = hub.seat_of(table, token)
        except AccessDenied as exc:
            return html(request, "error.html", status=403, message=str(exc), table=table)
        await hub.claim(table, seat)
        return html(request, "table.html", table=table, seat=seat, token=token,
                    first=table_message(table, seat, language(request)),
                    seat_name=seat_label(table, seat, language(request), seat))

    async def watch_page(request: Request) -> Response:
        table = live(request.path_params["table_id"])
        return html(request, "table.html", table=table, seat=None, token=None,
                    first=table_message(table, None, language(request)), seat_name=None)

    async def join(request: Request) -> Response:
        table = live(request.path_params["table_id"])
        try:
            _, token = await hub.join_open_seat(table)
        except AccessDenied as exc:
            return html(request, "error.html", status=409, message=str(exc))
        return RedirectResponse(f"/t/{table.id}?token={token}", status_code=303)

    def finished(table: LiveTable) -> None:
        if table.row.status != "finished":
            raise HTTPException(403, "the record is available once the game is over")

    async def record(request: Request) -> Response:
        table = live(request.path_params["table_id"])
        finished(table)
        names = [seat_label(table, s, "en", None) for s in range(table.row.players)]
        body = json.dumps(make_record(table.state, seats=names), ensure_ascii=False)
        return Response(body, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="candlelit-{table.id}.json"'})

    async def replay_page(request: Request) -> Response:
        table = live(request.path_params["table_id"])
        finished(table)
        lang = language(request)
        seat = _int_param(request, "seat", None, table.row.players - 1)
        total = len(table.row.actions)
        step = _int_param(request, "step", total, total)
        rec = make_record(table.state)
        state = initial_state(rec)
        for index, (_, _, after) in enumerate(replay(rec), start=1):
            if index == step:
                state = after
                break
        names = [seat_label(table, s, lang, seat) for s in range(table.row.players)]
        view = state.view(seat)
        return html(request, "replay.html", table=table, seat=seat, step=step or 0,
                    total=total, board=board_html(table.row.game, view, lang, names, seat),
                    log=log_html(table.row.game, view["log"], lang, names))

    async def set_language(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            raise HTTPException(404, "unknown language")
        target = request.query_params.get("next", "/")
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax")
        return response

    async def socket(websocket: WebSocket) -> None:
        try:
            table = hub.table(websocket.path_params["table_id"])
            token = websocket.query_params.get("token")
            seat = hub.seat_of(table, token) if token else None
        except AccessDenied:
            await websocket.close(code=4403)
            return
        await websocket.accept()
        lang = language(websocket)
        watcher = Watcher(seat, lang, websocket.send_json)
        table.watchers.add(watcher)
        await broadcast(table)
        try:
            while True:
                message = await websocket.receive()  # text, or binary frames read as UTF-8
                if message["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(message.get("code", 1000))
                raw = message.get("text") or message.get("bytes") or ""
                await _handle(hub, table, seat, watcher, raw)
        except WebSocketDisconnect:
            pass
        finally:
            table.watchers.discard(watcher)
            await broadcast(table)

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(hub.tables)})

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        detail = getattr(exc, "detail", "error")
        return html(request, "error.html", status=status, message=detail)

    routes = [
        Route("/", lobby),
        Route("/tables", create_table, methods=["POST"]),
        Route("/t/{table_id}", table_page),
        Route("/t/{table_id}/watch", watch_page),
        Route("/t/{table_id}/join", join, methods=["POST"]),
        Route("/t/{table_id}/record.json", record),
        Route("/t/{table_id}/replay", replay_page),
        WebSocketRoute("/t/{table_id}/ws", socket),
        Route("/games/{game}/rules", pages.rules_page),
        Route("/games/{game}/cards", pages.cards_page),
        Route("/lang/{lang}", set_language),
        Route("/healthz", health),
        Mount("/static", StaticFiles(packages=[("candlelit.server", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: not_found})
    app.state.hub = hub
    return app


async def _keep_up(table: LiveTable, watcher: Watcher) -> None:
    """Send `watcher` the table as it is now until it has seen the latest change.

    Changes that arrive while an update is being sent fold into the next one, so a
    slow connection or a busy server sends fewer, fresher updates instead of a backlog.
    """
    while watcher.dirty and watcher in table.watchers:
        watcher.dirty = False
        try:
            message = table_message(table, watcher.seat, watcher.lang)
        except Exception:  # a rendering bug: say so, and keep the watcher connected
            log.exception("could not render table %s for seat %s", table.id, watcher.seat)
            return
        try:
            await watcher.send(message)
        except Exception:
            table.watchers.discard(watcher)
            return


def _int_param(request: Request, name: str, default: int | None, top: int) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HTTPException(400, f"{name} must be a number") from None
    if not 0 <= value <= top:
        raise HTTPException(400, f"{name} must be between 0 and {top}")
    return value


async def _handle(hub: Hub, table: LiveTable, seat: int | None, watcher: Watcher,
                  raw: str | bytes) -> None:
    """Act on one client message; every refusal is a clear message and changes nothing."""
    try:
        msg = parse(raw)
        if seat is None:
            raise IllegalAction("spectators cannot act")
        if isinstance(msg, Act):
            await hub.submit(table, seat, msg.action, msg.seat_version)
        else:
            await hub.hand_to_bot(table, msg.seat, seat, msg.on)
    except (BadMessage, IllegalAction) as exc:
        await watcher.send({"type": "error", "message": str(exc)})
    except Stale as exc:
        await watcher.send({"type": "stale", "message": str(exc)})
        await watcher.send(table_message(table, seat, watcher.lang))

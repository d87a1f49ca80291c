"""The web platform: lobby, tables over WebSockets, rules, cards and replays (Starlette)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from candlelit.bots.registry import bot_names
from candlelit.engine.errors import CandlelitError, IllegalAction
from candlelit.engine.records import initial_state, make_record, replay
from candlelit.engine.registry import games, get
from candlelit.i18n import LANGUAGES
from candlelit.server.clientlog import quiet_client_mistakes
from candlelit.server.pages import cards_page, rules_page, stylesheet
from candlelit.server.protocol import Act, BadMessage, parse
from candlelit.server.render import board_html, log_html, seat_label, table_message
from candlelit.server.responses import LANG_COOKIE, html, language
from candlelit.server.store import Store
from candlelit.server.tables import AccessDenied, Hub, LiveTable, Stale, Watcher

log = logging.getLogger("candlelit.server")


async def broadcast(table: LiveTable) -> None:
    """Mark every watcher of `table` behind and start sending it the table."""
    for watcher in list(table.watchers):
        watcher.dirty = True
        if watcher.sender is None or watcher.sender.done():
            watcher.sender = asyncio.get_running_loop().create_task(
                _keep_up(table, watcher))

async def lobby(request: Request) -> Response:
    """The lobby: open tables to join, recent finished ones, the new-table form."""
    hub = _hub(request)
    open_tables = [t for t in hub.tables.values() if t.row.status != "finished"
                   and any(s.open and not s.claimed for s in t.row.seats)]
    finished = [t for t in hub.tables.values() if t.row.status == "finished"][-20:]
    bots = {spec.name: bot_names(spec.name) for spec in games()}
    return html(request, "lobby.html", open_tables=open_tables, finished=finished,
                bots=bots)

async def create_table(request: Request) -> Response:
    """POST /tables: a new table, then the page with its seat links."""
    form = await request.form()
    try:
        game = _field(form, "game", "")
        spec = get(game)
        players = _field(form, "players", "")
        if players not in [str(n) for n in spec.player_counts]:
            raise CandlelitError(f"{game} takes {spec.min_players}-{spec.max_players} "
                                 "players")
        variant = _field(form, "variant", "") or None
        kinds = ["human"] + [_field(form, f"seat{i}", "random")
                             for i in range(1, int(players))]
        table, tokens = await _hub(request).create(game, int(players), variant, {}, kinds)
    except (CandlelitError, ValueError) as exc:
        return html(request, "error.html", status=400, message=str(exc))
    return html(request, "created.html", table=table, tokens=tokens)

def _field(form: FormData, name: str, default: str) -> str:
    """A text field of a posted form; CandlelitError for a file sent in its place."""
    value = form.get(name, default)
    if not isinstance(value, str):
        raise CandlelitError(f"{name!r} must be a form field, not a file")
    return value

def live(request: Request) -> LiveTable:
    """The table the URL names, or 404."""
    try:
        return _hub(request).table(request.path_params["table_id"])
    except AccessDenied:
        raise HTTPException(404, "no such table") from None

async def table_page(request: Request) -> Response:
    """A seat's live table (the token in the URL is the seat's key)."""
    table = live(request)
    token = request.query_params.get("token")
    try:
        seat = _hub(request).seat_of(table, token)
    except AccessDenied as exc:
        return html(request, "error.html", status=403, message=str(exc), table=table)
    await _hub(request).claim(table, seat)
    return html(request, "table.html", table=table, seat=seat, token=token,
                first=table_message(table, seat, language(request)),
                seat_name=seat_label(table, seat, language(request), seat))

async def watch_page(request: Request) -> Response:
    """The live table as a spectator sees it."""
    table = live(request)
    return html(request, "table.html", table=table, seat=None, token=None,
                first=table_message(table, None, language(request)), seat_name=None)

async def join(request: Request) -> Response:
    """POST /t/{id}/join: take an open seat, then go to it."""
    table = live(request)
    try:
        _, token = await _hub(request).join_open_seat(table)
    except AccessDenied as exc:
        return html(request, "error.html", status=409, message=str(exc))
    return RedirectResponse(f"/t/{table.id}?token={token}", status_code=303)

def _finished(table: LiveTable) -> None:
    """Refuse (403) what only a finished game offers."""
    if table.row.status != "finished":
        raise HTTPException(403, "the record is available once the game is over")

async def record(request: Request) -> Response:
    """The finished game's record as a JSON download."""
    table = live(request)
    _finished(table)
    names = [seat_label(table, s, "en", None) for s in range(table.row.players)]
    body = json.dumps(make_record(table.state, seats=names), ensure_ascii=False)
    return Response(body, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="candlelit-{table.id}.json"'})

async def replay_page(request: Request) -> Response:
    """A finished game at one step, from one seat's view or the public one."""
    table = live(request)
    _finished(table)
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
    """Remember a language and go back where the visitor was."""
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
    """A watcher's WebSocket: updates out, actions in."""
    hub: Hub = websocket.app.state.hub
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
    if seat is not None:
        table.presence.arrive(seat)
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
        if seat is not None:
            table.presence.leave(seat)
        await broadcast(table)

async def health(request: Request) -> Response:
    """Liveness for hosts: ok and the number of tables."""
    return JSONResponse({"ok": True, "tables": len(_hub(request).tables)})

async def not_found(request: Request, exc: Exception) -> Response:
    """HTTP errors as pages in the visitor's language."""
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", "error")
    return html(request, "error.html", status=status, message=detail)


ROUTES = [
    Route("/", lobby),
    Route("/tables", create_table, methods=["POST"]),
    Route("/t/{table_id}", table_page),
    Route("/t/{table_id}/watch", watch_page),
    Route("/t/{table_id}/join", join, methods=["POST"]),
    Route("/t/{table_id}/record.json", record),
    Route("/t/{table_id}/replay", replay_page),
    WebSocketRoute("/t/{table_id}/ws", socket),
    Route("/games/{game}/rules", rules_page),
    Route("/games/{game}/cards", cards_page),
    Route("/lang/{lang}", set_language),
    Route("/static/style.css", stylesheet),
    Route("/healthz", health),
    Mount("/static", StaticFiles(packages=[("candlelit.server", "static")]), name="static"),
]


def create_app(db_url: str = "sqlite:///candlelit.db", bot_delay: float = 0.6) -> Starlette:
    """The ASGI app, its tables restored from `db_url`."""
    quiet_client_mistakes()
    store = Store(db_url)
    hub = Hub(store, bot_delay=bot_delay)
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

    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    exception_handlers={HTTPException: not_found})
    app.state.hub = hub
    return app


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


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

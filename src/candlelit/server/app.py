"""The web platform: lobby, tables over WebSockets, rules, cards and replays (Starlette)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect

from candlelit.bots.registry import default_bot
from candlelit.engine.errors import CandlelitError, IllegalAction
from candlelit.engine.records import initial_state, make_record, replay
from candlelit.engine.registry import get
from candlelit.i18n import LANGUAGES, t
from candlelit.server.absence import table_settings
from candlelit.server.chat import Chat, ChatRefused, refusal
from candlelit.server.clientlog import quiet_client_mistakes
from candlelit.server.clients import client_of
from candlelit.server.cluster import ClusterHub, ClusterOptions, ClusterStore, worker_id
from candlelit.server.demos import Demos
from candlelit.server.fanout import REFUSED, Fanout
from candlelit.server.guard import CsrfGuard
from candlelit.server.headers import SecurityHeaders
from candlelit.server.lobby_page import lobby, watch_demo
from candlelit.server.names import clean_name
from candlelit.server.pages import cards_page, rules_page, stylesheet
from candlelit.server.people import ROUTES as PEOPLE_ROUTES
from candlelit.server.protocol import Act, BadMessage, Say, parse
from candlelit.server.ratelimit import Allowance, RateLimits, Rule
from candlelit.server.render import board_html, log_html, seat_label
from candlelit.server.responses import LANG_COOKIE, html, language, without_lang
from candlelit.server.site import Site, listen_url, parse_public_url
from candlelit.server.store import Store
from candlelit.server.tables import AccessDenied, Hub, Lifecycle, LiveTable, Stale, Watcher
from candlelit.server.worded import Worded

log = logging.getLogger("candlelit.server")


async def create_table(request: Request) -> Response:
    """POST /tables: a new table, then the page with its seat links."""
    form = await request.form()
    try:
        game = _field(form, "game", "")
        spec = get(game)
        players = _field(form, "players", "")
        if players not in [str(n) for n in spec.player_counts]:
            raise CandlelitError.worded("web.refuse.players", game=spec.name,
                                        low=spec.min_players, high=spec.max_players)
        variant = _field(form, "variant", "") or None
        kinds = ["human"] + [_field(form, f"seat{i}", default_bot(spec.name))
                             for i in range(1, int(players))]
        grace, timer = table_settings(form)
        name = clean_name(_field(form, "name", ""))
        table, tokens = await _hub(request).create(game, int(players), variant, {},
                                                   kinds, grace, timer, creator=name,
                                                   chat_public=_chat_public(form))
    except CandlelitError as exc:
        return html(request, "error.html", status=400, message=exc.says(language(request)))
    except ValueError as exc:
        return html(request, "error.html", status=400, message=str(exc))
    site: Site = request.app.state.site
    return html(request, "created.html", table=table, tokens=tokens, public_url=site.public)


def _chat_public(form: FormData) -> bool:
    """The lobby's "spectators may read the chat" box: a hidden 0 then the box's 1; on when
    the form does not ask (older forms, scripts)."""
    values = form.getlist("chat_public")
    return not values or values[-1] == "1"

def _field(form: FormData, name: str, default: str) -> str:
    """A text field of a posted form; CandlelitError for a file sent in its place."""
    value = form.get(name, default)
    if not isinstance(value, str):
        raise CandlelitError.worded("web.refuse.file_field", field=name)
    return value

async def live(request: Request) -> LiveTable:
    """The table the URL names (loaded on demand), or 404."""
    try:
        return await _hub(request).table(request.path_params["table_id"])
    except AccessDenied:
        raise HTTPException(404, "no such table") from None

async def table_page(request: Request) -> Response:
    """A seat's live table (the token in the URL is the seat's key)."""
    table = await live(request)
    token = request.query_params.get("token")
    try:
        seat = _hub(request).seat_of(table, token)
    except AccessDenied as exc:
        await _hub(request).sync(table)  # a seat given on another worker a moment ago
        try:
            seat = _hub(request).seat_of(table, token)
        except AccessDenied:
            return html(request, "error.html", status=403, message=str(exc), table=table)
    await _hub(request).claim(table, seat)
    return html(request, "table.html", table=table, seat=seat, token=token,
                first=_fanout(request).message(table, seat, language(request)),
                seat_name=seat_label(table, seat, language(request), seat))

async def watch_page(request: Request) -> Response:
    """The live table as a spectator sees it."""
    table = await live(request)
    return html(request, "table.html", table=table, seat=None, token=None,
                first=_fanout(request).message(table, None, language(request)),
                seat_name=None)

async def join(request: Request) -> Response:
    """POST /t/{id}/join: take an open seat, then go to it."""
    table = await live(request)
    form = await request.form()
    try:
        name = clean_name(_field(form, "name", ""))
    except CandlelitError as exc:
        return html(request, "error.html", status=400, message=exc.says(language(request)))
    try:
        _, token = await _hub(request).join_open_seat(table, name)
    except AccessDenied as exc:
        return html(request, "error.html", status=409, message=str(exc))
    return RedirectResponse(f"/t/{table.id}?token={token}", status_code=303)

def _finished(table: LiveTable) -> None:
    """Refuse (403) what only a finished (or closed) game offers."""
    if table.row.status == "playing":
        raise HTTPException(403, "the record is available once the game is over")

async def record(request: Request) -> Response:
    """The finished game's record as a JSON download."""
    table = await live(request)
    _finished(table)
    names = [seat_label(table, s, "en", None) for s in range(table.row.players)]
    body = json.dumps(make_record(table.state, seats=names), ensure_ascii=False)
    return Response(body, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="candlelit-{table.id}.json"'})

async def replay_page(request: Request) -> Response:
    """A finished game at one step, from one seat's view or the public one."""
    table = await live(request)
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
    target = without_lang(target)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax")
    return response

async def socket(websocket: WebSocket) -> None:
    """A watcher's WebSocket: updates out, actions in."""
    hub: Hub = websocket.app.state.hub
    try:
        table = await hub.table(websocket.path_params["table_id"])
        token = websocket.query_params.get("token")
        seat = hub.seat_of(table, token) if token else None
    except AccessDenied:
        await websocket.close(code=4403)
        return
    await websocket.accept()
    table = hub.keep(table)
    await hub.sync(table)  # another worker may have moved since this replica last heard
    lang = language(websocket)
    watcher = Watcher(seat, lang, websocket.send_json)
    fanout: Fanout = websocket.app.state.fanout
    address = client_of(websocket.client.host if websocket.client else None)
    refused = fanout.refusal(table, seat, address)
    if refused is not None:
        await websocket.send_json({"type": "error", "message": t(refused, lang)})
        await websocket.close(code=REFUSED)
        return
    fanout.admit(table, watcher, address)
    if seat is not None:
        hub.present(table, seat)
    chat: Chat = websocket.app.state.chat
    try:
        await chat.welcome(table, watcher)
        while True:
            message = await websocket.receive()  # text, or binary frames read as UTF-8
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            raw = message.get("text") or message.get("bytes") or ""
            await _handle(hub, table, seat, watcher, raw, fanout, chat)
    except WebSocketDisconnect:
        pass
    finally:
        fanout.leave(table, watcher)
        if seat is not None:
            hub.present(table, seat)

async def health(request: Request) -> Response:
    """Liveness for hosts: ok and the number of tables."""
    return JSONResponse({"ok": True, "tables": len(_hub(request).tables)})

class BadQuery(Worded):
    """A page's query parameter that is not a number in range (`web.bad_query.<key>`)."""

    PREFIX = "web.bad_query."

    def shown(self, lang: str) -> dict[str, Any]:
        """The fields in `lang`: the parameter by its name in `lang`."""
        return {k: t(f"{self.PREFIX}name.{v}", lang) if k == "name" else v
                for k, v in self.fields.items()}


async def bad_query(request: Request, exc: Exception) -> Response:
    """A BadQuery as a 400 page in the visitor's language."""
    said = exc.says(language(request)) if isinstance(exc, BadQuery) else str(exc)
    return html(request, "error.html", status=400, message=said)


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
    *PEOPLE_ROUTES,
    WebSocketRoute("/t/{table_id}/ws", socket),
    Route("/games/{game}/rules", rules_page),
    Route("/games/{game}/cards", cards_page),
    Route("/games/{game}/watch", watch_demo),
    Route("/lang/{lang}", set_language),
    Route("/static/style.css", stylesheet),
    Route("/healthz", health),
    Mount("/static", StaticFiles(packages=[("candlelit.server", "static")]), name="static"),
]


DEFAULT_URL = listen_url("127.0.0.1", 8000)
"""Where `candlelit serve` listens, and so its public URL, unless told otherwise."""


class _Guarded(Starlette):
    """Starlette with the security headers outside everything, its own error pages too."""

    def build_middleware_stack(self) -> ASGIApp:
        """The usual stack, wrapped in SecurityHeaders."""
        return SecurityHeaders(super().build_middleware_stack())


def create_app(db_url: str = "sqlite:///candlelit.db", bot_delay: float = 0.6, *,
               public_url: str = DEFAULT_URL, listen: str | None = None,
               create_limit: int = 10, join_limit: int = 30,
               connections_per_client: int = 20, spectators_per_table: int = 300,
               presence_delay: float = 0.25, lifecycle: Lifecycle | None = None,
               cluster: ClusterOptions | None = None,
               bot_processes: int | None = None) -> Starlette:
    """The ASGI app on `db_url`; tables load from it on demand. With `cluster`, one worker
    of several sharing a PostgreSQL database.

    Invite links start with `public_url`; requests must name its host, the `listen` one
    (default: the public one) or a loopback name; `create_limit` tables and `join_limit`
    joins (and other POSTs) per minute per client address (0: no limit). A client address
    may hold `connections_per_client` table connections at once and a table may have
    `spectators_per_table` spectators (0: no limit); seats coming and going are shown to
    the others at most once per `presence_delay` seconds. Searching bots decide in a pool
    of `bot_processes` processes (default: every core but one).
    """
    site = Site(parse_public_url(public_url), parse_public_url(listen or public_url))
    quiet_client_mistakes()
    if cluster is None:
        store = Store(db_url)
        hub = Hub(store, bot_delay=bot_delay, lifecycle=lifecycle,
                  bot_processes=bot_processes)
    else:
        store = ClusterStore(db_url, cluster.worker)
        hub = ClusterHub(store, bot_delay=bot_delay, lifecycle=lifecycle, options=cluster,
                         bot_processes=bot_processes)
    fanout = Fanout(connections_per_client, spectators_per_table, presence_delay)
    hub.on_change = fanout.broadcast
    chat = Chat(store, lambda: hub.clock())
    if isinstance(hub, ClusterHub):
        hub.on_chat = chat.heard

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        yield
        await hub.stop()
        fanout.stop()
        store.close()

    gate = [Middleware(TrustedHostMiddleware, allowed_hosts=site.hosts(), www_redirect=False),
            Middleware(CsrfGuard, site=site),
            Middleware(RateLimits, rules=[
                Rule(re.compile(r"/tables"), Allowance(create_limit)),
                Rule(re.compile(r"/t/[^/]+/join"), Allowance(join_limit))],
                others=Allowance(join_limit))]
    app = _Guarded(routes=ROUTES, lifespan=lifespan, middleware=gate,
                   exception_handlers={HTTPException: not_found, BadQuery: bad_query})
    app.state.hub = hub
    app.state.fanout = fanout
    app.state.chat = chat
    app.state.demos = Demos(hub)
    app.state.site = site
    return app


SETTINGS_VARIABLE = "CANDLELIT_SERVE"
"""The environment variable through which `candlelit serve --workers N` configures each
worker: a JSON object of `create_app` keyword arguments, plus `idle_close` (hours) and
`workers`. CANDLELIT_STALE (seconds, default 5) is how long a worker may stay silent before
the others take its tables over."""


def app_from_env() -> Starlette:
    """The app of one `serve --workers N` worker, configured by SETTINGS_VARIABLE."""
    settings = dict(json.loads(os.environ.get(SETTINGS_VARIABLE, "{}")))
    workers = int(settings.pop("workers", 1))
    stale = float(os.environ.get("CANDLELIT_STALE", "5"))
    idle_close = float(settings.pop("idle_close", 72.0))
    cluster = ClusterOptions(worker_id(), stale=stale) if workers > 1 else None
    return create_app(**settings, lifecycle=Lifecycle(idle_close=idle_close * 3600),
                      cluster=cluster)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _fanout(request: Request) -> Fanout:
    fanout: Fanout = request.app.state.fanout
    return fanout


def _int_param(request: Request, name: str, default: int | None, top: int) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadQuery("not_number", name=name) from None
    if not 0 <= value <= top:
        raise BadQuery("out_of_range", name=name, top=top)
    return value


async def _handle(hub: Hub, table: LiveTable, seat: int | None, watcher: Watcher,
                  raw: str | bytes, fanout: Fanout, chat: Chat) -> None:
    """Act on one client message; every refusal is a clear message and changes nothing."""
    try:
        msg = parse(raw)
        if isinstance(msg, Say):
            await chat.say(table, seat, msg.text)
            return
        if seat is None:
            raise IllegalAction.worded("web.refuse.spectator")
        if isinstance(msg, Act):
            await hub.submit(table, seat, msg.action, msg.seat_version)
        else:
            await hub.hand_to_bot(table, msg.seat, seat, msg.on)
    except ChatRefused as exc:  # shown by the chat panel, not as a game error
        await watcher.send(refusal(exc, watcher.lang))
    except Stale as exc:
        await watcher.send({"type": "stale", "message": exc.says(watcher.lang)})
        fanout.resend(table, watcher)
    except (BadMessage, IllegalAction) as exc:  # in the asker's language
        await watcher.send({"type": "error", "message": exc.says(watcher.lang)})

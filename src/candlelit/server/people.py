"""The people at a table, over HTTP: a seat's display name, and rematches.

POST /t/{id}/name (token, name): the seat's player names it. POST /t/{id}/rematch (token):
a seated player of a finished game starts its rematch (or joins the one started), then
GET /t/{id}/rematch?token=… takes them to their seat at it.
"""

from __future__ import annotations

import asyncio

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from candlelit.server.names import Refused, clean_name
from candlelit.server.rematch import rematch_seat, start_rematch
from candlelit.server.responses import html, language
from candlelit.server.tables import AccessDenied, Hub, LiveTable


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _text(form: FormData, name: str) -> str:
    """A posted text field ("" when missing or sent as a file)."""
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


async def _seated(request: Request, token: str) -> tuple[LiveTable, int]:
    """The URL's table and the seat `token` opens there; Refused otherwise."""
    hub = _hub(request)
    try:
        table = await hub.table(request.path_params["table_id"])
        return table, hub.seat_of(table, token)
    except AccessDenied:
        raise Refused("not_seated") from None


def _refused(request: Request, exc: Refused, status: int = 400) -> Response:
    return html(request, "error.html", status=status, message=exc.says(language(request)))


async def rename(request: Request) -> Response:
    """POST /t/{id}/name: the seat's player chooses its display name, then back to it."""
    form = await request.form()
    token = _text(form, "token")
    try:
        table, seat = await _seated(request, token)
        name = clean_name(_text(form, "name"))
    except Refused as exc:
        return _refused(request, exc)
    await name_seat(_hub(request), table, seat, name)
    return RedirectResponse(f"/t/{table.id}?token={token}", status_code=303)


async def name_seat(hub: Hub, table: LiveTable, seat: int, name: str) -> None:
    """Store `seat`'s display name and show it to everyone at the table."""
    async with table.lock:
        if table.row.seats[seat].name != name:
            await asyncio.to_thread(hub.store.update_seat, table.id, seat, name=name)
            table.row.seats[seat].name = name
            table.version += 1
    await hub.show(table)


async def rematch(request: Request) -> Response:
    """POST /t/{id}/rematch: start the finished table's rematch (once), then go to it."""
    form = await request.form()
    token = _text(form, "token")
    try:
        table, _ = await _seated(request, token)
        await start_rematch(_hub(request), table)
    except Refused as exc:
        return _refused(request, exc, 409)
    return RedirectResponse(f"/t/{table.id}/rematch?token={token}", status_code=303)


async def rematch_link(request: Request) -> Response:
    """GET /t/{id}/rematch?token=…: the old seat's player to their seat at the rematch."""
    token = request.query_params.get("token", "")
    try:
        table, _ = await _seated(request, token)
        new_id, new_token = await rematch_seat(_hub(request), table, token)
    except Refused as exc:
        return _refused(request, exc, 404)
    except AccessDenied:
        return _refused(request, Refused("no_table"), 404)
    return RedirectResponse(f"/t/{new_id}?token={new_token}", status_code=303)


ROUTES = [
    Route("/t/{table_id}/name", rename, methods=["POST"]),
    Route("/t/{table_id}/rematch", rematch, methods=["POST"]),
    Route("/t/{table_id}/rematch", rematch_link, methods=["GET"]),
]
"""The routes app.py mounts."""

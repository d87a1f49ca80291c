"""A table connection refused for being one too many: the page says why and does not retry."""

from __future__ import annotations

import contextlib

from browserkit import create_table
from playwright.sync_api import WebSocket
from websockets.sync.client import connect

from candlelit.i18n import t

PER_CLIENT = 20  # `candlelit serve`'s default


def test_a_refused_page_shows_the_reason_and_does_not_reconnect(own_server, new_context):
    server = own_server  # its connection cap must not meet sockets other tests left behind
    host = new_context().new_page()
    created = create_table(host, server.url, "divinare", 2, {1: "random"})
    ws_url = server.url.replace("http://", "ws://") + f"/t/{created.table_id}/ws"
    with contextlib.ExitStack() as stack:
        for _ in range(PER_CLIENT):
            ws = stack.enter_context(connect(ws_url, proxy=None))
            assert '"state"' in str(ws.recv(timeout=10))
        page = new_context().new_page()
        sockets: list[WebSocket] = []
        page.on("websocket", lambda socket: sockets.append(socket))
        page.goto(f"{server.url}/t/{created.table_id}/watch?lang=zh-TW")
        page.wait_for_selector("#conn.off")
        flash = page.locator("#flash")
        assert flash.inner_text() == t("web.too_many_connections", "zh-TW")
        page.wait_for_timeout(3000)  # long enough for two retries, were there any
        assert len(sockets) == 1, "the page tried again"
        assert flash.inner_text() == t("web.too_many_connections", "zh-TW")

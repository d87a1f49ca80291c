"""Another site's page, in a real browser whose visitor has used the lobby, can neither post
the lobby's forms nor open a seat's WebSocket."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from browserkit import create_table

from candlelit.i18n import t

SOCKET_PROBE = """url => new Promise(done => {
    const ws = new WebSocket(url);
    ws.onopen = () => done("open");
    ws.onclose = () => done("closed");
})"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *_args: object) -> None:
        pass


@contextlib.contextmanager
def other_site(folder: Path, body: str) -> Iterator[str]:
    """A page at http://localhost:PORT/ (another origin and site than 127.0.0.1:…) showing
    `body`: a real loopback server, as the browser keeps public pages off loopback ones."""
    root = folder / "other-site"
    root.mkdir(exist_ok=True)
    (root / "index.html").write_text(body, encoding="utf-8")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def tables(server) -> int:
    """How many tables the server has stored."""
    with sqlite3.connect(server.db) as db:
        return int(db.execute("SELECT count(*) FROM tables").fetchone()[0])


def test_another_sites_page_cannot_post_the_lobbys_forms(server, browser, tmp_path):
    context = browser.new_context()  # its own: the refused requests log console errors
    try:
        page = context.new_page()
        stored = tables(server)
        page.goto(f"{server.url}/")  # the visitor's browser now holds the form token cookie
        found = re.search(r'name="csrf" value="([\w-]+)"', page.content())
        token = found.group(1) if found else ""  # which another site cannot read: given anyway
        form = (f'<form id="f" method="post" action="{server.url}/tables">'
                '<input name="game" value="divinare"><input name="players" value="2">'
                f'<input name="seat1" value="random"><input name="csrf" value="{token}">'
                '</form><script>document.getElementById("f").submit()</script>')
        with other_site(tmp_path, form) as evil, page.expect_navigation(url=f"{server.url}/tables"):
            page.goto(evil)
        assert tables(server) == stored
        assert t("web.refused_site", "en") in page.inner_text(".message")
    finally:
        context.close()


def test_another_sites_page_cannot_open_a_seats_websocket(server, browser, new_context,
                                                          tmp_path):
    created = create_table(new_context().new_page(), server.url, "divinare", 2, {1: "random"})
    socket_url = created.my_link.replace("http://", "ws://").replace("?", "/ws?")
    context = browser.new_context()
    try:
        page = context.new_page()
        with other_site(tmp_path, "<p>another site</p>") as evil:
            page.goto(evil)
            assert page.evaluate(SOCKET_PROBE, socket_url) == "closed"
        page.goto(f"{server.url}/healthz")  # the site's own origin may
        assert page.evaluate(SOCKET_PROBE, socket_url) == "open"
    finally:
        context.close()

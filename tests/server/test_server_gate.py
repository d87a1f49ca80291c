"""The server's gate: invite links from the public URL, no cross-site form posts or
WebSocket handshakes, security headers on every response, per-address limits."""

from __future__ import annotations

import html
import json
import re

import pytest
import uvicorn
from rich.console import Console
from srvkit import LINK, LiveServer, form_token
from typer.testing import CliRunner
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from candlelit.cli import console as tty
from candlelit.cli.app import app as cli
from candlelit.i18n import t
from candlelit.server.ratelimit import Allowance, client_key
from candlelit.server.site import Site, parse_public_url

FORM = {"game": "divinare", "players": "3", "variant": "standard", "seat1": "open",
        "seat2": "random"}
EVIL = "https://evil.example"
CSP_PARTS = ("base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
             "object-src 'none'", "script-src 'self'")


@pytest.fixture
def server(sqlite_url):
    with LiveServer(sqlite_url) as live:
        yield live


def stored_tables(server: LiveServer) -> int:
    return len(server.store.load_all())


def message_of(page: str) -> str:
    found = re.search(r'<p class="message">(.*?)</p>', page, re.S)
    assert found, "the answer is not an error page"
    return html.unescape(found.group(1))


# -- invite links ---------------------------------------------------------------------------
def test_invite_links_start_with_the_public_url_whatever_host_the_request_named(sqlite_url):
    with LiveServer(sqlite_url, public_url="https://cards.example/") as server:
        token = server.form_token()
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
            page = server.http.post("/tables", data=FORM | {"csrf": token},
                                    headers={"Host": host}).text
            invites = re.findall(r'value="([^"]+)"', html.unescape(page))
            links = [v for v in invites if "/t/" in v]
            assert links and all(v.startswith("https://cards.example/t/") for v in links), links
            assert host not in page


def test_a_foreign_host_header_never_reaches_an_invite_link(server):
    token = server.form_token()
    response = server.http.post("/tables", data=FORM | {"csrf": token},
                                headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.text and not LINK.search(response.text)
    assert server.http.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert stored_tables(server) == 0


def test_local_use_answers_under_every_loopback_name(server):
    for host in ("127.0.0.1", "localhost", "[::1]"):
        assert server.http.get("/healthz", headers={"Host": f"{host}:{server.port}"}).is_success


@pytest.mark.parametrize(("raw", "why"), [
    ("ftp://cards.example/", "must start with http:// or https://"),
    ("https://cards.example/play", "no path, query or fragment"),
    ("https://cards.example/?x=1", "no path, query or fragment"),
    ("https://user:pw@cards.example/", "user name or password"),
    ("https://cards.example:port/", "is not a URL"),
    ("https:///", "names no host"),
])
def test_a_bad_public_url_is_one_clear_line_and_serves_nothing(raw, why, monkeypatch):
    with pytest.raises(ValueError, match=re.escape(why)):
        parse_public_url(raw)
    line = serve_error(monkeypatch, "--public-url", raw)
    assert line.startswith("error: --public-url") and why in line


def test_a_public_url_is_kept_as_its_root():
    assert parse_public_url("HTTPS://Cards.Example:8443") == "https://cards.example:8443/"
    assert parse_public_url("https://cards.example:443/") == "https://cards.example/"
    assert parse_public_url("http://[::1]:8000") == "http://[::1]:8000/"
    site = Site(parse_public_url("https://cards.example/"), "http://0.0.0.0:8000/")
    assert site.hosts() == ["cards.example", "localhost", "127.0.0.1", "[::1]"]


def test_listening_on_every_address_asks_which_one_players_use(monkeypatch):
    assert "--public-url" in serve_error(monkeypatch, "--host", "0.0.0.0")


def serve_error(monkeypatch, *args: str) -> str:
    """The one line `candlelit serve ARGS` fails with (exit code 2), on a wide console."""
    monkeypatch.setattr(tty, "err", Console(width=500, color_system=None, stderr=True))

    def started(*_args: object, **_options: object) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(uvicorn, "run", started)
    result = CliRunner().invoke(cli, ["serve", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


# -- cross-site form posts ------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_cross_site_post_is_refused_and_creates_nothing(server, lang):
    token = server.form_token()  # refused even with the visitor's own cookie and token
    for headers in ({"Origin": EVIL},
                    {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site"},
                    {"Referer": f"{EVIL}/page"}):
        response = server.http.post("/tables", data=FORM | {"csrf": token},
                                    headers=headers | {"Accept-Language": lang})
        assert response.status_code == 403, headers
        assert message_of(response.text) == t("web.refused_site", lang)
    assert stored_tables(server) == 0


def test_a_post_without_the_visitors_token_is_refused_and_creates_nothing(server):
    token = server.form_token()
    server.http.cookies.clear()  # the cookie goes by hand below
    for data, cookie in ((FORM, token),  # a form without the token
                         (FORM | {"csrf": "x" * 43}, token),  # another token than the cookie's
                         (FORM | {"csrf": token}, None)):  # no cookie
        headers = {"Origin": server.base}
        if cookie is not None:
            headers["Cookie"] = f"candlelit_csrf={cookie}"
        response = server.http.post("/tables", data=data, headers=headers)
        assert response.status_code == 403
        assert message_of(response.text) == t("web.refused_token", "en")
    assert stored_tables(server) == 0


def test_a_body_far_past_any_form_is_refused_unread(server):
    token = server.form_token()
    response = server.http.post("/tables", data=FORM | {"csrf": token, "pad": "x" * 100_000})
    assert response.status_code == 413
    assert message_of(response.text) == t("web.too_large", "en")
    assert stored_tables(server) == 0


def test_a_cross_site_join_takes_no_seat(server):
    table_id, _ = server.create(["open", "random"])
    response = server.http.post(f"/t/{table_id}/join", data={"csrf": server.form_token()},
                                headers={"Origin": EVIL}, follow_redirects=False)
    assert response.status_code == 403
    assert not server.store.load_all()[0].seats[1].claimed


def test_a_same_site_post_with_the_form_token_works(server):
    for headers in ({"Origin": server.base},
                    {"Origin": "null", "Sec-Fetch-Site": "same-origin"},  # no-referrer pages
                    {"Origin": f"http://localhost:{server.port}",
                     "Host": f"localhost:{server.port}"}):
        response = server.http.post("/tables", data=FORM | {"csrf": server.form_token()},
                                    headers=headers)
        assert response.status_code == 200, response.text
    assert stored_tables(server) == 3
    table_id = LINK.search(html.unescape(response.text)).group(1)
    joined = server.http.post(f"/t/{table_id}/join", data={"csrf": server.form_token()},
                              headers={"Origin": server.base}, follow_redirects=False)
    assert joined.status_code == 303


def test_the_form_token_is_a_strict_cookie_repeated_in_every_form(server):
    server.http.cookies.clear()
    page = server.http.get("/")
    cookie = page.headers["set-cookie"]
    assert "SameSite=Strict" in cookie and "HttpOnly" in cookie and "Path=/" in cookie
    token = form_token(page.text)
    assert cookie.startswith(f"candlelit_csrf={token};")
    server.create(["open", "random"])
    lobby = server.http.get("/")
    assert "set-cookie" not in lobby.headers, "a visitor's token is kept, not replaced"
    forms = re.findall(r"<form method=\"post\".*?</form>", lobby.text, re.S)
    assert len(forms) == 2 and all(f'name="csrf" value="{token}"' in f for f in forms)


# -- WebSocket origin -----------------------------------------------------------------------
def test_a_websocket_handshake_from_another_site_is_refused(server):
    table_id, tokens = server.create(["human", "random"])
    table = server.table(table_id)
    for origin in (EVIL, "null", f"http://127.0.0.1:{server.port + 1}"):
        with pytest.raises(InvalidStatus) as refused:
            connect(server.ws_url(table_id, tokens[0]), origin=origin, proxy=None,
                    open_timeout=10)
        assert refused.value.response.status_code == 403
    assert not table.watchers and not table.presence.connected(0)
    for origin in (server.base, None):  # this site's page, or a client that is no browser
        with connect(server.ws_url(table_id, tokens[0]), origin=origin, proxy=None,
                     open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"


# -- headers --------------------------------------------------------------------------------
def test_every_kind_of_response_carries_the_security_headers(server):
    table_id, _ = server.create(["random"])
    answers = {
        "page": server.http.get("/"),
        "static file": server.http.get("/static/table.js"),
        "stylesheet": server.http.get("/static/style.css"),
        "JSON": server.http.get("/healthz"),
        "record": server.http.get(f"/t/{table_id}/record.json"),  # 403 until finished
        "redirect": server.http.get("/lang/en", follow_redirects=False),
        "404": server.http.get("/no/such/page"),
        "missing file": server.http.get("/static/nothing.js"),
        "405": server.http.get("/tables"),
        "refused host": server.http.get("/", headers={"Host": "evil.example"}),
    }
    assert answers["redirect"].status_code == 303 and answers["404"].status_code == 404
    for what, response in answers.items():
        assert response.headers.get("x-content-type-options") == "nosniff", what
        assert response.headers.get("x-frame-options") == "DENY", what
        assert response.headers.get("referrer-policy") == "no-referrer", what
        csp = response.headers.get("content-security-policy", "")
        assert all(part in csp for part in CSP_PARTS), (what, csp)
        assert len(response.headers.get_list("content-security-policy")) == 1, what


def test_pages_that_show_a_seat_token_are_never_stored(server):
    token = server.form_token()
    created = server.http.post("/tables", data=FORM | {"csrf": token})
    assert created.headers["cache-control"] == "no-store"
    table_id, seat_token = LINK.search(html.unescape(created.text)).groups()
    table = server.http.get(f"/t/{table_id}", params={"token": seat_token})
    assert table.status_code == 200 and table.headers["cache-control"] == "no-store"
    joined = server.http.post(f"/t/{table_id}/join", data={"csrf": token},
                              follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["cache-control"] == "no-store"
    back = server.http.get("/lang/en", params={"next": f"/t/{table_id}?token={seat_token}"},
                           follow_redirects=False)
    assert back.status_code == 303 and back.headers["cache-control"] == "no-store"
    assert "no-store" not in server.http.get(f"/t/{table_id}/watch").headers.get(
        "cache-control", "")


# -- limits ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_creating_past_the_limit_answers_429_and_creates_nothing(sqlite_url, lang):
    with LiveServer(sqlite_url, create_limit=3) as server:
        for _ in range(3):
            server.create(["random"])
        token = server.form_token()
        refused = server.http.post("/tables", data=FORM | {"csrf": token},
                                   headers={"Accept-Language": lang})
        assert refused.status_code == 429
        seconds = int(refused.headers["retry-after"])
        assert 1 <= seconds <= 60
        assert message_of(refused.text) == t("web.too_many", lang, seconds=seconds)
        assert stored_tables(server) == 3 and len(server.hub.tables) == 3
        assert refused.headers["x-content-type-options"] == "nosniff"


def test_joining_past_the_limit_answers_429_and_takes_no_seat(sqlite_url):
    with LiveServer(sqlite_url, join_limit=1) as server:
        first, _ = server.create(["open", "random"])
        second, _ = server.create(["open", "random"])
        token = server.form_token()
        assert server.http.post(f"/t/{first}/join", data={"csrf": token}).status_code == 303
        refused = server.http.post(f"/t/{second}/join", data={"csrf": token})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert not server.table(second).row.seats[1].claimed


def test_an_allowance_slides_with_time_and_counts_each_address_alone():
    now = [0.0]
    allowance = Allowance(2, window=60, clock=lambda: now[0])
    assert allowance.take("a") == 0 and allowance.take("b") == 0
    now[0] = 10
    assert allowance.take("a") == 0
    assert allowance.take("a") == 50  # the first one leaves the window at 60
    now[0] = 60
    assert allowance.take("a") == 0
    assert allowance.take("a") == 10
    now[0] = 110
    allowance.take("c")
    assert set(allowance._seen) == {"a", "c"}  # "b" went quiet a window ago and is forgotten
    assert Allowance(0).take("a") == 0


def test_an_address_is_the_client_and_an_ipv6_one_its_network():
    assert client_key({"client": ("203.0.113.7", 5000)}) == "203.0.113.7"
    assert client_key({"client": ("::ffff:203.0.113.7", 5000)}) == "203.0.113.7"
    assert client_key({"client": ("2001:db8:1:2:aa::1", 5000)}) == \
        client_key({"client": ("2001:db8:1:2:bb::9", 5000)}) == "2001:db8:1:2::/64"
    assert client_key({"client": None}) == "local"

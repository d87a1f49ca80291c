"""Helpers of the browser tests: the real server as a subprocess, the lobby form, clicks."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from candlelit.i18n import t

CHROMIUM = os.environ.get("CANDLELIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
GAME_TIMEOUT = 90.0
"""Seconds a whole game played by clicks may take before the test fails."""
STARTUP_TIMEOUT = 60.0  # a loaded 2-core box can take tens of seconds to start one


@dataclass
class Server:
    """A `candlelit serve` process with its own SQLite file."""

    url: str
    db: Path
    process: subprocess.Popen[bytes]
    log: Path


def free_port() -> int:
    """A TCP port that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_command(port: int, db: Path, *extra: str) -> list[str]:
    """The command line of the server: the `candlelit` entry point of this environment."""
    entry = shutil.which("candlelit", path=str(Path(sys.executable).parent))
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{db}",
            "--bot-delay", "0", *extra]
    if entry:
        return [entry, *args]
    return [sys.executable, "-c", "from candlelit.cli.app import main; main()", *args]


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/healthz", timeout=1.0).json().get("ok") is True
    except (httpx.HTTPError, ValueError):
        return False


@contextlib.contextmanager
def running_server(folder: Path, *extra: str) -> Iterator[Server]:
    """Start the server (`extra`: more `serve` options) on a free port with a fresh database;
    stop it afterwards."""
    db = folder / "candlelit.db"
    log = folder / "server.log"
    for _attempt in range(3):
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        with log.open("ab") as out:
            process = subprocess.Popen(serve_command(port, db, *extra), stdout=out,
                                       stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while process.poll() is None and not _healthy(url):
            if time.monotonic() > deadline:
                process.kill()
                process.wait()
                raise AssertionError(f"the server did not answer /healthz within "
                                     f"{STARTUP_TIMEOUT}s:\n{log.read_text()}")
            time.sleep(0.05)
        if process.poll() is None:
            break
    else:
        raise AssertionError(f"the server would not start:\n{log.read_text()}")
    try:
        yield Server(url, db, process, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- the lobby ------------------------------------------------------------------------------
@dataclass
class Created:
    """What the created page shows: the table id and the links it hands out."""

    table_id: str
    my_link: str
    invites: dict[int, str]


def create_table(page: Page, base: str, game: str = "divinare", players: int | None = None,
                 seats: dict[int, str] | None = None,
                 settings: dict[str, str] | None = None) -> Created:
    """Fill the lobby form like a person; `seats[i]` is a bot name, 'human' or 'open';
    `settings` picks other choices by the select's id (grace, timer)."""
    page.goto(f"{base}/")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    for index, kind in (seats or {}).items():
        select = page.locator(f"select[name=seat{index}]")
        if kind == "human":
            select.select_option(label=t("web.invite", "en"))
        else:
            select.select_option(kind)
    for name, value in (settings or {}).items():
        page.select_option(f"#{name}", value)
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#my-seat")
    my_link = page.get_attribute("#my-seat", "href") or ""
    invites = {int(seat or 0): page.input_value(f"input.link[data-seat='{seat}']")
               for seat in page.eval_on_selector_all(
                   "input.link[data-seat]", "inputs => inputs.map(i => i.dataset.seat)")}
    table_id = my_link.split("/")[2].split("?")[0]
    return Created(table_id, f"{base}{my_link}", invites)


def open_seat(context: BrowserContext, url: str) -> Page:
    """A page of `context` at `url`, its WebSocket connected."""
    page = context.new_page()
    page.goto(url)
    wait_connected(page)
    return page


def wait_connected(page: Page) -> None:
    """Wait until the table page's WebSocket is open."""
    page.wait_for_selector("#conn.on", timeout=10_000)


# -- playing by clicks ----------------------------------------------------------------------
def seat_version(page: Page) -> int:
    """The seat version the page will send with its next choice."""
    return int(page.get_attribute("#table", "data-seat-version") or "0")


def finished(page: Page) -> bool:
    """Whether the page shows a finished game."""
    return page.get_attribute("#table", "data-status") == "finished"


def click_first_choice(page: Page, selector: str = "#actions button[data-action]:enabled") -> bool:
    """Click the first button matching `selector` and wait until the server accepted it."""
    buttons = page.locator(selector)
    if buttons.count() == 0:
        return False
    before = seat_version(page)
    try:
        buttons.first.click(timeout=2_000)
        page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.seatVersion) > v",
            arg=before, timeout=3_000)
    except PlaywrightTimeout:
        return False  # the view changed under the pointer; look again
    return True


def play(pages: list[Page], until: Any = None, timeout: float = GAME_TIMEOUT) -> int:
    """Click the first choice on whichever page may act until `until(pages)` or game over.

    Returns the number of accepted clicks.
    """
    done = until or (lambda ps: all(finished(p) for p in ps))
    clicks = 0
    deadline = time.monotonic() + timeout
    while not done(pages):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not progress to the end within {timeout}s "
                                 f"({clicks} clicks)")
        acted = False
        for page in pages:
            if click_first_choice(page):
                clicks += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(30)
    return clicks


def play_leaving_auto_pass(page: Page, done: Any, choices: tuple[str, ...],
                           timeout: float = 2 * GAME_TIMEOUT) -> None:
    """Until `done()`, click the first button of the first of `choices` that has one; windows
    marked data-auto-pass='ready' are left for the page's own auto-pass to answer."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the game stopped moving"
        selector = next((s for s in choices if page.locator(s).count()), None)
        if page.locator("[data-auto-pass='ready']").count() or selector is None:
            page.wait_for_timeout(30)
        else:
            click_first_choice(page, selector)


def score_rows(page: Page) -> dict[int, list[str]]:
    """The scores table: seat -> its number cells (cards, blue, yellow, red, score)."""
    rows = page.eval_on_selector_all(
        "table.scores tbody tr",
        "rows => rows.map(r => [r.dataset.seat, "
        "[...r.querySelectorAll('td')].map(td => td.textContent.trim())])")
    return {int(seat): cells for seat, cells in rows}


def winner_rows(page: Page) -> list[int]:
    """The seats the scores table marks as winners."""
    seats = page.eval_on_selector_all("table.scores tbody tr.winner",
                                      "rows => rows.map(r => Number(r.dataset.seat))")
    return sorted(int(s) for s in seats)


def no_horizontal_scroll(page: Page) -> tuple[int, int]:
    """(scrollWidth, innerWidth) of the page, for the phone layout checks."""
    width, inner = page.evaluate(
        "[document.scrollingElement.scrollWidth, window.innerWidth]")
    return int(width), int(inner)

"""Fixtures of the browser tests: Debian's chromium through Playwright and a real server, one
per test process (starting one costs seconds: a server per test was a third of the browser
suite's time); a test that needs a server of its own asks for `own_server`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import CHROMIUM, CHROMIUM_ARGS, Server, running_server
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless chromium per test process; a missing browser fails, it never skips."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"chromium is not installed at {CHROMIUM}: the browser tests need it "
                    "(apt-get install chromium; CI's .ci/run installs it; CANDLELIT_CHROMIUM "
                    "names another binary).", pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`candlelit serve` for every test of this process: a fresh SQLite file, and no limit on
    tables created or seats joined per minute (the tests all come from one address)."""
    with running_server(tmp_path_factory.mktemp("shared"), "--create-limit", "0",
                        "--join-limit", "0") as live:
        yield live


@pytest.fixture
def server(shared_server: Server) -> Iterator[Server]:
    """The test process's server; it must log no error while the test runs."""
    with no_error_logged(shared_server):
        yield shared_server


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, with the default limits; it must log no error."""
    with running_server(tmp_path) as live, no_error_logged(live):
        yield live


@contextlib.contextmanager
def no_error_logged(live: Server) -> Iterator[None]:
    """Fail if the server logs a traceback while the block runs."""
    start = live.log.stat().st_size
    yield
    with live.log.open("rb") as log:
        log.seek(start)
        output = log.read().decode("utf-8", errors="replace")
    assert "Traceback" not in output, f"the server logged an error:\n{output}"


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Fresh browser profiles (own cookies); any script error or CSP refusal fails the test."""
    contexts: list[BrowserContext] = []
    problems: list[str] = []

    def watch(page: Page) -> None:
        page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))

        def console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                problems.append(f"{page.url}: console error: {msg.text}")

        page.on("console", console)

    def make(**options: Any) -> BrowserContext:
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        context.on("page", watch)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not problems, "the pages reported errors:\n" + "\n".join(problems)

"""Fixtures of the browser tests: Debian's chromium through Playwright, a real server each test."""

from __future__ import annotations

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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """`candlelit serve` on a free port with a fresh SQLite file; it must log no error."""
    with running_server(tmp_path) as live:
        yield live
    output = live.log.read_text(encoding="utf-8", errors="replace")
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

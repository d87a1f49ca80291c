"""Markers every test gets from where it lives or what it uses, so no new file can forget them."""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER_DIR = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark tests under tests/browser `browser` and tests using PostgreSQL `postgres`."""
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)

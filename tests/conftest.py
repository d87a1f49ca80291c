"""Markers every test gets from where it lives or what it uses, so no new file can forget them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

BROWSER_DIR = Path(__file__).parent / "browser"

# property tests: 15 random walks per case in `make test`; `make test-fast` passes
# --hypothesis-profile=fast for 4 (the edit-run loop)
settings.register_profile("full", max_examples=15, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("fast", parent=settings.get_profile("full"), max_examples=4)
settings.load_profile("full")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark tests under tests/browser `browser` and tests using PostgreSQL `postgres`."""
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if "postgres_url" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)

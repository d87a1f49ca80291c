"""Client mistakes that uvicorn logs as server errors with a traceback, logged as one warning."""

from __future__ import annotations

import logging

CLIENT_MISTAKES = frozenset({"Invalid UTF-8 sequence received from client."})
"""uvicorn's messages about a client's bad frame (it closes the socket itself)."""


class ClientMistakes(logging.Filter):
    """Turns a record about a client's mistake into a one-line warning (no traceback)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record; a client's mistake loses its traceback and its error level."""
        if record.levelno > logging.WARNING and record.getMessage() in CLIENT_MISTAKES:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info, record.exc_text = None, None
        return True


def quiet_client_mistakes() -> None:
    """Install the filter on uvicorn's error logger (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientMistakes) for f in logger.filters):
        logger.addFilter(ClientMistakes())

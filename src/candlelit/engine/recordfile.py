"""Reading game records from a user's file: one JSON record, or JSON lines (one per line,
as `candlelit simulate --out` writes), each read on its own so one bad line spoils only
itself. Every problem is one line naming where it is; nothing is read past the limits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from candlelit.engine.errors import RecordError

PARQUET_MAGIC = b"PAR1"
"""How a Parquet file begins (`simulate --out games.parquet` writes one: rows, not records)."""
MAX_RECORD_BYTES = 16_000_000
"""The largest record read (a line, or a whole one-record file); the longest game's record
is under 100 kB."""


@dataclass(frozen=True)
class Entry:
    """One record read from a file: where it starts, and the record or why it is unreadable."""

    line: int
    record: dict[str, Any] | None
    problem: str | None = None


def parse_record(text: str | bytes) -> dict[str, Any]:
    """One record from JSON text; RecordError (one line) if it is not a JSON object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") \
            from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 text (byte {exc.start})") from None
    except RecursionError:
        raise RecordError("not a record: JSON nested too deeply") from None
    except ValueError:  # a number past Python's digit limit
        raise RecordError("not a record: a number with too many digits") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def read_records(path: Path) -> Iterator[Entry]:
    """The records of `path`: a file whose first line is a whole JSON object is JSON lines
    (every other non-blank line is read on its own); otherwise the file is one record.
    RecordError if the file cannot be read at all."""
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    with handle:
        first = handle.readline(MAX_RECORD_BYTES + 1)
        if first.startswith(PARQUET_MAGIC):
            raise RecordError(f"{path} is a Parquet table of results, not game records "
                              f"(records: candlelit simulate --out FILE.jsonl)")
        if _whole_object(first):
            yield from _lines(first, handle)
            return
        rest = handle.read(MAX_RECORD_BYTES + 1 - len(first))
        if len(first) + len(rest) > MAX_RECORD_BYTES or handle.read(1):
            yield Entry(1, None, f"a record larger than {MAX_RECORD_BYTES:,} bytes")
            return
    try:
        yield Entry(1, parse_record(first + rest))
    except RecordError as exc:
        yield Entry(1, None, str(exc))


def _whole_object(line: bytes) -> bool:
    """Whether `line` alone is a JSON object (the first line of a JSON-lines file)."""
    stripped = line.strip()
    if not stripped.startswith(b"{") or len(line) > MAX_RECORD_BYTES:
        return False
    try:
        return isinstance(json.loads(stripped), dict)
    except (ValueError, RecursionError):
        return False


def _lines(first: bytes, handle: Any) -> Iterator[Entry]:
    """Each non-blank line of a JSON-lines file as its own record, bad ones as problems."""
    number, line = 1, first
    while line:
        if len(line) > MAX_RECORD_BYTES:
            yield Entry(number, None, f"a record larger than {MAX_RECORD_BYTES:,} bytes")
            while line and not line.endswith(b"\n"):  # skip the rest of the long line
                line = handle.readline(MAX_RECORD_BYTES + 1)
        elif line.strip():
            try:
                yield Entry(number, parse_record(line))
            except RecordError as exc:
                yield Entry(number, None, str(exc))
        number += 1
        line = handle.readline(MAX_RECORD_BYTES + 1)

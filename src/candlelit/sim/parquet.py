"""A run's tables as Parquet (the `parquet` extra): `NAME.parquet`, a row per game, beside
`NAME.seats.parquet`, a row per seat, written a row group at a time while the run goes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from candlelit.engine.errors import CandlelitError
from candlelit.sim.columns import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Column,
    Pairing,
    Rows,
    Setting,
    setting,
)
from candlelit.sim.runner import GameResult, SimulationSpec, Sink

SUFFIX = ".parquet"
ROW_GROUP = 16_384
"""Games per row group: what a writer holds in memory at most, whatever the run's size."""
TABLE_KEY = b"candlelit.table"
"""The schema metadata key naming which table a file holds (`games` or `seats`)."""


def is_parquet(path: Path) -> bool:
    """Whether `--out path` asks for Parquet tables (by its suffix) rather than JSON lines."""
    return path.suffix.lower() == SUFFIX


def seats_path(path: Path) -> Path:
    """The seat table's file beside the game table `path`: games.parquet -> games.seats.parquet."""
    return path.with_name(f"{path.stem}.seats{path.suffix}")


def arrow() -> Any:
    """The pyarrow module (with its parquet module loaded); CandlelitError if not installed."""
    try:
        import pyarrow as pa
        import pyarrow.parquet
    except ImportError:
        raise CandlelitError("Parquet output needs pyarrow: pip install 'candlelit[parquet]'") \
            from None
    return pa


def _kind(pa: Any, kind: str) -> Any:
    if kind.startswith("list<"):
        return pa.list_(_kind(pa, kind[5:-1]))
    return {"int32": pa.int32(), "int64": pa.int64(), "float64": pa.float64(),
            "bool": pa.bool_(), "string": pa.string()}[kind]


def schema(columns: Sequence[Column], table: str) -> Any:
    """The Arrow schema of `columns`, each field's meaning in its metadata, the table named."""
    pa = arrow()
    return pa.schema([pa.field(c.name, _kind(pa, c.kind), nullable=c.nullable,
                               metadata={"meaning": c.meaning}) for c in columns],
                     metadata={TABLE_KEY: table.encode()})


class GameTables:
    """The Parquet writer of one run's game and seat tables; games go in as they are added,
    in that order. Closed without error it leaves both files whole; on an error it removes
    them (use it as a context manager)."""

    def __init__(self, path: Path) -> None:
        pa = arrow()
        self.paths = (path, seats_path(path))
        self._schemas = (schema(GAME_COLUMNS, "games"), schema(SEAT_COLUMNS, "seats"))
        self._rows = Rows()
        self._table = pa.Table
        self._writers: list[Any] = []
        try:
            for file, schema_ in zip(self.paths, self._schemas, strict=True):
                self._writers.append(pa.parquet.ParquetWriter(str(file), schema_))
        except OSError as exc:
            self._discard()
            raise CandlelitError(f"--out {path}: cannot write: {exc}") from None

    def add(self, run: Setting, bots: Sequence[str], result: GameResult,
            pairing: Pairing | None = None) -> None:
        """Add game `result` (played with its seat facts) of `run`, `bots` seated."""
        self._rows.add(run, bots, result, pairing)
        if self._rows.pending() >= ROW_GROUP:
            self._flush()

    def sink(self, spec: SimulationSpec) -> Sink:
        """Where a run of `spec` hands its games to be added (see `runner.run`)."""
        run = setting(spec.game, spec.players, spec.seed, spec.variant, spec.options)
        bots = spec.seat_bots()

        def add_run(results: Sequence[GameResult]) -> None:
            for result in results:
                self.add(run, bots, result)

        return add_run

    def _flush(self) -> None:
        if not self._rows.pending():
            return
        for writer, columns, schema_ in zip(self._writers, self._rows.take(), self._schemas,
                                            strict=True):
            table = self._table.from_pydict(columns, schema=schema_)
            writer.write_table(table, row_group_size=table.num_rows)

    def close(self) -> None:
        """Write what is left and close both files."""
        self._flush()
        for writer in self._writers:
            writer.close()

    def _discard(self) -> None:
        for writer in self._writers:
            writer.close()
        for path in self.paths:
            path.unlink(missing_ok=True)

    def __enter__(self) -> GameTables:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is None:
            self.close()
        else:
            self._discard()


def _table(pa: Any, path: Path, columns: Sequence[Column], name: str) -> Any:
    """The table `name` read from `path`, its columns checked; CandlelitError (one line)."""
    if not path.is_file():
        raise CandlelitError(f"{path}: no such file" if not path.exists() else
                             f"{path}: not a file")
    try:
        found = pa.parquet.read_schema(str(path))
    except (OSError, pa.ArrowException) as exc:
        raise CandlelitError(f"{path}: not a readable Parquet file ({_reason(exc)})") from None
    table = (found.metadata or {}).get(TABLE_KEY, b"").decode(errors="replace")
    if table != name:
        said = f"holds the {table} table" if table else "is not a candlelit table"
        raise CandlelitError(f"{path}: {said}, not the {name} table")
    for column in columns:
        index = found.get_field_index(column.name)
        if index < 0 or found.field(index).type != _kind(pa, column.kind):
            raise CandlelitError(f"{path}: the column {column.name!r} is missing or not "
                                 f"{column.kind}")
    try:
        return pa.parquet.read_table(str(path), schema=found)
    except (OSError, pa.ArrowException) as exc:
        raise CandlelitError(f"{path}: not a readable Parquet file ({_reason(exc)})") from None


def _reason(exc: Exception) -> str:
    """pyarrow's reason in one line, without its restating the file's name."""
    reason = (str(exc).splitlines() or [type(exc).__name__])[0]
    return reason.split("': ", 1)[-1] if reason.startswith("Could not open") else reason


def read_tables(path: Path) -> tuple[Any, Any]:
    """The game table at `path` and its seat table beside it (pyarrow Tables), checked
    against the declared columns; CandlelitError (one line) if either is missing or wrong."""
    pa = arrow()
    return (_table(pa, path, GAME_COLUMNS, "games"),
            _table(pa, seats_path(path), SEAT_COLUMNS, "seats"))

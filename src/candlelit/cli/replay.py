"""`candlelit replay` and `candlelit verify`: step through and check game records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from candlelit.engine.errors import RecordError
from candlelit.engine.records import initial_state, load_record, replay, verify
from candlelit.i18n import message, t


def _read(path: Path) -> list[dict[str, Any]]:
    """One record (a JSON object) or many (JSON lines, as `simulate --out` writes)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc}") from exc
    try:
        return [load_record(text)]
    except RecordError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            raise
        return [load_record(line) for line in lines]


def replay_file(path: Path, *, seat: int | None, lang: str, interactive: bool,
                console: Console) -> None:
    """Print the game as `seat` (None: a spectator) saw it, one action at a time."""
    from candlelit.cli.render import render_view

    record = _read(path)[0]
    state = initial_state(record)
    if seat is not None and not 0 <= seat < state.num_players:
        raise RecordError(f"the game has seats 0 to {state.num_players - 1}, not {seat}")
    game = record["game"]
    names = record.get("seats")
    seen = 0
    for index, (_player, _action, state) in enumerate(replay(record), start=1):
        log = state.visible_log(seat)
        for event in log[seen:]:
            console.print(f"[dim]{index:>4}[/] " + message(game, event["key"], event["args"],
                                                          lang, names), highlight=False)
        seen = len(log)
        if interactive:
            console.print(render_view(state.view(seat), lang))
            console.input("")
    console.print(render_view(state.view(seat), lang))
    if state.is_terminal():
        console.print(t("ui.winners", lang, seats=", ".join(
            names[s] if names else str(s) for s in state.winners())))


def verify_file(path: Path, *, console: Console) -> bool:
    """Check every record in `path`; print a verdict per record; True if all pass."""
    records = _read(path)
    all_ok = True
    for number, record in enumerate(records, start=1):
        verdict = verify(record)
        label = f"record {number}" if len(records) > 1 else str(path)
        if verdict.ok:
            console.print(f"[green]OK[/] {label}: {record.get('game')} replays "
                          f"{verdict.actions} actions to the recorded final state")
        else:
            all_ok = False
            console.print(f"[red]FAIL[/] {label}: " + "; ".join(verdict.problems))
        for note in verdict.notes:
            console.print(f"  note: {note}")
    return all_ok


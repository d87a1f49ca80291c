"""`candlelit replay` and `candlelit verify`: step through and check game records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from candlelit.engine.errors import RecordError
from candlelit.engine.recordfile import read_records
from candlelit.engine.records import Verdict, initial_state, replay, verify
from candlelit.i18n import message, t


def _first(path: Path) -> dict[str, Any]:
    """The first record of `path` (RecordError naming its line if it is unreadable)."""
    for entry in read_records(path):
        if entry.record is None:
            raise RecordError(f"{path}: line {entry.line}: {entry.problem}")
        return entry.record
    raise RecordError(f"{path} holds no record")


def replay_file(path: Path, *, seat: int | None, lang: str, interactive: bool,
                console: Console) -> None:
    """Print the game as `seat` (None: a spectator) saw it, one action at a time."""
    from candlelit.cli.render import recorded_names, render_view

    record = _first(path)
    state = initial_state(record)
    if seat is not None and not 0 <= seat < state.num_players:
        raise RecordError(f"the game has seats 0 to {state.num_players - 1}, not {seat}")
    game = record["game"]
    seats = record.get("seats")
    names = recorded_names(seats, lang) if seats else None
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
    """Check every record in `path`, each on its own (a bad line spoils only itself); print
    a verdict per record and a total; True if all pass."""
    passed = failed = 0
    for entry in read_records(path):
        label = f"{path}: line {entry.line}"
        record = entry.record
        verdict = Verdict(ok=False, problems=[entry.problem or ""]) if record is None \
            else verify(record)
        if verdict.ok and record is not None:
            passed += 1
            console.print(f"[green]OK[/] {label}: {record.get('game')} replays "
                          f"{verdict.actions} actions to the recorded final state",
                          highlight=False, soft_wrap=True)
        else:
            failed += 1
            console.print(f"[red]FAIL[/] {label}: " + "; ".join(verdict.problems),
                          highlight=False, soft_wrap=True)
        for note in verdict.notes:
            console.print(f"  note: {note}", highlight=False, soft_wrap=True)
    if passed + failed == 0:
        raise RecordError(f"{path} holds no record")
    if passed + failed > 1:
        console.print(f"{passed} of {passed + failed} records verify", highlight=False,
                      soft_wrap=True)
    return failed == 0

"""Game records: JSON that replays a game to the identical final state."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from candlelit.engine.errors import CandlelitError, IllegalAction, RecordError
from candlelit.engine.options import former_names
from candlelit.engine.recordfile import parse_record
from candlelit.engine.registry import get, load
from candlelit.engine.state import State, serialize_snapshot

RECORD_FORMAT = "candlelit-record/1"
ENGINE_VERSION = "0.1.0"


def digest(state: State, option_names: Mapping[str, str] | None = None) -> str:
    """A SHA-256 fingerprint of the whole state; `option_names` (current -> former name)
    fingerprints it as it was serialised before those options were renamed."""
    if not option_names:
        return hashlib.sha256(state.serialize().encode()).hexdigest()
    snapshot = state.snapshot()
    snapshot["options"] = {option_names.get(k, k): v for k, v in snapshot["options"].items()}
    return hashlib.sha256(serialize_snapshot(snapshot).encode()).hexdigest()


def make_record(state: State, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of `state`'s game so far; `seats` names who sat where (bots or people)."""
    spec = get(state.game)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": state.game,
        "engine_version": ENGINE_VERSION,
        "rules_version": spec.rules_version,
        "players": state.num_players,
        "seed": state.seed,
        "options": state.options,
        "seats": seats if seats is not None else [f"seat {i}" for i in range(state.num_players)],
        "actions": [[p, a] for p, a in state.history],
        "final": {
            "terminal": state.is_terminal(),
            "returns": state.returns(),
            "winners": state.winners(),
            "digest": digest(state),
        },
    }
    return record


def _start(record: dict[str, Any]) -> State:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a candlelit game record (expected format {RECORD_FORMAT!r})")
    for key in ("game", "players", "seed", "options", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        return load(record["game"], record["players"], record["seed"], record["options"])
    except CandlelitError as exc:
        raise RecordError(f"the record cannot start a game: {exc}") from exc
    except RecursionError:
        raise RecordError("the record cannot start a game: its options are nested too "
                          "deeply") from None


def replay(record: dict[str, Any]) -> Iterator[tuple[int, int, State]]:
    """Yield (player, action, state after it) for each recorded action."""
    state = _start(record)
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of [seat, action] pairs")
    for index, pair in enumerate(actions):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise RecordError(f"action {index} is not a [seat, action] pair")
        player, action = pair
        try:
            state.apply_action(action, player)
        except IllegalAction as exc:
            raise RecordError(f"action {index} ({pair}) is illegal: {exc.reason}") from exc
        yield player, action, state


def initial_state(record: dict[str, Any]) -> State:
    """The state the record starts from."""
    return _start(record)


@dataclass
class Verdict:
    """The outcome of checking a record."""

    ok: bool
    actions: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def verify(record: dict[str, Any]) -> Verdict:
    """Replay `record` and check it reaches the final state it claims."""
    verdict = Verdict(ok=True)
    state: State | None = None
    try:
        state = _start(record)
        for _, _, after in replay(record):
            verdict.actions += 1
            state = after
    except RecordError as exc:
        return Verdict(ok=False, actions=verdict.actions, problems=[str(exc)])
    spec = get(record["game"])
    if record.get("rules_version") != spec.rules_version:
        verdict.notes.append(
            f"recorded with rules {record.get('rules_version')}, checked with {spec.rules_version}")
    final = record.get("final")
    if isinstance(final, dict):
        options = record["options"] if isinstance(record["options"], dict) else {}
        former = former_names(spec.options, options)
        checks = {"terminal": state.is_terminal(), "returns": state.returns(),
                  "winners": state.winners(), "digest": digest(state, former)}
        for key, actual in checks.items():
            if key in final and final[key] != actual:
                verdict.problems.append(f"{key}: the record says {final[key]!r}, replay gives "
                                        f"{actual!r}")
    else:
        verdict.notes.append("the record claims no final state; only legality was checked")
    verdict.ok = not verdict.problems
    return verdict


def load_record(text: str) -> dict[str, Any]:
    """Parse a record from JSON text (RecordError in one line if it is not one)."""
    return parse_record(text)

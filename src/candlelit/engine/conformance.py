"""Checks every registered game must pass; the test suite runs them on every player count."""

from __future__ import annotations

import importlib
import importlib.util
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

from candlelit.engine.errors import IllegalAction
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import deserialize, get, load
from candlelit.engine.state import TERMINAL, State
from candlelit.engine.viewcheck import check_view_type

BAD_VALUES: tuple[Any, ...] = (-1, None, "1", 1.5, True, [0])


def playout(game: str, players: int, seed: int, chooser: int,
            visit: Callable[[State, int], None] | None = None) -> State:
    """Play a uniformly random game (choices seeded by `chooser`); call `visit` before each step."""
    state = load(game, players, seed)
    rng = random.Random(chooser)
    limit = state.max_game_length()
    for step in range(limit + 1):
        if state.is_terminal():
            return state
        assert step < limit, f"{game}/{players}p seed {seed}: not over after {limit} actions"
        if visit is not None:
            visit(state, step)
        pending = state.pending_players()
        player = pending[rng.randrange(len(pending))]
        state.apply_action(rng.choice(state.legal_actions(player)), player)
    return state


def trajectory(game: str, players: int, seed: int, chooser: int,
               disturb: bool = False) -> list[str]:
    """A seeded random game as its history, with full states at steps 1, 2, 4, 8… and the end.

    Each step contributes its pending seats, acting seat, action and log length; the doubling
    checkpoints keep the total serialisation work linear in the game's length. `disturb`
    reseeds the global RNGs every seventh step.
    """
    trace: list[str] = []

    def visit(state: State, step: int) -> None:
        if disturb and step % 7 == 3:
            random.seed(step * 7919)
            random.random()
            if importlib.util.find_spec("numpy") is not None:
                numpy = importlib.import_module("numpy")
                numpy.random.seed(step)
                numpy.random.random()
        trace.append(f"{step} {state.pending_players()} {len(state.log)}")
        if step & (step - 1) == 0:
            trace.append(state.serialize())

    final = playout(game, players, seed, chooser, visit)
    trace.append(" ".join(map(str, final.history)))
    trace.append(final.serialize())
    return trace


def checkpoints(step: int) -> bool:
    """Steps 0–31, then every 8th to 255, then every 32nd: dense early, linear overall."""
    return step < 32 or (step < 256 and step % 8 == 0) or step % 32 == 0


def sparse_checkpoints(step: int) -> bool:
    """`checkpoints` to step 255, then every 128th: for checks whose cost grows with the
    game (copies serialise the whole log), so long games stay cheap."""
    return step < 32 or (step < 256 and step % 8 == 0) or step % 128 == 0


def check_actions(state: State) -> None:
    """Legal actions are sorted, unique, in range, uniquely labelled; empty for idle seats."""
    pending = state.pending_players()
    assert pending == sorted(set(pending)), f"pending seats not sorted/unique: {pending}"
    if state.is_terminal():
        assert state.current_player() == TERMINAL and not pending
    else:
        assert pending and state.current_player() == pending[0]
    size = state.num_distinct_actions()
    for player in range(state.num_players):
        legal = state.legal_actions(player)
        if player not in pending:
            assert legal == [], f"seat {player} is not pending but has actions {legal}"
            continue
        assert legal, f"pending seat {player} has no legal action"
        assert legal == sorted(set(legal)), f"actions not sorted/unique: {legal}"
        assert all(0 <= a < size for a in legal), f"action out of range in {legal}"
        for lang in ("en", "zh-TW"):
            labels = [state.action_to_string(player, a, lang) for a in legal]
            assert len(set(labels)) == len(labels), f"duplicate labels: {labels}"
        for a in legal:
            json.dumps(state.action_to_struct(player, a))


def check_illegal(state: State, rng: random.Random) -> None:
    """Illegal actions and wrong seats raise IllegalAction and leave the state unchanged."""
    before = state.serialize()
    pending = state.pending_players()
    size = state.num_distinct_actions()
    attempts: list[tuple[Any, Any]] = [(bad, p) for bad in BAD_VALUES for p in pending[:1]]
    attempts.append((0, state.num_players))
    attempts.append((0, -1))
    for player in range(state.num_players):
        legal = set(state.legal_actions(player))
        illegal = [a for a in range(size + 1) if a not in legal]
        if illegal:
            attempts.append((rng.choice(illegal), player))
    if state.is_terminal():
        attempts.append((0, None))
    for action, player in attempts:
        try:
            state.apply_action(action, player)
        except IllegalAction as exc:
            assert exc.reason, "IllegalAction without a reason"
        else:
            raise AssertionError(f"action {action!r} by seat {player!r} was accepted")
        assert state.serialize() == before, f"state changed by rejected {action!r}/{player!r}"


def check_copies(state: State, rng: random.Random) -> None:
    """Clone, JSON and pickle copies equal the state and are independent of it."""
    before = state.serialize()
    for copy in (state.clone(), deserialize(before), pickle.loads(pickle.dumps(state))):
        assert copy == state and copy.serialize() == before, "copy differs from original"
        if not copy.is_terminal():
            pending = copy.pending_players()
            player = pending[rng.randrange(len(pending))]
            copy.apply_action(rng.choice(copy.legal_actions(player)), player)
            assert state.serialize() == before, "acting on a copy changed the original"
            assert copy != state


def check_kernel(state: State) -> None:
    """The game plays through the engine's template, and a step's quick legality test
    agrees with its legal actions on every action of the space."""
    cls = type(state)
    assert cls.apply_action is State.apply_action, f"{cls.__name__} overrides apply_action"
    assert cls.legal_actions is State.legal_actions, f"{cls.__name__} overrides legal_actions"
    if state.is_terminal():
        return
    step = state.steps[state.decision_kind()]
    if step.allows is None:
        return
    for seat in state.pending_players():
        legal = set(step.legal(state, seat))
        for action in range(state.num_distinct_actions()):
            assert step.allows(state, seat, action) == (action in legal), \
                f"step {step.name}: allows({seat}, {action}) disagrees with its legal actions"


def check_window_public(state: State, rng: random.Random) -> bool:
    """While a window asks, whom it asks is the same in every seat's resampled worlds
    (so it follows from public information) and includes the seats deciding now.
    Returns whether a window was open."""
    askees = state.window_askees()
    if askees is None:
        return False
    assert set(state.pending_players()) <= set(askees), \
        f"deciding seats {state.pending_players()} are not among the asked {askees}"
    for player in range(state.num_players):
        world = state.resample(player, random.Random(rng.getrandbits(32)))
        assert world.window_askees() == askees, \
            f"whom the window asks changed in a world resampled for seat {player}"
    return True


def check_outcome(state: State) -> None:
    """At the end: winners non-empty, returns bounded and consistent with winners."""
    assert state.is_terminal()
    winners = state.winners()
    returns = state.returns()
    assert winners, "no winner at the end"
    assert len(returns) == state.num_players
    assert all(0.0 <= r <= 1.0 for r in returns), f"returns out of [0, 1]: {returns}"
    assert [r == 1.0 for r in returns] == [p in winners for p in range(state.num_players)]


def check_no_leak(state: State, rng: random.Random, worlds: int) -> bool:
    """Views and information states of every seat are the same in all its resampled worlds.

    Returns whether any resample changed what another seat sees (i.e. re-drew hidden
    information), so callers can tell a real determinisation from a copy.
    """
    spectator = state.view(None)
    changed = False
    for player in range(state.num_players):
        view = state.view(player)
        info = state.information_state_string(player)
        json.dumps(view)
        for _ in range(worlds):
            world = state.resample(player, random.Random(rng.getrandbits(32)))
            assert world.view(player) == view, f"seat {player}'s view changed on resample"
            assert world.information_state_string(player) == info
            assert world.view(None) == spectator, "spectator view depends on hidden state"
            others = [q for q in range(state.num_players) if q != player]
            if any(world.view(q) != state.view(q) for q in others):
                changed = True
            _check_playable(world, rng)
    return changed


def check_keys(state: State, rng: random.Random, worlds: int,
               seen: dict[Any, str]) -> None:
    """Every seat's information-state key: the same read incrementally as read afresh; the same
    in every world resampled for that seat; in worlds resampled for another seat, equal exactly
    when the string is; and across all states gathered in `seen` (key → string), equal keys
    ⇔ equal strings."""
    for player in range(state.num_players):
        key = state.information_state_key(player)
        afresh = deserialize(state.serialize())
        assert afresh.information_state_key(player) == key, "the key read incrementally differs"
        text = state.information_state_string(player)
        _same_partition(seen, key, text)
        for _ in range(worlds):
            world = state.resample(player, random.Random(rng.getrandbits(32)))
            assert world.information_state_key(player) == key, \
                f"seat {player}'s key changed on resample"
            other = rng.randrange(state.num_players)
            if other != player:
                elsewhere = state.resample(other, random.Random(rng.getrandbits(32)))
                same = elsewhere.information_state_string(player) == text
                assert (elsewhere.information_state_key(player) == key) == same, (
                    f"seat {player}'s key and string disagree in a world drawn for seat "
                    f"{other} (string {'equal' if same else 'different'})")
                _same_partition(seen, elsewhere.information_state_key(player),
                                elsewhere.information_state_string(player))


def check_pins(state: State, rng: random.Random, worlds: int, only_pinned: bool = False) -> int:
    """Replay every seat's own log against its resampled worlds: each fact the game's `pins`
    reads from it (engine/pins.py) holds in the real state and in every world resampled for
    that seat. Returns how many facts were checked (0 for a game without pins);
    `only_pinned` skips the resampling where no seat's log pins anything."""
    pins = type(state).pins
    if pins is None:
        return 0
    known = [pins.known(state, player) for player in range(state.num_players)]
    if only_pinned and not any(known):
        return 0
    for player, facts in enumerate(known):
        assert not pins.unmet(state, facts), \
            f"seat {player}'s pins are false in the real state: {pins.unmet(state, facts)}"
        for _ in range(worlds):
            world = state.resample(player, random.Random(rng.getrandbits(32)))
            assert pins.known(world, player) == facts, f"seat {player}'s pins changed on resample"
            missed = pins.unmet(world, facts)
            assert not missed, (f"a world resampled for seat {player} breaks what its log "
                                f"pins down (fact, pinned, held): {missed}")
    return sum(map(len, known))


def _same_partition(seen: dict[Any, str], key: Any, text: str) -> None:
    """Record key → string in `seen`, asserting one string per key and one key per string."""
    known = seen.setdefault(key, text)
    assert known == text, "two different information states share a key"
    owners = seen.setdefault(("string", text), key)
    assert owners == key, "one information state has two keys"


def check_known_table(state: State, rng: random.Random, worlds: int,
                      seen: dict[Any, str]) -> None:
    """For a game whose information-state string is its view: every seat's `known_table`,
    in this state and in worlds resampled for random seats, partitions the states gathered in
    `seen` (table → view without its log) exactly as that view does (the engine default)."""
    players = state.num_players
    drawn = [state.resample(rng.randrange(players), random.Random(rng.getrandbits(32)))
             for _ in range(worlds)]
    for world in (state, *drawn):
        for player in range(players):
            _same_partition(seen, world.known_table(player),
                            str(State.known_table(world, player)))


def check_tensors(state: State, rng: random.Random, worlds: int,
                  seen: dict[tuple[int, bytes], tuple[int, ...]]) -> None:
    """Every seat's observation tensor: the layout's length, float32, finite; the same after a
    serialisation round trip and in every world resampled for that seat (no leak); the mask
    marks exactly the seat's legal actions; and across all states gathered in `seen`, a
    seat's equal tensors mean equal legal actions (the tensor tells what the decision is).
    `worlds=0` skips the round trip and the resampling (the cheap checks for every step)."""
    import numpy as np

    layout = state.observation_layout()
    afresh = deserialize(state.serialize()) if worlds else state
    for player in range(state.num_players):
        tensor = state.observation_tensor(player)
        assert tensor.shape == (layout.size,) and tensor.dtype == np.float32, \
            f"seat {player}'s tensor is {tensor.dtype}{tensor.shape}, not float32[{layout.size}]"
        assert np.isfinite(tensor).all(), f"seat {player}'s tensor is not finite"
        assert np.array_equal(afresh.observation_tensor(player), tensor), \
            f"seat {player}'s tensor changed on a serialisation round trip"
        for _ in range(worlds):
            world = state.resample(player, random.Random(rng.getrandbits(32)))
            other = world.observation_tensor(player)
            if not np.array_equal(other, tensor):
                parts = [p.name for p in layout.parts
                         if not np.array_equal(other[layout.span(p.name)],
                                               tensor[layout.span(p.name)])]
                raise AssertionError(f"seat {player}'s tensor changed on resample: {parts}")
        legal = state.legal_actions(player)
        mask = state.action_mask(player)
        assert mask.shape == (state.num_distinct_actions(),), "the mask has the wrong length"
        assert np.flatnonzero(mask).tolist() == legal, \
            f"seat {player}'s mask is not its legal actions"
        if legal:
            known = seen.setdefault((player, tensor.tobytes()), tuple(legal))
            assert known == tuple(legal), (
                f"seat {player}: one tensor, two sets of legal actions ({list(known)} and "
                f"{legal}): the tensor misses what the decision is")


def view_type(game: str) -> Any:
    """The type game `game`'s manifest declares for its views (None if it declares none)."""
    reference = get(game).view_type
    return None if reference is None else resolve(reference)


def check_views(state: State, declared: Any, logged: dict[int | None, int]) -> set[str]:
    """Every seat's view and the spectator's are of type `declared`, their `log` from line
    `logged[viewer]` on (a log only grows; `logged` is advanced); returns the paths of the
    optional keys they hold (`view(<seat>).…`, `view(None).…`)."""
    met: set[str] = set()
    for viewer in (*range(state.num_players), None):
        view = dict(state.view(viewer))
        log = view["log"]
        view["log"], logged[viewer] = log[logged.get(viewer, 0):], len(log)
        met |= check_view_type(view, declared, f"view({viewer})")
    return met


def _check_playable(world: State, rng: random.Random) -> None:
    """A resampled world is a legal state: it can be played on to the end."""
    check_actions(world)
    probe = world.clone()
    for _ in range(probe.max_game_length() + 1):
        if probe.is_terminal():
            return
        pending = probe.pending_players()
        player = pending[rng.randrange(len(pending))]
        probe.apply_action(rng.choice(probe.legal_actions(player)), player)
    raise AssertionError("a resampled world does not reach the end")


def sample_steps(length: int, count: int, rng: random.Random) -> set[int]:
    """`count` step indices spread over a game of `length` actions (first and last included)."""
    picks = {0, max(0, length - 1)}
    while len(picks) < min(count, length):
        picks.add(rng.randrange(length))
    return picks


def player_counts(game: str) -> list[int]:
    """Every player count of `game`."""
    return list(get(game).player_counts)

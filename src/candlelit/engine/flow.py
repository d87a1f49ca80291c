"""The decision kernel: what a pending decision asks (steps) and the rule work scheduled
between decisions (tasks), each declared once per game in one table checked complete.

A game keeps its decision and its agenda in its own fields (plain ints and lists, so
clone and serialisation stay cheap); the kernel only names the handlers. `State`'s
`legal_actions` and `apply_action` (engine/state.py) look the pending decision up in the
game's `Steps`, so no game writes its own dispatch or its own `apply_action` preamble.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from candlelit.engine.errors import CandlelitError, IllegalAction

S = TypeVar("S")
"""The game state a table's handlers take (a subclass of engine.state.State)."""
H = TypeVar("H")

Task = list[int]
"""A scheduled piece of rule work: its code first, then its int arguments."""


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One kind of pending decision: its public name, its legal actions, how a legal
    answer is carried out, and the translation key of what the seat is asked to do."""

    name: str
    legal: Callable[[S, int], list[int]]
    """The sorted legal actions of a deciding seat."""
    apply: Callable[[S, int, int], None]
    """Carry out a legal action of a deciding seat (legality already checked)."""
    prompt: str
    """Translation key of the question ("choose a card to pass"); it names no hidden card."""
    allows: Callable[[S, int, int], bool] | None = None
    """A cheaper legality test of one action; must agree with `legal` (checked in tests)."""
    why: Callable[[S, int, int], IllegalAction | str] | None = None
    """Why an action in the space is refused to a deciding seat (default: the prompt): a
    keyed refusal (`IllegalAction.worded`, read in each reader's language) or one English
    line; either names nothing the seat may not know."""


class Steps(dict[Any, Step[S]]):
    """A game's decision kinds and the step of each (a dict, kind -> step, so the lookup in
    the hot path is a plain one), complete: every kind has exactly one step."""

    def __init__(self, game: str, kinds: Iterable[Hashable], steps: Mapping[Any, Step[S]]):
        kinds = list(kinds)
        check_complete(f"{game}: decision", kinds, steps)
        names = [step.name for step in steps.values()]
        if len(set(names)) != len(names):
            raise CandlelitError(f"{game}: two decision kinds share a step name")
        super().__init__(steps)
        self.game = game
        self._by_name = {step.name: step for step in steps.values()}

    def names(self) -> list[str]:
        """Every step's public name, in declaration order."""
        return list(self._by_name)

    def named(self, name: str) -> Step[S]:
        """The step called `name` (KeyError if none)."""
        return self._by_name[name]

    def plan(self, handlers: Mapping[str, H], where: str) -> dict[str, H]:
        """`handlers` (one per step name, e.g. a bot's choice per decision) after checking
        that it names every step and nothing else; raises CandlelitError naming `where`."""
        check_complete(where, self.names(), handlers)
        return dict(handlers)


class Tasks(Generic[S]):
    """A game's task codes 0..n-1 and the one handler of each, for its agenda: a game's
    `advance` pops tasks and calls `handlers[task[0]](state, task)` until a decision waits
    (its own loop, since what "waits" means and what an empty agenda leads to are its rules)."""

    __slots__ = ("game", "handlers")

    def __init__(self, game: str, count: int,
                 handlers: Mapping[int, Callable[[S, Task], None]]):
        check_complete(f"{game}: task", range(count), handlers)
        self.game = game
        self.handlers: tuple[Callable[[S, Task], None], ...] = tuple(
            handlers[code] for code in range(count))


def check_complete(what: str, expected: Iterable[Any], table: Mapping[Any, Any]) -> None:
    """Raise CandlelitError unless `table`'s keys are exactly `expected`."""
    expected = list(expected)
    missing = [k for k in expected if k not in table]
    extra = [k for k in table if k not in set(expected)]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"no handler for {missing}")
        if extra:
            parts.append(f"unknown {extra}")
        raise CandlelitError(f"{what} table incomplete: {'; '.join(parts)}")

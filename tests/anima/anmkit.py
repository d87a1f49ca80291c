"""Exact Anima positions for scenario tests: chosen parties, areas, hands and scripted dice."""

from __future__ import annotations

from candlelit.games.anima import SPEC, rounds
from candlelit.games.anima.constants import S_NONE, T_END_TURN, T_TURN
from candlelit.games.anima.rules import AnimaState


def table(players: int = 2, seed: int = 0, **options) -> AnimaState:
    """A game after set-up with empty parties, hands and missions, no areas in play."""
    resolved = {o.name: o.default for o in SPEC.options}
    resolved.update(options)
    s = AnimaState.new(players, seed, resolved)
    while s.step != S_NONE and s.round == 0:
        s.apply_action(s.legal_actions()[0])
    for q in range(players):
        s.char_deck.extend(s.party[q])
        s.adv_deck.extend(s.hand[q])
        s.mission_deck.extend(s.missions[q])
        s.party[q], s.hand[q], s.missions[q] = [], [], [-1, -1]
        s.loc[q] = -1
    for slot, kind in enumerate(s.area_at):
        if kind >= 0:
            s.area_deck.append(kind)
            if s.enc_down[slot] >= 0:
                s.enc_deck.append(s.enc_down[slot])
        s.area_at[slot], s.enc_down[slot], s.monster[slot] = -1, -1, -1
    s.log, s.agenda, s.step = [], [], S_NONE
    touched(s)
    return s


def touched(s: AnimaState) -> None:
    """Forget the legal actions the engine remembered: the test changed the position by hand."""
    s.legal_memo = None


def char(s: AnimaState, name: str) -> int:
    """The character kind called `name`."""
    return next(c.index for c in s.cards.characters if c.name_en == name)


def adv(s: AnimaState, name: str) -> int:
    """The advantage kind called `name`."""
    return next(c.index for c in s.cards.advantages if c.name_en == name)


def enc(s: AnimaState, name: str) -> int:
    """The encounter kind called `name`."""
    return next(c.index for c in s.cards.encounters if c.name_en == name)


def area(s: AnimaState, name: str) -> int:
    """The area kind called `name`."""
    return next(c.index for c in s.cards.areas if c.name_en == name)


def mission(s: AnimaState, name: str) -> int:
    """The basic mission kind called `name`."""
    return next(c.index for c in s.cards.basic if c.name_en == name)


def party(s: AnimaState, seat: int, *names: str) -> None:
    """Give the seat exactly these characters (taken from the deck)."""
    for name in names:
        k = char(s, name)
        s.char_deck.remove(k)
        s.party[seat].append(k)


def hand(s: AnimaState, seat: int, *names: str) -> None:
    """Put these advantages in the seat's hand (taken from the deck)."""
    for name in names:
        k = adv(s, name)
        s.adv_deck.remove(k)
        s.hand[seat].append(k)
    s.hand[seat].sort()


def put_area(s: AnimaState, slot: int, name: str, encounter: str | None = None) -> int:
    """Put an area in play at `slot`, with a face-down encounter if named."""
    k = area(s, name)
    s.area_deck.remove(k)
    s.area_at[slot] = k
    if encounter is not None:
        e = enc(s, encounter)
        s.enc_deck.remove(e)
        s.enc_down[slot] = e
    return slot


def next_encounters(s: AnimaState, *names: str) -> None:
    """Put these encounters on top of the deck, the first named drawn first."""
    for name in reversed(names):
        e = enc(s, name)
        s.enc_deck.remove(e)
        s.enc_deck.append(e)


def give_missions(s: AnimaState, seat: int, *names: str) -> None:
    """Make these the seat's basic missions."""
    kinds = [mission(s, n) for n in names]
    for k in kinds:
        s.mission_deck.remove(k)
    s.missions[seat] = [*kinds, -1, -1][:2]


def start(s: AnimaState, phase: int, seat: int = 0, order: list[int] | None = None) -> None:
    """Begin `phase` of the current round with `seat` (then `order`) to take its turn."""
    s.phase = phase
    s.order = order or [seat] + [q for q in range(s.num_players) if q != seat]
    s.turn_idx = 0
    s.round = max(s.round, 1)
    s.agenda = [[T_END_TURN, s.order[0], 0, 0, 0, 0], [T_TURN, s.order[0], 0, 0, 0, 0]]
    s.step = S_NONE
    touched(s)
    rounds.run(s)


class Dice:
    """Scripted dice: each die the game rolls is the next value given (then it fails)."""

    def __init__(self, monkeypatch) -> None:
        self.values: list[int] = []
        monkeypatch.setattr(AnimaState, "d6", lambda state: self.values.pop(0))

    def __call__(self, *values: int) -> Dice:
        self.values.extend(values)
        return self


def labels(s: AnimaState) -> list[str]:
    """The acting seat's legal actions as English labels."""
    return [s.action_to_string(s.actor, a) for a in s.legal_actions()]


def act(s: AnimaState, label: str) -> None:
    """Take the acting seat's legal action with this English label."""
    touched(s)
    options = {s.action_to_string(s.actor, a): a for a in s.legal_actions()}
    assert label in options, f"{label!r} not among {sorted(options)}"
    s.apply_action(options[label], s.actor)


def logged(s: AnimaState, key: str) -> list[dict]:
    """Public and private log entries with this key (args only)."""
    return [e.args for e in s.events() if e.key == f"anima.{key}"]


def halt(s: AnimaState) -> None:
    """Stop the agenda at this point (a set-up question nobody will answer)."""
    from candlelit.games.anima.constants import T_SETUP_CHAR

    s.agenda.insert(0, [T_SETUP_CHAR, 0, 0, 0, 0, 0])

"""Nevermore's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer). Magick titles and
characters are indexed as in the game's card set (option `cards`), so the layout's size
follows the card set and the player count. Another seat's cards show as counts (suit cards
in hand, Light and Shadow magick), its face-down commitment as its size once made, and the
choices a decision offers (seats, kinds, token positions, the attack's value) only to the
seat that makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from candlelit.engine.tensors import Layout, Part, Tensor
from candlelit.games.nevermore.cards import CardSet, cards_for
from candlelit.games.nevermore.constants import (
    CHAR_WINDOW,
    CHARACTER_TIMINGS,
    D_ATTACK,
    D_COMMIT,
    D_KIND,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DECISIONS,
    DURING_STEP,
    LEFT,
    LIGHT,
    MIDDLE,
    PASSES,
    PURPOSES,
    ST_CHARACTERS,
    STAGES,
    SUITS,
    TIMINGS,
    WHEN_LIGHT_DRAWN,
)
from candlelit.games.nevermore.state import (
    CU_COPY,
    CU_HUMAN_GAME,
    CU_HUMAN_ROUND,
    CU_LENORE,
    CU_RAVEN_GAME,
    CU_RAVEN_ROUND,
    FX_BETRAY,
    FX_BETRAY_VOID,
    FX_DARK,
    FX_FREEZE,
    FX_JUSTICE,
    FX_PUNISH,
    FX_RAGE_PECK,
    NevermoreFields,
)

WINDOW_INDEX = {timing: i for i, timing in enumerate(
    (*range(WHEN_LIGHT_DRAWN + 1), *(CHAR_WINDOW + t for t in CHARACTER_TIMINGS)))}
"""A window's number (a magick timing, or CHAR_WINDOW + a timing) -> its entry in `window`."""
WINDOW_NAMES = ", ".join([*TIMINGS[:WHEN_LIGHT_DRAWN + 1],
                          *("character " + TIMINGS[t] for t in CHARACTER_TIMINGS)])
REASONS = ("curse", "fallen", "last_human", "points", "rounds")
"""Why a game ended (health.finish), in the order of the `reason` part."""
USED_BITS = (CU_HUMAN_ROUND, CU_RAVEN_ROUND, CU_HUMAN_GAME, CU_RAVEN_GAME, CU_LENORE, CU_COPY)
SUIT_NAMES = ", ".join(SUITS)
TOKENS = len(MIDDLE)
PROPHECY_SUITS = len(MIDDLE)
_PURPOSED = frozenset((D_TARGET, D_KIND, D_YESNO, D_POS))

LightCount = Callable[[list[int]], int]
_LIGHT: dict[int, tuple[CardSet, LightCount]] = {}


def light_counter(cards: CardSet) -> LightCount:
    """A seat's Light magick count from its counts by title (worked out once per card set)."""
    found = _LIGHT.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    titles = [c.index for c in cards.magick if c.deck == LIGHT]
    count: LightCount
    if len(titles) >= 2:
        pick = itemgetter(*titles)

        def count(held: list[int]) -> int:
            return sum(pick(held))
    else:
        def count(held: list[int]) -> int:
            return sum(held[t] for t in titles)
    _LIGHT[id(cards)] = (cards, count)
    return count


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats and the card set of option `cards`."""
    cards = cards_for(options["cards"])
    n, titles, people = players, len(cards.magick), len(cards.characters)
    return Layout([
        # the round and the pending decision
        Part("stage", len(STAGES), "one-hot: " + ", ".join(STAGES)),
        Part("decision", len(DECISIONS), "one-hot, the pending decision: "
             + ", ".join(DECISIONS)),
        Part("window", len(WINDOW_INDEX), "one-hot, the open window: " + WINDOW_NAMES),
        Part("suit", len(SUITS), "one-hot by suit: the suit committed to, or of the window "
             "during a step (" + SUIT_NAMES + ")"),
        Part("pass", len(PASSES), "one-hot: the drafting pass being chosen (1st, 2nd, 3rd)"),
        Part("purpose", len(PURPOSES), "one-hot, what a target / kind / yes-no / position "
             "decision feeds: " + ", ".join(PURPOSES)),
        Part("to_act", n, "1 for each seat from the viewer that may act now"),
        Part("ready", n, "1 for each seat from the viewer that has chosen its pass or made "
             "its commitment"),
        Part("round", 1, "the round number, from 1"),
        Part("start", n, "one-hot by seat from the viewer: the start player"),
        Part("direction", 1, "1 while the marker points left (passes go to the next seat)"),
        Part("priority", n * n, "per seat from the viewer, one-hot: its place in this "
             "round's priority order"),
        Part("max_health", 1, "the health a human starts with"),
        Part("step", len(SUITS), "one-hot by suit: the step resolving (raven: skulking)"),
        Part("tokens", TOKENS * TOKENS, "per resolution token in order, one-hot by suit "
             "(attack, healing, radiance, victory) when face up or known to the viewer"),
        Part("face_up", TOKENS, "1 for each resolution token face up"),
        Part("knows_tokens", 1, "1 once the viewer has looked at the face-down tokens"),
        Part("net", n, "per seat from the viewer: its uncancelled cards of the step, once "
             "revealed"),
        Part("net_shown", 1, "1 while the step's revealed counts are shown"),
        # the round's magick effects
        Part("freeze", 1, "1 when Freeze cancelled the draft"),
        Part("darkness", 1, "1 under Darkness (no Raven may cancel)"),
        Part("betrayal", n, "one-hot by seat from the viewer: who played Betrayal"),
        Part("betrayal_raven", 1, "1 when Betrayal was played by a raven"),
        Part("punished", n, "1 for each seat from the viewer under Punishment"),
        Part("justice", n, "1 for each seat from the viewer that played Justice"),
        Part("rage_peck", n, "1 for each seat from the viewer pecked in Rage"),
        Part("harvest", n, "per seat from the viewer: Harvests it played"),
        Part("repentance", n, "per seat from the viewer: Repentances it played"),
        Part("prophecies", n * n * PROPHECY_SUITS, "per seat from the viewer that foretold, "
             "per seat from the viewer foretold, per suit (attack, healing, radiance, "
             "victory): Prophecies not yet checked"),
        Part("prophecies_checked", n, "per seat from the viewer: its Prophecies checked"),
        # the magick decks
        Part("light_deck", 1, "cards left in the Light Magick deck"),
        Part("shadow_deck", 1, "cards left in the Shadow Magick deck"),
        Part("discards", titles, "per magick title: copies in the discard piles"),
        Part("used", titles, "per magick title: copies spent this round (set aside)"),
        Part("drawer", n, "one-hot by seat from the viewer: who just drew Light Magick a "
             "Requisition may take"),
        Part("drawn", 1, "how many Light Magick cards were just drawn"),
        # every seat as the table sees it
        Part("raven", n, "1 for each seat from the viewer in raven form"),
        Part("health", n, "per seat from the viewer: its health"),
        Part("vp", n, "per seat from the viewer: its points"),
        Part("hand", n, "per seat from the viewer: suit cards held (passing ones too), less "
             "a face-down bluff while committing"),
        Part("light", n, "per seat from the viewer: Light Magick cards held"),
        Part("shadow", n, "per seat from the viewer: Shadow Magick cards held"),
        Part("front", n * len(SUITS), "per seat from the viewer, per suit (" + SUIT_NAMES
             + "): cards put in front of it this round"),
        Part("committed", n, "per seat from the viewer: cards it put face down, once it has "
             "(while committing)"),
        Part("character", n * people, "per seat from the viewer, one-hot by character: "
             "its character, once characters are revealed"),
        Part("copied", n * people, "per seat from the viewer, one-hot by character: the "
             "character it copied this round (William Wilson)"),
        Part("copied_raven", n, "1 for each seat from the viewer whose copied ability "
             "serves its raven form"),
        Part("won", n, "1 for each winning seat from the viewer (once over)"),
        Part("reason", len(REASONS), "one-hot, why the game ended: " + ", ".join(REASONS)),
        # the viewer's own
        Part("my_hand", len(SUITS), "the viewer's suit cards per suit, not being passed"),
        Part("my_passing", len(SUITS), "the viewer's suit cards per suit chosen to pass"),
        Part("to_pass", 1, "cards the viewer must still choose to pass"),
        Part("my_magick", titles, "per magick title: copies the viewer holds"),
        Part("my_character", people, "one-hot by character: the viewer's character"),
        Part("kept_character", people, "one-hot by character: the character the viewer "
             "kept at the draft's first choice"),
        Part("offered", people, "1 for each character the viewer is offered in the draft"),
        Part("my_commit", 4, "the viewer's commitment to the step: suit cards, Ravens, "
             "bluff size, wild Raven"),
        Part("abilities_used", len(USED_BITS), "1 for each ability limit the viewer has "
             "spent: human this round, raven this round, human this game, raven this game, "
             "Lenore, copied this round"),
        Part("damaged_me", n, "1 for each seat from the viewer that damaged the viewer "
             "this round"),
        # what the viewer's own decision offers
        Part("choice_seats", n, "1 for each seat from the viewer the viewer may choose "
             "(its target or attack decision)"),
        Part("choice_kinds", len(SUITS), "1 for each suit the viewer may choose (its kind "
             "decision)"),
        Part("choice_positions", TOKENS, "1 for each token position the viewer may choose"),
        Part("attack", 1, "the viewer's attack value (its attack decision)"),
    ])


PARTS = (
    "stage", "decision", "window", "suit", "pass", "purpose", "to_act", "ready", "round",
    "start", "direction", "priority", "max_health", "step", "tokens", "face_up",
    "knows_tokens", "net", "net_shown", "freeze", "darkness", "betrayal", "betrayal_raven",
    "punished", "justice", "rage_peck", "harvest", "repentance", "prophecies",
    "prophecies_checked", "light_deck", "shadow_deck", "discards", "used", "drawer", "drawn",
    "raven", "health", "vp", "hand", "light", "shadow", "front", "committed", "character",
    "copied", "copied_raven", "won", "reason", "my_hand", "my_passing", "to_pass",
    "my_magick", "my_character", "kept_character", "offered", "my_commit", "abilities_used",
    "damaged_me", "choice_seats", "choice_kinds", "choice_positions", "attack")
"""The parts in the order `declare` lists them (and `encode` unpacks their offsets)."""
_NONE5 = [0] * 5
_LAST: list[Any] = [None, ()]
"""The last layout encoded and its offsets in PARTS order (one setting at a time in a run)."""


def _offsets(layout: Layout) -> tuple[int, ...]:
    """The offsets of `layout`'s parts in PARTS order (kept for the last layout asked)."""
    if _LAST[0] is not layout:
        names = tuple(part.name for part in layout.parts)
        if names != PARTS:
            raise ValueError("not a Nevermore observation layout")
        _LAST[:] = [layout, tuple(layout.at[name] for name in PARTS)]
    found: tuple[int, ...] = _LAST[1]
    return found


def encode(state: NevermoreFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    (stage, decision_, window, suit_, pass_, purpose, to_act, ready, round_, start, direction,
     priority, max_health, step, tokens, face_up, knows_tokens, net, net_shown, freeze,
     darkness, betrayal, betrayal_raven, punished, justice, rage_peck, harvest, repentance,
     prophecies, prophecies_checked, light_deck, shadow_deck, discards, used, drawer, drawn,
     raven, health, vp, hand, light, shadow, front, committed, character, copied,
     copied_raven, won, reason, my_hand, my_passing, to_pass, my_magick, my_character,
     kept_character, offered, my_commit, abilities_used, damaged_me, choice_seats,
     choice_kinds, choice_positions, attack) = _offsets(layout)
    o = out.data
    n = state.num_players
    decision = state.decision
    kind = decision[0]
    pending = state.pending
    committing = kind == D_COMMIT
    passing = kind == D_PASS
    resolving = state.step >= 0
    # the round and the pending decision
    o[stage + state.stage] = 1
    o[decision_ + kind] = 1
    if kind == D_WINDOW:
        o[window + WINDOW_INDEX[decision[2]]] = 1
        if decision[2] == DURING_STEP:
            o[suit_ + decision[3]] = 1
    elif committing:
        o[suit_ + decision[2]] = 1
    elif passing:
        o[pass_ + decision[2]] = 1
        o[to_pass] = state.to_pass[player]
    elif kind in _PURPOSED:
        o[purpose + decision[2]] = 1
    for seat in pending:
        o[to_act + (seat - player) % n] = 1
    if committing or passing:
        for k in range(n):
            if (player + k) % n not in pending:
                o[ready + k] = 1
    o[round_] = state.round
    o[start + (state.start - player) % n] = 1
    if state.direction == LEFT:
        o[direction] = 1
    for place, seat in enumerate(state.order):
        o[priority + (seat - player) % n * n + place] = 1
    o[max_health] = state.max_health
    if resolving:
        o[step + state.step] = 1
        if not committing:
            o[net_shown] = 1
            for seat, count in enumerate(state.net):
                if count:
                    o[net + (seat - player) % n] = count
    knows = state.tkknown >> player & 1
    shown = state.shown
    for i, suit in enumerate(state.mids):
        if i < shown:
            o[face_up + i] = 1
            o[tokens + i * TOKENS + suit] = 1
        elif knows:
            o[tokens + i * TOKENS + suit] = 1
    if knows:
        o[knows_tokens] = 1
    # the round's magick effects (played face up)
    fx = state.fx
    if fx[FX_FREEZE]:
        o[freeze] = 1
    if fx[FX_DARK]:
        o[darkness] = 1
    if fx[FX_BETRAY] >= 0:
        o[betrayal + (fx[FX_BETRAY] - player) % n] = 1
    if fx[FX_BETRAY_VOID]:
        o[betrayal_raven] = 1
    for base, mask in ((punished, fx[FX_PUNISH]), (justice, fx[FX_JUSTICE]),
                       (rage_peck, fx[FX_RAGE_PECK])):
        if mask:
            for k in range(n):
                if mask >> (player + k) % n & 1:
                    o[base + k] = 1
    if any(state.harvest):
        for seat, count in enumerate(state.harvest):
            if count:
                o[harvest + (seat - player) % n] = count
    for seat in state.repent:
        o[repentance + (seat - player) % n] += 1
    for owner, target, suit, done in state.prophecies:
        if done:
            o[prophecies_checked + (owner - player) % n] += 1
        else:
            o[prophecies + ((owner - player) % n * n + (target - player) % n)
              * PROPHECY_SUITS + suit] += 1
    # the magick decks
    o[light_deck] = len(state.ldeck)
    o[shadow_deck] = len(state.sdeck)
    for title in state.ldisc:
        o[discards + title] += 1
    for title in state.sdisc:
        o[discards + title] += 1
    for title in state.adrift:
        o[used + title] += 1
    if state.drawer >= 0 and state.drawn:
        o[drawer + (state.drawer - player) % n] = 1
        o[drawn] = len(state.drawn)
    # every seat as the table sees it, from the viewer on
    people = len(state.cards.characters)
    lights = light_counter(state.cards)
    bluffing = committing and resolving
    revealed = state.stage != ST_CHARACTERS
    hands, helds, magicks, fronts = state.hand, state.held, state.magick, state.front
    ravens, healths, vps, commits = state.raven, state.health, state.vp, state.commit
    chars, copies, forms = state.char, state.copied, state.cform
    for k in range(n):
        seat = (player + k) % n
        if ravens[seat]:
            o[raven + k] = 1
        o[health + k] = healths[seat]
        o[vp + k] = vps[seat]
        size = sum(hands[seat])
        if passing:
            size += sum(helds[seat])
        elif bluffing:
            size -= commits[seat][2]
        o[hand + k] = size
        held = magicks[seat]
        total = sum(held)
        if total:
            count = lights(held)
            o[light + k] = count
            o[shadow + k] = total - count
        cards = fronts[seat]
        if cards != _NONE5:
            base = front + 5 * k
            for suit, count in enumerate(cards):
                if count:
                    o[base + suit] = count
        if committing and seat not in pending:
            o[committed + k] = sum(commits[seat])
        if revealed and chars[seat] >= 0:
            o[character + k * people + chars[seat]] = 1
        if copies[seat] >= 0:
            o[copied + k * people + copies[seat]] = 1
            if forms[seat]:
                o[copied_raven + k] = 1
    if state.won:
        for seat in state.won:
            o[won + (seat - player) % n] = 1
        o[reason + REASONS.index(state.reason)] = 1
    # the viewer's own
    cards = hands[player]
    for suit, count in enumerate(cards):
        if count:
            o[my_hand + suit] = count
    if passing:
        for suit, count in enumerate(helds[player]):
            if count:
                o[my_passing + suit] = count
    if total := sum(magicks[player]):
        for title, count in enumerate(magicks[player]):
            if count:
                o[my_magick + title] = count
                total -= count
                if not total:
                    break
    if state.char[player] >= 0:
        o[my_character + state.char[player]] = 1
    if state.ckeep[player] >= 0:
        o[kept_character + state.ckeep[player]] = 1
    for c in state.cdeal[player]:
        o[offered + c] = 1
    if resolving:
        commit = state.commit[player]
        o[my_commit] = commit[0]
        o[my_commit + 1] = commit[1]
        o[my_commit + 2] = commit[2]
        o[my_commit + 3] = commit[3]
    bits = state.cused[player]
    if bits:
        for i, bit in enumerate(USED_BITS):
            if bits & bit:
                o[abilities_used + i] = 1
    damaged = state.damaged_by[player]
    if damaged:
        for k in range(n):
            if damaged >> (player + k) % n & 1:
                o[damaged_me + k] = 1
    # what the viewer's own pending decision offers to choose among
    if player not in pending:
        return
    if kind in (D_TARGET, D_ATTACK):
        mask = decision[3]
        for k in range(n):
            if mask >> (player + k) % n & 1:
                o[choice_seats + k] = 1
        if kind == D_ATTACK:
            o[attack] = decision[2]
    elif kind in (D_KIND, D_POS):
        mask, base = decision[3], choice_kinds if kind == D_KIND else choice_positions
        for i in range(len(SUITS) if kind == D_KIND else TOKENS):
            if mask >> i & 1:
                o[base + i] = 1

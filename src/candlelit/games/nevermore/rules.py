"""Nevermore's rules as pure state transitions, in the order of the seed's summary.

Set-up (規則 1): health 5 at 3-4 players, 4 at 5-6; one secret Shadow Magick each; the
direction marker starts Left; seat 0 (the game's owner) is the start player.
A round (規則 2): deal 5; before-drafting window; three simultaneous passes of 3, 2 and 1
cards in the marker's direction; before-resolution windows (characters, then magick);
resolution (Conspiracy of Ravens; the four suit steps, face-down order from round 2;
Skulking Ravens); after-resolution window; end phase (ravens may turn human again);
clean-up (the main deck is reshuffled whole, the start player moves clockwise, the
marker flips).

The round is a stack of small tasks (`tasks`, lists of ints) run until one needs a
decision; a decision (`decision`, `pending`) pauses the stack until the seats answer.
Simultaneous decisions (passing, committing cards, drafting characters) are hidden
commitments of every pending seat; the others are single-seat decisions. Magick windows
go round the seats in priority order, from the start player's downstream neighbour to the
start player; every seat holding a magick card is asked (whether it can play now is its
own secret), and whenever someone plays, everybody who passed may choose again (seed FAQ
魔法牌 1). Any-time cards (魔法牌 5) also get an any-time window, out of priority order,
after every other magick card and after every resolution step. Hits dealt to several
players at once are settled before anyone wins by them.

Actions: see constants.py (A_*): each is one atomic choice in a fixed space.
"""

from __future__ import annotations

from typing import Any, ClassVar

from candlelit.engine.errors import CandlelitError, IllegalAction
from candlelit.engine.state import TERMINAL, State
from candlelit.games.nevermore import effects, specters
from candlelit.games.nevermore.cards import CardSet, cards_for
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_COMMIT,
    A_DONE,
    A_DROP,
    A_JOIN,
    A_KIND,
    A_PASS,
    A_PLAY,
    A_POS,
    A_SWEEP,
    A_TARGET,
    A_USE,
    A_USE_COPY,
    A_WILD,
    A_YES,
    AFTER_RESOLUTION,
    ANYTIME,
    ATTACK,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    C_ATTACK,
    C_BETRAYAL,
    C_CONSPIRACY,
    C_JUSTICE,
    C_PECK,
    C_REPENT,
    C_SWEEP,
    CAUSES,
    CHAR_WINDOW,
    CONSPIRACY_RAVENS,
    D_ATTACK,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_COMMIT,
    D_DROP,
    D_KIND,
    D_LETHAL,
    D_NONE,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    DEAL,
    DURING_STEP,
    HEAL,
    HEAL_BONUS_AT,
    LEFT,
    LIGHT,
    MAX_COUNT,
    MIDDLE,
    NUM_ACTIONS,
    P_ATTACK,
    P_BETRAY_HEAL,
    P_CANCEL_TAKEN,
    P_HOPFROG,
    P_IMP,
    P_PECK,
    PASSES,
    PER_SUIT,
    RADIANCE,
    RADIANCE_FIVE,
    RAVEN,
    SHADOW,
    ST_AFTER_RESOLUTION,
    ST_BEFORE_DRAFT,
    ST_BEFORE_RESOLUTION,
    ST_CHARACTERS,
    ST_DRAFT,
    ST_END,
    ST_OVER,
    ST_RESOLUTION,
    SUITS,
    SWEEP_AT,
    T_ATTACKER,
    T_CANCEL_TAKEN,
    T_CHAR_DEAL,
    T_CHAR_PASS,
    T_CHAR_REVEAL,
    T_CHECK_WIN,
    T_CLEANUP,
    T_COMPUTE,
    T_CONSPIRACY,
    T_CONSPIRE,
    T_DAMAGE,
    T_DRAFT,
    T_DRAW,
    T_END_PHASE,
    T_END_RESOLUTION,
    T_GAIN_VP,
    T_HEAL,
    T_LIGHT_DRAWN,
    T_LOSE_VP,
    T_NIGHTMARE_DISCARD,
    T_PASS_DONE,
    T_PECK,
    T_PROPHECIES,
    T_REVEAL,
    T_ROUND,
    T_SKULK,
    T_SKULK_DRAW,
    T_STEP,
    T_TARGET,
    T_WINDOW,
    VICTORY,
    WHEN_LIGHT_DRAWN,
    WIN_VP,
)

# round effects (`fx` indices)
FX_FREEZE, FX_DARK, FX_BETRAY, FX_BETRAY_VOID, FX_PUNISH, FX_JUSTICE, FX_RAGE_PECK, \
    FX_CONSPIRED = range(8)

ROUND_BITS = specters.CU_HUMAN_ROUND | specters.CU_RAVEN_ROUND | specters.CU_COPY
CU_LENORE = specters.CU_LENORE

PER_ROUND_BOUND = 1500
"""More actions than any round can take (see `max_game_length`)."""


class NevermoreState(State):
    """A game of Nevermore (and the Specters of Nevermore variant)."""

    __slots__ = (
        "cards", "specters", "round", "start", "direction", "order", "max_health", "stage",
        "won", "reason", "health", "vp", "raven", "hand", "front", "held", "to_pass", "mdeck",
        "magick", "ldeck", "ldisc", "sdeck", "sdisc", "adrift", "mids", "shown", "tkknown",
        "step", "commit", "net", "raw", "netlog", "fx", "harvest", "repent", "prophecies",
        "damaged_by", "turned_by", "drawn", "drawer", "char", "cused", "copied", "cform",
        "cdeal", "ckeep", "decision", "pending", "tasks",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "specters")

    cards: CardSet
    specters: bool
    round: int
    start: int
    direction: int
    order: list[int]
    max_health: int
    stage: int
    won: list[int]
    reason: str
    health: list[int]
    vp: list[int]
    raven: list[int]
    hand: list[list[int]]
    front: list[list[int]]
    held: list[list[int]]
    to_pass: list[int]
    mdeck: list[int]
    magick: list[list[int]]
    ldeck: list[int]
    ldisc: list[int]
    sdeck: list[int]
    sdisc: list[int]
    adrift: list[int]
    mids: list[int]
    shown: int
    tkknown: int
    step: int
    commit: list[list[int]]
    net: list[int]
    raw: list[int]
    netlog: list[list[int]]
    fx: list[int]
    harvest: list[int]
    repent: list[int]
    prophecies: list[list[int]]
    damaged_by: list[int]
    turned_by: list[int]
    drawn: list[int]
    drawer: int
    char: list[int]
    cused: list[int]
    copied: list[int]
    cform: list[int]
    cdeal: list[list[int]]
    ckeep: list[int]
    decision: list[int]
    pending: list[int]
    tasks: list[list[int]]

    # -- set-up (規則 1) --------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> NevermoreState:
        """Set up the game: health by player count, one secret Shadow Magick each."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = "nevermore", players, seed, options
        s.chance_draws, s.history, s.log = 0, [], []
        s.restore_derived()
        n = players
        if s.specters and len(s.cards.characters) < 2 * n:
            raise CandlelitError(
                f"Specters deals 2 characters to each of {n} players: the card data has only "
                f"{len(s.cards.characters)}")
        s.round = 1
        s.start = 0
        s.direction = LEFT
        s.order = s._priority()
        s.max_health = 5 if n <= 4 else 4
        s.stage = ST_CHARACTERS if s.specters else ST_BEFORE_DRAFT
        s.won, s.reason = [], ""
        s.health = [s.max_health] * n
        s.vp = [0] * n
        s.raven = [0] * n
        s.hand = [[0] * 5 for _ in range(n)]
        s.front = [[0] * 5 for _ in range(n)]
        s.held = [[0] * 5 for _ in range(n)]
        s.to_pass = [0] * n
        s.mdeck = []
        s.magick = [[0] * len(s.cards.magick) for _ in range(n)]
        sourced_only = bool(options["sourced_only"])
        s.ldeck = s.cards.deck_list(LIGHT, sourced_only)
        s.sdeck = s.cards.deck_list(SHADOW, sourced_only)
        s._shuffle(s.ldeck)
        s._shuffle(s.sdeck)
        s.ldisc, s.sdisc, s.adrift = [], [], []
        s.mids, s.shown, s.tkknown = list(MIDDLE), 4, 0
        s._clear_round()
        s.turned_by = [-1] * n
        s.drawn, s.drawer = [], -1
        s.char = [-1] * n
        s.cused = [0] * n
        s.copied = [-1] * n
        s.cform = [0] * n
        s.cdeal = [[] for _ in range(n)]
        s.ckeep = [-1] * n
        s.decision, s.pending, s.tasks = [D_NONE], [], []
        s._emit("setup", "nevermore.setup", {"players": n, "health": s.max_health})
        for seat in range(n):
            s._draw(SHADOW, seat, 1)
        s.tasks.append([T_ROUND])
        if s.specters:
            s.tasks.extend([[T_CHAR_REVEAL], [T_CHAR_PASS], [T_CHAR_DEAL]])
        s._run()
        return s

    def _clear_round(self) -> None:
        """Forget the round's steps, commitments, effects and damage (set-up and clean-up)."""
        n = self.num_players
        self.step = -1
        self.commit = [[0, 0, 0, 0] for _ in range(n)]
        self.net = [0] * n
        self.raw = [0] * n
        self.netlog = [[-1] * n for _ in range(5)]
        self.fx = [0, 0, -1, 0, 0, 0, 0, 0]
        self.harvest = [0] * n
        self.repent, self.prophecies = [], []
        self.damaged_by = [0] * n

    def restore_derived(self) -> None:
        """Rebuild the card set from the options."""
        self.cards = cards_for(self.options["boards"])
        self.specters = bool(self.options["characters"])

    def _priority(self) -> list[int]:
        """From the start player's downstream neighbour round to the start player (規則 8)."""
        n, d = self.num_players, self.direction
        return [(self.start + d * k) % n for k in range(1, n + 1)]

    def _shuffle(self, items: list[int]) -> None:
        self._chance().shuffle(items)

    # -- the task loop -----------------------------------------------------------------
    def _run(self) -> None:
        tasks = self.tasks
        while tasks and not self.pending:
            task = tasks.pop()
            HANDLERS[task[0]](self, task)

    def _ask(self, kind: int, seat: int, *args: int) -> None:
        self.decision = [kind, seat, *args]
        self.pending = [seat]

    def _push(self, *tasks: list[int]) -> None:
        """Schedule `tasks` to run in the order given, before anything already scheduled."""
        self.tasks.extend(reversed(tasks))

    # -- a round (規則 2) --------------------------------------------------------------
    def _t_round(self, task: list[int]) -> None:
        n = self.num_players
        self.order = self._priority()
        self.stage = ST_BEFORE_DRAFT
        self._emit("round", "nevermore.round_start", {
            "round": self.round, "first": self.start,
            "direction": "left" if self.direction == LEFT else "right"})
        deck = [suit for suit in range(5) for _ in range(PER_SUIT)]
        self._shuffle(deck)
        for seat in range(n):
            hand = self.hand[seat]
            for suit in deck[-DEAL:]:
                hand[suit] += 1
            del deck[-DEAL:]
            self._emit("deal", "nevermore.dealt", {"seat": seat, "cards": hand[:]}, (seat,))
        self.mdeck = deck
        if self.round == 1:
            self.mids, self.shown = list(MIDDLE), 4
        else:
            self.mids = list(MIDDLE)
            self._shuffle(self.mids)
            self.shown = 0
            self._emit("tokens", "nevermore.tokens_hidden", {})
        self.tkknown = 0
        self._push(*self.round_plan())

    def round_plan(self) -> list[list[int]]:
        """The round's tasks after the deal, in the seed's order (規則 2.1-2.5)."""
        seq: list[list[int]] = []
        if self.specters:
            seq.append([T_WINDOW, CHAR_WINDOW + BEFORE_DRAFT, -1, 0, 0])
        seq += [[T_WINDOW, BEFORE_DRAFT, -1, 0, 0], [T_DRAFT, 0], [T_DRAFT, 1], [T_DRAFT, 2]]
        if self.specters:
            seq.append([T_WINDOW, CHAR_WINDOW + BEFORE_RESOLUTION, -1, 0, 0])
        seq += [[T_WINDOW, BEFORE_RESOLUTION, -1, 0, 0], [T_CONSPIRACY]]
        seq += [[T_STEP, i] for i in range(4)]
        seq += [[T_SKULK], [T_PROPHECIES]]
        if self.specters:
            seq.append([T_WINDOW, CHAR_WINDOW + AFTER_RESOLUTION, -1, 0, 0])
        seq += [[T_WINDOW, AFTER_RESOLUTION, -1, 0, 0], [T_END_PHASE], [T_CLEANUP]]
        return seq

    # magick and character windows (魔法牌 1-5, 9.1)
    def _t_window(self, task: list[int]) -> None:
        """[T_WINDOW, timing, ctx, position, passed]: ask seats in priority order from `position`.

        An ANYTIME window is the chance 「隨時可打出」 cards have to answer out of priority
        order: one opens as soon as a magick card played in any other window has resolved,
        and after each resolution step (the Conspiracy, each suit step); only any-time cards
        may be played in it.
        """
        _, timing, ctx, pos, passed = task
        base = timing - CHAR_WINDOW if timing >= CHAR_WINDOW else timing
        if base == AFTER_RESOLUTION:
            if self.fx[FX_CONSPIRED]:
                return
            self.stage = ST_AFTER_RESOLUTION
        elif base == BEFORE_RESOLUTION:
            self.stage = ST_BEFORE_RESOLUTION
        elif base == BEFORE_DRAFT:
            self.stage = ST_BEFORE_DRAFT
        self._window(timing, ctx, pos, passed)

    def _window(self, timing: int, ctx: int, pos: int, passed: int) -> None:
        order = self.order
        n = len(order)
        can = specters.can_act if timing >= CHAR_WINDOW else effects.asked
        for k in range(n):
            i = (pos + k) % n
            seat = order[i]
            if passed >> seat & 1:
                continue
            if can(self, seat, timing, ctx):
                self.decision = [D_WINDOW, seat, timing, ctx, i, passed]
                self.pending = [seat]
                return
        if timing == WHEN_LIGHT_DRAWN:
            self.drawn, self.drawer = [], -1

    def _window_actions(self, seat: int, timing: int, ctx: int) -> list[int]:
        if timing >= CHAR_WINDOW:
            actions = specters.window_actions(self, seat, timing)
        else:
            actions = effects.window_actions(self, seat, timing, ctx)
        actions.append(A_DONE)
        return actions

    def _answer_window(self, seat: int, action: int) -> None:
        _, _, timing, ctx, i, passed = self.decision
        self.decision, self.pending = [D_NONE], []
        if action == A_DONE:
            self._window(timing, ctx, i + 1, passed | 1 << seat)
            return
        self.tasks.append([T_WINDOW, timing, ctx, i + 1, 0])
        if action >= A_USE:
            specters.use(self, seat, timing, action == A_USE_COPY)
        elif action >= A_JOIN:
            effects.add_to_hand(self, seat, action - A_JOIN)
        else:
            if timing != ANYTIME:
                self.tasks.append([T_WINDOW, ANYTIME, -1, i + 1, 0])
            effects.play(self, seat, action - A_PLAY, timing, ctx)

    # drafting (規則 2.2; FAQ 輪抽 1)
    def _t_draft(self, task: list[int]) -> None:
        index = task[1]
        self.stage = ST_DRAFT
        if self.fx[FX_FREEZE]:
            if index == 0:
                self._emit("draft", "nevermore.no_draft", {})
            return
        n, d = self.num_players, self.direction
        pending = []
        for seat in range(n):
            count = PASSES[index]
            if index == 0:
                count += self.harvest[(seat + d) % n]
            count = min(count, sum(self.hand[seat]))
            self.to_pass[seat] = count
            if count:
                pending.append(seat)
        self.tasks.append([T_PASS_DONE, index])
        self.decision = [D_PASS, -1, index]
        self.pending = pending

    def _answer_pass(self, seat: int, action: int) -> None:
        kind = action - A_PASS
        self.hand[seat][kind] -= 1
        self.held[seat][kind] += 1
        self.to_pass[seat] -= 1
        if not self.to_pass[seat]:
            self.pending.remove(seat)
            if not self.pending:
                self.decision = [D_NONE]

    def _t_pass_done(self, task: list[int]) -> None:
        n, d = self.num_players, self.direction
        moved = self.held
        self.held = [[0] * 5 for _ in range(n)]
        for seat in range(n):
            to = (seat + d) % n
            cards = moved[seat]
            receiver = self.hand[to]
            for kind in range(5):
                receiver[kind] += cards[kind]
            if any(cards):
                self._emit("pass", "nevermore.passed", {"seat": seat, "to": to, "cards": cards},
                           (seat, to))
        self._emit("pass", "nevermore.passes_done", {"count": PASSES[task[1]]})
        justice = self.fx[FX_JUSTICE]
        if justice:
            hits = []
            for seat in self.order:
                if justice >> seat & 1:
                    upstream = (seat - d) % n
                    ravens = moved[upstream][RAVEN]
                    if ravens:
                        hits.append([T_DAMAGE, seat, upstream, ravens, C_JUSTICE, 1])
            if hits:
                hits.append([T_CHECK_WIN, -1])
            self._push(*hits)

    # -- resolution (規則 2.3) -----------------------------------------------------------
    def _t_conspiracy(self, task: list[int]) -> None:
        """Whoever holds 5 or more Ravens (FAQ 結算 1) conspires; resolution then ends."""
        self.stage = ST_RESOLUTION
        plotters = [s for s in self.order if self.hand[s][RAVEN] >= CONSPIRACY_RAVENS]
        if not plotters:
            self._emit("step", "nevermore.no_conspiracy", {})
            return
        self._push(*[[T_CONSPIRE, s] for s in plotters], [T_WINDOW, ANYTIME, -1, 0, 0],
                   [T_END_RESOLUTION])

    def _t_conspire(self, task: list[int]) -> None:
        seat = task[1]
        self._emit("step", "nevermore.conspiracy", {"seat": seat,
                                                     "ravens": self.hand[seat][RAVEN]})
        seq = [[T_DAMAGE, seat, s, 1, C_CONSPIRACY, 1] for s in self.order
               if s != seat and not self.raven[s]]
        seq.append([T_DRAW, SHADOW, seat, 1])
        if self.specters:
            seq += [[T_DRAW, SHADOW, s, 1] for s in self.order
                    if s != seat and specters.has(self, s, "prospero", True)]
        seq += [[T_GAIN_VP, seat, 1], [T_CHECK_WIN, seat]]
        self._push(*seq)

    def _t_end_resolution(self, task: list[int]) -> None:
        """立即結束結算階段: drop the remaining steps (Prophecy is still checked)."""
        tasks = self.tasks
        while tasks and tasks[-1][0] != T_PROPHECIES:
            tasks.pop()
        self.fx[FX_CONSPIRED] = 1
        self._emit("step", "nevermore.resolution_ends", {})

    def _t_step(self, task: list[int]) -> None:
        """Call a suit: every seat with cards commits face down at once."""
        index = task[1]
        suit = self.mids[index]
        self.stage = ST_RESOLUTION
        if self.shown <= index:
            self.shown = index + 1
            self._emit("tokens", "nevermore.token_flipped", {"suit": SUITS[suit],
                                                             "position": index + 1})
        self.step = suit
        n = self.num_players
        self.commit = [[0, 0, 0, 0] for _ in range(n)]
        self.net = [0] * n
        self.raw = [0] * n
        self._emit("step", "nevermore.step_called", {"suit": SUITS[suit]})
        self.tasks.append([T_REVEAL, suit])
        pending = [s for s in range(n) if any(self.hand[s])]
        if pending:
            self.decision = [D_COMMIT, -1, suit]
            self.pending = pending

    def commit_actions(self, seat: int) -> list[int]:
        """A seat's commit choices: ravens to attach to all its cards of the suit, else a bluff."""
        suit = self.step
        hand = self.hand[seat]
        k = hand[suit]
        ravens = hand[RAVEN]
        if k:
            lo, hi = self._attach_range(seat, ravens, k)
            actions = list(range(A_COMMIT + lo, A_COMMIT + hi + 1))
        else:
            actions = list(range(A_COMMIT, A_COMMIT + min(sum(hand), MAX_COUNT - 1) + 1))
        if ravens and self.specters and specters.can_wild(self, seat):
            lo, hi = self._attach_range(seat, ravens - 1, k + 1)
            actions += range(A_WILD + lo, A_WILD + hi + 1)
        return actions

    def _attach_range(self, seat: int, ravens: int, cards: int) -> tuple[int, int]:
        """How many Ravens may go with `cards` suit cards (黑暗預兆; FAQ 魔法牌 8, 13)."""
        if self.fx[FX_DARK]:
            return 0, 0
        if self.fx[FX_PUNISH] >> seat & 1:
            forced = min(1, ravens)
            return forced, forced
        top = min(ravens, cards)
        if self.options["raven_cancel"] == "mandatory":
            return top, top
        return 0, top

    def _answer_commit(self, seat: int, action: int) -> None:
        suit = self.step
        hand = self.hand[seat]
        k = hand[suit]
        if action >= A_WILD:
            n = action - A_WILD
            hand[suit] = 0
            hand[RAVEN] -= 1 + n
            self.commit[seat] = [k, n, 0, 1]
            specters.mark_wild(self, seat)
        else:
            n = action - A_COMMIT
            if k:
                hand[suit] = 0
                hand[RAVEN] -= n
                self.commit[seat] = [k, n, 0, 0]
            else:
                self.commit[seat] = [0, 0, n, 0]
        self.pending.remove(seat)
        if not self.pending:
            self.decision = [D_NONE]

    def _t_reveal(self, task: list[int]) -> None:
        """All reveal together; ravens cancel; bluffs go back to hand (規則 2.3.3)."""
        suit = task[1]
        punished = self.fx[FX_PUNISH]
        for seat in range(self.num_players):
            k, r, b, w = self.commit[seat]
            net = 0 if punished >> seat & 1 and r else max(0, k + w - r)
            self.net[seat] = net
            self.raw[seat] = k
            front = self.front[seat]
            front[suit] += k
            front[RAVEN] += r + w
            if b:
                self._emit("reveal", "nevermore.bluff_back", {"seat": seat, "count": b,
                                                              "suit": SUITS[suit]})
            elif w:
                self._emit("reveal", "nevermore.revealed_wild", {
                    "seat": seat, "suit": SUITS[suit], "count": k, "ravens": r, "net": net})
            elif k:
                self._emit("reveal", "nevermore.revealed", {
                    "seat": seat, "suit": SUITS[suit], "count": k, "ravens": r, "net": net})
        self.netlog[suit] = self.net[:]
        seq: list[list[int]] = []
        for prophecy in self.prophecies:
            owner, target, named, done = prophecy
            if named == suit and not done:
                prophecy[3] = 1
                hit = self.net[target] >= 2
                self._emit("card", "nevermore.prophecy_checked", {
                    "seat": owner, "to": target, "suit": SUITS[suit],
                    "count": self.net[target], "hit": "yes" if hit else "no"})
                if hit:
                    seq.append([T_GAIN_VP, owner, 1])
        if seq:
            seq.append([T_CHECK_WIN, -1])
        seq += [[T_WINDOW, DURING_STEP, suit, 0, 0], [T_COMPUTE, suit],
                [T_WINDOW, ANYTIME, -1, 0, 0]]
        self._push(*seq)

    def _t_compute(self, task: list[int]) -> None:
        """Most minus second most (FAQ 結算 4): every tied seat wins with that value."""
        suit = task[1]
        net = self.net
        self.netlog[suit] = net[:]
        top = max(net)
        if top == 0:
            self._emit("step", "nevermore.nobody", {"suit": SUITS[suit]})
            return
        winners = [s for s in self.order if net[s] == top]
        second = max((c for c in net if c != top), default=0)
        value = top - second
        self._emit("step", "nevermore.step_won", {"suit": SUITS[suit], "seats": winners,
                                                   "most": top, "second": second,
                                                   "value": value})
        if suit == ATTACK:
            self._attack(winners, value)
        elif suit == HEAL:
            self._healing(winners, value)
        elif suit == RADIANCE:
            self._radiance(winners, value)
        else:
            self._victory(winners, value)

    def _attack(self, winners: list[int], value: int) -> None:
        """In priority order (FAQ 結算 4.1, 6, 8; 攻擊 1)."""
        if self.fx[FX_BETRAY_VOID]:
            self._emit("card", "nevermore.step_void", {"suit": "attack"})
            return
        self._push(*[[T_ATTACKER, w, value] for w in winners])

    def _t_attacker(self, task: list[int]) -> None:
        seat, value = task[1], task[2]
        if self.raven[seat]:
            self._peck(seat, ATTACK)
            return
        if self.fx[FX_BETRAY] >= 0:
            mask = self._humans_mask(-1)
            self._target(seat, P_BETRAY_HEAL, mask, value)
            return
        mask = self._humans_mask(seat)
        if not mask:
            return
        if value < SWEEP_AT and mask & (mask - 1) == 0:
            self._hit(seat, mask.bit_length() - 1, value)
            return
        self._ask(D_ATTACK, seat, value, mask)

    def _hit(self, seat: int, target: int, value: int) -> None:
        """The attack winner's damage to one target (Hop-Frog adds 1 against a leader)."""
        if self.specters and specters.has(self, seat, "hop_frog", False) \
                and self.vp[target] > self.vp[seat]:
            value += 1
        self._emit("attack", "nevermore.attacks", {"seat": seat, "to": target,
                                                    "amount": value})
        self.tasks.append([T_DAMAGE, seat, target, value, C_ATTACK])

    def _answer_attack(self, seat: int, action: int) -> None:
        value = self.decision[2]
        self.decision, self.pending = [D_NONE], []
        if action == A_SWEEP:
            self._emit("attack", "nevermore.sweep", {"seat": seat})
            seq = [[T_DAMAGE, seat, s, 1, C_SWEEP, 1] for s in self.order
                   if s != seat and not self.raven[s]]
            seq += [[T_GAIN_VP, seat, 2], [T_CHECK_WIN, seat]]
            self._push(*seq)
        else:
            self._hit(seat, action - A_TARGET, value)

    def _healing(self, winners: list[int], value: int) -> None:
        """Simultaneous (FAQ 結算 4.2; 治療 1); Betrayal turns it on the healer."""
        if self.fx[FX_BETRAY_VOID]:
            self._emit("card", "nevermore.step_void", {"suit": "healing"})
            return
        betray = self.fx[FX_BETRAY]
        if betray >= 0:
            for w in winners:
                if not self.raven[w]:
                    self._emit("card", "nevermore.betrayed_heal", {"seat": w, "amount": value})
        groups: list[list[list[int]]] = []
        for w in winners:
            if self.raven[w]:
                groups.append([[T_PECK, w, HEAL]])
            elif betray >= 0:
                groups.append([[T_DAMAGE, betray, w, value, C_BETRAYAL]])
            else:
                full = self.health[w] >= self.max_health
                bonus = full and (value >= HEAL_BONUS_AT or (
                    self.specters and specters.has(self, w, "ligeia", False)))
                groups.append([[T_GAIN_VP, w, 1], [T_HEAL, w, value]] if bonus
                              else [[T_HEAL, w, value]])
        self._push(*_settle(groups, winners, self.raven))

    def _radiance(self, winners: list[int], value: int) -> None:
        """Winners draw Light Magick; 5 Radiance played: 2 health, 1 VP, a card (光輝)."""
        seq = [[T_DRAW, LIGHT, w, value] for w in winners]
        bonus = False
        for s in self.order:
            if self.raw[s] >= RADIANCE_FIVE:
                bonus = True
                self._emit("step", "nevermore.radiance_five", {"seat": s})
                seq += [[T_HEAL, s, 2], [T_GAIN_VP, s, 1]]
                if self.options["radiance_five"] == "extra-card":
                    seq.append([T_DRAW, LIGHT, s, 1])
        if bonus:
            seq.append([T_CHECK_WIN, -1])
        self._push(*seq)

    def _victory(self, winners: list[int], value: int) -> None:
        """Humans score together (FAQ 分數 1); raven winners peck instead."""
        groups = [[[T_PECK, w, VICTORY]] if self.raven[w] else [[T_GAIN_VP, w, value]]
                  for w in winners]
        self._push(*_settle(groups, winners, self.raven))

    # a raven winner pecks (烏鴉玩家 2.2-2.3; FAQ 結算 5, 7; 攻擊 2)
    def _t_peck(self, task: list[int]) -> None:
        self._peck(task[1], task[2])

    def _peck(self, seat: int, suit: int) -> None:
        humans = [s for s in self.order if not self.raven[s]]
        if not humans:
            return
        net = self.net
        if self.specters and suit == ATTACK and specters.has(self, seat, "hop_frog", True):
            mask = self._humans_mask(-1)
            if mask & (mask - 1) == 0:
                self._peck_hit(seat, mask.bit_length() - 1, suit)
            else:
                self._target(seat, P_HOPFROG, mask, -1)
            return
        if all(net[h] == 0 for h in humans):
            self._emit("attack", "nevermore.peck_all", {"seat": seat, "suit": SUITS[suit]})
            self.tasks.append([T_CHECK_WIN, seat])
            for h in reversed(humans):
                self._peck_hit(seat, h, suit, announce=False, together=True)
            return
        top = max(net)
        second = max((c for c in net if c != top), default=0)
        if second == 0:
            self._emit("attack", "nevermore.peck_none", {"seat": seat, "suit": SUITS[suit]})
            return
        mask = 0
        for h in humans:
            if net[h] == second:
                mask |= 1 << h
        if not mask:
            self._emit("attack", "nevermore.peck_ravens", {"seat": seat, "suit": SUITS[suit]})
            return
        if mask & (mask - 1) == 0:
            self._peck_hit(seat, mask.bit_length() - 1, suit)
        else:
            self._target(seat, P_PECK, mask, suit)

    def _peck_hit(self, seat: int, target: int, suit: int, announce: bool = True,
                  together: bool = False) -> None:
        amount = 1
        if suit == ATTACK and self.fx[FX_RAGE_PECK] >> seat & 1:
            amount = 2
        if self.specters and self.turned_by[seat] == target \
                and specters.has(self, seat, "montresor", True):
            amount += 1
        if announce:
            self._emit("attack", "nevermore.pecks", {"seat": seat, "to": target,
                                                      "amount": amount})
        self.tasks.append([T_DAMAGE, seat, target, amount, C_PECK, int(together)])

    # Skulking Ravens (潛伏烏鴉): leftover ravens, most minus second, Shadow Magick
    def _t_skulk(self, task: list[int]) -> None:
        n = self.num_players
        counts = [self.hand[s][RAVEN] for s in range(n)]
        self._emit("step", "nevermore.skulking", {"ravens": counts})
        if self.specters:
            counts = [c * 2 if specters.has(self, s, "valdemar", True) else c
                      for s, c in enumerate(counts)]
        self.net = counts
        self.step = RAVEN
        seq: list[list[int]] = []
        if self.repent:
            source = self.repent[0]
            seq = [[T_DAMAGE, source, s, self.hand[s][RAVEN], C_REPENT, 1] for s in self.order
                   if not self.raven[s] and self.hand[s][RAVEN]]
            seq.append([T_CHECK_WIN, source])
        seq.append([T_SKULK_DRAW])
        self._push(*seq)

    def _t_skulk_draw(self, task: list[int]) -> None:
        net = self.net
        self.netlog[RAVEN] = net[:]
        top = max(net)
        if top == 0:
            self._emit("step", "nevermore.nobody", {"suit": "raven"})
            return
        winners = [s for s in self.order if net[s] == top]
        second = max((c for c in net if c != top), default=0)
        value = top - second
        self._emit("step", "nevermore.step_won", {"suit": "raven", "seats": winners,
                                                   "most": top, "second": second,
                                                   "value": value})
        self._push(*[[T_DRAW, SHADOW, w, value] for w in winners])

    def _t_prophecies(self, task: list[int]) -> None:
        """Prophecies whose step never came (a Conspiracy): checked on the hand (FAQ 11)."""
        seq: list[list[int]] = []
        for prophecy in self.prophecies:
            owner, target, suit, done = prophecy
            if done:
                continue
            prophecy[3] = 1
            count = self.hand[target][suit]
            hit = count >= 2
            self._emit("card", "nevermore.prophecy_checked", {
                "seat": owner, "to": target, "suit": SUITS[suit], "count": count,
                "hit": "yes" if hit else "no"})
            if hit:
                seq.append([T_GAIN_VP, owner, 1])
        if seq:
            seq.append([T_CHECK_WIN, -1])
            self._push(*seq)

    # -- end phase and clean-up (規則 2.4-2.5; 人類玩家 1-2) -----------------------------
    def _t_end_phase(self, task: list[int]) -> None:
        self.stage = ST_END
        n = self.num_players
        seq: list[list[int]] = []
        if self.specters:
            for s in range(n):
                if not self.raven[s] and self.health[s] == 0:
                    seq += self._transform(s, self.turned_by[s])
                    seq.append([T_CHECK_WIN, self.turned_by[s]])
        for s in range(n):
            if self.raven[s] and self.returns_to_human(s):
                self._turn_human(s)
                self._emit("end", "nevermore.returns", {"seat": s, "health": self.health[s]})
        seq.append([T_CHECK_WIN, -1])
        self._push(*seq)

    def _turn_human(self, seat: int) -> None:
        """The Heart/Raven token flips back: full health, points kept (人類玩家 2)."""
        extra = 1 if self.specters and specters.has(self, seat, "ligeia", True) else 0
        self.raven[seat] = 0
        self.health[seat] = self.max_health + extra

    def returns_to_human(self, seat: int) -> bool:
        """5 of one suit or 5 different suits in hand, played cards and discards included."""
        counts = [self.hand[seat][k] + self.front[seat][k] for k in range(5)]
        need = 4 if self.specters and specters.has(self, seat, "lenore", True) else 5
        return max(counts) >= need or sum(1 for c in counts if c) >= need

    def _t_cleanup(self, task: list[int]) -> None:
        n = self.num_players
        for title in self.adrift:
            (self.ldisc if self.cards.magick[title].deck == LIGHT else self.sdisc).append(title)
        self.adrift = []
        self.hand = [[0] * 5 for _ in range(n)]
        self.front = [[0] * 5 for _ in range(n)]
        self.held = [[0] * 5 for _ in range(n)]
        self.mdeck = []
        self._clear_round()
        self.cused = [c & ~ROUND_BITS for c in self.cused]
        self.copied = [-1] * n
        self.start = (self.start + 1) % n
        self.direction = -self.direction
        self._emit("round", "nevermore.round_end", {"round": self.round})
        if self.round >= self.options["max_rounds"]:
            humans = [s for s in range(n) if not self.raven[s]]
            pool = humans or list(range(n))
            best = max((self.vp[s], self.health[s]) for s in pool)
            self._finish([s for s in pool if (self.vp[s], self.health[s]) == best], "rounds")
            return
        self.round += 1
        self.tasks.append([T_ROUND])

    # -- health, points and winning (遊戲結束; 烏鴉玩家) -----------------------------------
    def _t_damage(self, task: list[int]) -> None:
        """[T_DAMAGE, source, target, amount, cause(, together)]: one hit on a human.

        `together` marks a hit dealt to several players at once (Conspiracy, the 4+ sweep,
        a peck of every human, Justice, Repentance, Spite): whoever wins by it is decided by
        the check scheduled after the last hit of the group, not after each one.
        """
        _, source, target, amount, cause = task[:5]
        together = task[5] if len(task) > 5 else 0
        if self.raven[target] or amount <= 0 or self.won:
            return
        if self.specters and cause in (C_CONSPIRACY, C_SWEEP) \
                and specters.has(self, target, "prospero", False):
            self._emit("damage", "nevermore.immune", {"seat": target, "cause": CAUSES[cause]})
            return
        health = self.health[target]
        if 0 < health <= amount and any(self.magick[target]):
            self._ask(D_LETHAL, target, source, amount, cause, together)
            return
        self.apply_damage(source, target, amount, cause, together)

    def apply_damage(self, source: int, target: int, amount: int, cause: int,
                     together: int = 0) -> None:
        """Take `amount` health from a human; at 0 it becomes a raven (the source scores 1)."""
        before = self.health[target]
        health = max(0, before - amount)
        self.health[target] = health
        if 0 <= source != target:
            self.damaged_by[target] |= 1 << source
        self._emit("damage", "nevermore.damaged", {"seat": target, "amount": amount,
                                                    "health": health, "cause": CAUSES[cause]})
        if health or not before:
            return
        if self.specters and specters.has(self, target, "lenore", False) \
                and not self.cused[target] & CU_LENORE:
            self.cused[target] |= CU_LENORE
            self.health[target] = 1
            self._emit("damage", "nevermore.lenore", {"seat": target})
            return
        seq: list[list[int]] = []
        if self.specters and specters.has(self, target, "valdemar", False):
            self.turned_by[target] = source
            self._emit("damage", "nevermore.valdemar", {"seat": target})
        else:
            seq += self._transform(target, source)
        if cause == C_REPENT:
            seq += [[T_GAIN_VP, s, 1] for s in self.repent]
        elif source >= 0:
            seq.append([T_GAIN_VP, source, 1])
        if not together:
            seq.append([T_CHECK_WIN, source])
        self._push(*seq)

    def _transform(self, seat: int, source: int) -> list[list[int]]:
        """The Heart/Raven token flips: no health from now on (烏鴉玩家 1)."""
        self.raven[seat] = 1
        self.health[seat] = 0
        self.turned_by[seat] = source
        self._emit("damage", "nevermore.becomes_raven", {"seat": seat})
        if not self.specters:
            return []
        return [[T_DRAW, SHADOW, s, 1] for s in self.order
                if s != seat and specters.has(self, s, "usher", True)]

    def _t_heal(self, task: list[int]) -> None:
        seat, amount = task[1], task[2]
        if self.raven[seat]:
            return
        health = min(self.max_health, self.health[seat] + amount)
        self._emit("heal", "nevermore.healed", {"seat": seat, "amount": amount,
                                                 "health": health})
        self.health[seat] = max(health, self.health[seat])

    def _t_gain_vp(self, task: list[int]) -> None:
        seat, amount = task[1], task[2]
        if amount <= 0 or self.won:
            return
        if self.specters and not self.raven[seat]:
            imp = specters.imp_for(self, seat)
            if imp >= 0:
                self._ask(D_YESNO, imp, P_IMP, seat, amount)
                return
        self.gain_vp(seat, amount)

    def gain_vp(self, seat: int, amount: int) -> None:
        """Points are kept by ravens too, but only a human wins with them (烏鴉玩家 2.1)."""
        self.vp[seat] += amount
        self._emit("vp", "nevermore.scores", {"seat": seat, "amount": amount,
                                               "vp": self.vp[seat]})

    def _t_lose_vp(self, task: list[int]) -> None:
        seat, amount = task[1], task[2]
        lost = min(amount, self.vp[seat])
        self.vp[seat] -= lost
        self._emit("vp", "nevermore.loses_vp", {"seat": seat, "amount": lost,
                                                 "vp": self.vp[seat]})

    def _t_check_win(self, task: list[int]) -> None:
        self._check_win(task[1])

    def _check_win(self, source: int) -> None:
        """Curse broken, last human, or a human at 6+ (ties: points, health, play on)."""
        if self.won:
            return
        n = self.num_players
        humans = [s for s in range(n) if not self.raven[s]]
        if not humans:
            if source >= 0:
                self._turn_human(source)
                self._emit("end", "nevermore.curse_broken", {"seat": source,
                                                              "health": self.health[source]})
                self._finish([source], "curse")
            else:
                most = max(self.vp)
                self._finish([s for s in range(n) if self.vp[s] == most], "fallen")
            return
        if len(humans) == 1:
            self._finish(humans, "last_human")
            return
        rich = [s for s in humans if self.vp[s] >= WIN_VP]
        if rich:
            best = max((self.vp[s], self.health[s]) for s in rich)
            tops = [s for s in rich if (self.vp[s], self.health[s]) == best]
            if len(tops) == 1:
                self._finish(tops, "points")
            else:
                self._emit("end", "nevermore.tie_continues", {"seats": tops})

    def _finish(self, winners: list[int], reason: str) -> None:
        self.won = sorted(winners)
        self.reason = reason
        self.stage = ST_OVER
        self.tasks.clear()
        self.pending = []
        self.decision = [D_NONE]
        self._emit("end", "nevermore.game_over", {"seats": self.won, "reason": reason,
                                                   "vp": self.vp[:]})

    # -- magick decks (FAQ 結束 2.2: reshuffled only when exhausted) -----------------------
    def _t_draw(self, task: list[int]) -> None:
        _, deck, seat, count = task
        drawn = self._draw(deck, seat, count)
        if deck == LIGHT and drawn:
            if self.specters and specters.has(self, seat, "usher", False):
                drawn += self._draw(LIGHT, seat, 1)
                self.tasks.append([T_LIGHT_DRAWN, seat, *drawn])
                specters.usher_drop(self, seat)
                return
            self._light_drawn(seat, drawn)

    def _t_light_drawn(self, task: list[int]) -> None:
        seat = task[1]
        self._light_drawn(seat, [t for t in task[2:] if self.magick[seat][t]])

    def _light_drawn(self, seat: int, drawn: list[int]) -> None:
        """Another seat may answer a Light Magick draw (徵收, FAQ 魔法牌 18)."""
        if drawn and effects.requisition_possible(self, seat):
            self.drawn, self.drawer = drawn, seat
            self.tasks.append([T_WINDOW, WHEN_LIGHT_DRAWN, seat, 0, 0])

    def _draw(self, deck: int, seat: int, count: int) -> list[int]:
        pile = self.ldeck if deck == LIGHT else self.sdeck
        drawn: list[int] = []
        for _ in range(count):
            if not pile:
                discard = self.ldisc if deck == LIGHT else self.sdisc
                if not discard:
                    self._emit("draw", "nevermore.deck_empty", {"deck": "light" if deck == LIGHT
                                                                else "shadow"})
                    break
                pile.extend(discard)
                discard.clear()
                self._shuffle(pile)
                self._emit("draw", "nevermore.reshuffled", {"deck": "light" if deck == LIGHT
                                                            else "shadow"})
            title = pile.pop()
            self.magick[seat][title] += 1
            drawn.append(title)
        if drawn:
            name = "light" if deck == LIGHT else "shadow"
            self._emit("draw", "nevermore.draws", {"seat": seat, "count": len(drawn),
                                                    "deck": name})
            self._emit("draw", "nevermore.drew", {
                "seat": seat, "cards": [self.cards.magick[t].name() for t in drawn]}, (seat,))
        return drawn

    # -- generic decisions ---------------------------------------------------------------
    def _humans_mask(self, exclude: int) -> int:
        mask = 0
        for s in range(self.num_players):
            if s != exclude and not self.raven[s]:
                mask |= 1 << s
        return mask

    def _target(self, seat: int, purpose: int, mask: int, extra: int) -> None:
        """Ask `seat` to choose a seat in `mask` (at once if there is only one)."""
        if not mask:
            effects.no_target(self, seat, purpose)
            return
        if mask & (mask - 1) == 0:
            self._on_target(seat, purpose, mask.bit_length() - 1, extra)
            return
        self._ask(D_TARGET, seat, purpose, mask, extra)

    def _t_target(self, task: list[int]) -> None:
        _, seat, purpose, extra = task
        self._target(seat, purpose, effects.target_mask(self, seat, purpose, extra), extra)

    def _on_target(self, seat: int, purpose: int, target: int, extra: int) -> None:
        if purpose == P_ATTACK:
            self._hit(seat, target, extra)
        elif purpose == P_BETRAY_HEAL:
            self._emit("card", "nevermore.betrayed_attack", {"seat": seat, "to": target,
                                                              "amount": extra})
            self.tasks.append([T_HEAL, target, extra])
        elif purpose == P_PECK:
            self._peck_hit(seat, target, extra)
        elif purpose == P_HOPFROG:
            if extra < 0 and self._humans_mask(-1) & ~(1 << target):
                self.tasks.append([T_TARGET, seat, P_HOPFROG, target])
            self._peck_hit(seat, target, ATTACK)
        elif purpose >= specters.FIRST_PURPOSE:
            specters.on_target(self, seat, purpose, target, extra)
        else:
            effects.on_target(self, seat, purpose, target, extra)

    # -- who acts ---------------------------------------------------------------------
    def pending_players(self) -> list[int]:
        """Seats that may act now, ascending (several while committing, passing, drafting)."""
        return list(self.pending)

    def current_player(self) -> int:
        """The lowest pending seat, or TERMINAL."""
        pending = self.pending
        return pending[0] if pending else TERMINAL

    def is_terminal(self) -> bool:
        """Whether somebody has won."""
        return bool(self.won)

    # -- actions ----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The pending seat's choices for the current decision, sorted."""
        pending = self.pending
        if player is None:
            if not pending:
                return []
            player = pending[0]
        if player not in pending:
            return []
        kind = self.decision[0]
        if kind == D_PASS:
            hand = self.hand[player]
            return [A_PASS + k for k in range(5) if hand[k]]
        if kind == D_COMMIT:
            return self.commit_actions(player)
        if kind == D_WINDOW:
            return self._window_actions(player, self.decision[2], self.decision[3])
        if kind == D_TARGET:
            return _bits(self.decision[3], A_TARGET)
        if kind == D_ATTACK:
            actions = _bits(self.decision[3], A_TARGET)
            if self.decision[2] >= SWEEP_AT:
                actions.append(A_SWEEP)
            return actions
        if kind == D_KIND:
            return _bits(self.decision[3], A_KIND)
        if kind == D_POS:
            return _bits(self.decision[3], A_POS)
        if kind == D_YESNO:
            if self.decision[2] == P_CANCEL_TAKEN and not self.hand[player][RAVEN]:
                return [A_DONE]
            return [A_YES, A_DONE]
        if kind == D_LETHAL:
            return [A_PLAY + t for t in effects.reprieves(self, player)] + [A_DONE]
        if kind == D_DROP:
            held = self.magick[player]
            return [A_DROP + t for t in range(len(held)) if held[t]]
        if kind in (D_CHAR_KEEP, D_CHAR_PICK):
            return sorted(A_CHAR + c for c in self.cdeal[player])
        raise CandlelitError(f"unknown decision {kind}")

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one atomic decision; raise IllegalAction (state unchanged) if not legal."""
        pending = self.pending
        if player is None:
            if not pending:
                raise IllegalAction("the game is over")
            player = pending[0]
        elif type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no seat {player!r}")
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if player not in pending:
            if self.won:
                raise IllegalAction("the game is over")
            raise IllegalAction(f"seat {player + 1} has nothing to decide now")
        kind = self.decision[0]
        if kind == D_PASS:
            legal = A_PASS <= action < A_PASS + 5 and self.hand[player][action - A_PASS] > 0
        else:
            legal = (kind == D_WINDOW and action == A_DONE) or action in self.legal_actions(player)
        if not legal:
            raise IllegalAction(self._why_illegal(player, action))
        if kind == D_PASS:
            self._answer_pass(player, action)
        elif kind == D_COMMIT:
            self._answer_commit(player, action)
        elif kind == D_WINDOW:
            self._answer_window(player, action)
        elif kind == D_LETHAL:
            effects.answer_lethal(self, player, action)
        elif kind in (D_CHAR_KEEP, D_CHAR_PICK):
            specters.answer_draft(self, player, action - A_CHAR)
        elif kind == D_ATTACK:
            self._answer_attack(player, action)
        else:
            decision = self.decision
            self.decision, self.pending = [D_NONE], []
            purpose, extra = decision[2], decision[-1]
            if kind == D_TARGET:
                self._on_target(player, purpose, action - A_TARGET, extra)
            elif kind == D_KIND:
                effects.on_kind(self, player, purpose, action - A_KIND, extra)
            elif kind == D_POS:
                specters.on_position(self, player, action - A_POS, decision)
            elif kind == D_YESNO:
                effects.on_yes_no(self, player, purpose, action == A_YES, decision)
            elif kind == D_DROP:
                specters.on_drop(self, player, action - A_DROP)
        self.history.append((player, action))
        self._run()

    def _why_illegal(self, player: int, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not a Nevermore action"
        kind = self.decision[0]
        what = {
            D_PASS: "choose a card to pass", D_COMMIT: "commit your cards of the called suit",
            D_WINDOW: "play a magick card, use an ability, or pass",
            D_TARGET: "choose a player", D_ATTACK: "choose whom to attack",
            D_KIND: "choose a suit", D_POS: "choose a resolution token",
            D_YESNO: "answer yes or no", D_LETHAL: "save yourself with a card, or not",
            D_DROP: "choose a magick card to discard", D_CHAR_KEEP: "keep a character",
            D_CHAR_PICK: "pick a character",
        }.get(kind, "wait")
        return f"action {action} is not open to seat {player + 1}: now is the time to {what}"

    # -- outcome ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        """The winning seats (several only when the round limit ends a tie)."""
        return list(self.won)

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others, all 0.0 before the end."""
        won = set(self.won)
        return [1.0 if s in won else 0.0 for s in range(self.num_players)]

    # -- action space -----------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        """The fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Rounds are capped (option max_rounds) and each round is bounded."""
        return int(self.options["max_rounds"]) * PER_ROUND_BOUND * self.num_players // 3 \
            + 4 * self.num_players

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A translation key and its arguments for `action` as `player` would take it now."""
        from candlelit.games.nevermore.messages import action_struct

        return action_struct(self, player, action)

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> NevermoreState:
        """A copy sharing only immutable data (the card set, options, logged events)."""
        c = NevermoreState.__new__(NevermoreState)
        c.game, c.num_players, c.seed, c.options = self.game, self.num_players, self.seed, \
            self.options
        c.chance_draws, c.history, c.log = self.chance_draws, self.history[:], self.log[:]
        c.cards, c.specters = self.cards, self.specters
        c.round, c.start, c.direction, c.order = self.round, self.start, self.direction, \
            self.order[:]
        c.max_health, c.stage, c.won, c.reason = self.max_health, self.stage, self.won[:], \
            self.reason
        c.health, c.vp, c.raven = self.health[:], self.vp[:], self.raven[:]
        c.hand = [h[:] for h in self.hand]
        c.front = [h[:] for h in self.front]
        c.held = [h[:] for h in self.held]
        c.to_pass, c.mdeck = self.to_pass[:], self.mdeck[:]
        c.magick = [m[:] for m in self.magick]
        c.ldeck, c.ldisc, c.sdeck, c.sdisc = self.ldeck[:], self.ldisc[:], self.sdeck[:], \
            self.sdisc[:]
        c.adrift, c.mids, c.shown, c.tkknown = self.adrift[:], self.mids[:], self.shown, \
            self.tkknown
        c.step = self.step
        c.commit = [x[:] for x in self.commit]
        c.net, c.raw = self.net[:], self.raw[:]
        c.netlog = [x[:] for x in self.netlog]
        c.fx, c.harvest, c.repent = self.fx[:], self.harvest[:], self.repent[:]
        c.prophecies = [p[:] for p in self.prophecies]
        c.damaged_by, c.turned_by = self.damaged_by[:], self.turned_by[:]
        c.drawn, c.drawer = self.drawn[:], self.drawer
        c.char, c.cused, c.copied, c.cform = self.char[:], self.cused[:], self.copied[:], \
            self.cform[:]
        c.cdeal = [x[:] for x in self.cdeal]
        c.ckeep = self.ckeep[:]
        c.decision, c.pending = self.decision[:], self.pending[:]
        c.tasks = [t[:] for t in self.tasks]
        return c

    # information: see views.py and resample.py
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see."""
        from candlelit.games.nevermore.views import view

        return view(self, player)

    def resample(self, player: int, rng: Any) -> NevermoreState:
        """A world consistent with what `player` knows (see resample.py)."""
        from candlelit.games.nevermore.resample import resample

        return resample(self, player, rng)


def _settle(groups: list[list[list[int]]], winners: list[int],
            raven: list[int]) -> list[list[int]]:
    """Order the winners' effects of Healing or Victory (FAQ 結算 4.2, 6; 分數 1).

    `groups` holds each winner's tasks, in the winners' priority order. Human winners'
    effects are simultaneous: they all land, then one win check, then the ravens peck. When
    a raven ties with a human for most, every winner resolves in turn in priority order and
    each human's share is followed by its own win check.
    """
    humans = [g for g, w in zip(groups, winners, strict=True) if not raven[w]]
    if len(humans) in (0, len(groups)):
        out = [t for g in humans for t in g]
        if out:
            out.append([T_CHECK_WIN, -1])
        return out + [t for g, w in zip(groups, winners, strict=True) if raven[w] for t in g]
    out = []
    for group, w in zip(groups, winners, strict=True):
        out += group
        if not raven[w]:
            out.append([T_CHECK_WIN, -1])
    return out


def _bits(mask: int, base: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(base + i)
        mask >>= 1
        i += 1
    return out


Handler = Any
HANDLERS: list[Handler] = [None] * 30
for _code, _fn in (
    (T_ROUND, NevermoreState._t_round), (T_WINDOW, NevermoreState._t_window),
    (T_DRAFT, NevermoreState._t_draft), (T_PASS_DONE, NevermoreState._t_pass_done),
    (T_CONSPIRACY, NevermoreState._t_conspiracy), (T_CONSPIRE, NevermoreState._t_conspire),
    (T_END_RESOLUTION, NevermoreState._t_end_resolution), (T_STEP, NevermoreState._t_step),
    (T_REVEAL, NevermoreState._t_reveal), (T_COMPUTE, NevermoreState._t_compute),
    (T_SKULK, NevermoreState._t_skulk), (T_SKULK_DRAW, NevermoreState._t_skulk_draw),
    (T_PROPHECIES, NevermoreState._t_prophecies), (T_END_PHASE, NevermoreState._t_end_phase),
    (T_CLEANUP, NevermoreState._t_cleanup), (T_DAMAGE, NevermoreState._t_damage),
    (T_GAIN_VP, NevermoreState._t_gain_vp), (T_CHECK_WIN, NevermoreState._t_check_win),
    (T_ATTACKER, NevermoreState._t_attacker), (T_PECK, NevermoreState._t_peck),
    (T_DRAW, NevermoreState._t_draw), (T_LIGHT_DRAWN, NevermoreState._t_light_drawn),
    (T_TARGET, NevermoreState._t_target), (T_HEAL, NevermoreState._t_heal),
    (T_LOSE_VP, NevermoreState._t_lose_vp),
    (T_CANCEL_TAKEN, effects.t_cancel_taken),
    (T_NIGHTMARE_DISCARD, effects.t_nightmare_discard),
    (T_CHAR_DEAL, specters.t_char_deal), (T_CHAR_PASS, specters.t_char_pass),
    (T_CHAR_REVEAL, specters.t_char_reveal),
):
    HANDLERS[_code] = _fn

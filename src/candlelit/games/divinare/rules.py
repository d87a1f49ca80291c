"""Divinare's rules as pure state transitions, in the order of the rulebook.

A round: deal 24 of the 36 cards evenly (the other 12 stay face down, unseen); with 2
players each seat first discards 2 face down; at the hand sizes printed on the action card
every seat passes cards to its neighbour at once; then from the first player clockwise each
seat plays a card beside its board and must move its prediction token on that board; when
every card is played (2 players: and the 4 discards are revealed onto their boards) each
board is scored. The first player rotates clockwise; rounds = players.

Actions (26): play a suit 0-3, move to numbered space v as 4+v (v 0-12), move to the centre
17, pass a suit 18-21, discard a suit 22-25. Choosing several cards to pass or discard is a
sequence of single-card commitments, hidden from the other seats until all have chosen.
"""

from __future__ import annotations

from typing import Any, ClassVar

from candlelit.engine.errors import IllegalAction
from candlelit.engine.state import TERMINAL, State
from candlelit.games.divinare.boards import (
    CARDS_PER_SUIT,
    DEALT,
    SUITS,
    Layout,
    cards_per_player,
    layout_for,
)

# phases
DISCARD, PASS, PLAY, MOVE, OVER = range(5)
PHASE_NAMES = ("discard", "pass", "play", "move", "over")

# action space
PLAY_BASE = 0
MOVE_BASE = 4
CENTRE_ACTION = 17
PASS_BASE = 18
DISCARD_BASE = 22
NUM_ACTIONS = 26

CENTRE = -1
"""Token position of the central space (holds any number of tokens, never scores)."""
TWO_PLAYER_DISCARD = 2

BLUE, YELLOW, RED = range(3)


class DivinareState(State):
    """A game of Divinare."""

    __slots__ = (
        "layout", "spaces", "schedule", "rounds", "round", "first", "turn", "phase",
        "move_suit", "hands", "held", "to_commit", "pending", "discards", "played",
        "tokens", "occupied", "next_pass", "tokens_won",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("layout", "spaces", "schedule")

    layout: Layout
    spaces: tuple[frozenset[int], ...]
    schedule: tuple[tuple[int, int], ...]
    rounds: int
    round: int
    first: int
    turn: int
    phase: int
    move_suit: int
    hands: list[list[int]]
    held: list[list[int]]
    to_commit: list[int]
    pending: list[int]
    discards: list[list[int]]
    played: list[int]
    tokens: list[list[int]]
    occupied: list[int]
    next_pass: int
    tokens_won: list[list[int]]

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> DivinareState:
        """Set up the first round: the oldest player (seat 0) holds the action card."""
        s = cls.__new__(cls)
        s.game, s.num_players, s.seed, s.options = "divinare", players, seed, options
        s.chance_draws, s.history, s.log = 0, [], []
        s.restore_derived()
        s.rounds = players
        s.round = 0
        s.first = 0
        s.tokens_won = [[0, 0, 0] for _ in range(players)]
        s._start_round()
        return s

    def restore_derived(self) -> None:
        """Rebuild the board layout and pass schedule from the options."""
        self.layout = layout_for(self.options["boards"])
        self.spaces = tuple(frozenset(b.spaces) for b in self.layout.boards)
        self.schedule = self.layout.schedule(self.num_players, self.options["pass_schedule"])

    def _start_round(self) -> None:
        n = self.num_players
        self.turn = self.first
        self.move_suit = -1
        self.played = [0, 0, 0, 0]
        self.tokens = [[CENTRE] * 4 for _ in range(n)]
        self.occupied = [0, 0, 0, 0]
        self.discards = [[0, 0, 0, 0] for _ in range(n)]
        self.held = [[0, 0, 0, 0] for _ in range(n)]
        self.to_commit = [0] * n
        self.pending = []
        self.next_pass = 0
        self._emit("round", "divinare.round_start", {"round": self.round + 1,
                                                     "first": self.first})
        self._deal()
        if n == 2:
            self._open_commit(DISCARD, TWO_PLAYER_DISCARD)
        else:
            self._after_trick()

    def _deal(self) -> None:
        """Shuffle all 36 cards and deal 24 evenly; the other 12 stay face down."""
        deck = [suit for suit in range(4) for _ in range(CARDS_PER_SUIT[suit])]
        self._chance().shuffle(deck)
        each = cards_per_player(self.num_players)
        self.hands = []
        for seat in range(self.num_players):
            hand = [0, 0, 0, 0]
            for suit in deck[seat * each:(seat + 1) * each]:
                hand[suit] += 1
            self.hands.append(hand)
            self._emit("deal", "divinare.dealt", {"seat": seat, "cards": list(hand)}, (seat,))

    # -- who acts ---------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to play or move; during passing the lowest seat still choosing."""
        phase = self.phase
        if phase >= PLAY:
            return TERMINAL if phase == OVER else self.turn
        return self.pending[0]

    def pending_players(self) -> list[int]:
        """The seat whose turn it is, or every seat still choosing cards to pass/discard."""
        phase = self.phase
        if phase >= PLAY:
            return [] if phase == OVER else [self.turn]
        return list(self.pending)

    def is_terminal(self) -> bool:
        """Whether every round has been scored."""
        return self.phase == OVER

    # -- actions ----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Suits to play/pass/discard, or the spaces the played suit's token may move to."""
        phase = self.phase
        if player is None:
            if phase == OVER:
                return []
            player = self.turn if phase >= PLAY else self.pending[0]
        if phase == PLAY:
            if player != self.turn:
                return []
            hand = self.hands[player]
            return [s for s in (0, 1, 2, 3) if hand[s]]
        if phase == MOVE:
            if player != self.turn:
                return []
            suit = self.move_suit
            occupied = self.occupied[suit]
            moves = [MOVE_BASE + v for v in self.layout.boards[suit].spaces
                     if not occupied >> v & 1]
            if self.tokens[player][suit] != CENTRE:
                moves.append(CENTRE_ACTION)
            return moves
        if phase == OVER or not 0 <= player < self.num_players or not self.to_commit[player]:
            return []
        base = PASS_BASE if phase == PASS else DISCARD_BASE
        hand = self.hands[player]
        return [base + s for s in (0, 1, 2, 3) if hand[s]]

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one atomic decision; raise IllegalAction (state unchanged) if not legal."""
        phase = self.phase
        if player is None:
            if phase == OVER:
                raise IllegalAction("the game is over")
            player = self.turn if phase >= PLAY else self.pending[0]
        elif type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no seat {player!r}")
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if phase == PLAY:
            self._play(player, action)
        elif phase == MOVE:
            self._move(player, action)
        elif phase == OVER:
            raise IllegalAction("the game is over")
        else:
            self._commit(player, action)
        self.history.append((player, action))

    # 1. play a card
    def _play(self, player: int, action: int) -> None:
        if player != self.turn:
            raise IllegalAction(f"it is not seat {player + 1}'s turn to play")
        if not PLAY_BASE <= action < PLAY_BASE + 4:
            raise IllegalAction("now is the time to play a card (actions 0-3)")
        hand = self.hands[player]
        if not hand[action]:
            raise IllegalAction(f"you hold no {SUITS[action]} card")
        hand[action] -= 1
        self.played[action] += 1
        self.move_suit = action
        self.phase = MOVE
        self._emit("play", "divinare.played", {"seat": player, "suit": SUITS[action]})

    # 2. move the prediction token of that suit
    def _move(self, player: int, action: int) -> None:
        if player != self.turn:
            raise IllegalAction(f"it is not seat {player + 1}'s turn to move")
        suit = self.move_suit
        tokens = self.tokens[player]
        here = tokens[suit]
        if action == CENTRE_ACTION:
            if here == CENTRE:
                raise IllegalAction("your token is already in the centre: it must move to a "
                                    "free numbered space")
            target = CENTRE
        else:
            target = action - MOVE_BASE
            if not (0 <= target <= 12 and target in self.spaces[suit]):
                raise IllegalAction(f"the {SUITS[suit]} board has no numbered space {target}"
                                    if 0 <= target <= 12 else
                                    "now is the time to move your token (actions 4-17)")
            if self.occupied[suit] >> target & 1:
                raise IllegalAction(f"space {target} of the {SUITS[suit]} board is taken"
                                    if here != target else "you must move your token")
        if here != CENTRE:
            self.occupied[suit] &= ~(1 << here)
        if target != CENTRE:
            self.occupied[suit] |= 1 << target
        tokens[suit] = target
        self._emit("move", "divinare.moved", {"seat": player, "suit": SUITS[suit],
                                              "space": "centre" if target == CENTRE else target})
        nxt = (player + 1) % self.num_players
        if nxt == self.first:
            self._after_trick()
        else:
            self.turn = nxt
            self.phase = PLAY

    def _after_trick(self) -> None:
        """Every seat holds as many cards: pass if the action card says so, else play on."""
        size = sum(self.hands[self.first])
        if size == 0:
            self._end_round()
            return
        schedule = self.schedule
        if self.next_pass < len(schedule) and schedule[self.next_pass][0] == size:
            count = schedule[self.next_pass][1]
            self.next_pass += 1
            self._open_commit(PASS, count)
            return
        self.turn = self.first
        self.phase = PLAY

    # action-card events: simultaneous hidden commitments
    def _open_commit(self, phase: int, count: int) -> None:
        self.phase = phase
        self.to_commit = [count] * self.num_players
        self.pending = list(range(self.num_players))

    def _commit(self, player: int, action: int) -> None:
        phase = self.phase
        if not self.to_commit[player]:
            raise IllegalAction(f"seat {player + 1} has already chosen; waiting for the others")
        base = PASS_BASE if phase == PASS else DISCARD_BASE
        suit = action - base
        if not 0 <= suit < 4:
            verb = "pass" if phase == PASS else "discard"
            raise IllegalAction(f"now is the time to choose a card to {verb} "
                                f"(actions {base}-{base + 3})")
        hand = self.hands[player]
        if not hand[suit]:
            raise IllegalAction(f"you hold no {SUITS[suit]} card")
        hand[suit] -= 1
        self.held[player][suit] += 1
        self.to_commit[player] -= 1
        if not self.to_commit[player]:
            self.pending.remove(player)
            if not self.pending:
                if phase == PASS:
                    self._resolve_pass()
                else:
                    self._resolve_discard()

    def _resolve_pass(self) -> None:
        """Every seat hands its chosen cards to its neighbour at once."""
        n = self.num_players
        step = -1 if self.options["pass_direction"] == "right" else 1
        held = self.held
        count = sum(held[0])
        for seat in range(n):
            to = (seat + step) % n
            cards = held[seat]
            receiver = self.hands[to]
            for suit in range(4):
                receiver[suit] += cards[suit]
            self._emit("pass", "divinare.passed", {"seat": seat, "to": to, "cards": cards},
                       (seat, to))
        self.held = [[0, 0, 0, 0] for _ in range(n)]
        self._emit("pass", "divinare.passes_done", {"count": count})
        self.turn = self.first
        self.phase = PLAY

    def _resolve_discard(self) -> None:
        """2 players: the chosen cards go face down to the middle until the round ends."""
        for seat in range(self.num_players):
            self.discards[seat] = self.held[seat]
            self._emit("discard", "divinare.discarded",
                       {"seat": seat, "cards": self.held[seat]}, (seat,))
        self.held = [[0, 0, 0, 0] for _ in range(self.num_players)]
        self._emit("discard", "divinare.discards_down", {"count": TWO_PLAYER_DISCARD})
        self._after_trick()

    # scoring
    def _end_round(self) -> None:
        if self.num_players == 2:
            revealed = [sum(d[s] for d in self.discards) for s in range(4)]
            for s in range(4):
                self.played[s] += revealed[s]
            self._emit("reveal", "divinare.revealed", {"cards": revealed})
        for suit in range(4):
            self._score_board(suit)
        self.round += 1
        if self.round == self.rounds:
            self.phase = OVER
            self._emit("end", "divinare.game_over", {"seats": self.winners(),
                                                     "scores": self.scores()})
            return
        self.first = (self.first + 1) % self.num_players
        self._start_round()

    def _score_board(self, suit: int) -> None:
        """Exact: blue; either neighbour space: yellow; other numbered spaces: red."""
        count = self.played[suit]
        board = self.layout.boards[suit]
        if count not in self.spaces[suit]:
            self._emit("score", "divinare.no_space", {"suit": SUITS[suit], "count": count})
            return
        self._emit("score", "divinare.count", {"suit": SUITS[suit], "count": count})
        for seat, tokens in enumerate(self.tokens):
            at = tokens[suit]
            if at == CENTRE:
                continue
            won = score_space(at, count, board.bonus.get(at, 0))
            bag = self.tokens_won[seat]
            for colour in range(3):
                bag[colour] += won[colour]
            self._emit("score", "divinare.scored", {
                "seat": seat, "suit": SUITS[suit], "space": at, "blue": won[0],
                "yellow": won[1], "red": won[2], "points": token_points(won)})

    # -- outcome ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Points of each seat: 3 per blue token, 1 per yellow, -1 per red."""
        return [token_points(bag) for bag in self.tokens_won]

    def winners(self) -> list[int]:
        """Most points wins; ties share the win (or the invented tie-break option)."""
        if self.phase != OVER:
            return []
        if self.options["tie_break"] == "fewest-red-then-most-blue":
            keys = [(token_points(b), -b[RED], b[BLUE]) for b in self.tokens_won]
        else:
            keys = [(token_points(b), 0, 0) for b in self.tokens_won]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others, all 0.0 before the end."""
        won = set(self.winners())
        return [1.0 if seat in won else 0.0 for seat in range(self.num_players)]

    # -- action space -----------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        """26 actions: play 4, move 14, pass 4, discard 4."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Every game has the same length: plays, moves, passes and discards of all rounds."""
        n = self.num_players
        discards = n * TWO_PLAYER_DISCARD if n == 2 else 0
        per_round = 2 * (DEALT - discards) + discards + n * sum(c for _, c in self.schedule)
        return per_round * self.rounds

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...}: a suit ('any' for a move off-phase) and a move's space."""
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"{action!r} is not a Divinare action")
        if action < MOVE_BASE:
            return {"kind": "play", "key": "divinare.action.play", "suit": SUITS[action]}
        if action == CENTRE_ACTION:
            return {"kind": "move", "key": "divinare.action.centre", "space": "centre",
                    "suit": SUITS[self.move_suit] if self.phase == MOVE else "any"}
        if action < CENTRE_ACTION:
            return {"kind": "move", "key": "divinare.action.move", "space": action - MOVE_BASE,
                    "suit": SUITS[self.move_suit] if self.phase == MOVE else "any"}
        if action < DISCARD_BASE:
            return {"kind": "pass", "key": "divinare.action.pass", "suit": SUITS[action - 18]}
        return {"kind": "discard", "key": "divinare.action.discard", "suit": SUITS[action - 22]}

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> DivinareState:
        """A copy sharing only immutable data (layout, options, logged events)."""
        c = DivinareState.__new__(DivinareState)
        c.game, c.num_players, c.seed, c.options = self.game, self.num_players, self.seed, \
            self.options
        c.chance_draws, c.history, c.log = self.chance_draws, self.history[:], self.log[:]
        c.layout, c.spaces, c.schedule = self.layout, self.spaces, self.schedule
        c.rounds, c.round, c.first, c.turn = self.rounds, self.round, self.first, self.turn
        c.phase, c.move_suit, c.next_pass = self.phase, self.move_suit, self.next_pass
        c.hands = [h[:] for h in self.hands]
        c.held = [h[:] for h in self.held]
        c.to_commit = self.to_commit[:]
        c.pending = self.pending[:]
        c.discards = [d[:] for d in self.discards]
        c.played = self.played[:]
        c.tokens = [t[:] for t in self.tokens]
        c.occupied = self.occupied[:]
        c.tokens_won = [b[:] for b in self.tokens_won]
        return c

    def information_state_string(self, player: int) -> str:
        """Everything `player` knows, compactly: its log, its cards, the table, who acts."""
        head = (f"divinare/{self.num_players}/{self.options['pass_direction']}/"
                f"{self.options['pass_schedule']}/{self.options['tie_break']}|")
        seen = repr([e[1:3] for e in self.log if e[3] is None or player in e[3]])
        return (f"{head}{seen}|r{self.round}f{self.first}t{self.turn}p{self.phase}"
                f"m{self.move_suit}|h{self.hands[player]}c{self.held[player]}"
                f"d{self.discards[player]}|w{self.to_commit}|T{self.tokens}")

    # information: see views.py
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see."""
        from candlelit.games.divinare.views import view

        return view(self, player)

    def resample(self, player: int, rng: Any) -> DivinareState:
        """A world consistent with what `player` knows (see resample.py)."""
        from candlelit.games.divinare.resample import resample

        return resample(self, player, rng)


def score_space(at: int, count: int, bonus: int) -> tuple[int, int, int]:
    """(blue, yellow, red) tokens won by a token on space `at` when `count` cards were played."""
    if at == count:
        return (1, bonus, 0)
    if at == count + 1 or at == count - 1:
        return (0, 1 + bonus, 0)
    return (0, 0, 1 + bonus)


def token_points(bag: list[int] | tuple[int, ...]) -> int:
    """Points of a (blue, yellow, red) token count."""
    return 3 * bag[BLUE] + bag[YELLOW] - bag[RED]


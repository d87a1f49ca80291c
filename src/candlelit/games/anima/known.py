"""What an Anima seat knows besides its log, as one hashable tuple for search keys.

Field for field the content of `view(player)` in views.py without its log, in kinds and
counts instead of card ids: two states of one table give equal tuples exactly when they give
equal views (given equal logs). Values the view works out from others (a party's Speed, a
standing creature's Combat, who stands on an area, winners) are left to those others; the
table's options and player count are fixed for a game and left out. Keep this in step with
views.py.
"""

from __future__ import annotations

from candlelit.games.anima.constants import (
    M_COUNT,
    M_SHOWN,
    M_STEP,
    OVER,
    S_GIVE,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
)
from candlelit.games.anima.state import AnimaFields
from candlelit.games.anima.views import trade_seen

KnownTable = tuple[object, ...]
_TRADING = (S_TRADE_OFFER, S_TRADE_REPLY, S_TRADE_CONFIRM)
_CHOOSING = (S_PICK_AREA, S_KEEP_ONE, S_GIVE)


def _areas(s: AnimaFields, player: int) -> tuple[tuple[int, ...], ...]:
    """Each area in play: slot, kind, whether an encounter lies face down, the standing
    creature and its growth, and the encounter `player` peeked at there (-2: none)."""
    peeked = s.seen[player]
    out = []
    for slot, kind in enumerate(s.area_at):
        if kind >= 0:
            monster = s.monster[slot]
            out.append((slot, kind, s.enc_down[slot] >= 0, monster,
                        s.growth[slot] if monster >= 0 else 0,
                        s.enc_down[slot] if slot in peeked else -2))
    return tuple(out)


def _missions(s: AnimaFields, player: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the missions `player` sees: basic ones it owns, shown or completed, and
    the revealed final mission once shown; each as slot, kind, step, count, shown."""
    final = s.final
    out = []
    for q in range(s.num_players):
        progress, kinds, done = s.mprog[q], s.missions[q], s.done[q]
        seat: list[int] = []
        for slot in (0, 1):
            prog, kind = progress[slot], kinds[slot]
            if q == player or prog[M_SHOWN] or kind in done:
                seat += (slot, kind, prog[M_STEP], prog[M_COUNT], prog[M_SHOWN] != 0)
        if final >= 0 and progress[2][M_SHOWN]:
            seat += (2, final, progress[2][M_STEP], progress[2][M_COUNT])
        out.append(tuple(seat))
    return tuple(out)


def _trade(s: AnimaFields, player: int) -> tuple[object, ...] | None:
    """The trade under way as `player` sees it: its sides, and each side's cards if seen,
    else how many once made (see views.trade_seen)."""
    if s.step not in _TRADING:
        return None
    see_gives, see_gets, offered, answered = trade_seen(s, player)
    gives, gets = s.trade_gives, s.trade_gets
    return (s.order[s.turn_idx], s.trade_with,
            tuple(gives) if see_gives else len(gives) if offered else None,
            tuple(gets) if see_gets else len(gets) if answered else None)


def known_table(s: AnimaFields, player: int) -> KnownTable:
    """The view's fields for `player` besides the log: O(size of the table), no log walk."""
    over = s.phase == OVER
    step = s.step
    combat = (s.cb_kind, s.cb_a, s.cb_b, s.cb_foe, s.cb_foe_combat, tuple(s.cb_bonus),
              tuple(s.cb_minus), s.cb_penalty,
              tuple(s.cb_dice) if s.cb_prep >= 2 else None) if s.cb_kind else None
    return (
        player, s.round, s.phase, step, None if over else s.actor, tuple(s.order),
        s.revealed != 0, _areas(s, player),
        # seats; exhausted and inactive marks are always party members (party.py), so
        # their sets give the view's flags
        tuple(s.loc), tuple(map(tuple, s.party)), tuple(map(frozenset, s.exhausted)),
        tuple(map(frozenset, s.inactive)), tuple(map(len, s.hand)), tuple(s.org),
        tuple(map(tuple, s.done)), _missions(s, player), tuple(map(tuple, s.bonus)),
        tuple(s.rest_round), tuple(map(bool, s.out)), tuple(s.speed_mod),
        combat, (s.ck_seat, s.ck_target, s.ck_bonus) if s.ck_seat >= 0 else None,
        s.roll, s.roll2, s.final, len(s.final_pile),
        s.crisis_left if s.options["end_game"] == "crisis" and s.final >= 0 else None,
        len(s.char_deck), len(s.adv_deck), len(s.area_deck), len(s.enc_deck),
        tuple(s.char_discard), tuple(s.adv_discard), tuple(s.area_discard),
        tuple(s.enc_discard), _trade(s, player),
        # the seat's own: hand, set-up offer (6 cards, then 4, then none: all shown)
        tuple(s.hand[player]), tuple(s.offer[player]),
        tuple(sorted(s.final_pile)) if s.saw_finals[player] else None,
        tuple(s.pool) if s.actor == player and step in _CHOOSING else None,
        (s.winner, s.omega_won != 0) if over else None,
    )

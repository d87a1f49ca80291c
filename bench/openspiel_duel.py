#!/usr/bin/env python3
"""OpenSpiel's python ISMCTS against candlelit's own ISMCTS, head to head at one time budget.

Games are played through the OpenSpiel registration (`candlelit.rl.openspiel`): game i deals
chance outcome i (= candlelit seed i) and puts OpenSpiel's bot in seat i mod players, every
other seat played by candlelit's `ismcts:<T>s` bot with the rollouts of the game's `hard`
level (`ismcts:<T>s:epsilon=1`, random rollouts, in every shipped game).

  OpenSpiel  open_spiel.python.algorithms.ismcts.ISMCTSBot with one random rollout per leaf
             (mcts.RandomRolloutEvaluator), UCT constant --uct-c, most-visited final action,
             worlds from `resample_from_infostate`; it counts simulations, not seconds, so the
             bench stops its simulation loop once T seconds have passed (after the two
             simulations its final policy needs).
  candlelit  candlelit.bots.ismcts via the bot registry name `ismcts:<T>s` + the hard bot's
             rollout settings.

Both decide only where two or more actions are legal, both with T seconds (--seconds). The
result is OpenSpiel's win share (a shared win counts as a win) with a 95 % Wilson interval,
against the fair share 1/players, and each side's mean time and simulations per decision.

Usage
  .venv/bin/python bench/openspiel_duel.py --players 2 --games 40 --seconds 0.05
  .venv/bin/python bench/openspiel_duel.py --players 4 --games 20 --json out.json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.rl import openspiel
from candlelit.sim.runner import bot_seed
from candlelit.sim.stats import wilson
from openspiel_bench import rollouts


class TimeUp(Exception):
    """The search's time budget is spent."""


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's python ISMCTS searching for `seconds` per decision: its simulation loop
    draws one world per simulation, and the drawing stops it once time is up."""

    def __init__(self, game: Any, seconds: float, uct_c: float, seed: int) -> None:
        noise = np.random.RandomState(seed % 2**32)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, noise), uct_c, 10**9,
                         random_state=noise)
        self.seconds = seconds
        self.sampler = pyspiel.UniformProbabilitySampler(seed % 2**31, 0.0, 1.0)
        self.drawn = self.simulations = self.searches = 0
        self.deadline = 0.0

    def sample_root_state(self, state: Any) -> Any:
        """One world for the next simulation, or TimeUp once the budget is spent."""
        if self.drawn >= 2 and time.perf_counter() >= self.deadline:
            raise TimeUp
        self.drawn += 1
        return state.resample_from_infostate(state.current_player(), self.sampler)

    def run_search(self, state: Any) -> Any:
        """OpenSpiel's search until the deadline; the final policy of the root it grew."""
        self.deadline, self.drawn = time.perf_counter() + self.seconds, 0
        try:
            return super().run_search(state)
        except TimeUp:
            return self.get_final_policy(state, self._root_node)
        finally:
            if self.drawn:  # a search ran (one legal action needs none)
                self.searches += 1
                self.simulations += self.drawn


def duel(game: str, players: int, count: int, seconds: float, uct_c: float,
         seed: int) -> dict[str, Any]:
    """`count` games, OpenSpiel's ISMCTS in seat (index mod players), candlelit's elsewhere."""
    table = openspiel.load_game(game, players)
    wins = 0
    spent: dict[str, list[float]] = {"openspiel": [], "candlelit": []}
    simulations = searches = 0
    for index in range(count):
        hero = index % players
        state = table.new_initial_state()
        state.apply_action(index)
        world = state.world()
        searcher = TimedISMCTS(table, seconds, uct_c, bot_seed(seed, index, hero))
        bots = {s: make_bot(f"ismcts:{seconds:g}s{rollouts(game)}", game, s,
                            bot_seed(seed, index, s))
                for s in range(players) if s != hero}
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            start = time.perf_counter()
            if seat == hero:
                action = int(searcher.step(state))
            else:
                action = bots[seat].act(SeatObservation(world, seat), legal)
            if len(legal) > 1:
                spent["openspiel" if seat == hero else "candlelit"].append(
                    time.perf_counter() - start)
            assert action in legal, f"seat {seat} chose {action}, not one of {legal}"
            state.apply_action(action)
        wins += state.returns()[hero] == 1.0
        simulations += searcher.simulations
        searches += searcher.searches
        print(f"  game {index + 1}/{count}: OpenSpiel seat {hero}, returns {state.returns()}",
              flush=True)
    low, high = wilson(wins, count)
    return {
        "game": game, "players": players, "games": count, "seconds_per_decision": seconds,
        "candlelit_bot": f"ismcts:{seconds:g}s{rollouts(game)}", "uct_c": uct_c,
        "openspiel_wins": wins, "openspiel_share": wins / count,
        "fair_share": 1 / players, "ci95": [low, high],
        "mean_decision_s": {k: sum(v) / max(1, len(v)) for k, v in spent.items()},
        "decisions": {k: len(v) for k, v in spent.items()},
        "openspiel_simulations_per_decision": simulations / max(1, searches),
    }


def main() -> None:
    """Run the duel and print (and optionally write) its result."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="divinare")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=0.05, help="budget per decision, both")
    ap.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel ISMCTS's UCT constant")
    ap.add_argument("--seed", type=int, default=0, help="seeds the bots (deals are 0..N-1)")
    ap.add_argument("--json", default="", help="also write the result here")
    args = ap.parse_args()
    result = duel(args.game, args.players, args.games, args.seconds, args.uct_c, args.seed)
    low, high = result["ci95"]
    print(f"{args.game} {args.players}p, {args.games} games, {args.seconds:g} s per decision: "
          f"OpenSpiel ISMCTS won {result['openspiel_wins']} ({result['openspiel_share']:.1%}, "
          f"95 % {low:.1%}–{high:.1%}; fair {result['fair_share']:.0%}), "
          f"{result['openspiel_simulations_per_decision']:.1f} simulations per decision")
    print(json.dumps(result))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=1)


if __name__ == "__main__":
    main()

"""Adapters to the reinforcement-learning ecosystem (install the `rl` extra).

- `candlelit.rl.pettingzoo`: every game as a PettingZoo AEC environment (`env`, `raw_env`), its
  parallel form (`parallel_env`) and a module-shaped bundle for PettingZoo's tests (`module`);
- `candlelit.rl.gymnasium`: one seat as a single-agent Gymnasium environment (`SeatEnv`), the
  other seats played by candlelit bots, registered as `candlelit/<game>-<n>p-v0`;
- `candlelit.rl.reinforce`: a numpy-only masked policy gradient (the learning example's core);
- `candlelit.rl.openspiel`: every game registered as an OpenSpiel python game
  (`candlelit_<game>`, importing the module registers them).

Observations are the engine's observation tensor and action mask of one seat
(`State.observation_tensor`, `State.action_mask`), O(1) per step. This package imports no
third-party library itself: each module imports only what it adapts to.
"""

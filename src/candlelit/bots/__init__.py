"""Bots: the random bot, per-game heuristics and the registry that names them."""

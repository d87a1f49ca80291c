"""Seeded chance: every random draw of a game comes from its own seed, never the global RNG."""

from __future__ import annotations

import hashlib
import random


def chance_stream(seed: int, draw: int) -> random.Random:
    """An RNG for the `draw`-th chance event of a game seeded with `seed`."""
    return random.Random(f"candlelit:{seed}:{draw}")


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_STEP = 0xD1B54A32D192ED03


def chance_below(seed: int, draw: int, n: int) -> int:
    """A number in [0, `n`) for the `draw`-th chance event of a game seeded with `seed`.

    One splitmix64 output keyed by seed and draw, scaled by multiply-and-shift: as
    reproducible as a seeded stream and far cheaper to start than one, for games that roll
    a die every few actions; the bias is below n / 2**64.
    """
    x = (seed * _GOLDEN + draw * _STEP) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return ((x ^ (x >> 31)) * n) >> 64


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed derived from `parts`, stable across runs and platforms."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1

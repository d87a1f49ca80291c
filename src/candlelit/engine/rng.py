"""Seeded chance: every random draw of a game comes from its own seed, never the global RNG."""

from __future__ import annotations

import hashlib
import random


def chance_stream(seed: int, draw: int) -> random.Random:
    """An RNG for the `draw`-th chance event of a game seeded with `seed`."""
    return random.Random(f"candlelit:{seed}:{draw}")


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed derived from `parts`, stable across runs and platforms."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1

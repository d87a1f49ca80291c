"""Adapters to the ecosystems researchers use (each imports its library lazily, on import)."""

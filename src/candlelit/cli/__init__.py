"""The candlelit command (Typer + Rich)."""

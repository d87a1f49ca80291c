"""Batch simulation: parallel runs, statistics and reports."""

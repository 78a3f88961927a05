"""The puzzle book screen: chapters as stepping stones, and the daily puzzle."""

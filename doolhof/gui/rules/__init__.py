"""The illustrated rules, page by page."""

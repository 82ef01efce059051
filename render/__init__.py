"""Pillow pictures of cards, tiles, hands, tables and leaderboards."""

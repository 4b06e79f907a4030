"""The shared core: dice, decks, geometry, state, decisions, events, records and replay.

Nothing in this package knows any particular game.
"""

"""The Sword Marches AIs (the random AI is the core's): :mod:`.heuristic`."""

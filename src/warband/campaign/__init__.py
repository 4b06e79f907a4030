"""Campaigns: warbands that live from game to game (docs/campaigns.md).

:mod:`.store` keeps each campaign as an append-only log of actions in a SQL database;
:mod:`.core` derives the roster from the log through the ruleset's campaign plug-in
(``warband.rulesets.<name>.campaign``); :mod:`.service` runs the commands.
"""

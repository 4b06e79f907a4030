"""The ruleset kit: everything the rulesets share that is not a game rule.

The core (:mod:`warband.core`) knows dice, geometry, decisions, events, games and records; the
kit sits beside it and holds the plumbing every ruleset package would otherwise repeat, so that
a ruleset package holds only its rules, data, AI and narration text. See
``docs/new-ruleset.md`` for a walk-through with a complete small game.

* :mod:`warband.kit.ruleset`: :class:`~warband.kit.ruleset.KitRuleset`, the plug-in base class
  (declare name, title, sample lists, maybe a default scenario; name the AIs; the kit finds
  the package's catalogue, lists, models, options, game, narrate and describe modules by
  convention) and :class:`~warband.kit.ruleset.Setup`.
* :mod:`warband.kit.content`: :class:`~warband.kit.content.ContentFolder` (packaged folder,
  environment override, cached catalogue, digest), ``CatalogueBase``, ``read_folder``,
  ``read_scenarios`` and ``index_unique``.
* :mod:`warband.kit.models`: pydantic bases for content files (``Strict``, ``ContentFile``, ``SLUG_PATTERN``,
  ``Source``, ``TerrainModel``).
* :mod:`warband.kit.lists`: list scaffolding (``read_list``: ruleset check and model
  validation; ``ListProblems``: violations with file, line, field, name suggestions, limits;
  ``Roster``: the validated warband's base).
* :mod:`warband.kit.options`: game options (``Option`` specs, ``parse_options``).
* :mod:`warband.kit.choices`: ``ChoiceSet`` and ``@choice(CODEC)``: a choice declared and
  registered in one line.
* :mod:`warband.kit.state`: ``OpenView`` (a player's view of an open-information game: the
  state minus its dice and log), ``SideQueries`` (living / enemies / friends of a piece) and
  ``TableQueries`` (plus base contact and Engagement over the state's ``gap``).
* :mod:`warband.kit.narrate`: ``Narrator`` (event kind -> formatter table) and helpers.
* :mod:`warband.kit.table`: ``spread_out`` (menus of places without near-duplicates).
* :mod:`warband.kit.flow`: ``play_turns`` (turns until a rout or the turn limit) and
  ``rout_or_points`` (who won such a game).
* :mod:`warband.kit.odds`: the odds engine's API an odds module needs, in one import, and
  ``pct``.

Import the sub-modules directly; this package imports nothing so that it stays cheap.
"""

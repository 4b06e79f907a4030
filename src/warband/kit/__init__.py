"""The ruleset kit: everything the rulesets share that is not a game rule.

The core (:mod:`warband.core`) knows dice, geometry, decisions, events, games and records; the
kit sits beside it and holds the plumbing every ruleset package would otherwise repeat, so that
a ruleset package holds only its rules, data, AI and narration text. See
``docs/new-ruleset.md`` for a walk-through with a complete small game.

* :mod:`warband.kit.ruleset`: :class:`~warband.kit.ruleset.KitRuleset`, the plug-in base class
  (declare name, title, content folder, sample lists, options; implement catalogue, list
  parsing, schemas, set-up, controllers, narration) and :class:`~warband.kit.ruleset.Setup`.
* :mod:`warband.kit.content`: :class:`~warband.kit.content.ContentFolder` (packaged folder,
  environment override, cached catalogue, digest) and ``index_unique``.
* :mod:`warband.kit.models`: pydantic bases for content files (``Strict``, ``SLUG_PATTERN``,
  ``Source``, ``TerrainModel``).
* :mod:`warband.kit.lists`: list scaffolding (``read_list``: ruleset check and model
  validation; ``ListProblems``: violations with file, line, field, name suggestions, limits).
* :mod:`warband.kit.options`: game options (``Option`` specs, ``parse_options``).
* :mod:`warband.kit.choices`: ``ChoiceSet``, a choice codec with a one-line ``@CODEC.choice``.
* :mod:`warband.kit.state`: ``OpenView`` (a player's view of an open-information game: the
  state minus its dice and log) and ``SideQueries`` (living / enemies / friends of a piece).
* :mod:`warband.kit.narrate`: ``Narrator`` (event kind -> formatter table) and helpers.
* :mod:`warband.kit.odds`: ``QuerySet`` (an odds module's queries, declared with a decorator)
  and ``pct``.

Import the sub-modules directly; this package imports nothing so that it stays cheap.
"""

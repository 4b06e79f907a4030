"""Dwethia Heroes campaign: the Scars and Glory table after each battle
(dwethia.campaign.scars_and_glory), a plug-in of :mod:`warband.campaign`.

The book asks players to keep their squad from battle to battle and consult the Scars and
Glory table afterwards, but prints no table; ours is HOUSE data in
``content/house/campaign.yaml``. After each battle every model of the squad that was slain
rolls a d6 for its Scars (death, or a lasting -1 to a stat, or nothing); every model that slew
an enemy and still stands rolls a d6 for Glory (+1 for each further kill; a lasting +1 to a
stat, capped). The lasting changes are written on the model's list entry
(``scars_and_glory``), so the list's own rules build its profile for the next battle.
Between battles (``purchase``) the squad recruits, re-arms and dismisses models within its
agreed point limit and Composition Chart (dwethia.list.point_limits,
dwethia.list.building_force), all checked by the list rules. The dice are seeded from the
game's seed, so a report re-derives from the record.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from warband.campaign.core import CampaignBase, CampaignError, TableRow, covers, load_tables, pick
from warband.core.game import Game
from warband.rulesets.dwethia.catalogue import CONTENT
from warband.rulesets.dwethia.models import STAT_NAMES

__all__ = ["CAMPAIGN", "DwethiaCampaign", "ScarsAndGlory"]

Stat = Literal["movement", "martial", "perception", "strength", "defense", "aggression",
               "wounds", "integrity", "destiny", "faith", "affinity"]


class SGRow(TableRow):
    """A row of the Scars or the Glory table."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    dead: bool = False
    stats: dict[Stat, int] = Field(default_factory=dict)


class ScarsAndGlory(BaseModel):
    """``content/house/campaign.yaml`` (HOUSE data, dwethia.campaign.scars_and_glory)."""

    model_config = ConfigDict(extra="forbid")
    source: Literal["house"]
    scars: list[SGRow]
    glory: list[SGRow]
    glory_cap: int = Field(ge=0, le=10)

    @model_validator(mode="after")
    def _whole_tables(self) -> ScarsAndGlory:
        if not covers(self.scars, 1, 6):
            raise ValueError("the Scars table must cover 1-6 exactly once")
        if not covers(self.glory, 1, 6):
            raise ValueError("the Glory table must cover 1-6 exactly once")
        if any(r.dead for r in self.glory):
            raise ValueError("a Glory row cannot slay the model")
        return self

    def row(self, table: Literal["scars", "glory"], row_id: str) -> SGRow:
        rows: list[SGRow] = self.scars if table == "scars" else self.glory
        return next(r for r in rows if r.id == row_id)


def tables() -> ScarsAndGlory:
    return load_tables(ScarsAndGlory, CONTENT.folder() / "house")


def _marks(entry: dict[str, Any]) -> dict[str, int]:
    return dict(entry.get("scars_and_glory") or {})


class DwethiaCampaign(CampaignBase):
    """The Dwethia Heroes campaign plug-in (the Scars and Glory table is HOUSE data)."""

    ruleset = "dwethia"

    def start(self, list_data: dict[str, Any], source: str) -> dict[str, Any]:
        data = copy.deepcopy(list_data)
        self.parse(data, source)  # the list's own rules; names are unique within a force
        names = [m["name"] for m in data["models"]]
        return {"list": data, "scars": {n: [] for n in names}, "glory": {n: [] for n in names},
                "kills": dict.fromkeys(names, 0), "fallen": [], "battles": 0, "wins": 0}

    def check(self, roster: dict[str, Any]) -> list[str]:
        names = {m["name"] for m in roster["list"]["models"]}
        problems = [] if names == set(roster["kills"]) else ["kill tally and models differ"]
        cap = tables().glory_cap
        for m in roster["list"]["models"]:
            for stat, delta in _marks(m).items():
                if delta > cap:
                    problems.append(f"{m['name']}: {stat} +{delta} over the Glory cap +{cap}")
        return problems

    # -- the Scars and Glory table after each battle ----------------------------------------
    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        """dwethia.campaign.scars_and_glory: Scars for the slain, then Glory for the models
        that slew (each in the squad's order), from dice seeded by the game's seed."""
        st: Any = game.state
        outcome, dice = self.report_dice(game, side)
        tab = tables()
        mine = st.units_of(side)
        scars: list[dict[str, Any]] = []
        for h in mine:
            if h.slain:
                roll = dice.die(6)
                row = pick(tab.scars, roll)
                scars.append({"model": h.name, "roll": roll, "result": row.id,
                              "name": row.name})
        dead = {s["model"] for s in scars if tab.row("scars", s["result"]).dead}
        glory: list[dict[str, Any]] = []
        for h in mine:
            if h.kills and h.name not in dead:
                die = dice.die(6)
                roll = min(6, die + len(h.kills) - 1)
                row = pick(tab.glory, roll)
                glory.append({"model": h.name, "die": die, "kills": len(h.kills),
                              "roll": roll, "result": row.id, "name": row.name})
        won = outcome.winner == side
        return {"result": "won" if won else ("draw" if outcome.winner is None else "lost"),
                "scars": scars, "glory": glory,
                "kills": {h.name: len(h.kills) for h in mine if h.kills}}

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        tab = tables()
        by_name = {m["name"]: m for m in r["list"]["models"]}
        for name, n in report["kills"].items():
            if name in r["kills"]:
                r["kills"][name] += n
        for s in report["scars"]:
            m = by_name.get(s["model"])
            if m is None:
                continue
            row = tab.row("scars", s["result"])
            r["scars"][m["name"]].append(row.name)
            if row.dead:
                self._fall(r, m)
                continue
            self._mark(m, row.stats, cap=None)
        for g in report["glory"]:
            m = by_name.get(g["model"])
            if m is None or m["name"] in r["fallen"]:
                continue
            row = tab.row("glory", g["result"])
            if self._mark(m, row.stats, cap=tab.glory_cap):
                r["glory"][m["name"]].append(row.name)
            else:
                r["glory"][m["name"]].append(tab.glory[0].name)  # capped: only the cheer
        r["battles"] += 1
        r["wins"] += 1 if report["result"] == "won" else 0
        return r

    @staticmethod
    def _mark(m: dict[str, Any], stats: Mapping[Any, int], cap: int | None) -> bool:
        """Write a lasting change on the model's list entry; False when Glory is capped."""
        marks = _marks(m)
        for stat, delta in stats.items():
            if cap is not None and marks.get(stat, 0) + delta > cap:
                return False
        for stat, delta in stats.items():
            marks[stat] = marks.get(stat, 0) + delta
        m["scars_and_glory"] = {s: marks[s] for s in STAT_NAMES if marks.get(s)}
        if not m["scars_and_glory"]:
            del m["scars_and_glory"]
        return True

    @staticmethod
    def _fall(r: dict[str, Any], m: dict[str, Any]) -> None:
        """A model Fallen in the arena leaves the squad; its leader's mantle passes to the
        next battle's choice (the list rules take the most expensive model as leader when
        none is marked)."""
        r["list"]["models"].remove(m)
        r["fallen"].append(m["name"])
        del r["kills"][m["name"]]

    # -- between battles ------------------------------------------------------------------------
    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        verb, rest = (args[0], list(args[1:])) if args else ("", [])
        names = [m["name"] for m in roster["list"]["models"]]
        payload: dict[str, Any]
        if verb == "recruit" and len(rest) >= 3:
            name, race, cls, *wargear = rest
            if name in names or name in roster["fallen"]:
                raise CampaignError(f"the name {name!r} is taken")
            entry = {"name": name, "race": race, "class": cls, "wargear": wargear}
            payload = {"verb": "recruit", "entry": entry,
                       "summary": f"recruits {name} ({race} {cls})"}
        elif verb == "rearm" and len(rest) >= 1:
            if rest[0] not in names:
                raise CampaignError(f"no model named {rest[0]!r} (models: {', '.join(names)})")
            payload = {"verb": "rearm", "model": rest[0], "wargear": rest[1:],
                       "summary": f"{rest[0]} re-arms with {', '.join(rest[1:]) or 'nothing'}"}
        elif verb == "leader" and len(rest) == 1:
            if rest[0] not in names:
                raise CampaignError(f"no model named {rest[0]!r} (models: {', '.join(names)})")
            payload = {"verb": "leader", "model": rest[0],
                       "summary": f"{rest[0]} leads the squad"}
        elif verb == "dismiss" and len(rest) == 1:
            if rest[0] not in names:
                raise CampaignError(f"no model named {rest[0]!r} (models: {', '.join(names)})")
            payload = {"verb": "dismiss", "model": rest[0], "summary": f"dismisses {rest[0]}"}
        else:
            raise CampaignError("spend what? recruit NAME RACE CLASS [WARGEAR...] |"
                                " rearm NAME [WARGEAR...] | leader NAME | dismiss NAME")
        if verb != "dismiss":  # a squad may shrink below its chart; it recruits before a battle
            self.parse(self.apply_purchase(roster, payload)["list"], "after this purchase")
        return payload

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        models = r["list"]["models"]
        verb = payload["verb"]
        if verb == "recruit":
            entry = copy.deepcopy(payload["entry"])
            models.append(entry)
            for book in ("scars", "glory"):
                r[book][entry["name"]] = []
            r["kills"][entry["name"]] = 0
        elif verb == "rearm":
            next(m for m in models if m["name"] == payload["model"])["wargear"] = list(
                payload["wargear"])
        elif verb == "leader":
            for m in models:
                m["leader"] = m["name"] == payload["model"]
        elif verb == "dismiss":
            r["list"]["models"] = [m for m in models if m["name"] != payload["model"]]
            del r["kills"][payload["model"]]
        else:
            raise CampaignError(f"unknown purchase {verb!r}")
        return r

    # -- text ----------------------------------------------------------------------------------
    def show(self, roster: dict[str, Any]) -> list[str]:
        data = roster["list"]
        lines = [f"{data['name']} - {data['faction']}, {data['points']} points,"
                 f" {roster['battles']} battles ({roster['wins']} won)"]
        for m in data["models"]:
            marks = _marks(m)
            changes = ", ".join(f"{s} {d:+d}" for s, d in marks.items())
            lines.append(f"  {m['name']} ({m['race']} {m['class']}"
                         f"{', leader' if m.get('leader') else ''}) kills"
                         f" {roster['kills'][m['name']]}; wargear:"
                         f" {', '.join(m.get('wargear', [])) or '-'}"
                         + (f"; {changes}" if changes else "")
                         + (f"; scars: {', '.join(roster['scars'][m['name']])}"
                            if roster["scars"].get(m["name"]) else "")
                         + (f"; glory: {', '.join(roster['glory'][m['name']])}"
                            if roster["glory"].get(m["name"]) else ""))
        lines += self.fallen_lines(roster)
        return lines

    def show_report(self, report: dict[str, Any]) -> list[str]:
        lines = [f"Scars and Glory: {report['result']}"]
        lines += [f"  Scars {s['model']} (slain): d6 {s['roll']} -> {s['name']}"
                  for s in report["scars"]]
        lines += [f"  Glory {g['model']} ({g['kills']} kill(s)): d6 {g['die']}"
                  + (f" +{g['kills'] - 1}" if g["kills"] > 1 else "") + f" -> {g['name']}"
                  for g in report["glory"]]
        if not report["scars"] and not report["glory"]:
            lines.append("  no model slain, none slew: nothing to roll")
        return lines


CAMPAIGN = DwethiaCampaign()

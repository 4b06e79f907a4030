"""ArcWorlde narrative campaign rules (HOUSE: the book promises campaigns of linked narrative
events but prints no campaign rules), a plug-in of :mod:`warband.campaign`.

After each game: every Character Knocked Out rolls a d6 on the house Fates table (Dead, loses
its last piece of equipment, recovers); Characters that Fled roll nothing; the warband earns Gold
Pieces (per game, per VP, for a victory). Between games Gold buys new Characters (``hire
PROFILE [NAME]``) and equipment (``equip NAME ITEM``); ``dismiss NAME``. The warband's Game Value
grows with what it buys, so its list stays legal (arcworlde.list.gold_game_value). Tables:
``content/campaign.yaml``. The dice are seeded from the game's seed, so a report re-derives from
the record.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from warband.campaign.core import CampaignBase, CampaignError, TableRow, covers, load_tables, pick
from warband.core.game import Game
from warband.rulesets.arcworlde.catalogue import CONTENT

__all__ = ["CAMPAIGN", "ArcWorldeCampaign"]


class _Row(TableRow):
    id: Literal["dead", "lost_kit", "recovered"]
    name: str


class _Gold(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: int = Field(ge=0, le=1000)
    per_vp: int = Field(ge=0, le=1000)
    victory: int = Field(ge=0, le=1000)


class ArcCampaignTables(BaseModel):
    """``content/campaign.yaml`` (HOUSE)."""

    model_config = ConfigDict(extra="forbid")
    source: Literal["house"]
    fates: list[_Row]
    gold: _Gold

    @model_validator(mode="after")
    def _whole_table(self) -> ArcCampaignTables:
        if not covers(self.fates, 1, 6):
            raise ValueError("the Fates table must cover 1-6 exactly once")
        return self

    def fate(self, roll: int) -> _Row:
        row: _Row = pick(self.fates, roll)
        return row


def tables() -> ArcCampaignTables:
    return load_tables(ArcCampaignTables, CONTENT.folder())


class ArcWorldeCampaign(CampaignBase):
    """The ArcWorlde campaign plug-in (HOUSE rules)."""

    ruleset = "arcworlde"

    def start(self, list_data: dict[str, Any], source: str) -> dict[str, Any]:
        data = copy.deepcopy(list_data)
        wb = self.parse(data, source)
        cat = CONTENT.catalogue()
        totals: dict[str, int] = {}
        for e in data["characters"]:
            totals[e["profile"]] = totals.get(e["profile"], 0) + int(e.get("count", 1))
        seen: dict[str, int] = {}
        chars = []
        for e in data["characters"]:
            for _ in range(int(e.get("count", 1))):
                pname = cat.profiles[e["profile"]].name
                seen[e["profile"]] = seen.get(e["profile"], 0) + 1
                name = e.get("name") or (pname if totals[e["profile"]] == 1
                                         else f"{pname} {seen[e['profile']]}")
                chars.append({"profile": e["profile"], "equipment": list(e.get("equipment", [])),
                              "name": name})
        data["characters"] = chars
        spent = sum(m.cost for m in wb.members)
        return {"list": data, "gold": wb.game_value - spent, "fallen": [], "fates": {},
                "battles": 0, "wins": 0}

    def check(self, roster: dict[str, Any]) -> list[str]:
        return [f"gold {roster['gold']} < 0"] if roster["gold"] < 0 else []

    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        st: Any = game.state
        outcome, dice = self.report_dice(game, side)
        mine = [c for c in st.chars if c.side == side]
        names = [c["name"] for c in roster["list"]["characters"]]
        fates = []
        for i, c in enumerate(mine):
            if c.ko and not c.fled:
                roll = dice.die(6)
                fates.append({"character": names[i] if i < len(names) else c.name,
                              "roll": roll, "fate": tables().fate(roll).id,
                              "name": tables().fate(roll).name})
        g = tables().gold
        won = outcome.winner == side
        vp = int(outcome.vp[side]) if outcome.vp else 0
        return {"result": "won" if won else ("draw" if outcome.winner is None else "lost"),
                "fates": fates, "vp": vp,
                "gold": g.game + g.per_vp * vp + (g.victory if won else 0)}

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        chars = r["list"]["characters"]
        for f in report["fates"]:
            c = next((c for c in chars if c["name"] == f["character"]), None)
            if c is None:
                continue
            if f["fate"] != "recovered":
                r["fates"].setdefault(c["name"], []).append(f["name"])
            if f["fate"] == "dead" and len(chars) > 1:
                chars.remove(c)
                r["fallen"].append(c["name"])
            elif f["fate"] == "lost_kit" and c["equipment"]:
                c["equipment"].pop()
        r["gold"] += report["gold"]
        r["battles"] += 1
        r["wins"] += 1 if report["result"] == "won" else 0
        return r

    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        cat = CONTENT.catalogue()
        names = [c["name"] for c in roster["list"]["characters"]]
        verb, rest = (args[0], list(args[1:])) if args else ("", [])
        if verb == "hire" and len(rest) in (1, 2):
            prof = cat.profiles.get(rest[0])
            if prof is None:
                raise CampaignError(f"unknown profile {rest[0]!r}")
            name = rest[1] if len(rest) == 2 else f"{prof.name} {len(names) + 1}"
            if name in names or name in roster["fallen"]:
                raise CampaignError(f"the name {name!r} is taken")
            payload = {"verb": "hire", "entry": {"profile": prof.id, "equipment": [],
                                                 "name": name},
                       "gold": prof.cost, "summary": f"hires {name} for {prof.cost} GP"}
        elif verb == "equip" and len(rest) == 2:
            if rest[0] not in names:
                raise CampaignError(f"no character named {rest[0]!r}")
            item = cat.equipment.get(rest[1])
            if item is None:
                raise CampaignError(f"unknown equipment {rest[1]!r}")
            payload = {"verb": "equip", "name": rest[0], "item": item.id, "gold": item.cost,
                       "summary": f"{rest[0]} takes {item.id} for {item.cost} GP"}
        elif verb == "dismiss" and len(rest) == 1:
            if rest[0] not in names:
                raise CampaignError(f"no character named {rest[0]!r}")
            payload = {"verb": "dismiss", "name": rest[0], "gold": 0,
                       "summary": f"dismisses {rest[0]}"}
        else:
            raise CampaignError("spend what? hire PROFILE [NAME] | equip NAME ITEM |"
                                " dismiss NAME")
        if payload["gold"] > roster["gold"]:
            raise CampaignError(f"costs {payload['gold']} GP; {roster['gold']} GP banked")
        self.parse(self.apply_purchase(roster, payload)["list"], "after this purchase")
        return payload

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        chars = r["list"]["characters"]
        r["gold"] -= int(payload["gold"])
        r["list"]["game_value"] += int(payload["gold"])  # the warband's worth grows
        if payload["verb"] == "hire":
            chars.append(copy.deepcopy(payload["entry"]))
        elif payload["verb"] == "equip":
            next(c for c in chars if c["name"] == payload["name"])["equipment"].append(
                payload["item"])
        elif payload["verb"] == "dismiss":
            r["list"]["characters"] = [c for c in chars if c["name"] != payload["name"]]
        return r

    def show(self, roster: dict[str, Any]) -> list[str]:
        lines = [f"{roster['list']['name']} - {roster['gold']} GP banked, Game Value"
                 f" {roster['list']['game_value']}, {roster['battles']} games"
                 f" ({roster['wins']} won)"]
        for c in roster["list"]["characters"]:
            fates = roster["fates"].get(c["name"])
            lines.append(f"  {c['name']} ({c['profile']}); equipment:"
                         f" {', '.join(c['equipment']) or '-'}"
                         + (f"; fates: {', '.join(fates)}" if fates else ""))
        lines += self.fallen_lines(roster)
        return lines

    def show_report(self, report: dict[str, Any]) -> list[str]:
        lines = [f"After the game: {report['result']}, {report['vp']} VP"]
        lines += [f"  {f['character']} Knocked Out: d6 {f['roll']} -> {f['name']}"
                  for f in report["fates"]]
        lines.append(f"  Gold +{report['gold']} GP")
        return lines


CAMPAIGN = ArcWorldeCampaign()

"""Raiders of Arcana campaign: unit experience and growth (HOUSE: the book promises warbands
developed and expanded on success but prints no rules), a plug-in of :mod:`warband.campaign`.

After each raid every unit gains experience (taking part, surviving, figures it killed) and
titles (Blooded, Veteran, Legendary), each adding house veteran gains to its profile (Morale,
Attack Skill, Defence Bonus: raiders.profile.morale, raiders.profile.as, raiders.profile.db)
from its next raid on, written on its list entry; a destroyed unit rolls a d6 and is gone for good on a low
roll, else rebuilt; the warband banks silver. Between raids silver recruits units (``recruit
PROFILE [NAME]``) within the game size's silver and unit limits
(raiders.listbuilding.restrictions), and enough experience lets the warband grow to the next game
size (``grow``, raiders.listbuilding.warband_size). Tables: ``content/campaign.yaml``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from warband.campaign.core import CampaignBase, CampaignError, load_tables
from warband.core.game import Game
from warband.rulesets.raiders.catalogue import CONTENT
from warband.rulesets.raiders.models import VeteranStat

__all__ = ["CAMPAIGN", "RaidersCampaign"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Exp(_Strict):
    took_part: int = Field(ge=0, le=20)
    survived: int = Field(ge=0, le=20)
    per_figure_killed: int = Field(ge=0, le=20)


class _Honour(_Strict):
    exp: int = Field(ge=1, le=1000)
    name: str
    #: what the title adds to the unit's profile from its next raid on
    gains: dict[VeteranStat, int] = Field(default_factory=dict)


class _Silver(_Strict):
    raid: int = Field(ge=0, le=1000)
    victory: int = Field(ge=0, le=1000)


class RaidersCampaignTables(_Strict):
    """``content/campaign.yaml`` (HOUSE)."""

    source: str = Field(pattern="^house$")
    experience: _Exp
    honours: list[_Honour]
    lost_on: int = Field(ge=0, le=6)
    silver: _Silver
    grow: dict[str, int]


def tables() -> RaidersCampaignTables:
    return load_tables(RaidersCampaignTables, CONTENT.folder())


class RaidersCampaign(CampaignBase):
    """The Raiders of Arcana campaign plug-in (HOUSE rules)."""

    ruleset = "raiders"

    def start(self, list_data: dict[str, Any], source: str) -> dict[str, Any]:
        data = copy.deepcopy(list_data)
        wb = self.parse(data, source)
        cat = CONTENT.catalogue()
        units = []
        for e in data["units"]:
            count = int(e.pop("count", 1))
            for k in range(count):
                u = dict(e)
                base = e.get("name") or cat.profiles[e["profile"]].name
                u["name"] = base if count == 1 else f"{base} {k + 1}"
                units.append(u)
        data["units"] = units
        names = [u["name"] for u in units]
        if len(set(names)) != len(names):
            raise CampaignError(f"{source}: unit names must differ within a campaign warband")
        return {"list": data, "silver": wb.game_value - wb.cost, "exp": dict.fromkeys(names, 0),
                "lost": [], "battles": 0, "wins": 0, "renown": 0}

    def check(self, roster: dict[str, Any]) -> list[str]:
        bad = [f"silver {roster['silver']} < 0"] if roster["silver"] < 0 else []
        return bad + [f"{n}: exp {x} < 0" for n, x in roster["exp"].items() if x < 0]

    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        st: Any = game.state
        outcome, dice = self.report_dice(game, side)
        tab = tables()
        names = [u["name"] for u in roster["list"]["units"]]
        mine = [u for u in st.units if u.side == side]
        units = []
        for i, u in enumerate(mine):
            name = names[i] if i < len(names) else u.name
            x = tab.experience
            exp = x.took_part + x.per_figure_killed * u.figures_killed + (
                0 if u.destroyed else x.survived)
            entry: dict[str, Any] = {"unit": name, "exp": exp, "killed": u.figures_killed,
                                     "destroyed": u.destroyed}
            if u.destroyed:
                roll = dice.die(6)
                entry["roll"], entry["lost"] = roll, roll <= tab.lost_on
            units.append(entry)
        won = outcome.winner == side
        return {"result": "won" if won else ("draw" if outcome.winner is None else "lost"),
                "units": units,
                "silver": tab.silver.raid + (tab.silver.victory if won else 0)}

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        for e in report["units"]:
            if e["unit"] not in r["exp"]:
                continue
            before = r["exp"][e["unit"]]
            r["exp"][e["unit"]] += e["exp"]
            r["renown"] += e["exp"]
            self._honour(r, e["unit"], before)
            if e.get("lost"):
                r["list"]["units"] = [u for u in r["list"]["units"] if u["name"] != e["unit"]]
                del r["exp"][e["unit"]]
                r["lost"].append(e["unit"])
        r["silver"] += report["silver"]
        r["battles"] += 1
        r["wins"] += 1 if report["result"] == "won" else 0
        return r

    @staticmethod
    def _honour(r: dict[str, Any], name: str, before: int) -> None:
        """HOUSE veteran honours: each title the unit reaches now adds its gains to the unit's
        list entry, so the list rules build the stronger profile for its next raid."""
        entry = next(u for u in r["list"]["units"] if u["name"] == name)
        for h in tables().honours:
            if before < h.exp <= r["exp"][name]:
                vet = entry.setdefault("veteran", {})
                for stat, gain in h.gains.items():
                    vet[stat] = vet.get(stat, 0) + gain

    def honour(self, exp: int) -> str | None:
        titles = [h.name for h in sorted(tables().honours, key=lambda h: h.exp) if exp >= h.exp]
        return titles[-1] if titles else None

    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        cat = CONTENT.catalogue()
        verb, rest = (args[0], list(args[1:])) if args else ("", [])
        names = [u["name"] for u in roster["list"]["units"]]
        if verb == "recruit" and len(rest) in (1, 2):
            prof = cat.profiles.get(rest[0])
            if prof is None:
                raise CampaignError(f"unknown profile {rest[0]!r}")
            name = rest[1] if len(rest) == 2 else f"{prof.name} {len(names) + len(roster['lost']) + 1}"
            if name in names or name in roster["lost"]:
                raise CampaignError(f"the name {name!r} is taken")
            payload = {"verb": "recruit", "entry": {"profile": prof.id, "name": name},
                       "silver": prof.cost, "summary": f"recruits {name} for {prof.cost} silver"}
        elif verb == "grow" and not rest:
            order = list(cat.sizes)
            now = roster["list"]["size"]
            if order.index(now) + 1 >= len(order):
                raise CampaignError("the warband is already at the largest game size")
            nxt = order[order.index(now) + 1]
            need = tables().grow.get(nxt)
            if need is None or roster["renown"] < need:
                raise CampaignError(f"growing to {nxt} needs {need} experience; the warband has"
                                    f" {roster['renown']}")
            payload = {"verb": "grow", "size": nxt, "silver": 0,
                       "summary": f"grows to a {cat.sizes[nxt].name}"}
        elif verb == "dismiss" and len(rest) == 1:
            if rest[0] not in names:
                raise CampaignError(f"no unit named {rest[0]!r}")
            payload = {"verb": "dismiss", "name": rest[0], "silver": 0,
                       "summary": f"dismisses {rest[0]}"}
        else:
            raise CampaignError("spend what? recruit PROFILE [NAME] | grow | dismiss UNIT")
        if payload["silver"] > roster["silver"]:
            raise CampaignError(f"costs {payload['silver']} silver; {roster['silver']} banked")
        self._check_limits(self.apply_purchase(roster, payload)["list"])
        return payload

    def _check_limits(self, data: dict[str, Any]) -> None:
        """The limits a purchase could break: the size's silver and its most units
        (raiders.listbuilding.restrictions). Too few units is allowed between raids (recruit
        more); the whole list is checked before the warband takes the field."""
        cat = CONTENT.catalogue()
        size = cat.sizes[data["size"]]
        cost = sum(cat.profiles[u["profile"]].cost for u in data["units"])
        if cost > size.silver:
            raise CampaignError(f"the units would cost {cost} silver, over the {size.name}'s"
                                f" {size.silver} (raiders.listbuilding.restrictions)")
        if len(data["units"]) > size.units_max:
            raise CampaignError(f"{len(data['units'])} units; a {size.name} has at most"
                                f" {size.units_max} (raiders.listbuilding.warband_size)")

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        r["silver"] -= int(payload["silver"])
        if payload["verb"] == "recruit":
            r["list"]["units"].append(dict(payload["entry"]))
            r["exp"][payload["entry"]["name"]] = 0
        elif payload["verb"] == "grow":
            cat = CONTENT.catalogue()
            r["silver"] += cat.sizes[payload["size"]].silver - cat.sizes[r["list"]["size"]].silver
            r["list"]["size"] = payload["size"]
        elif payload["verb"] == "dismiss":
            r["list"]["units"] = [u for u in r["list"]["units"] if u["name"] != payload["name"]]
            del r["exp"][payload["name"]]
        return r

    def show(self, roster: dict[str, Any]) -> list[str]:
        lines = [f"{roster['list']['name']} - {roster['list']['size']}, {roster['silver']}"
                 f" silver banked, experience {roster['renown']}, {roster['battles']} raids"
                 f" ({roster['wins']} won)"]
        for u in roster["list"]["units"]:
            exp = roster["exp"][u["name"]]
            title = self.honour(exp)
            gains = ", ".join(f"{s} +{g}" for s, g in u.get("veteran", {}).items())
            lines.append(f"  {u['name']} ({u['profile']}) exp {exp}"
                         + (f", {title}" if title else "") + (f" ({gains})" if gains else ""))
        if roster["lost"]:
            lines.append(f"  Lost: {', '.join(roster['lost'])}")
        return lines

    def show_report(self, report: dict[str, Any]) -> list[str]:
        lines = [f"After the raid: {report['result']}"]
        for e in report["units"]:
            fate = ""
            if e["destroyed"]:
                fate = f"; destroyed, d6 {e['roll']} -> {'lost' if e['lost'] else 'rebuilt'}"
            lines.append(f"  {e['unit']}: +{e['exp']} exp ({e['killed']} figures killed){fate}")
        lines.append(f"  Silver +{report['silver']}")
        return lines


CAMPAIGN = RaidersCampaign()

"""ArcWorlde narrative campaign rules (HOUSE: the book promises campaigns of linked narrative
events but prints no campaign rules), a plug-in of :mod:`warband.campaign`.

After each game (one step, from the game the record replays):

* every Character Knocked Out (not one that Fled) rolls a d6 on the house Fates table (Dead,
  loses its last piece of equipment, recovers); a dead Commander is succeeded by a new
  Commander of the same profile, without the fallen one's equipment, so the warband can take
  the field again (arcworlde.list.class.commander);
* what the Characters carry at the end is kept: Arcanite Tokens found and not spent, bought
  Tokens not spent, Fabled Artefacts and other equipment picked up or given; a Character
  Knocked Out leaves its Tokens and Fabled Artefacts on the table, and what is left on the
  table is lost (arcworlde.arcanite.obtaining, arcworlde.equipment.knocked_out,
  arcworlde.equipment.fabled_artefacts); the Game Value grows by what was found;
* the warband earns Gold Pieces (per game, per VP, for a victory); Swords for Hire leave.

Between games Gold buys new Characters (``hire PROFILE [NAME]``), equipment (``equip NAME
ITEM``; Fabled Artefacts are found, never bought) and a Sword for Hire for the next game only
(``sword PROFILE [NAME]``, arcworlde.hire.swords_for_hire); ``dismiss NAME``. The warband's Game
Value grows with what it buys, so its list stays legal (arcworlde.list.gold_game_value). Tables:
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
from warband.rulesets.arcworlde.rules.arcanite import ARCANITE_ID
from warband.rulesets.arcworlde.rules.forest import FABLED

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
        return pick(self.fates, roll)


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
                entry = {k: copy.deepcopy(v) for k, v in e.items() if k != "count"}
                entry.update(name=name, equipment=list(e.get("equipment", [])))
                chars.append(entry)
        data["characters"] = chars
        names = [c["name"] for c in chars]
        if len(set(names)) != len(names):
            raise CampaignError(f"{source}: Character names must differ within a campaign"
                                " warband")
        spent = sum(m.cost for m in wb.members)
        return {"list": data, "gold": wb.game_value - spent, "fallen": [], "fates": {},
                "swords": [], "battles": 0, "wins": 0}

    def check(self, roster: dict[str, Any]) -> list[str]:
        return [f"gold {roster['gold']} < 0"] if roster["gold"] < 0 else []

    @staticmethod
    def _in_game(roster: dict[str, Any], game: Game, side: int) -> list[tuple[str, Any]]:
        """The roster's Characters with their Characters in the game (a Monstrous Mount is a
        Character of its own in play, bought with its rider: it is skipped)."""
        st: Any = game.state
        mine = [c for c in st.chars if c.side == side and c.rider_uid is None]
        names = [c["name"] for c in roster["list"]["characters"]]
        return list(zip(names, mine, strict=False))

    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        outcome, dice = self.report_dice(game, side)
        pairs = self._in_game(roster, game, side)
        fates = []
        for name, c in pairs:
            if c.ko and not c.fled:
                roll = dice.die(6)
                fates.append({"character": name, "roll": roll, "fate": tables().fate(roll).id,
                              "name": tables().fate(roll).name})
        kept = []
        swords = set(roster.get("swords", []))
        entries = {c["name"]: c for c in roster["list"]["characters"]}
        for name, c in pairs:
            if name in swords:
                continue  # a Sword for Hire leaves after the game with what it holds
            carried = self.carried(c)
            if sorted(carried) != sorted(entries[name]["equipment"]):
                kept.append({"character": name, "equipment": carried})
        g = tables().gold
        won = outcome.winner == side
        vp = int(outcome.vp[side]) if outcome.vp else 0
        return {"result": "won" if won else ("draw" if outcome.winner is None else "lost"),
                "fates": fates, "kept": kept, "vp": vp,
                "gold": g.game + g.per_vp * vp + (g.victory if won else 0)}

    @staticmethod
    def carried(c: Any) -> list[str]:
        """The list equipment a Character carries out of the game: its equipment less its
        profile's own, its Arcanite Tokens as it holds them now (spent ones are gone, found
        ones kept); Knocked Out, it left its Tokens and Fabled Artefacts on the table
        (arcworlde.equipment.knocked_out), and what lies on the table is lost."""
        own = [e.id for e in c.profile.equipment]
        held = [e.id for e in c.equipment if e.id != ARCANITE_ID]
        for e_id in own:
            if e_id in held:
                held.remove(e_id)
        if c.ko and not c.fled:
            held = [e for e in held if not e.startswith(FABLED)]
        return held + [ARCANITE_ID] * (c.arcanite + c.arcanite_bought)

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        r.setdefault("swords", [])
        cat = CONTENT.catalogue()
        chars = r["list"]["characters"]
        swords = {c["name"]: cat.profiles[c["profile"]].cost for c in chars
                  if c["name"] in r["swords"]}
        for k in report.get("kept", []):
            c = next((c for c in chars if c["name"] == k["character"]), None)
            if c is None:
                continue
            found = list(k["equipment"])
            for e_id in c["equipment"]:
                if e_id in found:
                    found.remove(e_id)
            r["list"]["game_value"] += sum(cat.equipment[e].cost for e in found)
            c["equipment"] = list(k["equipment"])
        for f in report["fates"]:
            c = next((c for c in chars if c["name"] == f["character"]), None)
            if c is None:
                continue
            if f["fate"] != "recovered":
                r["fates"].setdefault(c["name"], []).append(f["name"])
            if f["fate"] == "dead":
                chars.remove(c)
                r["fallen"].append(c["name"])
                if cat.profiles[c["profile"]].commander and c["name"] not in swords:
                    chars.insert(0, self._successor(r, c))
            elif f["fate"] == "lost_kit" and c["equipment"]:
                c["equipment"].pop()
        # Swords for Hire leave after the game, fallen or not (their GP is spent)
        r["list"]["game_value"] -= sum(swords.values())
        r["list"]["characters"] = [c for c in chars if c["name"] not in swords]
        r["swords"] = []
        r["gold"] += report["gold"]
        r["battles"] += 1
        r["wins"] += 1 if report["result"] == "won" else 0
        return r

    @staticmethod
    def _successor(r: dict[str, Any], fallen: dict[str, Any]) -> dict[str, Any]:
        """HOUSE succession (arcworlde.list.class.commander): a dead Commander's place is taken
        by a new Commander of the same profile, who starts without the fallen one's equipment
        (buried with it), so the warband can take the field again."""
        taken = {c["name"] for c in r["list"]["characters"]} | set(r["fallen"])
        k = 1
        name = f"Heir of {fallen['name']}"
        while name in taken:
            k += 1
            name = f"Heir of {fallen['name']} ({k})"
        heir = {key: copy.deepcopy(v) for key, v in fallen.items() if key != "equipment"}
        heir.update(name=name, equipment=[])
        r.setdefault("succession", []).append(f"{name} succeeds {fallen['name']}")
        return heir

    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        cat = CONTENT.catalogue()
        names = [c["name"] for c in roster["list"]["characters"]]
        verb, rest = (args[0], list(args[1:])) if args else ("", [])
        if verb in ("hire", "sword") and len(rest) in (1, 2):
            prof = cat.profiles.get(rest[0])
            if prof is None:
                raise CampaignError(f"unknown profile {rest[0]!r}")
            if verb == "hire" and prof.sword_for_hire:
                raise CampaignError(f"{prof.name} is a Sword for Hire: hire it for the next game"
                                    f" with `sword {prof.id}` (arcworlde.hire.swords_for_hire)")
            if verb == "sword" and not prof.sword_for_hire:
                raise CampaignError(f"{prof.name} is not a Sword for Hire"
                                    " (arcworlde.hire.swords_for_hire)")
            name = rest[1] if len(rest) == 2 else (
                prof.name if verb == "sword" else f"{prof.name} {len(names) + 1}")
            if name in names or name in roster["fallen"]:
                raise CampaignError(f"the name {name!r} is taken")
            what = "hires" if verb == "hire" else "takes on the Sword for Hire"
            payload = {"verb": verb, "entry": {"profile": prof.id, "equipment": [],
                                               "name": name},
                       "gold": prof.cost, "summary": f"{what} {name} for {prof.cost} GP"
                                                    + (" (one game)" if verb == "sword" else "")}
        elif verb == "equip" and len(rest) == 2:
            if rest[0] not in names:
                raise CampaignError(f"no character named {rest[0]!r}")
            item = cat.equipment.get(rest[1])
            if item is None:
                raise CampaignError(f"unknown equipment {rest[1]!r}")
            if item.id.startswith(FABLED):
                raise CampaignError(f"{item.name} is a Fabled Artefact: it is found in play, not"
                                    " bought (arcworlde.equipment.fabled_artefacts)")
            payload = {"verb": "equip", "name": rest[0], "item": item.id, "gold": item.cost,
                       "summary": f"{rest[0]} takes {item.id} for {item.cost} GP"}
        elif verb == "dismiss" and len(rest) == 1:
            if rest[0] not in names:
                raise CampaignError(f"no character named {rest[0]!r}")
            payload = {"verb": "dismiss", "name": rest[0], "gold": 0,
                       "summary": f"dismisses {rest[0]}"}
        else:
            raise CampaignError("spend what? hire PROFILE [NAME] | sword PROFILE [NAME] |"
                                " equip NAME ITEM | dismiss NAME")
        if payload["gold"] > roster["gold"]:
            raise CampaignError(f"costs {payload['gold']} GP; {roster['gold']} GP banked")
        self.parse(self.apply_purchase(roster, payload)["list"], "after this purchase")
        return payload

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        chars = r["list"]["characters"]
        r["gold"] -= int(payload["gold"])
        r["list"]["game_value"] += int(payload["gold"])  # the warband's worth grows
        if payload["verb"] in ("hire", "sword"):
            chars.append(copy.deepcopy(payload["entry"]))
            if payload["verb"] == "sword":
                r.setdefault("swords", []).append(payload["entry"]["name"])
        elif payload["verb"] == "equip":
            next(c for c in chars if c["name"] == payload["name"])["equipment"].append(
                payload["item"])
        elif payload["verb"] == "dismiss":
            r["list"]["characters"] = [c for c in chars if c["name"] != payload["name"]]
            if payload["name"] in r.get("swords", []):
                r["swords"].remove(payload["name"])
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
        if roster.get("swords"):
            lines.append(f"  Swords for Hire (this game only): {', '.join(roster['swords'])}")
        lines += self.fallen_lines(roster)
        lines += [f"  {s}" for s in roster.get("succession", [])]
        return lines

    def show_report(self, report: dict[str, Any]) -> list[str]:
        lines = [f"After the game: {report['result']}, {report['vp']} VP"]
        lines += [f"  {f['character']} Knocked Out: d6 {f['roll']} -> {f['name']}"
                  for f in report["fates"]]
        lines += [f"  {k['character']} comes home with: {', '.join(k['equipment']) or 'nothing'}"
                  for k in report.get("kept", [])]
        lines.append(f"  Gold +{report['gold']} GP")
        return lines


CAMPAIGN = ArcWorldeCampaign()

"""The Sword Marches campaign rules (plug-in of :mod:`warband.campaign`).

The After Action Report of a finished game (sm.campaign.after_action_report), computed in one
step from the game the record replays: Trauma Checks for Wounded models, not for those that fled
off the table (sm.check.trauma, sm.condition.broken_flight), a Vengeful Revenant's extra d10
(sm.archetype.vengeful_revenant); Experience, more for taking out Rival Faction models
(sm.campaign.experience, sm.faction.selection); Renown and the Chronicle stages
(sm.campaign.stage_advancement, sm.campaign.chronicle_stages); banked Silver
(sm.muster.silver_pieces); Extra Rations used up (sm.item.extra_rations). Between games
(``purchase``): Traits bought with EXP, Trait Slots up to CMD, Stackable Traits up to +3
(sm.campaign.experience, sm.muster.trait_slots, sm.trait.stackable); Gear for Silver; Scarce
Gear found in the Commerce step with up to three Random Checks needing 3+, 5+, 7+ and a
Mercantile Stronghold's extra d10 (sm.campaign.scarce_gear, sm.stronghold.mercantile); Extra
Rations; new recruits and Hirelings (sm.modeltype.hireling); a new Archetype at a new Chronicle
stage, never an old one (sm.archetype.selection).

The tables the book leaves out are HOUSE data in ``content/campaign.yaml``. Every die is rolled
by a :class:`~warband.core.dice.Dice` seeded from the game's seed (reports) or the campaign's
version (purchases), and the rolls are kept in the action, so the log re-derives exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from warband.campaign.core import CampaignBase, CampaignError, TableRow, covers, load_tables, pick
from warband.content.errors import ContentError
from warband.core.dice import Dice
from warband.core.game import Game
from warband.rulesets.sword_marches.catalogue import CONTENT, Catalogue
from warband.rulesets.sword_marches.lists import RULESET, SLOTS, Warband, parse_list
from warband.rulesets.sword_marches.models import RIVALS, ModelType

__all__ = ["CAMPAIGN", "SwordMarchesCampaign"]

STAGES = ("upstart", "blooded", "legend")
#: Random Check needed by the 1st, 2nd and 3rd Scarce Gear attempt of one report
SCARCE_NEEDS = (3, 5, 7)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TraumaRow(TableRow):
    id: str
    name: str
    dead: bool = False
    ratings: dict[Literal["cbt", "cmd", "con"], int] = Field(default_factory=dict)
    exp: int = Field(0, ge=0, le=20)


class ExperienceTable(_Strict):
    took_part: int = Field(ge=0, le=20)
    survived: int = Field(ge=0, le=20)
    wounded_enemy: int = Field(ge=0, le=20)
    wounded_rival: int = Field(ge=0, le=20)
    warlord_victory: int = Field(ge=0, le=20)


class RenownTable(_Strict):
    battle: int = Field(ge=0, le=20)
    victory: int = Field(ge=0, le=20)
    enemy_wounded: int = Field(ge=0, le=20)
    thresholds: dict[Literal["blooded", "legend"], int]


class SilverTable(_Strict):
    battle: int = Field(ge=0, le=500)
    victory: int = Field(ge=0, le=500)


class CampaignTables(_Strict):
    """``content/campaign.yaml`` (HOUSE data)."""

    source: Literal["house"]
    trauma: list[TraumaRow]
    experience: ExperienceTable
    renown: RenownTable
    silver: SilverTable

    @model_validator(mode="after")
    def _whole_table(self) -> CampaignTables:
        if not covers(self.trauma, 1, 10):
            raise ValueError("the Trauma table must cover 1-10 exactly once")
        return self

    def trauma_for(self, roll: int) -> TraumaRow:
        return pick(self.trauma, roll)


def tables() -> CampaignTables:
    return load_tables(CampaignTables, CONTENT.folder())


def _cat() -> Catalogue:
    return CONTENT.catalogue()


def _entry_traits(entry: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in entry.get("traits", []):
        name, _, level = str(t).partition("+")
        out[name] = int(level) if level.isdigit() else 1
    return out


def _set_traits(entry: dict[str, Any], traits: dict[str, int]) -> None:
    entry["traits"] = [t if lv == 1 else f"{t}+{lv}" for t, lv in traits.items()]


class SwordMarchesCampaign(CampaignBase):
    """The Sword Marches campaign plug-in."""

    ruleset = RULESET

    # -- the roster ------------------------------------------------------------------------
    def start(self, list_data: dict[str, Any], source: str) -> dict[str, Any]:
        """The starting roster: the Muster with every model on its own line (campaign mode),
        the Apprenticeship written as a +2 Trait, and the unspent Silver banked
        (sm.muster.silver_pieces)."""
        data = copy.deepcopy(list_data)
        data.pop("campaign", None)
        warband = parse_list(data, source, _cat())  # the hire-time rules
        models: list[dict[str, Any]] = []
        for e in data["models"]:
            count = int(e.pop("count", 1))
            for k in range(count):
                m = copy.deepcopy(e)
                m["name"] = e["name"] if count == 1 else f"{e['name']} {k + 1}"
                app = m.pop("apprenticeship", None)
                if app is not None:
                    traits = _entry_traits(m)
                    traits[app] = 2
                    _set_traits(m, traits)
                models.append(m)
        names = [m["name"] for m in models]
        if len(set(names)) != len(names):
            raise CampaignError(f"{source}: model names must differ within a campaign warband")
        muster = {**data, "models": models, "campaign": True}
        roster: dict[str, Any] = {
            "muster": muster,
            "silver": warband.silver - warband.cost,
            "renown": 0, "battles": 0, "wins": 0,
            "exp": {n: 0 for n in names},
            "injuries": {n: [] for n in names},
            "fallen": [],
            "archetypes": [data["archetype"]],
            "archetype_change": False,
            "scarce_attempts": 0,
            "stash": [],
            "templates": {m["name"]: m for m in models if m["type"] == "warrior"},
        }
        self._validate(roster, source)
        return roster

    list_key = "muster"

    def _validate(self, roster: dict[str, Any], source: str, recruiting: bool = False) -> Warband:
        """The roster's Muster, checked (``recruiting``: a hire between games may leave the
        Warband still short of its minimum numbers, so losses are hired back one at a time)."""
        if not recruiting:
            warband: Warband = self.parse(roster["muster"], source)
            return warband
        try:
            return parse_list(roster["muster"], source, _cat(), recruiting=True)
        except ContentError as exc:
            raise CampaignError(str(exc)) from None

    def check(self, roster: dict[str, Any]) -> list[str]:
        problems = []
        if roster["silver"] < 0:
            problems.append(f"silver {roster['silver']} < 0")
        for n, x in roster["exp"].items():
            if x < 0:
                problems.append(f"{n}: EXP {x} < 0")
        names = {m["name"] for m in roster["muster"]["models"]}
        if names != set(roster["exp"]):
            problems.append("EXP ledger and models differ")
        for m in roster["muster"]["models"]:
            for t, lv in _entry_traits(m).items():
                if lv > 3:
                    problems.append(f"{m['name']}: {t}+{lv} over +3")
        return problems

    # -- the After Action Report -------------------------------------------------------------
    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        """sm.campaign.after_action_report, in one step from the finished game."""
        st: Any = game.state
        outcome, dice = self.report_dice(game, side)
        tab = tables()
        mine = st.musters[side]
        theirs = st.musters[1 - side]
        rival = RIVALS.get(mine.faction) == theirs.faction or RIVALS.get(
            theirs.faction) == mine.faction
        won = outcome.winner == side
        # Trauma Checks (sm.check.trauma): Wounded models only, not those that fled off
        trauma: list[dict[str, Any]] = []
        for m in st.side_models(side):
            if not m.wounded:
                continue
            rolls = [dice.die(10)]
            if m.is_warlord and mine.archetype == "vengeful_revenant":
                rolls.append(dice.die(10))  # sm.archetype.vengeful_revenant: keeps the better
            row = tab.trauma_for(max(rolls))
            trauma.append({"model": m.name, "rolls": rolls, "result": row.id,
                           "name": row.name})
        # Experience (sm.campaign.experience)
        xp = tab.experience
        experience: list[dict[str, Any]] = []
        per_wound = xp.wounded_rival if rival else xp.wounded_enemy
        for m in st.side_models(side):
            why = [("took part", xp.took_part)]
            if m.on_table:
                why.append(("survived", xp.survived))
            if m.wounds_dealt:
                label = "Rival" if rival else "enemy"
                why.append((f"Wounded {m.wounds_dealt} {label} model(s)",
                            per_wound * m.wounds_dealt))
            if m.is_warlord and won:
                why.append(("victory", xp.warlord_victory))
            experience.append({"model": m.name, "exp": sum(v for _, v in why),
                               "why": [f"{w} +{v}" for w, v in why if v]})
        # Renown and Silver
        enemy_down = sum(1 for m in st.side_models(1 - side) if not m.on_table)
        rn = tab.renown
        renown = rn.battle + (rn.victory if won else 0) + rn.enemy_wounded * enemy_down
        silver = tab.silver.battle + (tab.silver.victory if won else 0)
        return {"result": "won" if won else ("draw" if outcome.winner is None else "lost"),
                "rival": rival, "trauma": trauma, "fled": [m.name for m in st.side_models(side)
                                                           if m.fled],
                "experience": experience, "renown": renown, "silver": silver,
                "enemy_down": enemy_down}

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        tab = tables()
        models = r["muster"]["models"]
        by_name = {m["name"]: m for m in models}
        for e in report["experience"]:
            if e["model"] in r["exp"]:
                r["exp"][e["model"]] += e["exp"]
        for t in report["trauma"]:
            name = t["model"]
            m = by_name.get(name)
            if m is None:
                continue
            row = next(x for x in tab.trauma if x.id == t["result"])
            if row.id != "recovered":
                r["injuries"][name].append(row.name)
            r["exp"][name] += row.exp
            for rating, delta in row.ratings.items():
                m["ratings"][rating] = max(1, m["ratings"][rating] + delta)
            r.setdefault("stash", []).extend(self._shed(m))
            if row.dead:
                self._fall(r, name)
        r["renown"] += report["renown"]
        r["silver"] += report["silver"]
        r["battles"] += 1
        r["wins"] += 1 if report["result"] == "won" else 0
        r["muster"]["extra_rations"] = False  # one game only (sm.item.extra_rations)
        r["scarce_attempts"] = 0
        # the next Chronicle stage (sm.campaign.stage_advancement)
        stage = r["muster"]["stage"]
        for nxt in STAGES[STAGES.index(stage) + 1:]:
            if r["renown"] >= tab.renown.thresholds[nxt]:  # type: ignore[index]
                r["muster"]["stage"] = nxt
                r["archetype_change"] = True
        return r

    @staticmethod
    def _shed(m: dict[str, Any]) -> list[str]:
        """HOUSE: a model whose CON fell below its load puts down Gear, last listed first, into
        the warband's stash (sm.gear.encumbrance: Heavy 2, Light 0, Insectoid +2)."""
        cat = _cat()
        capacity = m["ratings"]["con"] + (2 if "insectoid" in _entry_traits(m) else 0)
        gear: list[str] = list(m.get("gear", []))

        def load() -> int:
            return sum(0 if "light" in cat.gear_traits(g) else 2 if "heavy" in cat.gear_traits(g)
                       else 1 for g in gear if g in cat.weapons or g in cat.armour)

        shed: list[str] = []
        while gear and load() > capacity:  # armour before weapons, last listed first
            armour = [g for g in gear if g not in cat.weapons]
            drop = armour[-1] if armour else gear[-1]
            gear.remove(drop)
            shed.append(drop)
        m["gear"] = gear
        for g in shed:
            if g in m.get("starmetal", []):
                m["starmetal"].remove(g)
        return shed

    def _fall(self, r: dict[str, Any], name: str) -> None:
        """A model slain: off the roster. A slain Warlord is succeeded by the model with the
        most EXP (HOUSE: the book's Campaign rules are missing; the Champions first)."""
        models = r["muster"]["models"]
        dead = next(m for m in models if m["name"] == name)
        models.remove(dead)
        r.setdefault("stash", []).extend(dead.get("gear", []))
        r["fallen"].append(name)
        del r["exp"][name]
        if dead["type"] == "warlord" and models:
            heir = max(models, key=lambda m: (m["type"] == "champion", r["exp"][m["name"]]))
            heir["type"] = "warlord"
            heir["hireling"] = False
            heir.pop("hireling")

    # -- between games ------------------------------------------------------------------------
    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        if not args:
            raise CampaignError(_USAGE)
        verb, rest = args[0], list(args[1:])
        cat = _cat()
        models = {m["name"]: m for m in roster["muster"]["models"]}

        def model(name: str) -> Any:
            if name not in models:
                raise CampaignError(f"no model named {name!r} (models: {', '.join(models)})")
            return models[name]

        def need(n: int) -> None:
            if len(rest) != n:
                raise CampaignError(_USAGE)

        payload: dict[str, Any]
        if verb == "trait":  # a new Trait at +1 for EXP (sm.campaign.experience)
            need(2)
            m, tid = model(rest[0]), rest[1]
            t = cat.traits.get(tid)
            if t is None:
                raise CampaignError(f"unknown Trait {tid!r}")
            if tid in _entry_traits(m):
                raise CampaignError(f"{m['name']} already has {t.name}")
            slots = self.trait_slots(roster, m)
            used = sum(1 for x in _entry_traits(m) if not cat.traits[x].gateway)
            if not t.gateway and used + 1 > slots:
                raise CampaignError(f"{m['name']} has {used} Traits; its campaign Trait Slots"
                                    f" are {slots} (CMD) (sm.muster.trait_slots)")
            payload = {"verb": "trait", "model": m["name"], "trait": tid, "exp": t.cost,
                       "summary": f"{m['name']} learns {t.name} for {t.cost} EXP"}
        elif verb == "raise":  # a Stackable Trait one level up, at most +3 (sm.trait.stackable)
            need(2)
            m, tid = model(rest[0]), rest[1]
            t = cat.traits.get(tid)
            level = _entry_traits(m).get(tid, 0)
            if t is None or level == 0:
                raise CampaignError(f"{m['name']} has no Trait {tid!r} to raise")
            if not t.stackable or not t.level_costs:
                raise CampaignError(f"{t.name} is not Stackable (sm.trait.stackable)")
            if level >= 3:
                raise CampaignError(f"{t.name} is already at +3, the most (sm.trait.stackable)")
            cost = t.level_costs[level - 1]
            payload = {"verb": "raise", "model": m["name"], "trait": tid, "exp": cost,
                       "summary": f"{m['name']} raises {t.name} to +{level + 1} for {cost} EXP"}
        elif verb == "gear":  # Gear for banked Silver; Scarce Gear only through ``seek``
            need(2)
            m, gid = model(rest[0]), rest[1]
            if gid not in cat.weapons and gid not in cat.armour:
                raise CampaignError(f"unknown Gear {gid!r}")
            if "scarce" in cat.gear_traits(gid):
                raise CampaignError(f"{gid} is Scarce: find it first with `seek MODEL {gid}`"
                                    " (sm.campaign.scarce_gear)")
            cost = cat.gear_cost(gid)
            payload = {"verb": "gear", "model": m["name"], "gear": gid, "silver": cost,
                       "summary": f"{m['name']} buys {gid} for {cost} SP"}
        elif verb == "seek":  # Commerce: a Random Check for Scarce Gear
            need(2)
            m, gid = model(rest[0]), rest[1]
            if (gid not in cat.weapons and gid not in cat.armour) or "scarce" not in \
                    cat.gear_traits(gid):
                raise CampaignError(f"{gid!r} is not a piece of Scarce Gear")
            attempt = roster["scarce_attempts"] + 1
            if attempt > 3:
                raise CampaignError("three Scarce Gear attempts already made since the last"
                                    " battle (sm.campaign.scarce_gear)")
            cost = cat.gear_cost(gid)
            if roster["silver"] < cost:
                raise CampaignError(f"{gid} costs {cost} SP; {roster['silver']} SP banked")
            carry = self.apply_purchase(roster, {"verb": "gear", "model": m["name"],
                                                 "gear": gid, "silver": cost})
            self._validate(carry, f"{m['name']} with {gid}")  # before any die is rolled
            dice = Dice(seed)
            mercantile = roster["muster"]["stronghold"] == "mercantile"
            seeker = [dice.die(10)] + ([dice.die(10)] if mercantile else [])
            other = dice.die(10)
            check = max(abs(s - other) for s in seeker)
            found = check >= SCARCE_NEEDS[attempt - 1]
            payload = {"verb": "seek", "model": m["name"], "gear": gid, "attempt": attempt,
                       "seeker": seeker, "other": other, "check": check,
                       "need": SCARCE_NEEDS[attempt - 1], "found": found,
                       "silver": cost if found else 0,
                       "summary": f"seek {gid} (attempt {attempt}, needs"
                                  f" {SCARCE_NEEDS[attempt - 1]}+): {check} -> "
                                  + (f"found, {m['name']} takes it for {cost} SP" if found
                                     else "not found")}
        elif verb == "equip":  # Gear from the warband's stash, free
            need(2)
            m, gid = model(rest[0]), rest[1]
            if gid not in roster.get("stash", []):
                raise CampaignError(f"no {gid!r} in the stash"
                                    f" ({', '.join(roster.get('stash', [])) or 'empty'})")
            payload = {"verb": "equip", "model": m["name"], "gear": gid,
                       "summary": f"{m['name']} takes {gid} from the stash"}
        elif verb == "stow":  # Gear put down into the warband's stash, free
            need(2)
            m, gid = model(rest[0]), rest[1]
            if gid not in m.get("gear", []):
                raise CampaignError(f"{m['name']} carries no {gid!r}")
            payload = {"verb": "stow", "model": m["name"], "gear": gid,
                       "summary": f"{m['name']} puts {gid} in the stash"}
        elif verb == "rations":  # sm.item.extra_rations: whole warband, one game, not twice
            need(0)
            if roster["muster"].get("extra_rations"):
                raise CampaignError("the warband already has Extra Rations"
                                    " (sm.item.extra_rations)")
            cost = cat.extra_rations_cost * len(models)
            payload = {"verb": "rations", "silver": cost,
                       "summary": f"Extra Rations for {len(models)} models, {cost} SP"}
        elif verb in ("hire", "hireling"):  # a new Warrior like one the warband started with
            need(2)
            template, name = rest
            if template not in roster["templates"]:
                raise CampaignError(f"hire like one of: {', '.join(roster['templates'])}")
            if name in models or name in roster["fallen"]:
                raise CampaignError(f"the name {name!r} is taken")
            entry = copy.deepcopy(roster["templates"][template])
            entry["name"] = name
            entry["hireling"] = verb == "hireling"
            cost = self._cost_of(roster, entry)
            payload = {"verb": "hire", "entry": entry, "silver": cost,
                       "summary": f"hires {name} ({template}) for {cost} SP"}
        elif verb == "archetype":  # sm.archetype.selection
            need(1)
            new = rest[0]
            if not roster["archetype_change"]:
                raise CampaignError("the Archetype changes only on reaching a new Chronicle"
                                    " stage (sm.archetype.selection)")
            if new in roster["archetypes"]:
                raise CampaignError(f"the Warlord has held {new} before and cannot go back"
                                    " (sm.archetype.selection)")
            payload = {"verb": "archetype", "archetype": new,
                       "summary": f"the Warlord becomes a {new}"}
        elif verb == "dismiss":
            need(1)
            m = model(rest[0])
            if m["type"] == "warlord":
                raise CampaignError("the Warlord cannot be dismissed")
            payload = {"verb": "dismiss", "model": m["name"],
                       "summary": f"dismisses {m['name']}"}
        else:
            raise CampaignError(_USAGE)
        after = self.apply_purchase(roster, payload)
        if after["silver"] < 0:
            raise CampaignError(f"costs {payload['silver']} SP; {roster['silver']} SP banked")
        if any(v < 0 for v in after["exp"].values()):
            raise CampaignError(f"costs {payload['exp']} EXP; {payload['model']} has"
                                f" {roster['exp'][payload['model']]}")
        if verb != "seek" or payload["found"]:
            self._validate(after, "after this purchase", recruiting=verb in ("hire", "hireling"))
        return payload

    def trait_slots(self, roster: dict[str, Any], m: dict[str, Any]) -> int:
        """Trait Slots in a campaign: the model's CMD, or its hire-time slots if more; a Battle
        Sage Warlord +1 (sm.muster.trait_slots, sm.archetype.battle_sage)."""
        sage = 1 if m["type"] == "warlord" and roster["muster"]["archetype"] == "battle_sage" else 0
        return max(SLOTS[ModelType(m["type"])], int(m["ratings"]["cmd"])) + sage

    def _cost_of(self, roster: dict[str, Any], entry: dict[str, Any]) -> int:
        data = copy.deepcopy(roster["muster"])
        data["models"].append(entry)
        data["extra_rations"] = False
        before = copy.deepcopy(roster["muster"])
        before["extra_rations"] = False
        try:
            return (parse_list(data, "hire", _cat(), recruiting=True).cost
                    - parse_list(before, "hire", _cat(), recruiting=True).cost)
        except ContentError as exc:
            raise CampaignError(str(exc)) from None

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        r = copy.deepcopy(roster)
        models = {m["name"]: m for m in r["muster"]["models"]}
        verb = payload["verb"]
        r["silver"] -= int(payload.get("silver", 0))
        if "exp" in payload:
            r["exp"][payload["model"]] -= int(payload["exp"])
        if verb in ("trait", "raise"):
            m = models[payload["model"]]
            traits = _entry_traits(m)
            traits[payload["trait"]] = traits.get(payload["trait"], 0) + 1
            _set_traits(m, traits)
        elif verb == "gear" or (verb == "seek" and payload["found"]):
            models[payload["model"]].setdefault("gear", []).append(payload["gear"])
        elif verb == "seek":
            pass
        elif verb == "stow":
            m = models[payload["model"]]
            m["gear"].remove(payload["gear"])
            if payload["gear"] in m.get("starmetal", []):
                m["starmetal"].remove(payload["gear"])
            r["stash"].append(payload["gear"])
        elif verb == "equip":
            r["stash"].remove(payload["gear"])
            models[payload["model"]].setdefault("gear", []).append(payload["gear"])
        elif verb == "rations":
            r["muster"]["extra_rations"] = True
        elif verb == "hire":
            entry = payload["entry"]
            r["muster"]["models"].append(copy.deepcopy(entry))
            r["exp"][entry["name"]] = 0
            r["injuries"][entry["name"]] = []
        elif verb == "archetype":
            r["muster"]["archetype"] = payload["archetype"]
            r["archetypes"].append(payload["archetype"])
            r["archetype_change"] = False
        elif verb == "dismiss":
            r["muster"]["models"] = [m for m in r["muster"]["models"]
                                     if m["name"] != payload["model"]]
            del r["exp"][payload["model"]]
        else:
            raise CampaignError(f"unknown purchase {verb!r}")
        if verb == "seek":
            r["scarce_attempts"] += 1
        return r

    # -- text ----------------------------------------------------------------------------------
    def show(self, roster: dict[str, Any]) -> list[str]:
        mu = roster["muster"]
        lines = [f"{mu['name']} - {mu['stage'].title()} stage, Renown {roster['renown']},"
                 f" {roster['silver']} SP banked, {roster['battles']} battles"
                 f" ({roster['wins']} won)",
                 f"Archetype {mu['archetype']}, Faction {mu['faction']}, Stronghold"
                 f" {mu['stronghold']}" + (", Extra Rations" if mu.get("extra_rations") else "")]
        for m in mu["models"]:
            r = m["ratings"]
            inj = roster["injuries"].get(m["name"]) or []
            traits, gear = ", ".join(m.get("traits", [])), ", ".join(m.get("gear", []))
            lines.append(f"  {m['name']} ({m['type']}{', hireling' if m.get('hireling') else ''})"
                         f" CBT {r['cbt']} CMD {r['cmd']} CON {r['con']}, EXP"
                         f" {roster['exp'][m['name']]}; traits: {traits or '-'};"
                         f" gear: {gear or '-'}"
                         + (f"; trauma: {', '.join(inj)}" if inj else ""))
        lines += self.fallen_lines(roster)
        if roster.get("stash"):
            lines.append(f"  Stash: {', '.join(roster['stash'])}")
        return lines

    def show_report(self, report: dict[str, Any]) -> list[str]:
        lines = [f"After Action Report: {report['result']}"
                 + (" against a Rival Faction" if report["rival"] else "")]
        for t in report["trauma"]:
            lines.append(f"  Trauma Check {t['model']}: d10 {t['rolls']} -> {t['name']}")
        for name in report["fled"]:
            lines.append(f"  {name} fled off the table: no Trauma Check")
        for e in report["experience"]:
            lines.append(f"  {e['model']}: +{e['exp']} EXP ({', '.join(e['why'])})")
        lines.append(f"  Renown +{report['renown']} ({report['enemy_down']} enemy models"
                     f" down), Silver +{report['silver']} SP")
        return lines


_USAGE = ("spend what? trait MODEL TRAIT | raise MODEL TRAIT | gear MODEL ITEM |"
          " seek MODEL ITEM | stow MODEL ITEM | equip MODEL ITEM | rations | hire LIKE NAME | hireling LIKE NAME |"
          " archetype NEW | dismiss MODEL")

CAMPAIGN = SwordMarchesCampaign()

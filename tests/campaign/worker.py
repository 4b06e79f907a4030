"""A campaign process for the reliability tests: battles, purchases and undos in a loop on one
campaign, printing ``ok N`` after each committed command (run as ``python worker.py URL NAME
LIST SEED COUNT``)."""

from __future__ import annotations

import random
import sys

from warband.campaign.core import CampaignError
from warband.campaign.service import Campaigns
from warband.campaign.store import Store


def main() -> None:
    url, name, list_file, seed, count = sys.argv[1:6]
    rng = random.Random(int(seed))
    camps = Campaigns(Store(url))
    camps.load(name)  # warm: imports done, database open
    print("ready", flush=True)
    done = 0
    while done < int(count):
        what = rng.random()
        try:  # a command the rules refuse changes nothing
            if what < 0.5:
                camps.battle(name, list_file, ai="random", seed=rng.randrange(10**6))
            elif what < 0.8:
                roster = camps.load(name).derived.roster
                models = [m["name"] for m in roster["muster"]["models"]]
                verb = rng.choice(["rations", "seek", "trait"])
                args = {"rations": ["rations"],
                        "seek": ["seek", rng.choice(models), "warblade"],
                        "trait": ["trait", rng.choice(models), "valor"]}[verb]
                camps.spend(name, args)
            else:
                camps.undo(name)
        except CampaignError:
            pass  # refused by the rules: nothing changed
        done += 1
        print(f"ok {done}", flush=True)


if __name__ == "__main__":
    main()

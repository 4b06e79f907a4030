"""A campaign process for the kill test (tests/campaign/test_reliability.py).

Started once as ``python worker.py URL LIST``: it imports everything, says ``ready`` and then,
for each line ``round NAME SEED DELAY SELFKILL`` read on stdin, FORKS a child (so a round costs
milliseconds, not a Python start-up) that runs campaign commands on campaign NAME in a loop:
battles against the list LIST, purchases (Gear to and from the stash among them) and undos,
chosen at random. The child writes one
character to a pipe after each command: ``c`` when the command committed a step, ``r`` when the
rules refused it (nothing changed). This process kills the child with SIGKILL after DELAY
seconds; with SELFKILL > 0 the child also kills ITSELF with that probability at each
INSERT and UPDATE and each COMMIT of a write it is about to send (``k`` is written first), so kills land inside
transactions too, not only inside the AI's turns. After each round it prints one line of JSON:
``{"committed": C, "refused": R, "killed": "timer"|"self"|"none", "at": ...}``.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sys
import time
import traceback
from typing import Any

#: the statements of a write transaction where a child may kill itself
WRITES = {"INSERT", "UPDATE", "DELETE"}


def child(url: str, name: str, list_file: str, seed: int, selfkill: float, out: int) -> None:
    from sqlalchemy import event

    from warband.campaign.core import CampaignError
    from warband.campaign.service import Campaigns
    from warband.campaign.store import Store

    rng = random.Random(seed)
    store = Store(url, upgrade=False)
    if selfkill > 0:
        writing = [False]  # inside a transaction that has written (a read's COMMIT is no target)

        def die(statement: str) -> None:
            verb = statement.split()[0].upper()
            if verb in WRITES:
                writing[0] = True
            elif verb != "COMMIT" or not writing[0]:
                return
            if rng.random() < selfkill:
                os.write(out, f"k{verb.lower()}\n".encode())
                os.kill(os.getpid(), signal.SIGKILL)
            if verb == "COMMIT":
                writing[0] = False

        event.listen(store.engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_a: die(statement))
        event.listen(store.engine, "commit", lambda _conn: die("COMMIT"))
    camps = Campaigns(store)
    # rounds that kill inside transactions favour commands that commit quickly: moving Gear to
    # and from the stash is free and always allowed, so it reaches the database at once
    battle_share, stash_share = (0.2, 0.5) if selfkill > 0 else (0.4, 0.1)
    while True:
        what = rng.random()
        try:  # a command the rules refuse changes nothing
            if what < battle_share:
                camps.battle(name, list_file, ai="random", seed=rng.randrange(10**6))
            elif what < battle_share + stash_share:
                roster = camps.load(name).derived.roster
                model = rng.choice(roster["muster"]["models"])
                if roster.get("stash") and rng.random() < 0.5:
                    camps.spend(name, ["equip", model["name"], rng.choice(roster["stash"])])
                elif model.get("gear"):
                    camps.spend(name, ["stow", model["name"], rng.choice(model["gear"])])
                else:  # no command sent (nothing to stow or equip): nothing to acknowledge
                    continue
            elif what < 0.8:
                roster = camps.load(name).derived.roster
                models = [m["name"] for m in roster["muster"]["models"]]
                verb = rng.choice(["rations", "seek", "trait", "raise"])
                args = {"rations": ["rations"],
                        "seek": ["seek", rng.choice(models), "warblade"],
                        "trait": ["trait", rng.choice(models), "valor"],
                        "raise": ["raise", rng.choice(models), "man_at_arms"]}[verb]
                camps.spend(name, args)
            else:
                camps.undo(name)
        except CampaignError:
            os.write(out, b"r\n")
            continue
        os.write(out, b"c\n")


def run_round(url: str, list_file: str, name: str, seed: int, delay: float,
              selfkill: float) -> dict[str, Any]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read)
        try:
            child(url, name, list_file, seed, selfkill, write)
        except BaseException:  # an unexpected error: shown, and the test sees no SIGKILL
            traceback.print_exc()
        os._exit(3)
    os.close(write)
    data = b""
    deadline = time.monotonic() + delay
    eof = False
    while not eof and (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([read], [], [], left)
        if ready:
            chunk = os.read(read, 4096)
            eof = not chunk
            data += chunk
    if not eof:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    while chunk := os.read(read, 4096):
        data += chunk
    os.close(read)
    lines = data.decode().split()
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    selfkills = [line[1:] for line in lines if line.startswith("k")]
    return {"committed": lines.count("c"), "refused": lines.count("r"),
            "killed": ("self" if selfkills else "timer") if killed else "none",
            "at": selfkills[0] if selfkills else None,
            "status": status}


def main() -> None:
    url, list_file = sys.argv[1:3]
    # warm up: every import and the ruleset's content, so a forked child starts at once
    from warband.campaign.core import rules_for
    from warband.campaign.service import Campaigns  # noqa: F401
    from warband.core import registry
    from warband.core.controller import play

    rs = registry.get("sword-marches")
    rules_for("sword-marches")
    warband = rs.load_list(__import__("pathlib").Path(list_file))
    play(rs.new_game([warband, warband], 1), {p: rs.controllers()["random"]() for p in (0, 1)}, 1)
    print("ready", flush=True)
    for line in sys.stdin:
        _, name, seed, delay, selfkill = line.split()
        result = run_round(url, list_file, name, int(seed), float(delay), float(selfkill))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()

"""The ``warband`` executable.

``warband odds ...`` is answered by :mod:`warband.cli.odds` directly, without importing typer
and the other commands: an odds question is often asked from a script or an editor, so its
start-up time counts (issue target: under 0.5 s wall). Every other command, and ``warband`` with
no command, goes to the typer app in :mod:`warband.cli.main`.
"""

from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["odds"]:
        from warband.cli.odds import main as odds_main

        raise SystemExit(odds_main(args[1:]))
    from warband.cli.main import main as app_main

    app_main()


if __name__ == "__main__":
    main()

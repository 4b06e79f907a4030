"""``python -m warband``: the same program as the ``warband`` executable."""

from warband.cli.entry import main

if __name__ == "__main__":
    main()

"""The web board: ``warband serve`` (FastAPI app in :mod:`warband.web.app`, games in
:mod:`warband.web.sessions`, the page in ``static/``)."""

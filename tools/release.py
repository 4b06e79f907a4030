"""Build what a release uploads to a package registry, and a registry to try it from.

    python tools/release.py                 # dist/: sdist, pure wheel, compiled wheel, simple/
    python tools/release.py --python python3.12 --python python3.13   # compiled for those too
    python tools/release.py --out build/release --pure-only

A release of warband is these files, so that ``pip install warband`` never needs a compiler:

- **a compiled wheel per Python** (``cp311-cp311-manylinux_2_17_x86_64``, and cp312, cp313 with
  ``--python``): the modules of ``warband._compiled.COMPILED_MODULES`` built with mypyc
  (``WARBAND_COMPILE=require``), then made portable by ``auditwheel repair`` (it links only to
  libc, so the wheel is tagged for every glibc 2.17+ x86-64 Linux). pip picks it wherever it
  fits: no compiler, no mypy, the fast build.
- **the pure wheel** (``py3-none-any``): everywhere else pip falls back to it, and plays exactly
  the same games (CI's pinned games and conformance suite run against both).
- **the sdist**, for those who build from source (pure Python unless ``WARBAND_COMPILE=1``).

The script also writes ``simple/``, a PEP 503 index of those files (what PyPI serves), so that
``pip install --index-url file://$PWD/dist/simple warband`` installs from a registry exactly as
from PyPI; ``.ci/run`` installs the compiled wheel that way into a fresh venv with
``--only-binary=:all:`` (pip may not build anything) and plays the pinned games with it.
Uploading to PyPI itself (``twine upload dist/*.whl dist/*.tar.gz``) needs the project's
credentials and is not done here. CI builds and tests the CPython 3.11 wheel; the 3.12 and 3.13
wheels were built and their pinned games checked by hand (docs/performance.md, "Compiled
build"). Other platforms (macOS, Windows, ARM) need the same script run on each; the C that
mypyc writes is portable, but none of them has been built.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def normalized(name: str) -> str:
    """A project's name as PEP 503 spells its index directory (runs of ``-_.`` become ``-``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def project_of(filename: str) -> str:
    """The normalized project name of a wheel (``name-version-...whl``) or sdist (``name-version.tar.gz``)."""
    return normalized(filename.split("-", 1)[0])


def write_simple_index(files: list[Path], out: Path) -> Path:
    """Write a PEP 503 "simple" index at ``out/simple`` linking ``files`` (which stay where
    they are, beside ``simple/``), each link with its ``#sha256=`` digest as pip checks it.
    Returns the index's root directory."""
    root = out / "simple"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    by_project: dict[str, list[Path]] = {}
    for f in sorted(files):
        by_project.setdefault(project_of(f.name), []).append(f)
    links = "".join(f'<a href="{p}/">{p}</a>\n' for p in sorted(by_project))
    (root / "index.html").write_text(_page("Simple index", links), encoding="utf-8")
    for project, project_files in by_project.items():
        page_links = ""
        for f in project_files:
            digest = hashlib.sha256(f.read_bytes()).hexdigest()
            href = os.path.relpath(f, root / project)
            page_links += f'<a href="{html.escape(href)}#sha256={digest}">{html.escape(f.name)}</a>\n'
        (root / project).mkdir()
        (root / project / "index.html").write_text(_page(f"Links for {project}", page_links),
                                                   encoding="utf-8")
    return root


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html><head><meta name=\"pypi:repository-version\" content=\"1.0\">"
            f"<title>{title}</title></head><body>\n{body}</body></html>\n")


def _run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def _wheel(target: Path, compiled: bool, python: str | None = None) -> Path:
    """Build one wheel of the working tree into ``target``. With this interpreter, without
    build isolation: the build uses this environment's setuptools and, compiled, its mypy, as
    CI's dev venv has them. With another interpreter (``python``), in pip's isolated build
    environment: the in-tree backend asks for mypy, the stubs and the dependencies there
    (``_build/warband_build.py``), so that interpreter needs nothing but pip."""
    env = dict(os.environ)
    env.pop("WARBAND_COMPILE", None)
    if compiled:
        env["WARBAND_COMPILE"] = "require"  # a failed compile is an error, never a pure wheel
    target.mkdir(parents=True, exist_ok=True)
    isolation = ["--no-build-isolation"] if python is None else []
    _run([python or sys.executable, "-m", "pip", "wheel", "-q", *isolation, "--no-deps",
          "-w", str(target), "."], env)
    (wheel,) = target.glob("warband-*.whl")
    return wheel


def clear_release_dir(out: Path) -> None:
    """Empty ``out`` for a new release, refusing a folder that holds anything but a
    release's files (``warband-*`` wheels and sdists, ``simple/``): ``--out .`` or a folder
    of one's own is never deleted."""
    if out.exists() and not out.is_dir():
        raise SystemExit(f"{out} is a file: give --out a folder")
    if out.exists():
        strangers = sorted(p.name for p in out.iterdir()
                           if not (p.name == "simple" and p.is_dir())
                           and not (p.name.startswith("warband-") and p.is_file()
                                    and p.name.endswith((".whl", ".tar.gz"))))
        if strangers:
            shown = ", ".join(strangers[:5]) + (", ..." if len(strangers) > 5 else "")
            raise SystemExit(f"{out} holds files that are not a release's ({shown}):"
                             " give --out an empty or new folder")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def build(out: Path, compiled: bool = True, pythons: Sequence[str] = ()) -> list[Path]:
    """Build the release files into ``out`` (emptied first, if it holds only a release's
    files: :func:`clear_release_dir`) and their simple index: a compiled wheel for this
    interpreter and for each of ``pythons``, the pure wheel and the sdist."""
    clear_release_dir(out)
    files: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        pure = _wheel(Path(tmp, "pure"), compiled=False)
        if not pure.name.endswith("-py3-none-any.whl"):
            raise SystemExit(f"the pure wheel has a platform tag: {pure.name}")
        files.append(Path(shutil.copy2(pure, out)))
        if compiled:
            for n, python in enumerate([None, *pythons]):
                raw = _wheel(Path(tmp, f"compiled-{n}"), compiled=True, python=python)
                # the lowest manylinux tag the wheel's symbols allow (auditwheel's default)
                _run([sys.executable, "-m", "auditwheel", "repair", "-w", str(out), str(raw)])
            files += sorted(out.glob("warband-*-manylinux*.whl"))
        _run([sys.executable, "-m", "build", "-q", "--sdist", "--no-isolation", "--outdir", str(out), "."])
        files += list(out.glob("warband-*.tar.gz"))
    write_simple_index(files, out)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="the folder for the release (emptied first: new, or an earlier release)")
    parser.add_argument("--pure-only", action="store_true", help="no compiled wheel")
    parser.add_argument("--python", action="append", default=[], metavar="PYTHON",
                        help="also a compiled wheel for this interpreter (repeatable; e.g."
                             " python3.12), built in pip's isolated build environment")
    args = parser.parse_args()
    files = build(args.out.resolve(), compiled=not args.pure_only, pythons=args.python)
    for f in files:
        print(f"{f.stat().st_size / 1e6:6.1f} MB  {f.relative_to(args.out.resolve())}")
    print(f"index: file://{args.out.resolve() / 'simple'}")


if __name__ == "__main__":
    main()

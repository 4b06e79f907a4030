"""The release's package index (tools/release.py): pip reads it as it reads PyPI.

A compiled wheel tagged for one platform and a pure ``py3-none-any`` wheel of the same version
sit in one PEP 503 index: pip must take the compiled one where its tag fits and fall back to the
pure one everywhere else, and must refuse a file whose digest is not the index's. The wheels
here are tiny stand-ins (metadata only); ``.ci/run`` does the same with the real ones.
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _release() -> ModuleType:
    spec = importlib.util.spec_from_file_location("warband_release", ROOT / "tools" / "release.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


release = _release()


def _stand_in_wheel(folder: Path, tag: str) -> Path:
    """A minimal wheel of project ``warband`` 0.1.0 with the given ``python-abi-platform`` tag."""
    path = folder / f"warband-0.1.0-{tag}.whl"
    info = "warband-0.1.0.dist-info"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{info}/METADATA", "Metadata-Version: 2.1\nName: warband\nVersion: 0.1.0\n")
        z.writestr(f"{info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: false\nTag: {tag}\n")
        z.writestr(f"{info}/RECORD", "")
    return path


def _pip_download(index: Path, dest: Path, *platform_args: str) -> list[str]:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--isolated", "--index-url", index.as_uri(), "-d", str(dest), *platform_args,
         "warband==0.1.0"],
        check=True, capture_output=True, text=True)
    return sorted(p.name for p in dest.iterdir())


def test_project_names_are_normalized_as_pep_503_spells_them() -> None:
    assert release.normalized("Warband_Tools.x") == "warband-tools-x"
    assert release.project_of("warband-0.1.0-py3-none-any.whl") == "warband"
    assert release.project_of("warband-0.1.0.tar.gz") == "warband"


def test_index_links_every_file_with_its_sha256(tmp_path: Path) -> None:
    pure = _stand_in_wheel(tmp_path, "py3-none-any")
    fast = _stand_in_wheel(tmp_path, "cp311-cp311-manylinux_2_17_x86_64")
    root = release.write_simple_index([pure, fast], tmp_path)
    assert "warband/" in (root / "index.html").read_text()
    page = (root / "warband" / "index.html").read_text()
    for wheel in (pure, fast):
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        assert f'href="../../{wheel.name}#sha256={digest}"' in page


def test_pip_takes_the_compiled_wheel_where_it_fits_and_the_pure_one_elsewhere(tmp_path: Path) -> None:
    pure = _stand_in_wheel(tmp_path, "py3-none-any")
    fast = _stand_in_wheel(tmp_path, "cp311-cp311-manylinux_2_17_x86_64")
    index = release.write_simple_index([pure, fast], tmp_path)
    on_x86 = _pip_download(index, tmp_path / "x86", "--platform", "manylinux_2_17_x86_64",
                           "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311")
    assert on_x86 == [fast.name]
    on_arm = _pip_download(index, tmp_path / "arm", "--platform", "manylinux2014_aarch64",
                           "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311")
    assert on_arm == [pure.name]
    on_312 = _pip_download(index, tmp_path / "py312", "--platform", "manylinux_2_17_x86_64",
                           "--python-version", "3.12", "--implementation", "cp", "--abi", "cp312")
    assert on_312 == [pure.name]


def test_pip_refuses_a_file_that_is_not_the_one_indexed(tmp_path: Path) -> None:
    pure = _stand_in_wheel(tmp_path, "py3-none-any")
    index = release.write_simple_index([pure], tmp_path)
    with zipfile.ZipFile(pure, "a") as z:  # changed after indexing: the digest no longer fits
        z.writestr("extra.txt", "tampered")
    with pytest.raises(subprocess.CalledProcessError) as refused:
        _pip_download(index, tmp_path / "dl")
    assert "hash" in refused.value.stderr.lower()


def test_release_folder_emptied_only_if_it_holds_a_release(tmp_path: Path) -> None:
    """``--out`` is emptied before a build: a folder of earlier release files is, a folder
    with anything else in it (``--out .``, a home folder) is refused and left as it was."""
    earlier = tmp_path / "dist"
    earlier.mkdir()
    _stand_in_wheel(earlier, "py3-none-any")
    (earlier / "warband-0.1.0.tar.gz").write_bytes(b"")
    release.write_simple_index(list(earlier.iterdir()), earlier)
    release.clear_release_dir(earlier)
    assert earlier.is_dir() and not list(earlier.iterdir())
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    _stand_in_wheel(mine, "py3-none-any")
    with pytest.raises(SystemExit, match="notes.txt"):
        release.clear_release_dir(mine)
    assert (mine / "notes.txt").read_text() == "keep me" and len(list(mine.iterdir())) == 2
    (tmp_path / "a-file").write_text("keep me")
    with pytest.raises(SystemExit, match="is a file"):
        release.clear_release_dir(tmp_path / "a-file")
    release.clear_release_dir(tmp_path / "new" / "dist")
    assert (tmp_path / "new" / "dist").is_dir()

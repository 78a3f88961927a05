"""scripts/build_app.py without a full build (CI builds the app and runs its --check, see .ci/run)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


tool = load_script("build_app", "doolhof_build_app_tool")
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_stage_holds_the_code_and_every_data_file(tmp_path: Path) -> None:
    from doolhof.gui.kit.assets import assets_dir
    from doolhof.i18n import locale_dir

    tool._stage(tmp_path)
    src, data = tmp_path / "src" / "doolhof", tmp_path / "data" / "doolhof"
    assert (src / "cli.py").is_file() and (src / "assets" / "__init__.py").is_file()
    assert (src / "session" / "paths.py").is_file()
    svgs = sorted(p.relative_to(assets_dir()) for p in assets_dir().rglob("*.svg"))
    wavs = sorted(p.relative_to(assets_dir()) for p in assets_dir().rglob("*.wav"))
    assert len(svgs) > 40 and len(wavs) > 5
    assert sorted(p.relative_to(data / "assets") for p in (data / "assets").rglob("*.svg")) == svgs
    assert sorted(p.relative_to(data / "assets") for p in (data / "assets").rglob("*.wav")) == wavs
    mos = sorted(p.relative_to(locale_dir()) for p in locale_dir().glob("*/LC_MESSAGES/*.mo"))
    assert len(mos) == 3 and sorted(p.relative_to(data / "locale") for p in (data / "locale").rglob("*.mo")) == mos
    assert not list(data.rglob("*.po")) and not list(data.rglob("*.py"))  # data only
    book = ROOT / "doolhof" / "engine" / "puzzles.json"
    assert (data / "engine" / "puzzles.json").read_bytes() == book.read_bytes()  # the puzzle book


def test_missing_data_names_what_a_build_left_out(tmp_path: Path) -> None:
    tool._stage(tmp_path / "stage")
    app = tmp_path / "app"
    (app / "_internal").mkdir(parents=True)
    (tmp_path / "stage" / "data" / "doolhof").rename(app / "_internal" / "doolhof")
    assert tool.missing_data(app) == []
    (app / "_internal" / "doolhof" / "assets" / "pictures" / "star.svg").unlink()
    (app / "_internal" / "doolhof" / "locale" / "nl" / "LC_MESSAGES" / "doolhof.mo").write_bytes(b"old")
    (app / "_internal" / "doolhof" / "engine" / "puzzles.json").unlink()
    assert sorted(tool.missing_data(app)) == [
        "missing or different in the app: _internal/doolhof/assets/pictures/star.svg",
        "missing or different in the app: _internal/doolhof/engine/puzzles.json",
        "missing or different in the app: _internal/doolhof/locale/nl/LC_MESSAGES/doolhof.mo",
    ]


def test_the_windows_icon_holds_png_images() -> None:
    images = [(16, PNG + b"a"), (256, PNG + b"bbb")]
    data = tool.ico_bytes(images)
    assert struct.unpack("<HHH", data[:6]) == (0, 1, 2)
    first = struct.unpack("<BBBBHHII", data[6:22])
    second = struct.unpack("<BBBBHHII", data[22:38])
    assert first[:2] == (16, 16) and second[:2] == (0, 0)  # 0 means 256
    assert data[first[7]:first[7] + first[6]] == PNG + b"a"
    assert data[second[7]:second[7] + second[6]] == PNG + b"bbb"


def test_the_mac_icon_holds_png_images() -> None:
    data = tool.icns_bytes([(128, PNG + b"x"), (512, PNG + b"yy"), (48, PNG)])
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    assert data[8:12] == b"ic07" and struct.unpack(">I", data[12:16])[0] == 8 + len(PNG) + 1
    assert b"ic09" in data and len(data) == 8 + (8 + 9) + (8 + 10)  # 48 px has no icns type: left out


def test_the_check_runs_headless_strict_and_out_of_the_users_folders() -> None:
    env = tool.check_env()
    assert env["DOOLHOF_STRICT"] == "1" and env["SDL_VIDEODRIVER"] == "dummy"
    assert Path(env["DOOLHOF_HOME"]).is_dir() and "DOOLHOF_EXIT_AFTER_FIRST_FRAME" not in env

"""Linux desktop integration: the menu entry, icons and AppStream metainfo are valid and install for the user."""

from __future__ import annotations

import configparser
import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import doolhof
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


tool = load_script("build_app", "doolhof_build_app")
DESKTOP = tool.LINUX / f"{tool.APP_ID}.desktop"
METAINFO = tool.LINUX / f"{tool.APP_ID}.metainfo.xml"


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_desktop_file_validates() -> None:
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_the_metainfo_validates() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "W:" not in done.stdout and "E:" not in done.stdout, done.stdout


def test_the_desktop_entry_says_what_menus_need() -> None:
    entry = _entry(DESKTOP)
    assert entry["Name"] == "Doolhof" and entry["Type"] == "Application"
    assert entry["Categories"] == "Game;BoardGame;KidsGame;"
    assert entry["Icon"] == tool.APP_ID and entry["Exec"] == "doolhof" and entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == tool.APP_ID
    assert entry["Comment"] and all(entry[f"Comment[{lang}]"] for lang in ("nl", "de", "sv"))


def test_the_metainfo_describes_the_app_for_children() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == tool.APP_ID
    assert root.find("launchable").text == DESKTOP.name  # type: ignore[union-attr]
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]
    # An empty OARS rating means "no violence, no chat, no purchases, no ads": fine for children.
    assert len(root.find("content_rating")) == 0  # type: ignore[arg-type]
    releases = [r.get("version") for r in root.iter("release")]
    assert releases[0] == doolhof.__version__  # the newest release first, and it is this version
    image = root.find("screenshots/screenshot/image")
    assert image is not None and image.text is not None and image.text.startswith("https://")
    assert image.text.endswith("/screenshot.png") and (ROOT / "docs" / "screenshot.png").is_file()


def test_the_icons_are_renders_of_our_svg_at_every_hicolor_size() -> None:
    pygame = pytest.importorskip("pygame")
    svg = tool.app_icon_svg()
    assert (tool.ICONS / "scalable" / "apps" / f"{tool.APP_ID}.svg").read_bytes() == svg.read_bytes()
    for px in tool.ICON_SIZES:
        path = tool.ICONS / f"{px}x{px}" / "apps" / f"{tool.APP_ID}.png"
        committed = pygame.image.load(str(path))
        fresh = pygame.image.load(io.BytesIO(tool.render_png(svg, px)))
        assert committed.get_size() == (px, px)
        # Same drawing (a changed SVG needs `python scripts/build_app.py --icons`); a renderer update may
        # shift a few edge pixels by a shade, so compare the average difference, not the bytes.
        step = max(1, px // 32)
        diffs = [abs(a - b) for x in range(0, px, step) for y in range(0, px, step)
                 for a, b in zip(committed.get_at((x, y)), fresh.get_at((x, y)))]
        assert sum(diffs) / len(diffs) < 4, f"{path.name} at {px} px is stale"


def test_install_desktop_puts_everything_in_the_users_data_folder(tmp_path: Path) -> None:
    written = tool.install_desktop(tmp_path, command="/opt/Doolhof app/doolhof")
    entry = _entry(tmp_path / "applications" / DESKTOP.name)
    assert entry["Exec"] == '"/opt/Doolhof app/doolhof"'
    assert (tmp_path / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    for px in tool.ICON_SIZES:
        assert (tmp_path / "icons" / "hicolor" / f"{px}x{px}" / "apps" / f"{tool.APP_ID}.png").is_file()
    assert (tmp_path / "icons" / "hicolor" / "scalable" / "apps" / f"{tool.APP_ID}.svg").is_file()
    assert len(written) == 2 + len(tool.ICON_SIZES) + 1
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(tmp_path / "applications" / DESKTOP.name)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout


def test_the_user_data_folder_follows_xdg() -> None:
    assert tool.xdg_data_home({"XDG_DATA_HOME": "/data"}) == Path("/data")
    assert tool.xdg_data_home({"XDG_DATA_HOME": "relative"}) == Path.home() / ".local" / "share"
    assert tool.xdg_data_home({}) == Path.home() / ".local" / "share"


def test_the_window_class_is_the_desktop_id() -> None:
    from doolhof.gui.app import APP_ID

    assert APP_ID == tool.APP_ID


def test_the_metainfo_names_the_homepage_and_all_three_games() -> None:
    root = ET.parse(METAINFO).getroot()
    urls = {url.get("type"): url.text for url in root.iter("url")}
    assert urls["homepage"] == "https://github.com/doolhof/doolhof"
    description = " ".join(root.find("description").itertext())  # type: ignore[union-attr]
    newest = " ".join(next(root.iter("release")).itertext())
    for text in (description, newest):
        assert "maze" in text and "card game" in text and "puzzle book" in text, text

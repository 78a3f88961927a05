#!/bin/sh
# Puts Doolhof into this user's menu, starting the game from this folder: ./install.sh
# Takes it out of the menu again: ./install.sh --uninstall (the folder stays; delete it to remove the game).
# Nothing outside ~/.local/share (or $XDG_DATA_HOME) is touched, and no administrator rights are needed.
set -eu
id=io.github.doolhof.Doolhof
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-}
case $data in /*) ;; *) data=$HOME/.local/share ;; esac

refresh() {  # menus pick the change up sooner; without these tools they do at the next login
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$data/applications" 2>/dev/null || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -f -t "$data/icons/hicolor" 2>/dev/null || true; fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
    for icon in "$here"/share/icons/hicolor/*/apps/$id.*; do
        rm -f "$data/icons/hicolor/${icon#"$here"/share/icons/hicolor/}"
    done
    refresh
    echo "Doolhof is out of the menu. The game itself is still in $here: delete that folder to remove it."
    exit 0
fi
if [ -n "${1:-}" ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi
if [ ! -x "$here/doolhof" ]; then
    echo "install.sh must stay in the unpacked doolhof folder, beside the doolhof program." >&2
    exit 1
fi
case $here in
    *[\"\`\$\\%\|]*)
        echo "The folder's path ($here) holds a character menus cannot start (\" \` \$ \\ % |):" >&2
        echo "move the doolhof folder elsewhere and run install.sh again." >&2
        exit 1 ;;
esac
mkdir -p "$data/applications" "$data/metainfo"
sed "s|^Exec=.*|Exec=\"$here/doolhof\"|; s|^TryExec=.*||" "$here/share/applications/$id.desktop" \
    > "$data/applications/$id.desktop"
cp "$here/share/metainfo/$id.metainfo.xml" "$data/metainfo/$id.metainfo.xml"
for icon in "$here"/share/icons/hicolor/*/apps/$id.*; do
    target=$data/icons/hicolor/${icon#"$here"/share/icons/hicolor/}
    mkdir -p "$(dirname "$target")"
    cp "$icon" "$target"
done
refresh
echo "Doolhof is in the menu now (Games), starting $here/doolhof. Moved the folder? Run install.sh again."

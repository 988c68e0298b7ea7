#!/usr/bin/env bash
# Build the Linux one-folder application with PyInstaller, smoke-test the frozen binary,
# and pack it as dist/TournamentManager-<version>-linux-<arch>.tar.gz.
#
# usage: installer/build_linux.sh [--dist DIR] [--work DIR] [--no-archive] [--nsis]
#   --dist DIR     where the app goes (default: dist/ in the checkout)
#   --work DIR     PyInstaller's work folder (default: build/ in the checkout)
#   --no-archive   leave the folder, skip the .tar.gz
#   --nsis         also compile installer/windows/tournament_manager.nsi against the
#                  folder (uncompressed): proves the Windows installer script compiles
#   PYTHON=...     the interpreter to build with (default: .venv/bin/python of the checkout);
#                  PyInstaller (the `build` extra) is installed into it when missing.
#
# The target needs the Qt system libraries of installer/linux/system-packages.txt: Qt's
# EGL/GL/fontconfig/xcb libraries are not bundled.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
DIST=$ROOT/dist
WORK=$ROOT/build
ARCHIVE=1
NSIS=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) DIST=$(realpath -m "$2"); shift 2 ;;
        --work) WORK=$(realpath -m "$2"); shift 2 ;;
        --no-archive) ARCHIVE=0; shift ;;
        --nsis) NSIS=1; shift ;;
        *) echo "build_linux.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

VERSION=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tournament_manager/__init__.py")
APP=$DIST/tournament-manager

if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
    "$PYTHON" -m pip install -q -e "$ROOT[build]"
fi

started=$(date +%s)
# The MCR and Zung Jung scorers compiled as in the wheel of `pip install .` (hatch_build.py): the wheel is
# unpacked into the work folder and the spec takes the package from there. Without a C
# compiler (or with TOURNAMENT_MANAGER_PURE=1) the wheel is pure and so is the bundle.
rm -rf "$WORK/wheel" "$WORK/site"
"$PYTHON" -m pip wheel "$ROOT" --no-deps -q -w "$WORK/wheel"
"$PYTHON" -m zipfile -e "$WORK"/wheel/tournament_manager-*.whl "$WORK/site"
if compgen -G "$WORK/site/tournament_manager/rules/mcr/*.so" >/dev/null; then
    export TOURNAMENT_MANAGER_COMPILED_SITE=$WORK/site
    echo "bundling the MCR and Zung Jung scorers compiled by mypyc"
else
    echo "bundling the MCR and Zung Jung scorers in pure Python (no C compiler for mypyc)"
fi
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" "$ROOT/installer/tournament_manager.spec"
echo "built $APP (version $VERSION) in $(( $(date +%s) - started )) s, $(du -sh "$APP" | cut -f1)"

# The frozen binary, offscreen unless told otherwise: SMOKE OK or a non-zero exit.
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} "$APP/tournament-manager" --smoke-test

if [ "$NSIS" -eq 1 ]; then
    makensis -V2 -WX -DVERSION="$VERSION" -DSRCDIR="$APP" -DFAST \
        -DOUTFILE="$DIST/TournamentManager-$VERSION-setup-check.exe" \
        "$ROOT/installer/windows/tournament_manager.nsi"
    echo "makensis compiled $DIST/TournamentManager-$VERSION-setup-check.exe"
fi

if [ "$ARCHIVE" -eq 1 ]; then
    archive=$DIST/TournamentManager-$VERSION-linux-$(uname -m).tar.gz
    tar -C "$DIST" -czf "$archive" tournament-manager
    echo "packed $archive"
fi

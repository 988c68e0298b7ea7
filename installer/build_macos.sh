#!/usr/bin/env bash
# Build "Tournament Manager.app" on a Mac with PyInstaller, smoke-test it, and pack it as
# dist/TournamentManager-<version>-macos-<arch>.dmg. PyInstaller signs the bundle ad hoc
# (enough to run on Apple silicon); without a Developer ID signature and notarisation,
# Gatekeeper asks the user to confirm the first start (see README, "Building and installing").
#
# usage: installer/build_macos.sh [--dist DIR] [--work DIR] [--no-archive]
#   PYTHON=...  the interpreter to build with (default: .venv/bin/python of the checkout);
#               PyInstaller (the `build` extra) is installed into it when missing.
# A python.org or Homebrew Python 3.11+ builds for the Mac's own architecture; build on
# the oldest macOS you support.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
DIST=$ROOT/dist
WORK=$ROOT/build
ARCHIVE=1
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) DIST=$2; shift 2 ;;
        --work) WORK=$2; shift 2 ;;
        --no-archive) ARCHIVE=0; shift ;;
        *) echo "build_macos.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$DIST" "$WORK"
DIST=$(cd "$DIST" && pwd)
WORK=$(cd "$WORK" && pwd)

VERSION=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/tournament_manager/__init__.py")
BUNDLE="$DIST/Tournament Manager.app"

if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
    "$PYTHON" -m pip install -q -e "$ROOT[build]"
fi

started=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" "$ROOT/installer/tournament_manager.spec"
echo "built $BUNDLE (version $VERSION) in $(( $(date +%s) - started )) s, $(du -sh "$BUNDLE" | cut -f1)"

# The console twin inside the bundle prints the result line.
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} \
    "$BUNDLE/Contents/MacOS/tournament-manager-cli" --smoke-test

if [ "$ARCHIVE" -eq 1 ]; then
    dmg=$DIST/TournamentManager-$VERSION-macos-$(uname -m).dmg
    staging=$WORK/dmg
    rm -rf "$staging" "$dmg"
    mkdir -p "$staging"
    cp -R "$BUNDLE" "$staging/"
    ln -s /Applications "$staging/Applications"
    hdiutil create -quiet -volname "Tournament Manager $VERSION" -srcfolder "$staging" \
        -ov -format UDZO "$dmg"
    echo "packed $dmg"
fi

"""Build the PDFs' one font, `resources/fonts/tm-sans.ttf` (offline tool).

WenQuanYi Micro Hei covers Chinese, Japanese, Latin, Greek and Cyrillic, but not Hebrew or
Arabic: an Israeli or Iranian player's name printed blank on the seating list, his table
card and the sheets, so he could not find his table. reportlab draws a string in one font,
so rather than switch fonts inside a name, this tool copies into Micro Hei every glyph of
the Basic Multilingual Plane that DejaVu Sans has and Micro Hei lacks (Hebrew, Arabic and
its presentation forms, Armenian, Georgian and more), each under a new name, with its
advance, and maps its character; both faces have 2048 units to the em, so nothing is
scaled. The result is renamed TM Sans (neither licence lets a modified face keep its
name). `exports/pdf/visual.py` then orders right-to-left text and joins Arabic letters.

    apt-get install fonts-wqy-microhei fonts-dejavu-core
    .venv/bin/pip install fonttools
    .venv/bin/python tools/build_font.py

About 40 s; the font is about 5.6 MB (Micro Hei alone, 5.2 MB).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph

ROOT = Path(__file__).resolve().parents[1]
MICRO_HEI = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
OUT = ROOT / "resources" / "fonts" / "tm-sans.ttf"
FAMILY = "TM Sans"
PREFIX = "dv."


def _added_characters(base: TTFont, donor: TTFont) -> dict[int, str]:
    """Character -> donor glyph name, for the BMP characters only the donor has (private
    use left out: it means something else in every font)."""
    have = base.getBestCmap()
    return {code: name for code, name in donor.getBestCmap().items()
            if code <= 0xFFFF and code not in have and not 0xE000 <= code <= 0xF8FF}


def _with_components(donor: TTFont, names: set[str]) -> list[str]:
    """The glyphs named and every glyph their composites are built from."""
    glyf = donor["glyf"]
    wanted, queue = set(), list(names)
    while queue:
        name = queue.pop()
        if name in wanted:
            continue
        wanted.add(name)
        glyph = glyf[name]
        if glyph.isComposite():
            queue.extend(component.glyphName for component in glyph.components)
    return sorted(wanted)


def build(micro_hei: Path, dejavu: Path, out: Path) -> int:
    base = TTCollection(str(micro_hei)).fonts[0]
    donor = TTFont(str(dejavu))
    added = _added_characters(base, donor)
    glyphs = _with_components(donor, set(added.values()))
    order = base.getGlyphOrder()
    glyf, hmtx = base["glyf"], base["hmtx"]
    vmtx = base.get("vmtx")
    donor_glyf, donor_hmtx = donor["glyf"], donor["hmtx"]
    upem = base["head"].unitsPerEm
    renamed = {name: PREFIX + name for name in glyphs}
    for name in glyphs:
        glyph: Glyph = donor_glyf[name]
        glyph.expand(donor_glyf)
        if glyph.isComposite():
            for component in glyph.components:
                component.glyphName = renamed[component.glyphName]
        new = renamed[name]
        glyf.glyphs[new] = glyph
        order.append(new)
        hmtx.metrics[new] = donor_hmtx.metrics[name]
        if vmtx is not None:
            vmtx.metrics[new] = (upem, 0)
    glyf.glyphOrder = order
    base.setGlyphOrder(order)
    for table in base["cmap"].tables:
        if table.isUnicode():
            for code, name in added.items():
                if table.format != 4 or code <= 0xFFFF:
                    table.cmap[code] = renamed[name]
    post = base["post"]
    post.formatType = 3.0  # no glyph names kept: 50,000 of them would only add weight
    _rename(base)
    out.parent.mkdir(parents=True, exist_ok=True)
    base.recalcTimestamp = False  # the same sources build the same bytes
    base.save(str(out))
    return len(added)


def _rename(font: TTFont) -> None:
    """Neither licence lets a modified face keep its name: TM Sans, saying what it is."""
    names = font["name"]
    notice = ("TM Sans: WenQuanYi Micro Hei (Apache-2.0) with glyphs of DejaVu Sans "
              "(Bitstream Vera licence, changes public domain) added for the Tournament "
              "Manager's PDFs.")
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID,
                          record.langID)
        elif record.nameID == 6:
            names.setName("TMSans", record.nameID, record.platformID, record.platEncID,
                          record.langID)
        elif record.nameID == 3:
            names.setName(f"{FAMILY} 1.0", record.nameID, record.platformID,
                          record.platEncID, record.langID)
        elif record.nameID == 5:
            names.setName(notice, record.nameID, record.platformID, record.platEncID,
                          record.langID)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--micro-hei", type=Path, default=MICRO_HEI)
    parser.add_argument("--dejavu", type=Path, default=DEJAVU)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    added = build(args.micro_hei, args.dejavu, args.out)
    print(f"{args.out}: {added} characters added, {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

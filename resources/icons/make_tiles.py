"""Write the 34 tile images (resources/icons/tiles/<code>.svg) used by the calculator.

Run from anywhere: `python resources/icons/make_tiles.py`. Each tile is a plain ivory face
with a numeral and its suit character (萬 characters, 筒 dots, 索 bamboo) or an honor
character with its Latin code in the corner, so a tile stays readable where no CJK font is
installed. The files are committed; rerun only to change the design.
"""

from __future__ import annotations

from pathlib import Path

WIDTH, HEIGHT = 60, 80
FACE = "#fbf7ec"
EDGE = "#8c7f66"
INK = "#1f2937"
RED = "#b91c1c"
GREEN = "#15803d"
BLUE = "#1d4ed8"
FONT = "'Noto Sans CJK SC','WenQuanYi Micro Hei','Microsoft YaHei','PingFang SC',sans-serif"
LATIN = "'DejaVu Sans','Segoe UI','Helvetica Neue',Arial,sans-serif"

SUITS = {"m": ("萬", RED), "p": ("筒", BLUE), "s": ("索", GREEN)}
HONORS = {"E": ("東", INK), "S": ("南", INK), "W": ("西", INK), "N": ("北", INK),
          "Wd": ("", BLUE), "Gd": ("發", GREEN), "Rd": ("中", RED)}
NUMERALS = "一二三四五六七八九"


def _frame(body: str, code: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">\n'
        f'  <title>{code}</title>\n'
        f'  <rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="7" '
        f'fill="{FACE}" stroke="{EDGE}" stroke-width="2"/>\n'
        f'  <rect x="1.5" y="{HEIGHT - 9}" width="{WIDTH - 3}" height="7.5" rx="4" '
        f'fill="{EDGE}" opacity="0.25"/>\n'
        f"{body}</svg>\n"
    )


def _text(x: float, y: float, size: float, colour: str, text: str, family: str = FONT,
          weight: str = "bold") -> str:
    return (f'  <text x="{x}" y="{y}" font-family="{family}" font-size="{size}" '
            f'font-weight="{weight}" fill="{colour}" text-anchor="middle">{text}</text>\n')


def suited(number: int, suit: str) -> str:
    character, colour = SUITS[suit]
    body = (_text(30, 34, 30, INK, str(number), LATIN)
            + _text(30, 64, 24, colour, character)
            + _text(50, 15, 10, colour, NUMERALS[number - 1]))
    return _frame(body, f"{number}{suit}")


def honor(code: str) -> str:
    character, colour = HONORS[code]
    if code == "Wd":
        body = (f'  <rect x="13" y="16" width="34" height="46" rx="3" fill="none" '
                f'stroke="{colour}" stroke-width="4"/>\n'
                f'  <rect x="19" y="22" width="22" height="34" rx="2" fill="none" '
                f'stroke="{colour}" stroke-width="2"/>\n')
    else:
        body = _text(30, 52, 34, colour, character)
    body += _text(10, 15, 11, colour, code, LATIN)
    return _frame(body, code)


def all_tiles() -> dict[str, str]:
    tiles = {f"{n}{suit}": suited(n, suit) for suit in "mps" for n in range(1, 10)}
    tiles.update({code: honor(code) for code in HONORS})
    return tiles


def main() -> None:
    folder = Path(__file__).resolve().parent / "tiles"
    folder.mkdir(exist_ok=True)
    for code, svg in all_tiles().items():
        (folder / f"{code}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(all_tiles())} tiles to {folder}")


if __name__ == "__main__":
    main()

"""A bare single-file scorer, the baseline `bench_startup` holds `score` against: it reads
one hand object of hand-format.md and prints a Zung Jung value for the simplest shapes (four
chows or pungs and a pair; concealed, all chows, all pungs, one suit). It imports nothing
but the standard library's `json` and `sys`, as an independent scorer would."""

import json
import sys


def tiles(text):
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits] if digits else [ch]
            digits = ""
    return out


def sets(rest):
    if not rest:
        return [[]]
    first, found = rest[0], []
    if rest.count(first) >= 3:
        left = list(rest)
        for _ in range(3):
            left.remove(first)
        found += [[("pung", first)] + tail for tail in sets(left)]
    if first[0].isdigit() and first[0] <= "7":
        run = [str(int(first[0]) + k) + first[1] for k in range(3)]
        if all(tile in rest for tile in run):
            left = list(rest)
            for tile in run:
                left.remove(tile)
            found += [[("chow", first)] + tail for tail in sets(left)]
    return found


def score(hand):
    held = sorted(tiles(hand["concealed"]) + [hand["winning_tile"]])
    best = None
    for pair in set(held):
        if held.count(pair) < 2:
            continue
        rest = list(held)
        rest.remove(pair)
        rest.remove(pair)
        for shape in sets(rest):
            kinds = {kind for kind, _ in shape}
            suits = {tile[-1] for tile in held}
            value = 5 + (5 if kinds == {"chow"} else 0) + (30 if kinds == {"pung"} else 0)
            value += 80 if len(suits) == 1 and suits <= set("mps") else 0
            best = max(best or 0, value)
    return best


with open(sys.argv[1]) as given:
    value = score(json.load(given))
print(json.dumps({"valid": value is not None, "value": value}))

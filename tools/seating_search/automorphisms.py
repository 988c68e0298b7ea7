"""Which automorphisms a field at the bound with N = 8 mod 12 players can have.

A zero-repeat schedule of N = 8 (mod 12) players over R = (N - 2) / 3 sessions is a
resolvable 4-GDD of type 2^(N/2): every player misses exactly one other (his partner) and
meets every other once.  The searches in this folder look for such schedules that a chosen
group of permutations keeps; this counts which groups can keep one at all, so no search is
spent on a structure that cannot exist.

For an automorphism s of prime order p that fixes k sessions (classes) and f players:

- k = R and f = N (mod p), since s moves the rest in orbits of p;
- the partner of a fixed player is fixed, so f is even;
- two fixed players never share a table of a session s moves (the table and its image
  would both hold the pair), so fixed players meet only in the k fixed sessions, where a
  table holding a fixed player is kept by s and is a union of its orbits.  For p >= 5 such a
  table is four fixed players: each fixed player meets 3 fixed players in each of the k
  sessions and f - 2 in all, so f - 2 = 3k, and the fixed players alone form a schedule of
  the same kind at their own bound (f = 0 or 2 with k = 0, or f = 8 mod 12 other than 8 and
  20, for which none exists).  For p = 3 a kept table is four fixed players or one and a
  3-orbit; the pairs {x, s x} of the 3-orbits are met exactly once, and a kept session's
  tables of the second kind meet three of them each, so 3 k f - f (f - 2) <= N - f, with
  equality when every session is kept (k = R); the tables of four fixed players then make
  a 4-GDD of type 2^(f/2), which needs f / 2 = 1 (mod 3) and f / 2 >= 7, and whose
  f (f - 2) / 12 tables fit in the k kept sessions, at most f / 4 a session.  For p = 2 only
  the conditions above and below that hold for every p are used here.
- in a session s moves, every fixed player sits at his own table with three others, so
  4 f <= N when k < R;
- for p >= 5 with no fixed player, a kept session's tables fall into orbits of p, each
  taking at most one player of a player orbit (else it would seat him twice), so the pairs
  within a player orbit are met only in sessions s moves: k < R.
- An element of order p q (two primes) has powers of order p and q whose kept sessions and
  fixed players must fit together: with K sessions and F players kept by both,
  k_p = K (mod q), k_q = K (mod p), R - k_p - k_q + K = 0 (mod p q) and >= 0, and the
  same for the players.

    python tools/seating_search/automorphisms.py 68 140 164
"""

from __future__ import annotations

import argparse
from itertools import product

NO_SCHEDULE = {8, 20}
"""Fields of 8 mod 12 players with no zero-repeat schedule at the bound (4-RGDDs of type
2^4 and 2^10 do not exist)."""


def primes_up_to(n: int) -> list[int]:
    return [p for p in range(2, n + 1) if all(p % d for d in range(2, int(p ** 0.5) + 1))]


def _sub_schedule(f: int) -> bool:
    """f fixed players can meet each other exactly once outside their partners."""
    return f in (0, 2) or (f % 12 == 8 and f not in NO_SCHEDULE)


def admissible(n: int, p: int) -> list[tuple[int, int]]:
    """(k, f): kept sessions and fixed players an automorphism of order p may have."""
    r = (n - 2) // 3
    found = []
    for k, f in product(range(r + 1), range(0, n, 2)):  # f = n is the identity
        if (r - k) % p or (n - f) % p:
            continue
        if k == 0 and f > 2:
            continue
        if k < r and 4 * f > n:
            continue
        if p >= 5 and f == 0 and k == r:
            continue
        if p >= 5:
            if f > 2 and (f - 2 != 3 * k or not _sub_schedule(f)):
                continue
            if f == 2 and k:
                continue
        elif p == 3:
            if f and ((f - 2) % 3 or (f - 2) // 3 > k):
                continue
            if f > 2 and (f // 2 % 3 != 1 or f // 2 < 7 or 12 * k * (f // 4) < f * (f - 2)):
                continue
            orbit_pairs = 3 * k * f - f * (f - 2)
            if orbit_pairs > n - f or (k == r and orbit_pairs != n - f):
                continue
        found.append((k, f))
    return found


def _fit(total: int, a: int, b: int, both: int, p: int, q: int) -> bool:
    rest = total - a - b + both
    return (both <= min(a, b) and (a - both) % q == 0 and (b - both) % p == 0
            and rest >= 0 and rest % (p * q) == 0)


def composite(n: int, p: int, q: int) -> bool:
    """Whether an element of order p q can exist, given what its powers may be."""
    r = (n - 2) // 3
    for (kp, fp), (kq, fq) in product(admissible(n, p), admissible(n, q)):
        if any(_fit(r, kp, kq, kk, p, q) for kk in range(r + 1)) and any(
                _fit(n, fp, fq, ff, p, q) for ff in range(0, n + 1, 2)):
            return True
    return False


def report(n: int) -> list[str]:
    lines = [f"{n} players, {(n - 2) // 3} sessions:"]
    orders = [p for p in primes_up_to(n) if admissible(n, p)]
    for p in orders:
        pairs = admissible(n, p)
        shown = ", ".join(f"({k}, {f})" for k, f in pairs[:8])
        more = f" and {len(pairs) - 8} more" if len(pairs) > 8 else ""
        lines.append(f"  order {p}: (kept sessions, fixed players) in {shown}{more}")
    impossible = [p * q for i, p in enumerate(orders) for q in orders[i + 1:]
                  if not composite(n, p, q)]
    lines.append(f"  no element of order {', '.join(map(str, impossible)) or '-'}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="+")
    for n in parser.parse_args().players:
        print("\n".join(report(n)))


if __name__ == "__main__":
    main()

"""Finite fields and mutually orthogonal Latin squares, for the product construction.

Kept as plain tables of small integers: the orders a mahjong field needs are below 200,
and a table is both the fastest and the most obviously correct representation.

- GF(p^e): elements are the integers 0..q-1 read as base-p coefficient vectors; addition is
  digit-wise mod p, multiplication is polynomial multiplication modulo the first monic
  irreducible polynomial of degree e (found by trial division, which is instant here).
- q - 1 mutually orthogonal Latin squares of a prime-power order q: L_a(x, y) = a·x + y.
- MacNeish's product: for n = q1·q2·…, squares of order n from squares of each prime-power
  factor, as many as the smallest factor allows (min qi - 1). That is short of the truth for
  a few orders (6, 10, 12, 24, 48 …) but exact and instant for the orders it covers.
- Wilson's construction, for a transversal design with five groups (three squares) where
  MacNeish falls short: TD(5, mt + u) from TD(6, t), TD(5, m), TD(5, m + 1) and TD(5, u),
  0 <= u <= t. It reaches 24 = 4·5 + 4 and 39 = 4·8 + 7 (MacNeish: two squares each), which
  the frame product needs for 156 players.
"""

from __future__ import annotations

from functools import cache
from itertools import product

LatinSquare = tuple[tuple[int, ...], ...]
Block = tuple[int, ...]


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, e) with q = p^e and p prime, else None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    e, rest = 0, q
    while rest % p == 0:
        rest //= p
        e += 1
    return (p, e) if rest == 1 else None


def _digits(value: int, p: int, e: int) -> list[int]:
    return [(value // p ** i) % p for i in range(e)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p ** i for i, d in enumerate(digits))


def _poly_mod(poly: list[int], modulus: list[int], p: int) -> list[int]:
    """`poly` reduced modulo the monic `modulus` (coefficients lowest first)."""
    poly = list(poly)
    degree = len(modulus) - 1
    for i in range(len(poly) - 1, degree - 1, -1):
        coefficient = poly[i] % p
        if coefficient:
            for j, m in enumerate(modulus):
                poly[i - degree + j] = (poly[i - degree + j] - coefficient * m) % p
    return [c % p for c in poly[:degree]] + [0] * max(0, degree - len(poly))


def _poly_times(a: list[int], b: list[int], p: int) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] = (out[i + j] + x * y) % p
    return out


def _irreducible(p: int, e: int) -> list[int]:
    """The first monic polynomial of degree e over GF(p) with no monic factor of degree <= e/2."""
    for low in product(range(p), repeat=e):
        candidate = [*low, 1]
        if candidate[0] == 0:
            continue
        if all(any(_poly_mod(candidate, [*factor, 1], p))
               for degree in range(1, e // 2 + 1)
               for factor in product(range(p), repeat=degree)):
            return candidate
    raise AssertionError(f"no irreducible polynomial of degree {e} over GF({p})")


@cache
def field_tables(q: int) -> tuple[LatinSquare, LatinSquare]:
    """(addition, multiplication) tables of GF(q); q must be a prime power."""
    found = prime_power(q)
    if found is None:
        raise ValueError(f"{q} is not a prime power")
    p, e = found
    modulus = _irreducible(p, e) if e > 1 else [0, 1]
    digits = [_digits(x, p, e) for x in range(q)]
    add = tuple(tuple(_number([(a + b) % p for a, b in zip(digits[x], digits[y])], p)
                      for y in range(q)) for x in range(q))
    times = tuple(tuple(_number(_poly_mod(_poly_times(digits[x], digits[y], p), modulus, p), p)
                        for y in range(q)) for x in range(q))
    return add, times


def _prime_power_squares(q: int, count: int) -> list[LatinSquare]:
    add, times = field_tables(q)
    return [tuple(tuple(add[times[a][x]][y] for y in range(q)) for x in range(q))
            for a in range(1, count + 1)]


def _prime_power_factors(n: int) -> list[int]:
    factors, rest, d = [], n, 2
    while rest > 1:
        if rest % d == 0:
            power = 1
            while rest % d == 0:
                rest //= d
                power *= d
            factors.append(power)
        d += 1
    return factors


def squares_available(n: int) -> int:
    """How many mutually orthogonal Latin squares of order n `orthogonal_squares` can build."""
    factors = _prime_power_factors(n)
    return min((q - 1 for q in factors), default=0)


@cache
def orthogonal_squares(n: int, count: int) -> tuple[LatinSquare, ...] | None:
    """`count` mutually orthogonal Latin squares of order n by MacNeish's product, or None."""
    if count < 1 or n < 2 or squares_available(n) < count:
        return None
    squares: list[LatinSquare] = [((0,),)] * count
    size = 1
    for q in _prime_power_factors(n):
        factor = _prime_power_squares(q, count)
        squares = [tuple(tuple(big[x // q][y // q] * q + small[x % q][y % q]
                               for y in range(size * q)) for x in range(size * q))
                   for big, small in zip(squares, factor)]
        size *= q
    return tuple(squares)


def _field_design(k: int, q: int) -> list[Block]:
    """TD(k, q) for a prime power q >= k - 1: the lines y = a x + b of the affine plane read on
    k columns x (the slope a standing for the column at infinity when k = q + 1)."""
    add, times = field_tables(q)
    columns = range(min(k, q))
    return [tuple(add[times[a][x]][b] for x in columns) + ((a,) if k == q + 1 else ())
            for a in range(q) for b in range(q)]


def _with_block_at(blocks: list[Block], value: int) -> list[Block]:
    """The design relabelled, group by group, so that its first block is (value, ..., value)."""
    first = blocks[0]

    def moved(x: int, i: int) -> int:
        return value if x == first[i] else first[i] if x == value else x

    return [tuple(moved(x, i) for i, x in enumerate(block)) for block in blocks]


def _wilson_orders(n: int) -> tuple[int, int, int] | None:
    """(t, m, u) with n = m t + u where Wilson's construction has all four pieces at hand."""
    for t in range(5, n + 1):
        if prime_power(t) is None:
            continue
        for m in range(4, n // t + 1):
            u = n - m * t
            if (u <= t and squares_available(m) >= 3 and squares_available(m + 1) >= 3
                    and (u <= 1 or squares_available(u) >= 3)):
                return t, m, u
    return None


def _wilson(n: int) -> list[Block] | None:
    """TD(5, n) by Wilson's construction, or None where no split of n has its pieces.

    Delete all but u points of the sixth group of a TD(6, t). Each block that lost its sixth
    point becomes a TD(5, m) on its five points times m (value g m + a is point g, copy a);
    each block that kept one, z, becomes a TD(5, m + 1) whose value m is the extra point
    m t + z of every group, less its block (m, ..., m); a TD(5, u) on the extra points meets
    them with one another. Two values of different groups then share exactly one block."""
    orders = _wilson_orders(n)
    if orders is None:
        return None
    t, m, u = orders
    small, larger = transversal_design(m), transversal_design(m + 1)
    assert small is not None and larger is not None  # _wilson_orders checked both
    plus = _with_block_at(list(larger), m)[1:]
    extra: list[Block] = list(transversal_design(u) or ()) if u > 1 else [(0,) * 5] * u
    blocks: list[Block] = []
    for line in _field_design(6, t):
        z = line[5]
        if z >= u:
            blocks += [tuple(line[i] * m + a[i] for i in range(5)) for a in small]
        else:
            blocks += [tuple(m * t + z if a[i] == m else line[i] * m + a[i] for i in range(5))
                       for a in plus]
    blocks += [tuple(m * t + e for e in block) for block in extra]
    return blocks


@cache
def transversal_design(n: int) -> tuple[Block, ...] | None:
    """The n² blocks of a transversal design with five groups of n, or None: block
    (x, y, a, b, c) puts value x of group 0, y of group 1 and so on together, and any two
    values of different groups are together in exactly one block. Three orthogonal squares
    give the blocks (x, y, L1(x, y), L2(x, y), L3(x, y)); Wilson's construction the rest."""
    squares = orthogonal_squares(n, 3)
    if squares is not None:
        return tuple((x, y, *(square[x][y] for square in squares))
                     for x in range(n) for y in range(n))
    blocks = _wilson(n)
    return tuple(blocks) if blocks is not None else None

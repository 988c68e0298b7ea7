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
"""

from __future__ import annotations

from functools import cache
from itertools import product

LatinSquare = tuple[tuple[int, ...], ...]


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

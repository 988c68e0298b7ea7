/* Decide, for each class listed by `second_split.py --exact`, whether the sessions after
 * the two fixed ones can be seated without a repeat (offline tool).
 *
 * Two sessions fixed after a history of one, few are left (24 x 6 less 3: three), and
 * who may still meet whom is sparse: a depth-first search over the seatings of each
 * session in turn, every table a clique of pairs not yet met, settles a class in
 * milliseconds where a SAT solver takes a quarter of a second or more. Later sessions are
 * interchangeable, so with byes they come in the order of their lowest player out
 * (without, in any order: the fields this serves have byes). A player never sits out
 * more than once, nor at all where `second_split.py` bars him.
 *
 *   cc -O2 -o later_sessions tools/seating_search/later_sessions.c
 *
 * Input (standard input, numbers separated by white space):
 *   players sessions_left byes_a_session
 *   pairs p q ...            (met in the history or in the first fixed session)
 *   barred b ...             (may not sit out again)
 *   classes, each: the players out in it, then its tables, four players each
 * Output: a line per class, "class K UNSAT" or "class K SAT" followed by the sessions
 * found, each a line of tables; "nodes N" at the end. Every 5,000 classes, a line on
 * standard error says how far it is.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 64
#define MAXS 16

static int n, left, byes;
static uint64_t unmet[MAXP];  /* bit q of unmet[p]: p and q have not met */
static uint64_t may_out;      /* players who may still sit out */
static int seat[MAXS][MAXP];  /* the sessions found: tables of four, then those out */
static long long nodes;

static int lowest(uint64_t m) { return __builtin_ctzll(m); }

static int session(int s, int after);

/* Seat the players of `free` at tables of four, each a clique of `unmet`, then go on to
 * session s + 1. `at` counts the players seated so far in session s. */
static int tables(int s, uint64_t free, int at, int first_out) {
    nodes++;
    if (!free)
        return session(s + 1, first_out);
    int p = lowest(free);
    uint64_t a = free & unmet[p] & ~(1ULL << p);
    while (a) {
        int q = lowest(a);
        a &= a - 1;
        uint64_t b = a & unmet[q];
        while (b) {
            int r = lowest(b);
            b &= b - 1;
            uint64_t c = b & unmet[r];
            while (c) {
                int t = lowest(c);
                c &= c - 1;
                int four[4] = {p, q, r, t};
                for (int i = 0; i < 4; i++)
                    for (int j = 0; j < 4; j++)
                        if (i != j)
                            unmet[four[i]] &= ~(1ULL << four[j]);
                memcpy(&seat[s][at], four, sizeof four);
                uint64_t rest = free & ~((1ULL << p) | (1ULL << q) | (1ULL << r) | (1ULL << t));
                int found = tables(s, rest, at + 4, first_out);
                for (int i = 0; i < 4; i++)
                    for (int j = 0; j < 4; j++)
                        if (i != j)
                            unmet[four[i]] |= 1ULL << four[j];
                if (found)
                    return 1;
            }
        }
    }
    return 0;
}

/* Choose who sits out of session s (the lowest of them above `after`, the lowest of the
 * session before), then seat the rest. */
static int choose_out(int s, uint64_t chosen, int count, int from, int after) {
    if (count == byes) {
        uint64_t everyone = n == 64 ? ~0ULL : (1ULL << n) - 1;
        uint64_t saved = may_out;
        may_out &= ~chosen;
        int k = n - byes;
        uint64_t m = chosen;
        for (int i = 0; m; i++, m &= m - 1)
            seat[s][k + i] = lowest(m);
        int first_out = chosen ? lowest(chosen) : -1;
        int found = tables(s, everyone & ~chosen, 0, first_out);
        may_out = saved;
        return found;
    }
    for (int p = from; p < n; p++) {
        if (!(may_out >> p & 1) || (count == 0 && p <= after))
            continue;
        if (choose_out(s, chosen | 1ULL << p, count + 1, p + 1, after))
            return 1;
    }
    return 0;
}

/* Whether every player can still meet three new players in each session he plays: one
 * who may sit out once more needs 3 x (sessions left - 1) players he has not met, one who
 * may not 3 x sessions left; those short of the latter must sit out, and no more can
 * than the byes left. Nobody at or below `after` sits out again (each later session's
 * lowest player out is above the one before's). */
static int enough_left(int s, int after) {
    int rest = left - s, must = 0;
    for (int p = 0; p < n; p++) {
        int free = __builtin_popcountll(unmet[p]);
        int may = (may_out >> p & 1) && p > after;
        if (free >= 3 * rest)
            continue;
        if (!may || free < 3 * (rest - 1))
            return 0;
        must++;
    }
    return must <= byes * rest;
}

static int session(int s, int after) {
    if (s == left)
        return 1;
    if (!enough_left(s, after))
        return 0;
    if (byes)
        return choose_out(s, 0, 0, 0, after);
    return tables(s, n == 64 ? ~0ULL : (1ULL << n) - 1, 0, -1);
}

static int next_int(void) {
    int v;
    if (scanf("%d", &v) != 1) {
        fprintf(stderr, "later_sessions: input ends early\n");
        exit(2);
    }
    return v;
}

int main(void) {
    n = next_int();
    left = next_int();
    byes = next_int();
    if (n > MAXP || left > MAXS) {
        fprintf(stderr, "later_sessions: at most %d players and %d sessions\n", MAXP, MAXS);
        return 2;
    }
    uint64_t everyone = n == 64 ? ~0ULL : (1ULL << n) - 1;
    uint64_t base[MAXP];
    for (int p = 0; p < n; p++)
        base[p] = everyone & ~(1ULL << p);
    for (int m = next_int(); m > 0; m--) {
        int p = next_int(), q = next_int();
        base[p] &= ~(1ULL << q);
        base[q] &= ~(1ULL << p);
    }
    uint64_t base_out = everyone;
    for (int m = next_int(); m > 0; m--)
        base_out &= ~(1ULL << next_int());
    int classes = next_int();
    for (int k = 0; k < classes; k++) {
        memcpy(unmet, base, sizeof unmet);
        may_out = base_out;
        for (int i = 0; i < byes; i++)
            may_out &= ~(1ULL << next_int());
        for (int t = 0; t < (n - byes) / 4; t++) {
            int four[4];
            for (int i = 0; i < 4; i++)
                four[i] = next_int();
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    if (i != j)
                        unmet[four[i]] &= ~(1ULL << four[j]);
        }
        /* session 1 of the class is fixed; the search orders the ones after it alone */
        int found = session(0, -1);
        printf("class %d %s\n", k, found ? "SAT" : "UNSAT");
        if ((k + 1) % 5000 == 0)
            fprintf(stderr, "later_sessions: %d of %d classes asked\n", k + 1, classes);
        if (found)
            for (int s = 0; s < left; s++) {
                for (int i = 0; i < n; i++)
                    printf("%d%c", seat[s][i], i + 1 < n ? ' ' : '\n');
            }
        fflush(stdout);
    }
    printf("nodes %lld\n", nodes);
    return 0;
}

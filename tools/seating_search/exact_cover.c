/* Dancing links (Knuth's Algorithm X) with secondary columns and randomised restarts:
   the exact-cover search behind `chairs_search.py --method exact-cover`.

   Input on stdin: "P S R" (primary columns, secondary columns, rows), then R lines
   "n c_1 ... c_n" (columns 0..P-1 primary: covered exactly once; P..P+S-1 secondary: at
   most once). Each try shuffles the rows and breaks ties between the columns with fewest
   rows at random, then searches depth first up to NODE_LIMIT nodes.

       gcc -O2 -o exact_cover exact_cover.c
       ./exact_cover SEED NODE_LIMIT TRIES < instance

   Prints "found TRY NODES" and the indices of the rows chosen, one a line; or "none TRY
   NODES" when a try searched everything (there is no cover); or "unknown" when every try
   stopped at its limit. */
#include <stdio.h>
#include <stdlib.h>

static int *L, *R, *U, *D, *C, *S, *ROW;
static int ncols, nnodes;
static long long nodes, limit;
static int *sol, depth;
static unsigned long long rng;
static unsigned rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)(rng >> 11); }

static void cover(int c) {
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) { U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--; }
}
static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) { S[C[j]]++; U[D[j]] = j; D[U[j]] = j; }
    L[R[c]] = c; R[L[c]] = c;
}
/* 1 found, 0 exhausted, -1 limit */
static int search(void) {
    if (R[0] == 0) return 1;
    if (++nodes > limit) return -1;
    int c = R[0], best = S[c], ties = 1;
    for (int j = R[c]; j != 0; j = R[j]) {
        if (S[j] < best) { best = S[j]; c = j; ties = 1; }
        else if (S[j] == best && rnd() % ++ties == 0) c = j;
    }
    if (best == 0) return 0;
    cover(c);
    /* start at a random row of the column */
    int skip = rnd() % best, r = D[c];
    while (skip--) r = D[r];
    for (int n = 0; n < best; n++, r = D[r]) {
        if (r == c) r = D[r];
        sol[depth++] = ROW[r];
        for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
        int res = search();
        if (res == 1) return 1;
        for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
        depth--;
        if (res < 0) { uncover(c); return -1; }
    }
    uncover(c);
    return 0;
}

int main(int argc, char **argv) {
    unsigned long long seed = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
    limit = argc > 2 ? atoll(argv[2]) : 100000000LL;
    int tries = argc > 3 ? atoi(argv[3]) : 1;
    int P, Sn, Rn;
    if (scanf("%d %d %d", &P, &Sn, &Rn) != 3) return 2;
    ncols = P + Sn;
    int **rows = malloc(sizeof(int *) * Rn), *len = malloc(sizeof(int) * Rn), total = 0;
    for (int i = 0; i < Rn; i++) {
        if (scanf("%d", &len[i]) != 1) return 2;
        rows[i] = malloc(sizeof(int) * len[i]);
        for (int j = 0; j < len[i]; j++) if (scanf("%d", &rows[i][j]) != 1) return 2;
        total += len[i];
    }
    int size = ncols + 1 + total;
    L = malloc(sizeof(int) * size); R = malloc(sizeof(int) * size); U = malloc(sizeof(int) * size);
    D = malloc(sizeof(int) * size); C = malloc(sizeof(int) * size); S = malloc(sizeof(int) * size);
    ROW = malloc(sizeof(int) * size); sol = malloc(sizeof(int) * (Rn + 1));
    int *order = malloc(sizeof(int) * Rn);
    for (int t = 0; t < tries; t++) {
        rng = seed * 0x9E3779B97F4A7C15ULL + (unsigned long long)t * 0xBF58476D1CE4E5B9ULL + 1;
        for (int k = 0; k < 20; k++) rnd();
        /* headers: 0 root, 1..ncols */
        for (int c = 0; c <= ncols; c++) { U[c] = D[c] = c; C[c] = c; S[c] = 0; L[c] = R[c] = c; }
        int prev = 0;
        for (int c = 1; c <= P; c++) { L[c] = prev; R[prev] = c; prev = c; }
        R[prev] = 0; L[0] = prev;
        for (int i = 0; i < Rn; i++) order[i] = i;
        for (int i = Rn - 1; i > 0; i--) { int j = rnd() % (i + 1), x = order[i]; order[i] = order[j]; order[j] = x; }
        nnodes = ncols + 1;
        for (int oi = 0; oi < Rn; oi++) {
            int i = order[oi], first = -1;
            for (int j = 0; j < len[i]; j++) {
                int c = rows[i][j] + 1, n = nnodes++;
                C[n] = c; ROW[n] = i; S[c]++;
                U[n] = U[c]; D[n] = c; D[U[c]] = n; U[c] = n;
                if (first < 0) { first = n; L[n] = R[n] = n; }
                else { L[n] = L[first]; R[n] = first; R[L[first]] = n; L[first] = n; }
            }
        }
        nodes = 0; depth = 0;
        int res = search();
        if (res == 1) {
            printf("found %d %lld\n", t, nodes);
            for (int i = 0; i < depth; i++) printf("%d\n", sol[i]);
            return 0;
        }
        if (res == 0) { printf("none %d %lld\n", t, nodes); return 0; }
        fprintf(stderr, "try %d: %lld nodes, no cover yet\n", t, nodes);
    }
    printf("unknown\n");
    return 0;
}

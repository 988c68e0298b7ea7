// The base session of OrbitStructure(c, (1, 1, 1)) with two kept fixed players (N = 3c + 2,
// c sessions; the structure of the published 68 x 22, see README) searched in two steps.
// What a table covers over the c sessions (its differences within a level, between two
// levels, and the fixed player's levels) does not change when the whole table is moved
// along Z_c; where it sits only decides which players it takes. So:
//   1. the shapes: tables up to translation that cover every difference exactly once (an
//      exact cover of the 9c/2 + 3 differences, branching on the difference the fewest
//      shapes still cover, the shapes still possible kept as a bit set), with c players on
//      each level;
//   2. the places: a translation for each shape so that the tables take every player once
//      (an exact cover of the 3c players, branching on the player or table with the fewest
//      ways left), at most `place_nodes` nodes (default 1,000,000) a shape set.
// Step 1 is easy: a shape set takes a few hundred to a few thousand nodes, and the next ones
// of the same tree a few each. Step 2 is where the rarity lies: about one shape set in
// 10,000 places at c = 14 and 18, near what independent random translations would give
// (c^(T-1) ways, each level right with probability c!/c^c: about 1e-4 for c = 14, 18 and
// 22). Step 2 decides a shape set of 68 x 22 within 200,000 nodes (some 30 ms), where
// CaDiCaL on the same exact cover took 1.4 s. A joint
// search (cover_search.c) must find the few shape sets that place inside one tree; this
// draws shape sets from restarted trees and tries each, a different sampling of the same
// space. The first fixed player's table is (0, 0), (1, 0), (2, 0) (translating the levels
// makes it so) and stays where it is (translating everything keeps a solution).
//   gcc -O2 -o split_search split_search.c
//   ./split_search c seed restarts nodes per_restart [place_nodes]
// nodes: step 1's nodes a restart; per_restart: the shape sets a restart draws before the
// next. 44 x 14: ./split_search 14 5 100000 100000 20 (7,062 shape sets, 5 to 11 s); 56 x 18:
// ./split_search 18 12 100000 200000 20 (1,760 shape sets, 20 s of CPU).
// Prints 'TABLES [...]' (session 0, players l*c + x then 3c, 3c + 1; an entry with "cycle":
// c, "speeds": [1, 1, 1]) and what it drew, or 'not found' (exit 1) and the counts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned long long u64;
static u64 s_;
static inline u64 rnd(void){ s_ ^= s_ << 13; s_ ^= s_ >> 7; s_ ^= s_ << 17; return s_; }
#ifndef W
#define W 2   // words of 64 differences: c up to 26; -DW=4 takes c up to 54
#endif
#define MAXS 64
int C, H, NI;
typedef struct { u64 m[W]; int np; int pl[4], px[4]; } Shape;
Shape *S; int nS = 0, capS = 0;
int item_pure(int l, int d){ return l * (H - 1) + (d - 1); }
int item_mix(int k, int d){ return 3 * (H - 1) + k * C + d; }
int item_fixed(int i, int l){ return 3 * (H - 1) + 3 * C + 3 * i + l; }
int mixk(int a, int b){ return a == 0 ? (b == 1 ? 0 : 1) : 2; }
static int mask_of(int np, const int *pl, const int *px, int fixed, u64 *m){
  memset(m, 0, sizeof(u64) * W);
#define SET(i) do{ int _i = (i); if(m[_i >> 6] >> (_i & 63) & 1) return 0; m[_i >> 6] |= 1ULL << (_i & 63); }while(0)
  for(int i = 0; i < np; i++) for(int j = i + 1; j < np; j++){
    if(pl[i] == pl[j]){ int d = ((px[j] - px[i]) % C + C) % C; if(d > C - d) d = C - d; if(d == 0 || d == H) return 0; SET(item_pure(pl[i], d)); }
    else { int a = i, b = j; if(pl[a] > pl[b]){ a = j; b = i; } SET(item_mix(mixk(pl[a], pl[b]), ((px[b] - px[a]) % C + C) % C)); } }
  if(fixed >= 0) for(int i = 0; i < np; i++) SET(item_fixed(fixed, pl[i]));
  return 1; }
static void add_shape(int np, const int *pl, const int *px, int fixed){
  u64 m[W]; if(!mask_of(np, pl, px, fixed, m)) return;
  if(nS == capS){ capS = capS ? 2 * capS : 1 << 16; S = realloc(S, sizeof(Shape) * capS); }
  Shape *s = &S[nS++]; memcpy(s->m, m, sizeof m); s->np = np;
  for(int i = 0; i < np; i++){ s->pl[i] = pl[i]; s->px[i] = px[i]; } }
// Ordinary shapes: four players with levels l0 <= l1 <= l2 <= l3, a point of the lowest level
// at 0; kept only in the translation whose sorted points are least (each shape once).
static int least(int np, const int *pl, const int *px){
  int best[4], cur[4]; int have = 0;
  for(int i = 0; i < np; i++){ if(pl[i] != pl[0]) continue;
    for(int j = 0; j < np; j++) cur[j] = pl[j] * C + ((px[j] - px[i]) % C + C) % C;
    for(int a = 1; a < np; a++) for(int b = a; b > 0 && cur[b - 1] > cur[b]; b--){ int t = cur[b]; cur[b] = cur[b - 1]; cur[b - 1] = t; }
    if(!have || memcmp(cur, best, sizeof cur) < 0){ memcpy(best, cur, sizeof cur); have = 1; } }
  for(int j = 0; j < np; j++) if(best[j] != pl[j] * C + px[j]) return 0;
  return 1; }
static void shapes(void){
  int pl[4], px[4];
  for(int l0 = 0; l0 < 3; l0++){ pl[0] = l0; px[0] = 0;
    for(int a = l0 * C + 1; a < 3 * C; a++) for(int b = a + 1; b < 3 * C; b++) for(int d = b + 1; d < 3 * C; d++){
      int q[3] = {a, b, d}; for(int k = 0; k < 3; k++){ pl[k + 1] = q[k] / C; px[k + 1] = q[k] % C; }
      if(least(4, pl, px)) add_shape(4, pl, px, -1); } }
  // the second fixed player's table: (0, 0), (1, b), (2, e)
  for(int b = 0; b < C; b++) for(int e = 0; e < C; e++){ int l3[3] = {0, 1, 2}, x3[3] = {0, b, e}; add_shape(3, l3, x3, 1); } }
// ---- step 2: places (row_cover.h). A row is a table at a translation.
#include "row_cover.h"
#include "item_cover.h"
int nT; int tpl[MAXS][4], tpx[MAXS][4], tnp[MAXS]; int place[MAXS];
long long place_limit = 1000000;
static int place_tables(void){
  rc_nrows = 0;
  for(int t = 1; t < nT; t++) for(int g = 0; g < C; g++){
    rc_room();
    for(int i = 0; i < tnp[t]; i++) rc_players[rc_nrows][i] = tpl[t][i] * C + (tpx[t][i] + g) % C;
    rc_np[rc_nrows] = tnp[t]; rc_table[rc_nrows] = t; rc_place[rc_nrows] = g; rc_nrows++; }
  rc_tables = nT; rc_nplayers = 3 * C;
  memset(rc_taken, 0, sizeof rc_taken);
  for(int k = 0; k < 3; k++){ int p = k * C; rc_taken[p >> 6] |= 1ULL << (p & 63); }   // the first fixed table's players
  for(int t = 0; t < nT; t++) rc_placed[t] = -1;
  rc_placed[0] = 0;
  int ok = rc_solve(place_limit);
  for(int t = 0; t < nT; t++) place[t] = rc_placed[t];
  return ok; }

// ---- step 1: shapes
u64 first[W];
long long nodes, limit, found, placed; int per_restart, got; int chosen[MAXS], depth; int level_count[3];
static int try_place(void){
  int l3[3] = {0, 1, 2};
  for(int k = 0; k < 3; k++){ tpl[0][k] = l3[k]; tpx[0][k] = 0; } tnp[0] = 3; nT = 1;   // the first fixed player's table
  for(int k = 0; k < depth; k++){ Shape *s = &S[chosen[k]]; tnp[nT] = s->np;
    for(int i = 0; i < s->np; i++){ tpl[nT][i] = s->pl[i]; tpx[nT][i] = s->px[i]; } nT++; }
  return place_tables(); }
// The shapes still possible are a bit set; item_shapes[i] holds the shapes that cover
// difference i, so placing a shape removes the union of its six differences' sets.
int NW; u64 **item_shapes;
static int solve(const u64 *alive, const u64 *cov){
  if(++nodes > limit || got >= per_restart) return 0;
  int bn, best = ic_fewest(alive, cov, item_shapes, NI, NW, &bn);
  if(best < 0){   // every difference covered
    if(level_count[0] != C || level_count[1] != C || level_count[2] != C) return 0;
    found++; got++;
    int ok = try_place();
    if(ok){ placed++; return 1; }
    return 0; }
  if(bn == 0) return 0;
  int *opts = malloc(sizeof(int) * bn); int no = ic_options(alive, item_shapes[best], NW, opts, rnd);
  u64 *child = malloc(sizeof(u64) * NW); u64 ccov[W];
  int r = 0;
  for(int o = 0; o < no && !r; o++){
    Shape *s = &S[opts[o]]; int lc[3] = {0, 0, 0}; for(int i = 0; i < s->np; i++) lc[s->pl[i]]++;
    if(level_count[0] + lc[0] > C || level_count[1] + lc[1] > C || level_count[2] + lc[2] > C) continue;
    ic_take(child, ccov, alive, cov, s->m, W, item_shapes, NW);
    chosen[depth++] = opts[o]; for(int l = 0; l < 3; l++) level_count[l] += lc[l];
    r = solve(child, ccov);
    depth--; for(int l = 0; l < 3; l++) level_count[l] -= lc[l];
    if(nodes > limit || got >= per_restart) break; }
  free(opts); free(child); return r; }
int main(int argc, char **argv){
  if(argc < 6){ printf("usage: split_search c seed restarts nodes per_restart [place_nodes]\n"); return 2; }
  C = atoi(argv[1]); H = C / 2; s_ = atoll(argv[2]) * 2654435761ULL + 88172645463325252ULL;
  int restarts = atoi(argv[3]); limit = atoll(argv[4]); per_restart = atoi(argv[5]);
  if(argc > 6) place_limit = atoll(argv[6]);
  NI = 3 * (H - 1) + 3 * C + 6;
  if(C < 6 || C % 2 || NI > 64 * W){ printf("bad cycle: c must be even, from 6 to %d (W = %d)\n", (128 * W - 6) / 9 / 2 * 2, W); return 2; }
  shapes();
  // the first fixed player's table (0, 0), (1, 0), (2, 0) is placed before the search
  int l3[3] = {0, 1, 2}, x3[3] = {0, 0, 0}; mask_of(3, l3, x3, 0, first);
  NW = (nS + 63) / 64;
  item_shapes = malloc(sizeof(u64 *) * NI);
  for(int i = 0; i < NI; i++) item_shapes[i] = calloc(NW, sizeof(u64));
  u64 *alive = calloc(NW, sizeof(u64)); int len = 0;
  for(int k = 0; k < nS; k++){ int clash = 0; for(int w = 0; w < W; w++) if(S[k].m[w] & first[w]) clash = 1;
    if(!clash){ alive[k >> 6] |= 1ULL << (k & 63); len++; }
    for(int i = 0; i < NI; i++) if(S[k].m[i >> 6] >> (i & 63) & 1) item_shapes[i][k >> 6] |= 1ULL << (k & 63); }
  fprintf(stderr, "%d shapes, %d after the first fixed table\n", nS, len);
  for(int r = 0; r < restarts; r++){
    nodes = 0; got = 0; depth = 0; level_count[0] = level_count[1] = level_count[2] = 1;
    if(solve(alive, first)){
      printf("TABLES [");
      for(int t = 0; t < nT; t++){ printf("%s[", t ? ", " : "");
        for(int i = 0; i < tnp[t]; i++) printf("%s%d", i ? ", " : "", tpl[t][i] * C + (tpx[t][i] + place[t]) % C);
        if(tnp[t] == 3) printf(", %d", 3 * C + (t == 0 ? 0 : 1));
        printf("]"); }
      printf("]\nrestart %d, shape sets %lld, placed %lld\n", r, found, placed); return 0; }
    if(r % 100 == 99) fprintf(stderr, "restart %d: shape sets %lld, placed %lld\n", r + 1, found, placed); }
  printf("not found\nshape sets %lld, placed %lld\n", found, placed); return 1; }

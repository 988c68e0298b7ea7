// The base session of OrbitStructure(c, (1, 1, 1)) with two kept fixed players (N = 3c + 2,
// c sessions, c = 2 mod 4) that the level turn t: (l, x) -> (l + 1, u x), u^3 = 1 mod c,
// also keeps, searched in two steps as split_search.c does without the turn.
//   1. the shapes: orbits of t on tables, up to translation, that cover every orbit of
//      differences exactly once (an exact cover of the 3c/2 - 1 orbits: H - 1 within a level,
//      c between levels less the two the fixed players' tables take). Every orbit of three
//      tables puts four players on each level, so no level needs counting.
//   2. the places: a translation for each orbit so that the players it puts on level 0 are
//      every player of that level once; levels 1 and 2 are level 0 turned. Rows are an orbit
//      at a translation: thirteen orbits of 54 places for 164 x 54, a cover of 54 players.
// The fixed players' tables are kept by t: {f, (0, a), (1, u a), (2, u^2 a)}, which meets the
// level pair (0, 1) at difference (u - 1) a. The first is at a = 0 (translating by a multiple
// of c / gcd(c, u - 1) keeps t and moves it there); the second at any a of its difference,
// which step 1 draws (-x for x keeps t and the first, and maps one choice to the other).
// Where split_search's step 2 needs a one-in-ten-thousand shape set (c^(T-1) translations,
// each of three levels right with probability c!/c^c), here a shape set of 164 x 54 has some
// 54^13 * 18 * 54!/54^54 = 39 placements expected (thirteen orbits and the second fixed
// table's 18 places, one level to get right), and step 2 a cover of 54 players: the first
// shape set drawn placed, in 540,766 nodes (u = 19) and the third in 347,519 (u = 37).
//   gcc -O2 -o turn_split_search turn_split_search.c
//   ./turn_split_search c u seed restarts nodes per_restart [place_nodes]
// nodes: step 1's nodes a restart; per_restart: the shape sets a restart draws before the
// next; place_nodes: step 2's nodes a shape set (default 1,000,000).
// 44 x 14: ./turn_split_search 14 9 1 1000 100000 20 (the fifth restart, 0.01 s);
// 164 x 54: ./turn_split_search 54 19 1 10000 100000 20 (0.64 s).
// Prints 'TABLES [...]' (session 0, players l*c + x then 3c, 3c + 1; an entry with "cycle":
// c, "speeds": [1, 1, 1]) and what it drew, or 'not found' (exit 1) and the counts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned long long u64;
static u64 s_;
static inline u64 rnd(void){ s_ ^= s_ << 13; s_ ^= s_ >> 7; s_ ^= s_ << 17; return s_; }
#define W 2      // 128 orbits of differences: c up to 86
#define MAXO 32  // orbits of tables
int C, H, U, U2, NI;
static int md(long long a){ return (int)(((a % C) + C) % C); }
static int upow(int k){ return k == 0 ? 1 : k == 1 ? U : U2; }
// The orbit of a difference, named by its image within level 0 (pure, H - 1 of them) or
// between levels 0 and 1 (mixed, c of them).
static int orbit_pure(int l, int d){ int e = md((long long)upow((3 - l) % 3) * d); if(e > C - e) e = C - e; return e == 0 || e == H ? -1 : e - 1; }
static int orbit_mixed(int la, int xa, int lb, int xb){
  for(int k = 0; k < 3; k++){ int a = (la + k) % 3, b = (lb + k) % 3;
    long long ya = (long long)upow(k) * xa, yb = (long long)upow(k) * xb;
    if(a == 0 && b == 1) return H - 1 + md(yb - ya);
    if(a == 1 && b == 0) return H - 1 + md(ya - yb); }
  return -1; }
typedef struct { u64 m[W]; int pl[4], px[4]; } Shape;
Shape *S; int nS = 0, capS = 0;
static int mask_of(const int *pl, const int *px, u64 *m){
  memset(m, 0, sizeof(u64) * W);
  for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++){
    int o = pl[i] == pl[j] ? orbit_pure(pl[i], px[j] - px[i]) : orbit_mixed(pl[i], px[i], pl[j], px[j]);
    if(o < 0 || (m[o >> 6] >> (o & 63) & 1)) return 0;
    m[o >> 6] |= 1ULL << (o & 63); }
  return 1; }
// A table's key up to translation: its points sorted, the least of its translations that put
// a point at x = 0. An orbit's shape is kept in the one of its three tables with least key.
static void key_of(const int *pl, const int *px, int *best){
  int cur[4]; int have = 0;
  for(int i = 0; i < 4; i++){
    for(int j = 0; j < 4; j++) cur[j] = pl[j] * C + md(px[j] - px[i]);
    for(int a = 1; a < 4; a++) for(int b = a; b > 0 && cur[b - 1] > cur[b]; b--){ int t = cur[b]; cur[b] = cur[b - 1]; cur[b - 1] = t; }
    if(!have || memcmp(cur, best, sizeof cur) < 0){ memcpy(best, cur, sizeof cur); have = 1; } } }
static void shapes(void){
  int pl[4], px[4];
  for(int a = 0; a < 3 * C; a += C) for(int b = 1; b < 3 * C; b++) for(int d = b + 1; d < 3 * C; d++) for(int e = d + 1; e < 3 * C; e++){
    int q[4] = {a, b, d, e}; if(b <= a) continue;
    for(int k = 0; k < 4; k++){ pl[k] = q[k] / C; px[k] = q[k] % C; }
    int mine[4]; key_of(pl, px, mine);
    if(memcmp(mine, q, sizeof mine)) continue;   // not this table's own key
    int keep = 1;
    for(int k = 1; k < 3 && keep; k++){ int tl[4], tx[4], other[4];
      for(int i = 0; i < 4; i++){ tl[i] = (pl[i] + k) % 3; tx[i] = md((long long)upow(k) * px[i]); }
      key_of(tl, tx, other); if(memcmp(other, mine, sizeof mine) < 0) keep = 0; }
    if(!keep) continue;
    u64 m[W]; if(!mask_of(pl, px, m)) continue;
    if(nS == capS){ capS = capS ? 2 * capS : 1 << 16; S = realloc(S, sizeof(Shape) * capS); }
    Shape *s = &S[nS++]; memcpy(s->m, m, sizeof m); memcpy(s->pl, pl, sizeof pl); memcpy(s->px, px, sizeof px); } }
// ---- step 2: places on level 0 (row_cover.h). Rows: an orbit of tables at a translation g
// (its four level-0 players), or the second fixed player's table at an a of its difference.
#include "row_cover.h"
#include "item_cover.h"
int nT; int place[MAXO]; Shape *tab[MAXO];
long long place_limit = 1000000; int fixed_diff;
static int place_orbits(void){
  rc_nrows = 0;
  for(int t = 0; t < nT - 1; t++) for(int g = 0; g < C; g++){
    rc_room();
    int ok = 1, *rp = rc_players[rc_nrows];
    for(int i = 0; i < 4; i++){ Shape *s = tab[t];
      int k = (3 - s->pl[i]) % 3; rp[i] = md((long long)upow(k) * (s->px[i] + g));
      for(int j = 0; j < i; j++) if(rp[j] == rp[i]) ok = 0; }
    if(!ok) continue;
    rc_np[rc_nrows] = 4; rc_table[rc_nrows] = t; rc_place[rc_nrows] = g; rc_nrows++; }
  for(int a = 0; a < C; a++) if(md((long long)(U - 1) * a) == fixed_diff){   // the second fixed table
    rc_room(); rc_np[rc_nrows] = 1; rc_players[rc_nrows][0] = a; rc_table[rc_nrows] = nT - 1; rc_place[rc_nrows] = a; rc_nrows++; }
  rc_tables = nT; rc_nplayers = C;
  memset(rc_taken, 0, sizeof rc_taken); rc_taken[0] = 1;   // the first fixed table takes (0, 0)
  for(int t = 0; t < nT; t++) rc_placed[t] = -1;
  int ok = rc_solve(place_limit);
  for(int t = 0; t < nT; t++) place[t] = rc_placed[t];
  return ok; }
// ---- step 1: shapes
long long nodes, limit, found, placed; int per_restart, got; int chosen[MAXO], depth;
int NW; u64 **item_shapes;
static int try_place(void){
  nT = 0; for(int k = 0; k < depth; k++) tab[nT++] = &S[chosen[k]];
  nT++;   // the second fixed player's table
  return place_orbits(); }
static int solve(const u64 *alive, const u64 *cov){
  if(++nodes > limit || got >= per_restart) return 0;
  int bn, best = ic_fewest(alive, cov, item_shapes, NI, NW, &bn);
  if(best < 0){ found++; got++; if(try_place()){ placed++; return 1; } return 0; }
  if(bn == 0) return 0;
  int *opts = malloc(sizeof(int) * bn); int no = ic_options(alive, item_shapes[best], NW, opts, rnd);
  u64 *child = malloc(sizeof(u64) * NW); u64 ccov[W];
  int r = 0;
  for(int o = 0; o < no && !r; o++){
    Shape *s = &S[opts[o]];
    ic_take(child, ccov, alive, cov, s->m, W, item_shapes, NW);
    chosen[depth++] = opts[o];
    r = solve(child, ccov);
    depth--;
    if(nodes > limit || got >= per_restart) break; }
  free(opts); free(child); return r; }
static void print_point(int l, int x, int *first){ printf("%s%d", *first ? "" : ", ", l * C + md(x)); *first = 0; }
int main(int argc, char **argv){
  if(argc < 7){ printf("usage: turn_split_search c u seed restarts nodes per_restart [place_nodes]\n"); return 2; }
  C = atoi(argv[1]); U = atoi(argv[2]); s_ = atoll(argv[3]) * 2654435761ULL + 88172645463325252ULL;
  int restarts = atoi(argv[4]); limit = atoll(argv[5]); per_restart = atoi(argv[6]);
  if(argc > 7) place_limit = atoll(argv[7]);
  H = C / 2; NI = H - 1 + C;
  if(C < 6 || C % 4 != 2 || NI > 64 * W){ printf("bad cycle: c must be 2 mod 4, from 6 to 86\n"); return 2; }
  U = md(U); U2 = md((long long)U * U);
  if(U == 1 || md((long long)U2 * U) != 1){ printf("bad turn: u must have order 3 mod c\n"); return 2; }
  shapes();
  NW = (nS + 63) / 64;
  item_shapes = malloc(sizeof(u64 *) * NI);
  for(int i = 0; i < NI; i++) item_shapes[i] = calloc(NW, sizeof(u64));
  for(int k = 0; k < nS; k++) for(int i = 0; i < NI; i++) if(S[k].m[i >> 6] >> (i & 63) & 1) item_shapes[i][k >> 6] |= 1ULL << (k & 63);
  // the differences the second fixed player's table can take: (u - 1) a, not 0 (the first's)
  int diffs[128], nd = 0;
  for(int a = 0; a < C; a++){ int d = md((long long)(U - 1) * a), seen = d == 0; for(int k = 0; k < nd; k++) seen |= diffs[k] == d; if(!seen) diffs[nd++] = d; }
  fprintf(stderr, "%d orbit shapes, %d differences for the second fixed table\n", nS, nd);
  u64 *alive = calloc(NW, sizeof(u64));
  for(int r = 0; r < restarts; r++){
    fixed_diff = diffs[rnd() % nd];
    u64 cov[W] = {0}; int taken[2] = {H - 1 + 0, H - 1 + fixed_diff};
    for(int k = 0; k < 2; k++) cov[taken[k] >> 6] |= 1ULL << (taken[k] & 63);
    for(int w = 0; w < NW; w++) alive[w] = 0;
    for(int k = 0; k < nS; k++) if(!(S[k].m[0] & cov[0]) && !(S[k].m[1] & cov[1])) alive[k >> 6] |= 1ULL << (k & 63);
    nodes = 0; got = 0; depth = 0;
    if(solve(alive, cov)){
      printf("TABLES [[0, %d, %d, %d]", C, 2 * C, 3 * C);
      int a = place[nT - 1]; printf(", [%d, %d, %d, %d]", md(a), C + md((long long)U * a), 2 * C + md((long long)U2 * a), 3 * C + 1);
      for(int t = 0; t < nT - 1; t++) for(int k = 0; k < 3; k++){ int first = 1; printf(", [");
        for(int i = 0; i < 4; i++) print_point((tab[t]->pl[i] + k) % 3, (int)((long long)upow(k) * (tab[t]->px[i] + place[t]) % C), &first);
        printf("]"); }
      printf("]\nrestart %d, shape sets %lld, placed %lld, place nodes %lld\n", r, found, placed, rc_nodes); return 0; }
    if(r % 100 == 99) fprintf(stderr, "restart %d: shape sets %lld, placed %lld\n", r + 1, found, placed); }
  printf("not found\nshape sets %lld, placed %lld\n", found, placed); return 1; }

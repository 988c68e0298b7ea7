// Four levels over Z_q (N = 4q players, q odd, R = (4q - 2) / 3 sessions: q moved from one base
// session, then (q - 2) / 3 spread sessions, each the q translates of one transversal table),
// every pair meeting once but (l, x) and (l + 2, x), searched in two steps (as split_search.c)
// among the schedules that the involution z: (l, x) -> (l + 2, w x), w^2 = 1 mod q, also keeps.
//   1. the shapes: what the base session's tables and the transversals cover (their differences
//      within a level and between two levels) does not change when a table is translated, so
//      step 1 is an exact cover of the differences by: a base table and its z-image, up to
//      translation; a base table that z keeps; a transversal and its z-image (or one z keeps).
//      The (q - 2) / 3 transversals are drawn first, at random: with them the rest follows
//      from the cover (q base tables, q players on each level), which the search, left to
//      count them itself, met only at the end and never finished.
//   2. the places: a translation for each base table and its image (z(T + t) = z(T) + w t),
//      and for each kept table one that z still keeps ((w - 1) t = 0), so that levels 0 and 1
//      take every player once; levels 2 and 3 are their images. Translating the whole session
//      by such a t keeps z, so the first object's translation is taken up to it.
// Why z: 140 x 46 (q = 35) is beyond split_search (Z_46 on three levels: step 2 undecided) and
// has no level turn of order 3; a turn of the four levels, (l, x) -> (l + 1, u x), fails by
// parity (README). With z, step 2 is sixteen table pairs and three kept tables on two levels
// of 35: some 35^16 * 7^3 * (35!/35^35)^2 = 0.15 placements expected of a shape set, and a
// shape set decided in 16 to 29 million nodes (20 to 40 s).
// z needs w != 1 (w = 1 would seat (l, x) with its missed (l + 2, x)); a prime q has only
// w = -1, which keeps every difference between levels 0 and 2 (44 x 14 and 68 x 22 draw no
// shape set). 35 also has w = 6 and 29 (w = -1 cannot: the tables z keeps could not cover
// the pure differences, README).
//   gcc -O2 -o involution_split_search involution_split_search.c
//   ./involution_split_search q w seed restarts nodes per_restart [place_nodes]
// nodes: step 1's nodes a restart; per_restart: the shape sets a restart draws before the
// next; place_nodes: step 2's nodes a shape set (default 1,000,000).
// 140 x 46: ./involution_split_search 35 29 7 100000 20000 2 100000000 (the second shape set
// placed, in 16,573,917 nodes; 41.9 s).
// Prints 'BASE [...]' (the base session, players l*q + x) and 'TRANSVERSALS [...]', then what it
// drew; or 'not found' (exit 1) and the counts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned long long u64;
static u64 s_;
static inline u64 rnd(void){ s_ ^= s_ << 13; s_ ^= s_ >> 7; s_ ^= s_ << 17; return s_; }
#define W 6      // 384 differences: q up to 47
#define MAXO 64
int Q, HQ, WM, K, NI;
static int md(long long a){ return (int)(((a % Q) + Q) % Q); }
static int pair_index(int a, int b){ static const int ix[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}}; return ix[a][b]; }
static int item_of(int la, int xa, int lb, int xb){
  if(la == lb){ int d = md(xb - xa); if(d > Q - d) d = Q - d; return d == 0 ? -1 : la * HQ + d - 1; }
  if(la > lb){ int t = la; la = lb; lb = t; t = xa; xa = xb; xb = t; }
  return 4 * HQ + pair_index(la, lb) * Q + md(xb - xa); }
static int missed(int it){ return it == 4 * HQ + pair_index(0, 2) * Q || it == 4 * HQ + pair_index(1, 3) * Q; }
static void zed(const int *pl, const int *px, int *zl, int *zx){ for(int i = 0; i < 4; i++){ zl[i] = (pl[i] + 2) % 4; zx[i] = md((long long)WM * px[i]); } }
// items of a table into m; 0 if a difference repeats or is a missed one
static int add_items(const int *pl, const int *px, u64 *m){
  for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++){
    int it = item_of(pl[i], px[i], pl[j], px[j]);
    if(it < 0 || missed(it) || (m[it >> 6] >> (it & 63) & 1)) return 0;
    m[it >> 6] |= 1ULL << (it & 63); }
  return 1; }
static void key_at(const int *pl, const int *px, int t, int *key){
  for(int j = 0; j < 4; j++) key[j] = pl[j] * Q + md(px[j] + t);
  for(int a = 1; a < 4; a++) for(int b = a; b > 0 && key[b - 1] > key[b]; b--){ int x = key[b]; key[b] = key[b - 1]; key[b - 1] = x; } }
static void least_key(const int *pl, const int *px, int *best){
  int cur[4]; key_at(pl, px, 0, best);
  for(int t = 1; t < Q; t++){ key_at(pl, px, t, cur); if(memcmp(cur, best, sizeof cur) < 0) memcpy(best, cur, sizeof cur); } }
enum { PAIR, KEPT, SPREAD };
typedef struct { u64 m[W]; int kind, spread, level0, pl[4], px[4]; } Obj;
Obj *O; int nO = 0, capO = 0;
static Obj *new_obj(void){ if(nO == capO){ capO = capO ? 2 * capO : 1 << 16; O = realloc(O, sizeof(Obj) * capO); } memset(&O[nO], 0, sizeof(Obj)); return &O[nO++]; }
int ker[64], nker;   // the translations t with (w - 1) t = 0
static void objects(void){
  int pl[4], px[4], zl[4], zx[4], mine[4], theirs[4];
  // base tables with their z-images, up to translation (kept in the pair's least key)
  for(int a = 0; a < 4 * Q; a += Q) for(int b = a + 1; b < 4 * Q; b++) for(int c = b + 1; c < 4 * Q; c++) for(int d = c + 1; d < 4 * Q; d++){
    int q[4] = {a, b, c, d};
    for(int k = 0; k < 4; k++){ pl[k] = q[k] / Q; px[k] = q[k] % Q; }
    least_key(pl, px, mine); if(memcmp(mine, q, sizeof mine)) continue;
    zed(pl, px, zl, zx); least_key(zl, zx, theirs); if(memcmp(theirs, mine, sizeof mine) <= 0) continue;
    u64 m[W] = {0}; if(!add_items(pl, px, m) || !add_items(zl, zx, m)) continue;
    Obj *o = new_obj(); memcpy(o->m, m, sizeof m); o->kind = PAIR;
    for(int i = 0; i < 4; i++){ o->pl[i] = pl[i]; o->px[i] = px[i]; o->level0 += pl[i] == 0 || pl[i] == 2; } }
  // base tables z keeps: two orbits {(l, x), (l + 2, w x)}, up to the translations that keep them
  for(int l = 0; l < 2; l++) for(int l2 = l; l2 < 2; l2++) for(int x = 0; x < Q; x++) for(int y = 0; y < Q; y++){
    int cand[4][2] = {{l, x}, {l + 2, md((long long)WM * x)}, {l2, y}, {l2 + 2, md((long long)WM * y)}};
    for(int i = 0; i < 4; i++){ pl[i] = cand[i][0]; px[i] = cand[i][1]; }
    int distinct = 1; for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++) if(pl[i] == pl[j] && px[i] == px[j]) distinct = 0;
    if(!distinct || (l == l2 && y <= x)) continue;
    int least = 1, cur[4], base[4]; key_at(pl, px, 0, base);
    for(int k = 1; k < nker; k++){ key_at(pl, px, ker[k], cur); if(memcmp(cur, base, sizeof cur) < 0) least = 0; }
    if(!least) continue;
    // the same table from the other order of its two orbits (l == l2): kept once by y > x
    u64 m[W] = {0}; if(!add_items(pl, px, m)) continue;
    Obj *o = new_obj(); memcpy(o->m, m, sizeof m); o->kind = KEPT;
    for(int i = 0; i < 4; i++){ o->pl[i] = pl[i]; o->px[i] = px[i]; o->level0 += pl[i] == 0; } }
  // transversals {(0, 0), (1, b), (2, c), (3, d)} with their z-images
  for(int b = 0; b < Q; b++) for(int c = 0; c < Q; c++) for(int d = 0; d < Q; d++){
    int tl[4] = {0, 1, 2, 3}, tx[4] = {0, b, c, d}, zb[3];
    zed(tl, tx, zl, zx);   // z(T): (2, 0), (3, wb), (0, wc), (1, wd); translated to (0, 0):
    int sh = zx[2]; zb[0] = md(zx[3] - sh); zb[1] = md(zx[0] - sh); zb[2] = md(zx[1] - sh);
    int self = zb[0] == b && zb[1] == c && zb[2] == d;
    if(!self && (zb[0] * Q + zb[1]) * Q + zb[2] < (b * Q + c) * Q + d) continue;
    u64 m[W] = {0}; if(!add_items(tl, tx, m)) continue;
    if(!self){ int ul[4] = {0, 1, 2, 3}, ux[4] = {0, zb[0], zb[1], zb[2]}; if(!add_items(ul, ux, m)) continue; }
    Obj *o = new_obj(); memcpy(o->m, m, sizeof m); o->kind = SPREAD; o->spread = self ? 1 : 2;
    for(int i = 0; i < 4; i++){ o->pl[i] = tl[i]; o->px[i] = tx[i]; } } }
// ---- step 2: places on levels 0 and 1 (players x and Q + x; row_cover.h)
#include "row_cover.h"
#include "item_cover.h"
int nT; Obj *tab[MAXO]; int place[MAXO];
long long place_limit = 1000000;
// the players on levels 0 and 1 that object o takes at translation g (-1 if two coincide)
static int row_players(const Obj *o, int g, int *out){
  int n = 0;
  for(int i = 0; i < 4; i++){ int l = o->pl[i], x = md(o->px[i] + g), p;
    if(o->kind == KEPT){ if(l >= 2) continue; p = l * Q + x; }
    else p = l < 2 ? l * Q + x : (l - 2) * Q + md((long long)WM * x);
    for(int j = 0; j < n; j++) if(out[j] == p) return -1;
    out[n++] = p; }
  return n; }
static int place_objects(void){
  rc_nrows = 0;
  for(int t = 0; t < nT; t++){ int nt = tab[t]->kind == KEPT ? nker : Q;
    for(int k = 0; k < nt; k++){ int g = tab[t]->kind == KEPT ? ker[k] : k;
      // translating the whole session by an element of ker keeps z: the first object's
      // translation is taken up to it (0 for a kept table, below q / |ker| for a pair)
      if(t == 0 && (tab[t]->kind == KEPT ? g != 0 : g >= Q / nker)) continue;
      rc_room();
      int n = row_players(tab[t], g, rc_players[rc_nrows]); if(n < 0) continue;
      rc_np[rc_nrows] = n; rc_table[rc_nrows] = t; rc_place[rc_nrows] = g; rc_nrows++; } }
  rc_tables = nT; rc_nplayers = 2 * Q;
  memset(rc_taken, 0, sizeof rc_taken);
  for(int t = 0; t < nT; t++) rc_placed[t] = -1;
  int ok = rc_solve(place_limit);
  for(int t = 0; t < nT; t++) place[t] = rc_placed[t];
  return ok; }
// ---- step 1: shapes
long long nodes, limit, found, placed; int per_restart, got; int chosen[MAXO * 2], depth;
int base_count, spread_count, level0_count;
int NW; u64 **item_objs;
static int try_place(void){
  nT = 0; for(int k = 0; k < depth; k++) if(O[chosen[k]].kind != SPREAD) tab[nT++] = &O[chosen[k]];
  return place_objects(); }
static int fits(const Obj *o){
  int base = o->kind == PAIR ? 2 : o->kind == KEPT ? 1 : 0;
  return base_count + base <= Q && spread_count + o->spread <= K && level0_count + o->level0 <= Q
      && (base_count + base) * 4 - (level0_count + o->level0) * 2 <= 2 * Q; }
static int solve(const u64 *alive, const u64 *cov){
  if(++nodes > limit || got >= per_restart) return 0;
  int bn, best = ic_fewest(alive, cov, item_objs, NI, NW, &bn);
  if(best < 0){
    if(base_count != Q || spread_count != K || level0_count != Q) return 0;
    found++; got++; if(try_place()){ placed++; return 1; } return 0; }
  if(bn == 0) return 0;
  int *opts = malloc(sizeof(int) * bn); int no = ic_options(alive, item_objs[best], NW, opts, rnd);
  u64 *child = malloc(sizeof(u64) * NW); u64 ccov[W];
  int r = 0;
  for(int o = 0; o < no && !r; o++){
    Obj *ob = &O[opts[o]]; if(!fits(ob)) continue;
    ic_take(child, ccov, alive, cov, ob->m, W, item_objs, NW);
    int base = ob->kind == PAIR ? 2 : ob->kind == KEPT ? 1 : 0;
    chosen[depth++] = opts[o]; base_count += base; spread_count += ob->spread; level0_count += ob->level0;
    r = solve(child, ccov);
    depth--; base_count -= base; spread_count -= ob->spread; level0_count -= ob->level0;
    if(nodes > limit || got >= per_restart) break; }
  free(opts); free(child); return r; }
static void print_table(int first, const int *pl, const int *px, int g, int turned){
  printf("%s[", first ? "" : ", ");
  for(int i = 0; i < 4; i++){ int l = pl[i], x = md(px[i] + g);
    if(turned){ l = (l + 2) % 4; x = md((long long)WM * x); }
    printf("%s%d", i ? ", " : "", l * Q + x); }
  printf("]"); }
int main(int argc, char **argv){
  if(argc < 7){ printf("usage: involution_split_search q w seed restarts nodes per_restart [place_nodes]\n"); return 2; }
  Q = atoi(argv[1]); WM = atoi(argv[2]); s_ = atoll(argv[3]) * 2654435761ULL + 88172645463325252ULL;
  int restarts = atoi(argv[4]); limit = atoll(argv[5]); per_restart = atoi(argv[6]);
  if(argc > 7) place_limit = atoll(argv[7]);
  if(Q < 5 || Q % 2 == 0 || Q % 3 != 2 || Q > 47 || 8 * Q - 2 > 64 * W){ printf("bad q: q must be odd, 2 mod 3, from 5 to 47\n"); return 2; }
  HQ = (Q - 1) / 2; K = (Q - 2) / 3; NI = 4 * HQ + 6 * Q;
  if(md(WM) == 1 || md((long long)WM * WM) != 1){ printf("bad w: w must have order 2 mod q\n"); return 2; }
  WM = md(WM);
  nker = 0; for(int t = 0; t < Q; t++) if(md((long long)(WM - 1) * t) == 0) ker[nker++] = t;
  objects();
  int counts[3] = {0, 0, 0}; for(int k = 0; k < nO; k++) counts[O[k].kind]++;
  fprintf(stderr, "%d objects: %d table pairs, %d kept tables, %d transversals; %d translations keep z\n", nO, counts[0], counts[1], counts[2], nker);
  NW = (nO + 63) / 64;
  item_objs = malloc(sizeof(u64 *) * NI);
  for(int i = 0; i < NI; i++) item_objs[i] = calloc(NW, sizeof(u64));
  for(int k = 0; k < nO; k++) for(int i = 0; i < NI; i++) if(O[k].m[i >> 6] >> (i & 63) & 1) item_objs[i][k >> 6] |= 1ULL << (k & 63);
  u64 *alive = calloc(NW, sizeof(u64));
  int *spreads = malloc(sizeof(int) * nO), nsp = 0;
  for(int k = 0; k < nO; k++) if(O[k].kind == SPREAD) spreads[nsp++] = k;
  for(int r = 0; r < restarts; r++){
    nodes = 0; got = 0; depth = 0; base_count = spread_count = level0_count = 0;
    // The transversals first, drawn at random: with them the counts follow from the cover
    // (each level's q players, each pair of levels' differences), so the base tables are
    // then an exact cover with nothing else to count.
    u64 cov[W] = {0};
    for(int i = 0; i < NI; i++) if(missed(i)) cov[i >> 6] |= 1ULL << (i & 63);
    for(int i = nsp - 1; i > 0; i--){ int j = rnd() % (i + 1); int t = spreads[i]; spreads[i] = spreads[j]; spreads[j] = t; }
    for(int i = 0; i < nsp && spread_count < K; i++){ Obj *o = &O[spreads[i]]; int clash = 0;
      for(int w = 0; w < W; w++) clash |= (o->m[w] & cov[w]) != 0;
      if(clash || spread_count + o->spread > K) continue;
      for(int w = 0; w < W; w++) cov[w] |= o->m[w];
      chosen[depth++] = spreads[i]; spread_count += o->spread; }
    if(spread_count != K) continue;
    for(int k = 0; k < nO; k++){ int clash = O[k].kind == SPREAD;
      for(int w = 0; w < W; w++) clash |= (O[k].m[w] & cov[w]) != 0;
      if(clash) alive[k >> 6] &= ~(1ULL << (k & 63)); else alive[k >> 6] |= 1ULL << (k & 63); }
    if(solve(alive, cov)){
      printf("BASE [");
      int first = 1;
      for(int t = 0; t < nT; t++){ print_table(first, tab[t]->pl, tab[t]->px, place[t], 0); first = 0;
        if(tab[t]->kind == PAIR) print_table(0, tab[t]->pl, tab[t]->px, place[t], 1); }
      printf("]\nTRANSVERSALS [");
      first = 1;
      for(int k = 0; k < depth; k++){ Obj *o = &O[chosen[k]]; if(o->kind != SPREAD) continue;
        print_table(first, o->pl, o->px, 0, 0); first = 0;
        if(o->spread == 2) print_table(0, o->pl, o->px, 0, 1); }
      printf("]\nrestart %d, shape sets %lld, placed %lld, place nodes %lld\n", r, found, placed, rc_nodes); return 0; }
    if(r % 100 == 99) fprintf(stderr, "restart %d: shape sets %lld, placed %lld\n", r + 1, found, placed); }
  printf("not found\nshape sets %lld, placed %lld\n", found, placed); return 1; }

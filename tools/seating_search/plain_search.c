// Annealing for a base session under orbits.OrbitStructure(c, (1, 1, 1)) with F fixed players
// and no turn (session h = session 0 with every level moved h places, c sessions): the
// structure difference_search.c reaches only when Z_c has a multiplier u of order 3 and at
// most one fixed player is kept by the turn (u = 1 sends every kept player's table to the
// level-to-level difference 0). Players l*c + x (level l < 3, x in Z_c), then the fixed
// ones. Pair classes: the same level and +-d; levels a < b and y - x; a fixed player and a
// level; two fixed players may not share a table (they would meet every session), nor a
// pair x, x + c/2 on one level (it comes back after c/2 sessions). A base session repeats
// nobody over c sessions iff no class holds two of its pairs; the cost counts the surplus.
// Moves swap two players of different tables (the clashing ones first, as in the others).
// Prints 'TABLES [...]' (session 0, for an entry with "cycle": c, "speeds": [1, 1, 1]).
// A field with byes (B = N mod 4 > 0; 70 x 22 beside the open 68 x 22) is the orbit of its
// own base session: table 0 holds 4 - B ghosts (players N..) and the B who sit out. Its
// pairs meet nobody, but two of one level there would sit out twice in the orbit (cost 2);
// a fixed player never sits out (such a move is not made), and the ghosts never move. It
// prints 'BASE [...]', the seated tables (table 0 left out), for an entry of
// tournament_manager/domain/seating/bye_orbits.json; bye_orbits.py runs this and writes it.
//   gcc -O2 -o plain_search plain_search.c -lm
//   ./plain_search N F seed moves temperature focus [K L gap maxcost]
// K L gap maxcost: when the cost is at most maxcost (and gap moves after the last try), free
// K tables (the clashing ones first; never table 0 of a field with byes) and refill them
// exactly by depth-first search (at most L nodes), keeping the classes of the other tables;
// restore them if no refill is found.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline double urand(void){ return (rnd()>>11)*(1.0/9007199254740992.0); }
#define MAXN 256
int N, F, C, T, NB, NR, L3; /* N slots: the NR players, and 4 - NB ghosts where NB > 0 */ int cls[MAXN][MAXN]; int counts[MAXN*MAXN]; int tab[MAXN/4][4]; int where[MAXN], pos[MAXN];
// change in cost when pair (p,q) is added (step 1) or removed (step -1)
static inline int pair_step(int p, int q, int step){
  int c = cls[p][q]; if(c < 0) return 2*step;
  int before = counts[c]; counts[c] = before + step;
  return step > 0 ? (before >= 1) : -(before >= 2); }
static inline int pstep(int t, int p, int q, int step){
  if(NB && t == 0){ if(p >= NR || q >= NR) return 0; return (p / C == q / C) ? 2*step : 0; }
  return pair_step(p, q, step); }
static int conflicted(int p){ int t = where[p]; if(NB && t == 0) return 0;
  for(int i = 0; i < 4; i++){ int q = tab[t][i]; if(q == p) continue; int c = cls[p][q]; if(c < 0 || counts[c] > 1) return 1; }
  return 0; }
// ---- exact repair: free K tables (those with a clash first), refill them by depth-first
// search over their 4K players (classes of the other tables kept), at most L nodes.
static int fr_t[64], fr_n, fr_pts[256], fr_used[256], fr_np; static long long fr_nodes, fr_limit;
static inline int pair_ok(int p, int q){ int c = cls[p][q]; if(c < 0 || counts[c]) return -1; return c; }
static int fill(int ti){
  if(ti == fr_n) return 1;
  if(++fr_nodes > fr_limit) return 0;
  int first = -1; for(int i = 0; i < fr_np; i++) if(!fr_used[i]){ first = i; break; }
  int p0 = fr_pts[first]; fr_used[first] = 1;
  for(int a = first + 1; a < fr_np; a++){ if(fr_used[a]) continue; int p1 = fr_pts[a]; int c01 = pair_ok(p0, p1); if(c01 < 0) continue; counts[c01]++; fr_used[a] = 1;
    for(int b = a + 1; b < fr_np; b++){ if(fr_used[b]) continue; fr_nodes++; int p2 = fr_pts[b]; int c02 = pair_ok(p0, p2); if(c02 < 0) continue; counts[c02]++; int c12 = pair_ok(p1, p2); if(c12 < 0){ counts[c02]--; continue; } counts[c12]++; fr_used[b] = 1;
      for(int d = b + 1; d < fr_np; d++){ if(fr_used[d]) continue; fr_nodes++; int p3 = fr_pts[d]; int e0 = pair_ok(p0, p3); if(e0 < 0) continue; counts[e0]++; int e1 = pair_ok(p1, p3); if(e1 < 0){ counts[e0]--; continue; } counts[e1]++; int e2 = pair_ok(p2, p3); if(e2 < 0){ counts[e0]--; counts[e1]--; continue; } counts[e2]++; fr_used[d] = 1;
        int t = fr_t[ti]; int q4[4] = {p0, p1, p2, p3}; for(int i = 0; i < 4; i++){ tab[t][i] = q4[i]; where[q4[i]] = t; pos[q4[i]] = i; }
        if(fill(ti + 1)) return 1;
        fr_used[d] = 0; counts[e0]--; counts[e1]--; counts[e2]--; if(fr_nodes > fr_limit) break; }
      fr_used[b] = 0; counts[c02]--; counts[c12]--; if(fr_nodes > fr_limit) break; }
    fr_used[a] = 0; counts[c01]--; if(fr_nodes > fr_limit) break; }
  fr_used[first] = 0; return 0; }
static int table_conflicted(int t){ for(int i = 0; i < 4; i++) if(conflicted(tab[t][i])) return 1; return 0; }
static int repair(int K, long long limit, int cost){
  int isfree[MAXN/4] = {0}; fr_n = 0;
  int t0 = NB ? 1 : 0;
  for(int t = t0; t < T && fr_n < K; t++) if(table_conflicted(t)){ fr_t[fr_n++] = t; isfree[t] = 1; }
  int tries = 0; while(fr_n < K && tries < 1000){ int t = t0 + rnd() % (T - t0); tries++; if(!isfree[t]){ fr_t[fr_n++] = t; isfree[t] = 1; } }
  int saved[MAXN/4][4]; memcpy(saved, tab, sizeof saved);
  int ch = 0; for(int k = 0; k < fr_n; k++){ int t = fr_t[k]; for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++) ch += pair_step(tab[t][i], tab[t][j], -1); }
  if(cost + ch == 0){
    fr_np = 0; for(int k = 0; k < fr_n; k++) for(int i = 0; i < 4; i++){ fr_pts[fr_np] = tab[fr_t[k]][i]; fr_used[fr_np] = 0; fr_np++; }
    fr_nodes = 0; fr_limit = limit;
    if(fill(0)) return 0; }
  memcpy(tab, saved, sizeof saved);
  for(int k = 0; k < fr_n; k++){ int t = fr_t[k]; for(int i = 0; i < 4; i++){ int p = tab[t][i]; where[p] = t; pos[p] = i; } for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++) pair_step(tab[t][i], tab[t][j], 1); }
  return cost; }
int main(int argc, char **argv){
  if(argc < 7){ fprintf(stderr, "usage: N F seed moves temperature focus\n"); return 2; }
  N = atoi(argv[1]); F = atoi(argv[2]); s_ = atoll(argv[3])*2654435761ULL + 88172645463325252ULL;
  long long moves = atoll(argv[4]); double temp = atof(argv[5]); int focus = atoi(argv[6]);
  int K = argc > 7 ? atoi(argv[7]) : 0; long long L = argc > 8 ? atoll(argv[8]) : 2000000;
  long long gap = argc > 9 ? atoll(argv[9]) : 3000; int maxcost = argc > 10 ? atoi(argv[10]) : 3;
  long long next_repair = 0, repairs = 0;
  NR = N; NB = N % 4; if(NB) N += 4 - NB;
  if(F < 0 || (NR - F) % 3 || NR - F < 3 || N > MAXN){ printf("no shape\n"); return 1; }
  C = (NR - F)/3; L3 = 3*C; T = N/4; int moving = 3*C;
  int ncls = 0; static int key[3][3][MAXN]; static int fkey[MAXN][3]; memset(key, -1, sizeof key); memset(fkey, -1, sizeof fkey);
  for(int p = 0; p < N; p++) for(int q = 0; q < N; q++) cls[p][q] = -1;
  for(int p = 0; p < NR; p++) for(int q = p + 1; q < NR; q++){
    int *slot = NULL;
    if(q < moving){ int a = p / C, x = p % C, b = q / C, y = q % C; int d = ((y - x) % C + C) % C;
      if(a == b){ if(C - d < d) d = C - d; if(2*d == C) continue; }
      slot = &key[a][b][d]; }
    else if(p < moving){ slot = &fkey[q - moving][p / C]; }
    else continue;
    if(*slot < 0) *slot = ncls++;
    cls[p][q] = cls[q][p] = *slot; }
  int perm[MAXN], np = 0, used[MAXN] = {0}, t0 = 0;
  if(NB){  // table 0: the ghosts and one player of each of the first NB levels
    for(int g = 0; g < 4 - NB; g++){ tab[0][g] = NR + g; used[NR + g] = 1; }
    for(int l = 0; l < NB; l++){ int p = l*C + rnd() % C; tab[0][4 - NB + l] = p; used[p] = 1; }
    for(int i = 0; i < 4; i++){ where[tab[0][i]] = 0; pos[tab[0][i]] = i; }
    t0 = 1; }
  for(int p = 0; p < NR; p++) if(!used[p]) perm[np++] = p;
  for(int i = np - 1; i > 0; i--){ int j = rnd() % (i + 1); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  for(int t = t0; t < T; t++) for(int i = 0; i < 4; i++){ int p = perm[4*(t - t0) + i]; tab[t][i] = p; where[p] = t; pos[p] = i; }
  memset(counts, 0, sizeof(int)*(ncls + 1));
  int cost = 0; for(int t = 0; t < T; t++) for(int i = 0; i < 4; i++) for(int j = i + 1; j < 4; j++) cost += pstep(t, tab[t][i], tab[t][j], 1);
  int best = cost; long long st;
  for(st = 0; st < moves && cost > 0; st++){
    int p = rnd() % NR; for(int k = 0; k < focus; k++){ if(conflicted(p)) break; p = rnd() % NR; }
    int q = rnd() % NR; int A = where[p], B = where[q]; if(A == B) continue;
    if(NB && ((A == 0 && q >= L3) || (B == 0 && p >= L3))) continue;  // a fixed player never sits out
    int ch = 0;
    for(int i = 0; i < 4; i++){ int r = tab[A][i]; if(r != p) ch += pstep(A, p, r, -1); }
    for(int i = 0; i < 4; i++){ int r = tab[B][i]; if(r != q) ch += pstep(B, q, r, -1); }
    for(int i = 0; i < 4; i++){ int r = tab[B][i]; if(r != q) ch += pstep(B, p, r, 1); }
    for(int i = 0; i < 4; i++){ int r = tab[A][i]; if(r != p) ch += pstep(A, q, r, 1); }
    if(ch > 0 && urand() >= exp(-ch/temp)){
      for(int i = 0; i < 4; i++){ int r = tab[B][i]; if(r != q) pstep(B, p, r, -1); }
      for(int i = 0; i < 4; i++){ int r = tab[A][i]; if(r != p) pstep(A, q, r, -1); }
      for(int i = 0; i < 4; i++){ int r = tab[A][i]; if(r != p) pstep(A, p, r, 1); }
      for(int i = 0; i < 4; i++){ int r = tab[B][i]; if(r != q) pstep(B, q, r, 1); }
      continue; }
    cost += ch; int pp = pos[p], pq = pos[q];
    tab[A][pp] = q; tab[B][pq] = p; where[p] = B; where[q] = A; pos[p] = pq; pos[q] = pp;
    if(cost < best) best = cost;
    if(K > 0 && cost <= maxcost && st >= next_repair){ next_repair = st + gap; repairs++; cost = repair(K, L, cost); if(cost == 0){ best = 0; st++; break; } } }
  if(K > 0) fprintf(stderr, "repairs %lld\n", repairs);
  printf("N=%d F=%d c=%d cost=%d best=%d moves=%lld\n", NR, F, C, cost, best, st);
  if(cost == 0){ printf(NB ? "BASE [" : "TABLES [");
    for(int t = NB ? 1 : 0; t < T; t++) printf("%s[%d,%d,%d,%d]", t > (NB ? 1 : 0) ? "," : "", tab[t][0], tab[t][1], tab[t][2], tab[t][3]);
    printf("]\n"); }
  return 0; }

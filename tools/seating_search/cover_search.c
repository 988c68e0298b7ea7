// Exact cover for the base session of OrbitStructure(c, (1, 1, 1)) with two kept fixed
// players (N = 3c + 2 players, c sessions: the fields with N = 8 mod 12 at the bound), the
// structure of the published 68 x 22 (tools/seating_search/README.md, 2026-12-03). Players
// l*c + x (level l < 3, x in Z_c), then the fixed players 3c and 3c + 1; session h is the base
// with every level moved h places. The base session is a set of tables that covers each
// player once, each difference within a level (1 .. c/2 - 1) once, never c/2 (those pairs
// are the ones that never meet), and each difference between two levels (0 .. c - 1) once.
// The fixed players' tables take one player of each level; the first is (0, 0), (1, 0),
// (2, 0), which translating the levels makes so. The other tables come in the kinds of the
// composition given on the command line: A of (3, 1, 0), A2 of (3, 0, 1), B of (2, 1, 1),
// C of (2, 2, 0) and D of (4, 0, 0), each with its two turns of the levels (README: which
// counts the pair counts allow).
//
// Every candidate table is listed once; the search branches on the item (player or
// difference) that the fewest candidate tables still cover, tries those tables in an order
// drawn from the seed, and drops the candidates that clash with each one it places (a table
// of a kind whose count is used up clashes too). Annealing and SAT both stall on this
// structure (README); choosing the most constrained item first is what finds 44 x 14 here
// without the level turn.
//   gcc -O2 -o cover_search cover_search.c
//   ./cover_search c A A2 B C D seed nodes restarts
// 44 x 14: ./cover_search 14 0 1 1 1 0 3 30000000 1 (7.3 million nodes, about 40 s).
// Prints 'TABLES [...]' (session 0, for an entry with "cycle": c, "speeds": [1, 1, 1]) or
// 'not found' after `restarts` tries of at most `nodes` nodes each, or 'no solution' when a
// try ends within its nodes: then no base session of that composition exists.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned long long u64;
static u64 s_; static inline u64 rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
#define W 4
int R, H, NI; int ntypes; int tl[64][3]; int remain[64];
typedef struct { u64 m[W]; int type; int np; int pl[4], px[4]; } Block;
Block *B; int nB = 0, capB = 0;
int item_point(int l, int x){ return l*R + x; }
int item_pure(int l, int d){ return 3*R + l*(H-1) + (d-1); }  // d in 1..H-1
int item_mix(int k, int d){ return 3*R + 3*(H-1) + k*R + d; }
int mixk(int a, int b){ return a == 0 ? (b == 1 ? 0 : 1) : 2; }
static void add_block(int type, int np, int *pl, int *px){
  u64 m[W] = {0};
  #define SET(i) do{ int _i = (i); if(m[_i>>6] >> (_i&63) & 1) return; m[_i>>6] |= 1ULL << (_i&63); }while(0)
  for(int i = 0; i < np; i++) SET(item_point(pl[i], px[i]));
  for(int i = 0; i < np; i++) for(int j = i+1; j < np; j++){
    if(pl[i] == pl[j]){ int d = ((px[j]-px[i])%R+R)%R; if(d > R-d) d = R-d; if(d == 0 || d == H) return; SET(item_pure(pl[i], d)); }
    else { int a = i, b = j; if(pl[a] > pl[b]){ a = j; b = i; } int d = ((px[b]-px[a])%R+R)%R; SET(item_mix(mixk(pl[a], pl[b]), d)); } }
  if(nB == capB){ capB = capB ? 2*capB : 1<<16; B = realloc(B, sizeof(Block)*capB); }
  Block *bk = &B[nB++]; memcpy(bk->m, m, sizeof m); bk->type = type; bk->np = np;
  for(int i = 0; i < np; i++){ bk->pl[i] = pl[i]; bk->px[i] = px[i]; } }
// enumerate blocks of a type: increasing points within each level
int gpl[4], gpx[4];
static void gen(int type, int l, int k, int start, int n){
  if(l == 3){ add_block(type, n, gpl, gpx); return; }
  if(k == tl[type][l]){ gen(type, l+1, 0, 0, n); return; }
  for(int x = start; x < R; x++){ gpl[n] = l; gpx[n] = x; gen(type, l, k+1, x+1, n+1); } }
long long nodes, limit; int sol[64], depth;
int **lists; int *lens;
u64 covered[W];
int count[64*W];
static int solve(int d, int *list, int len){
  // done when all items covered
  int all = 1; for(int i = 0; i < NI; i++) if(!(covered[i>>6] >> (i&63) & 1)){ all = 0; break; }
  if(all){ depth = d; return 1; }
  if(++nodes > limit) return 0;
  memset(count, 0, sizeof(int)*NI);
  for(int i = 0; i < len; i++){ Block *bk = &B[list[i]];
    for(int w = 0; w < W; w++){ u64 x = bk->m[w]; while(x){ int b = __builtin_ctzll(x); x &= x-1; count[w*64+b]++; } } }
  int best = -1, bc = 1<<30;
  for(int i = 0; i < NI; i++) if(!(covered[i>>6] >> (i&63) & 1)){ int c = count[i]; if(c < bc){ bc = c; best = i; if(c == 0) return 0; } }
  // candidates covering best
  int *cand = malloc(sizeof(int)*bc); int nc = 0;
  for(int i = 0; i < len; i++) if(B[list[i]].m[best>>6] >> (best&63) & 1) cand[nc++] = list[i];
  for(int i = nc-1; i > 0; i--){ int j = rnd() % (i+1); int t = cand[i]; cand[i] = cand[j]; cand[j] = t; }
  int *next = lists[d+1];
  for(int c = 0; c < nc; c++){ Block *bk = &B[cand[c]];
    for(int w = 0; w < W; w++) covered[w] |= bk->m[w];
    remain[bk->type]--;
    int nl = 0;
    for(int i = 0; i < len; i++){ Block *o = &B[list[i]]; if(remain[o->type] <= 0) continue;
      int ok = 1; for(int w = 0; w < W; w++) if(o->m[w] & covered[w]){ ok = 0; break; }
      if(ok) next[nl++] = list[i]; }
    sol[d] = cand[c];
    int r = solve(d+1, next, nl);
    remain[bk->type]++;
    for(int w = 0; w < W; w++) covered[w] &= ~bk->m[w];
    if(r){ free(cand); return 1; }
    if(nodes > limit) break; }
  free(cand); return 0; }
int main(int argc, char **argv){
  if(argc != 10){ fprintf(stderr, "usage: cover_search c A A2 B C D seed nodes restarts\n"); return 2; }
  R = atoi(argv[1]); H = R/2; int cnt[5]; for(int i = 0; i < 5; i++) cnt[i] = atoi(argv[2+i]);
  u64 seed = atoll(argv[7]); limit = atoll(argv[8]); int restarts = atoi(argv[9]);
  NI = 3*R + 3*(H-1) + 3*R; if(NI > 64*W){ printf("too many items\n"); return 1; }
  int basev[5][3] = {{3,1,0},{3,0,1},{2,1,1},{2,2,0},{4,0,0}};
  ntypes = 0; tl[0][0] = tl[0][1] = tl[0][2] = 1; remain[ntypes++] = 1;
  for(int o = 0; o < 5; o++) if(cnt[o]) for(int k = 0; k < 3; k++){ for(int l = 0; l < 3; l++) tl[ntypes][l] = basev[o][(l-k+3)%3]; remain[ntypes++] = cnt[o]; }
  for(int l = 0; l < 3; l++){ int seated = 0; for(int t = 1; t < ntypes; t++) seated += tl[t][l]*remain[t];
    if(seated != R - 2){ printf("bad composition: its tables seat %d players of level %d, not %d\n", seated, l, R - 2); return 2; } }
  for(int t = 0; t < ntypes; t++) gen(t, 0, 0, 0, 0);
  // infinity-0 block at zeros
  memset(covered, 0, sizeof covered);
  { int pl[3] = {0,1,2}, px[3] = {0,0,0};  // the first fixed player's table: listed, taken
    add_block(0, 3, pl, px); nB--; for(int w = 0; w < W; w++) covered[w] = B[nB].m[w]; }
  int saved[64]; memcpy(saved, remain, sizeof saved);
  lists = malloc(sizeof(int*)*64); for(int i = 0; i < 64; i++) lists[i] = malloc(sizeof(int)*nB);
  int nl = 0; for(int i = 0; i < nB; i++){ int ok = 1; for(int w = 0; w < W; w++) if(B[i].m[w] & covered[w]) ok = 0; if(ok) lists[0][nl++] = i; }
  fprintf(stderr, "%d candidate tables, %d items\n", nl, NI);
  u64 cov0[W]; memcpy(cov0, covered, sizeof cov0);
  for(int r = 0; r < restarts; r++){
    s_ = (seed*1000003ULL + r)*2654435761ULL + 88172645463325252ULL; for(int i = 0; i < 10; i++) rnd();
    memcpy(remain, saved, sizeof saved); memcpy(covered, cov0, sizeof cov0); nodes = 0;
    if(solve(0, lists[0], nl)){
      printf("FOUND restart %d nodes %lld\nTABLES [[%d,%d,%d,%d]", r, nodes, 0, R, 2*R, 3*R);
      for(int i = 0; i < depth; i++){ Block *bk = &B[sol[i]]; printf(",[");
        for(int j = 0; j < bk->np; j++) printf("%s%d", j ? "," : "", bk->pl[j]*R + bk->px[j]);
        if(bk->type == 0) printf(",%d", 3*R+1);
        printf("]"); }
      printf("]\n"); return 0; }
    if(nodes <= limit){ printf("no solution (search complete, %lld nodes)\n", nodes); return 1; }
    fprintf(stderr, "restart %d: %lld nodes\n", r, nodes); }
  printf("not found\n"); return 1; }

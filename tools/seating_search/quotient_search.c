// The base session of OrbitStructure(c, (1, 1, 1)) with two kept fixed players (the structure
// of cover_search.c and of the published 68 x 22), searched on its quotient by Z_2. With
// c = 2m and m odd, Z_c = Z_m x Z_2, and the pairs that never meet, x and x + m, are the
// points with the same image in Z_m. So a base session is a quotient session on three
// levels of Z_m, every point of it taken twice (once in each half), every difference within
// a level (1 .. (m - 1) / 2) and between two levels (0 .. m - 1) covered twice, plus a bit for
// each point and use: the half it takes. Two uses of one difference must lift to the two
// different differences of Z_c above it, and that is one equation over GF(2) in the halves:
// the lift of a use (p, q) is v_p + k_p + v_q + k_q, with v_p the half of p's first use and
// k its use number, and the two uses of a difference must differ. The search branches on
// quotient tables only (about an eighth of cover_search's candidates: a table's halves are
// not chosen) and keeps the equations in echelon form, pruning the moment they contradict;
// the halves are read off at the end. An exact cover that branches on the halves as well
// (cover_search.c) decides them one table at a time and learns that they clash only when
// the differences run out, much later.
//
// Players l*c + x (level l < 3, x in Z_c), then the fixed players 3c and 3c + 1, as in
// cover_search.c; the composition arguments (kinds A, A2, B, C, D with their turns) are the
// same. With `check` 1 each candidate is also tested against the equations before the
// branching item is chosen (forward checking), which is slower a node and narrower a tree.
// With `turn` u (u^3 = 1 mod m) the quotient session, not the lift, is asked to be kept by
// (l, x) -> (l + 1, u x): the search places a table with its two turns, and the halves stay
// free, so the lift need not be kept by anything but the session step. This is how far the
// counting of automorphisms.py cannot reach: 68 x 22 admits no automorphism of order 3 that
// keeps every session, but its quotient may have one.
// With `sym s0 s1 s2 mu t0 t1 t2 i0 i1 i2 swap` in place of `turn`, the quotient is asked to be
// kept by any symmetry (l, x) -> (s_l, mu x + t_l) of order 2 or 3 (the turn is s = 1 2 0,
// mu = u, t = 0): the second fixed player's table is (0, i0), (1, i1), (2, i2), and the
// symmetry must keep both fixed players' tables (swap 0) or exchange them (swap 1). The
// composition is then not imposed: every kind of table is a candidate, in orbits of the
// symmetry, so a complete search settles the symmetry for every composition at once.
//   gcc -O2 -o quotient_search quotient_search.c
//   ./quotient_search c A A2 B C D seed nodes restarts [check [turn | sym s0 s1 s2 mu t0 t1 t2 i0 i1 i2 swap]]
// 44 x 14: ./quotient_search 14 0 1 1 1 0 3 5000000 1 (2.7 million nodes, about 14 s; seed 1:
// 11.8 million, or 8.1 million with check 1, three times slower a node). With the turn,
// ./quotient_search 14 0 1 1 1 0 1 1000000 1 0 2 at once (u = 4: composition 1 0 1 1 0),
// and with u = 1 no solution in any composition, complete in 804 to 5,494 nodes. 32 x 10:
// complete, no solution, in 10,247 to 141,230 nodes for each composition, as cover_search.c.
// Prints 'FOUND ...' and 'TABLES [...]' (session 0, for an entry with "cycle": c, "speeds":
// [1, 1, 1]), 'not found' after `restarts` tries of at most `nodes` nodes each, or 'no
// solution' when a try ends within its nodes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef unsigned long long u64;
static u64 s_;
static inline u64 rnd(void){ s_ ^= s_ << 13; s_ ^= s_ >> 7; s_ ^= s_ << 17; return s_; }
#define W 4          // item words: 3m + 3(m - 1)/2 + 3m items, so m <= 34 (164 x 54: m = 27)
#define VW 2         // variable words: 3m variables, m <= 42
#define MAXI (64 * W)
#define MAXV (64 * VW)
#define MAXD 64
int C, M, HP, NI, NV, ntypes, check, turn;
int sym, sg[3], smu, stl[3], inf1[3], sswap;  // `sym`: (l, x) -> (sg[l], smu x + stl[l]) keeps the quotient
int tl[64][3];
typedef struct { u64 v[VW]; int c; } Eq;
typedef struct {             // one table, or (with the turn) a table and its two turns
  u64 m1[W], m2[W]; int type, nt, np, pl[12], pa[12], pend[3], tend[3];
  int npair, pi[18], pj[18], item[18];  // table t: points up to tend[t], pairs up to pend[t]
} Block;
Block *B; int nB = 0, capB = 0;
static int item_point(int l, int a){ return l * M + a; }
static int item_pure(int l, int d){ return 3 * M + l * HP + (d - 1); }
static int item_mix(int k, int d){ return 3 * M + 3 * HP + k * M + d; }
static int mixk(int a, int b){ return a == 0 ? (b == 1 ? 0 : 1) : 2; }
static int mod(int x, int n){ return ((x % n) + n) % n; }

// nt tables of n points each (pl, pa: n * nt entries); nothing added when an item is met
// more than twice, which no base session can do.
static void add_block(int type, int nt, int n, const int *pl, const int *pa){
  int mult[MAXI] = {0};
  Block bk; memset(&bk, 0, sizeof bk);
  bk.type = type; bk.nt = nt; bk.np = n * nt;
  for(int i = 0; i < bk.np; i++){ bk.pl[i] = pl[i]; bk.pa[i] = pa[i];
    if(++mult[item_point(pl[i], pa[i])] > 2) return; }
  for(int t = 0; t < nt; t++){
    for(int i = t * n; i < (t + 1) * n; i++) for(int j = i + 1; j < (t + 1) * n; j++){
      int it;
      if(pl[i] == pl[j]){ if(pa[i] == pa[j]) return;
        int d = mod(pa[j] - pa[i], M); if(d > M - d) d = M - d; it = item_pure(pl[i], d); }
      else { int a = i, b = j; if(pl[a] > pl[b]){ a = j; b = i; }
        it = item_mix(mixk(pl[a], pl[b]), mod(pa[b] - pa[a], M)); }
      if(++mult[it] > 2) return;
      bk.pi[bk.npair] = i; bk.pj[bk.npair] = j; bk.item[bk.npair++] = it; }
    bk.pend[t] = bk.npair; bk.tend[t] = (t + 1) * n; }
  for(int i = 0; i < NI; i++){
    if(mult[i] == 1) bk.m1[i >> 6] |= 1ULL << (i & 63);
    if(mult[i] == 2) bk.m2[i >> 6] |= 1ULL << (i & 63); }
  if(nB == capB){ capB = capB ? 2 * capB : 1 << 16; B = realloc(B, sizeof(Block) * capB); }
  B[nB++] = bk; }
// A table's points as sorted keys, to compare the tables of an orbit.
static void tkey(const int *pl, const int *pa, int n, int *k){
  for(int i = 0; i < n; i++) k[i] = pl[i] * M + pa[i];
  for(int i = 1; i < n; i++) for(int j = i; j > 0 && k[j - 1] > k[j]; j--){ int t = k[j]; k[j] = k[j - 1]; k[j - 1] = t; } }
// With `sym`, a table and its images, once: only from the orbit's least table (by its sorted
// points), so each orbit is one candidate; a table the symmetry keeps is an orbit of one.
static void add_sym_orbit(int type, int n, const int *pl, const int *pa){
  int ql[12], qa[12], k0[4], k[4], nt = 0, cl[4], ca[4];
  tkey(pl, pa, n, k0);
  for(int i = 0; i < n; i++){ cl[i] = pl[i]; ca[i] = pa[i]; }
  for(;;){
    for(int i = 0; i < n; i++){ ql[nt * n + i] = cl[i]; qa[nt * n + i] = ca[i]; }
    nt++;
    for(int i = 0; i < n; i++){ int l = cl[i]; cl[i] = sg[l]; ca[i] = mod(smu * ca[i] + stl[l], M); }
    tkey(cl, ca, n, k);
    int same = 1, less = 0;
    for(int i = 0; i < n; i++) if(k[i] != k0[i]){ same = 0; less = k[i] < k0[i]; break; }
    if(same) break;
    if(less) return; }  // another member of the orbit is the representative
  add_block(type, nt, n, ql, qa); }
// A table, or with the turn the table and its turns (l, x) -> (l + 1, u x), (l + 2, u^2 x).
static void add_orbit(int type, int n, const int *pl, const int *pa){
  if(sym){ add_sym_orbit(type, n, pl, pa); return; }
  int nt = turn ? 3 : 1, ql[12], qa[12];
  for(int t = 0, f = 1; t < nt; t++, f = f * turn % M) for(int i = 0; i < n; i++){
    ql[t * n + i] = (pl[i] + t) % 3; qa[t * n + i] = pa[i] * f % M; }
  add_block(type, nt, n, ql, qa); }

int gpl[4], gpa[4];
static void gen(int type, int l, int k, int start, int n){
  if(l == 3){ add_orbit(type, n, gpl, gpa); return; }
  if(k == tl[type][l]){ gen(type, l + 1, 0, 0, n); return; }
  for(int a = start; a < M; a++){ gpl[n] = l; gpa[n] = a; gen(type, l, k + 1, a + 1, n + 1); } }

// Search state, copied whole for each depth (a few kilobytes).
typedef struct {
  u64 A[W], Bm[W];             // items with one or more uses left; with two left
  unsigned char rem[MAXI], used[MAXV];
  Eq first[MAXI];              // the lift of an item's first use, while it has one left
  Eq piv[MAXV]; unsigned char has[MAXV];
  int remain[64];
} State;
State st[MAXD + 1];
int sol[MAXD], solk[MAXD][12], depth;
long long nodes, limit;

static int reduce(const State *s, Eq *e){  // 1: independent, 0: dependent and consistent, -1: contradiction
  for(;;){
    int w = 0; while(w < VW && !e->v[w]) w++;
    if(w == VW) return e->c ? -1 : 0;
    int b = w * 64 + __builtin_ctzll(e->v[w]);
    if(!s->has[b]) return 1;
    for(int x = 0; x < VW; x++) e->v[x] ^= s->piv[b].v[x];
    e->c ^= s->piv[b].c; } }
static int add_eq(State *s, Eq e){
  int r = reduce(s, &e);
  if(r < 0) return 0;
  if(r == 1){ int w = 0; while(!e.v[w]) w++; int b = w * 64 + __builtin_ctzll(e.v[w]); s->piv[b] = e; s->has[b] = 1; }
  return 1; }
static Eq lift(const State *s, int p, int q){
  Eq e; memset(&e, 0, sizeof e);
  e.v[p >> 6] ^= 1ULL << (p & 63); e.v[q >> 6] ^= 1ULL << (q & 63);
  e.c = (s->used[p] + s->used[q]) & 1; return e; }
// Place block bk on s (in place); 0 when its equations contradict the ones held. A point's
// uses are numbered in order, table by table, so a point met twice in one orbit of the
// turn takes its two halves there.
static int place(State *s, const Block *bk, int *k){
  int pt[12];
  for(int i = 0; i < bk->np; i++) pt[i] = item_point(bk->pl[i], bk->pa[i]);
  for(int t = 0, x = 0, i = 0; t < bk->nt; t++){
    for(; x < bk->pend[t]; x++){
      int it = bk->item[x]; int p = pt[bk->pi[x]], q = pt[bk->pj[x]];
      Eq e = lift(s, p, q);
      if(s->rem[it] == 2){ s->first[it] = e; s->rem[it] = 1; }
      else { for(int w = 0; w < VW; w++) e.v[w] ^= s->first[it].v[w];
        e.c ^= s->first[it].c ^ 1; s->rem[it] = 0;
        if(!add_eq(s, e)) return 0; } }
    for(; i < bk->tend[t]; i++){ if(k) k[i] = s->used[pt[i]]; s->used[pt[i]]++; s->rem[pt[i]]--; } }
  for(int i = 0; i < NI; i++){ u64 bit = 1ULL << (i & 63);
    if(s->rem[i] < 2) s->Bm[i >> 6] &= ~bit;
    if(s->rem[i] < 1) s->A[i >> 6] &= ~bit; }
  s->remain[bk->type]--;
  return 1; }
static int fits(const State *s, const Block *o){
  if(s->remain[o->type] <= 0) return 0;
  for(int w = 0; w < W; w++) if((o->m1[w] & ~s->A[w]) || (o->m2[w] & ~s->Bm[w])) return 0;
  return 1; }
static int consistent(const State *s, const Block *o){  // its closing equations alone, against the basis
  static State t;  // place() on a copy, with only what the equations read
  memcpy(t.piv, s->piv, sizeof t.piv); memcpy(t.has, s->has, sizeof t.has);
  memcpy(t.used, s->used, sizeof t.used); memcpy(t.rem, s->rem, sizeof t.rem);
  for(int x = 0; x < o->npair; x++) t.first[o->item[x]] = s->first[o->item[x]];
  int pt[12]; for(int i = 0; i < o->np; i++) pt[i] = item_point(o->pl[i], o->pa[i]);
  for(int tb = 0, x = 0, i = 0; tb < o->nt; tb++){
    for(; x < o->pend[tb]; x++){
      int it = o->item[x];
      Eq e = lift(&t, pt[o->pi[x]], pt[o->pj[x]]);
      if(t.rem[it] == 2){ t.first[it] = e; t.rem[it] = 1; }
      else { for(int w = 0; w < VW; w++) e.v[w] ^= t.first[it].v[w];
        e.c ^= t.first[it].c ^ 1; t.rem[it] = 0;
        if(!add_eq(&t, e)) return 0; } }
    for(; i < o->tend[tb]; i++) t.used[pt[i]]++; }
  return 1; }

int *lists[MAXD + 1]; unsigned char *ban; int cnt[MAXI], cap[MAXI];
static int solve(int d, int *list, int len){
  State *s = &st[d];
  int done = 1; for(int w = 0; w < W; w++) if(s->A[w]) done = 0;
  if(done){ depth = d; return 1; }
  if(++nodes > limit) return 0;
  memset(cnt, 0, sizeof(int) * NI); memset(cap, 0, sizeof(int) * NI);
  for(int i = 0; i < len; i++){ const Block *bk = &B[list[i]];
    for(int w = 0; w < W; w++){
      u64 x = bk->m1[w]; while(x){ int b = w * 64 + __builtin_ctzll(x); x &= x - 1; cnt[b]++; cap[b]++; }
      x = bk->m2[w]; while(x){ int b = w * 64 + __builtin_ctzll(x); x &= x - 1; cnt[b]++; cap[b] += 2; } } }
  int best = -1, bc = 1 << 30;
  for(int i = 0; i < NI; i++) if(s->rem[i]){
    if(cap[i] < s->rem[i]) return 0;
    int c = cnt[i]; if(c < bc || (c == bc && s->rem[i] > s->rem[best])){ bc = c; best = i; } }
  int *cand = malloc(sizeof(int) * (bc + 1)); int nc = 0;
  for(int i = 0; i < len; i++){ const Block *bk = &B[list[i]];
    if((bk->m1[best >> 6] | bk->m2[best >> 6]) >> (best & 63) & 1) cand[nc++] = list[i]; }
  for(int i = nc - 1; i > 0; i--){ int j = rnd() % (i + 1); int t = cand[i]; cand[i] = cand[j]; cand[j] = t; }
  int *next = lists[d + 1], found = 0, c;
  for(c = 0; c < nc; c++){
    const Block *bk = &B[cand[c]];
    State *n = &st[d + 1]; *n = *s;
    if(place(n, bk, solk[d])){
      int nl = 0;
      for(int i = 0; i < len; i++){ int b = list[i]; if(ban[b] || b == cand[c]) continue;
        if(!fits(n, &B[b])) continue;
        if(check && !consistent(n, &B[b])) continue;
        next[nl++] = b; }
      sol[d] = cand[c];
      if(solve(d + 1, next, nl)){ found = 1; break; }
      if(nodes > limit) break; }
    ban[cand[c]] = 1; }
  for(int i = 0; i < nc; i++) ban[cand[i]] = 0;
  free(cand); return found; }

int main(int argc, char **argv){
  if(argc > 11 && !strcmp(argv[11], "sym")){  // sym s0 s1 s2 mu t0 t1 t2 i0 i1 i2 swap
    if(argc != 23){ fprintf(stderr, "usage: ... check sym s0 s1 s2 mu t0 t1 t2 i0 i1 i2 swap\n"); return 2; }
    sym = 1; for(int l = 0; l < 3; l++){ sg[l] = atoi(argv[12 + l]); stl[l] = atoi(argv[16 + l]); inf1[l] = atoi(argv[19 + l]); }
    smu = atoi(argv[15]); sswap = atoi(argv[22]); argc = 11; }
  if(argc < 10 || argc > 12){ fprintf(stderr, "usage: quotient_search c A A2 B C D seed nodes restarts [check [turn | sym s0 s1 s2 mu t0 t1 t2 i0 i1 i2 swap]]\n"); return 2; }
  C = atoi(argv[1]); M = C / 2; HP = (M - 1) / 2;
  if(C % 4 != 2 || M < 3){ printf("c must be 2 mod 4 (c = 2m, m odd)\n"); return 2; }
  int cnt5[5]; for(int i = 0; i < 5; i++) cnt5[i] = atoi(argv[2 + i]);
  u64 seed = strtoull(argv[7], 0, 10); limit = atoll(argv[8]); int restarts = atoi(argv[9]);
  check = argc > 10 ? atoi(argv[10]) : 0;
  turn = argc > 11 ? atoi(argv[11]) : 0;
  for(int l = 0; l < 3 && sym; l++) stl[l] = mod(stl[l], M), inf1[l] = mod(inf1[l], M);
  if(sym){  // a permutation of the points, of order 1, 2 or 3 (an orbit takes three tables at most)
    int seen[3] = {0}, ok = 1, g = 0;
    for(int l = 0; l < 3; l++){ if(sg[l] < 0 || sg[l] > 2 || seen[sg[l]]++) ok = 0; }
    smu = mod(smu, M); for(int a = smu, b = M; b; ){ int r = a % b; a = b; b = r; g = a; }
    if(!ok || g != 1){ printf("the symmetry must permute the levels and multiply by a unit mod %d\n", M); return 2; }
    int order = 0;
    for(int k = 1; k <= 3 && !order; k++){ int id = 1;
      for(int l = 0; l < 3; l++) for(int a = 0; a < M; a++){ int ll = l, aa = a;
        for(int j = 0; j < k; j++){ aa = mod(smu * aa + stl[ll], M); ll = sg[ll]; }
        if(ll != l || aa != a) id = 0; }
      if(id) order = k; }
    if(!order){ printf("the symmetry must have order 1, 2 or 3\n"); return 2; }
    // the fixed players' tables (l, 0) and (l, inf1[l]) kept, or exchanged, by the symmetry
    for(int f = 0; f < 2; f++){ int img[3];
      for(int l = 0; l < 3; l++) img[sg[l]] = mod(smu * (f ? inf1[l] : 0) + stl[l], M);
      for(int l = 0; l < 3; l++){ int want = (f ^ sswap) ? inf1[l] : 0;
        if(img[l] != want){ printf("the symmetry does not %s the fixed players' tables\n", sswap ? "exchange" : "keep"); return 2; } } } }
  if(turn && turn * turn % M * turn % M != 1 % M){ printf("u must have u^3 = 1 mod %d\n", M); return 2; }
  NI = 3 * M + 3 * HP + 3 * M; NV = 3 * M;
  if(NI > MAXI || NV > MAXV){ printf("too many items\n"); return 1; }
  int basev[5][3] = {{3,1,0},{3,0,1},{2,1,1},{2,2,0},{4,0,0}};
  int remain[64];
  ntypes = 0; tl[0][0] = tl[0][1] = tl[0][2] = 1; remain[ntypes++] = 1;
  for(int o = 0; o < 5; o++) if(cnt5[o]) for(int k = 0; k < 3; k++){
    for(int l = 0; l < 3; l++) tl[ntypes][l] = basev[o][(l - k + 3) % 3];
    remain[ntypes++] = cnt5[o]; }
  for(int l = 0; l < 3; l++){ int seated = 0; for(int t = 1; t < ntypes; t++) seated += tl[t][l] * remain[t];
    if(seated != C - 2 && !sym){ printf("bad composition: its tables seat %d players of level %d, not %d\n", seated, l, C - 2); return 2; } }
  if(turn){  // one type a kind: its table with the turns
    ntypes = 1; remain[0] = 0;
    for(int o = 0; o < 5; o++) if(cnt5[o]){
      for(int l = 0; l < 3; l++) tl[ntypes][l] = basev[o][l];
      remain[ntypes++] = cnt5[o]; } }
  if(sym){  // every kind of table, as many as the cover allows
    ntypes = 1; remain[0] = 0;
    for(int a = 0; a <= 4; a++) for(int b = 0; a + b <= 4; b++){
      tl[ntypes][0] = a; tl[ntypes][1] = b; tl[ntypes][2] = 4 - a - b; remain[ntypes++] = 1000; } }
  for(int t = 1; t < ntypes; t++) gen(t, 0, 0, 0, 0);
  if(!turn && !sym) gen(0, 0, 0, 0, 0);
  State *s0 = &st[0]; memset(s0, 0, sizeof *s0);
  for(int i = 0; i < NI; i++){ s0->rem[i] = 2; s0->A[i >> 6] |= 1ULL << (i & 63); s0->Bm[i >> 6] |= 1ULL << (i & 63); }
  memcpy(s0->remain, remain, sizeof remain);
  // The first fixed player's table is (0, 0), (1, 0), (2, 0) (translating each level makes it
  // so). With the turn the second's is turned into itself as well, (0, a), (1, u a), (2, u^2 a),
  // and a = 1 (a multiplier makes it so; a = 0 would meet a difference twice in one half).
  int kinf[2][4], ninf = (turn || sym) ? 2 : 1, ipa[2][3];
  for(int f = 0; f < 2; f++) for(int l = 0; l < 3; l++)
    ipa[f][l] = sym ? (f ? inf1[l] : 0) : f * (l == 0 ? 1 : l == 1 ? turn : turn * turn % M) % M;
  for(int f = 0; f < ninf; f++){ int pl[3] = {0, 1, 2}, pa[3] = {ipa[f][0], ipa[f][1], ipa[f][2]};
    add_block(0, 1, 3, pl, pa); nB--; place(s0, &B[nB], kinf[f]); s0->remain[0]++; }
  s0->remain[0] = (turn || sym) ? 0 : 1;
  ban = calloc(nB, 1);
  for(int i = 0; i <= MAXD; i++) lists[i] = malloc(sizeof(int) * nB);
  int nl = 0; for(int i = 0; i < nB; i++) if(fits(s0, &B[i])) lists[0][nl++] = i;
  fprintf(stderr, "%d candidate %s, %d items\n", nl, turn ? "orbits of three tables" : sym ? "orbits" : "tables", NI);
  State saved = *s0;
  for(int r = 0; r < restarts; r++){
    s_ = (seed * 1000003ULL + r) * 2654435761ULL + 88172645463325252ULL; for(int i = 0; i < 10; i++) rnd();
    st[0] = saved; nodes = 0;
    if(solve(0, lists[0], nl)){
      State *f = &st[depth];
      int v[MAXV] = {0};  // the halves: back-substitute, free variables 0
      for(int b = NV - 1; b >= 0; b--) if(f->has[b]){ int x = f->piv[b].c;
        for(int o = b + 1; o < NV; o++) if(f->piv[b].v[o >> 6] >> (o & 63) & 1) x ^= v[o];
        v[b] = x; }
      #define X(l, a, k) ((l) * C + ((((a) & 1) == (v[item_point(l, a)] ^ (k))) ? (a) : (a) + M))
      printf("FOUND restart %d nodes %lld\nTABLES [", r, nodes);
      for(int g = 0; g < ninf; g++)
        printf("%s[%d,%d,%d,%d]", g ? "," : "", X(0, ipa[g][0], kinf[g][0]), X(1, ipa[g][1], kinf[g][1]),
               X(2, ipa[g][2], kinf[g][2]), 3 * C + g);
      for(int i = 0; i < depth; i++){ const Block *bk = &B[sol[i]];
        for(int t = 0, j = 0; t < bk->nt; t++){ printf(",[");
          for(int first = 1; j < bk->tend[t]; j++, first = 0) printf("%s%d", first ? "" : ",", X(bk->pl[j], bk->pa[j], solk[i][j]));
          if(bk->type == 0) printf(",%d", 3 * C + 1);
          printf("]"); } }
      printf("]\n"); return 0; }
    if(nodes <= limit){ printf("no solution (search complete, %lld nodes)\n", nodes); return 1; }
    fprintf(stderr, "restart %d: %lld nodes\n", r, nodes); }
  printf("not found\n"); return 1; }

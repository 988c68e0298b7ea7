// Depth-first search for a (n, 6; 1, 1; 1) quasi-difference matrix in the Handbook's shape
// for n = 33 (III.3.57: four orthogonal squares of order 34): kept by phi, which turns rows
// 0..4 one place on and multiplies every entry by m (m of order 5 mod n; row 5 is only
// multiplied), so the 35 columns are five fixed ones (a, m a, m^2 a, m^3 a, m^4 a, f) with
// m f = f, one of them blank in row 5, and the phi-orbits of six base columns, one blank in
// row 0.
// Written as differences, a base column c_0..c_4 is its steps u_i = m^-i (c_(i+1) - c_i):
// phi turns the u_i round, rows i and i + 1 differ over the orbit by exactly the u_i, rows i
// and i + 2 by u_i + m u_(i+1), and rows i and 5 by m^-i (c_5 - c_i). So every class (rows one
// apart, two apart, and with row 5) must be all of Z_n once, a base column is a cycle of five
// steps with sum m^i u_i = 0, and a search can go one difference at a time: the smallest
// difference of the first class not yet met is met next, by a fixed column, by the blank
// column, or as the first step of a new base column, and every matrix of the shape is
// reached in one order only. Not found with it yet (2026-11-28): a few hundred seeds of
// 300,000 to 20 million nodes met at most 29 of the 33 differences of the first class, and
// at most 32 without row 5 (where the second class, left to chance, fails at the end: a
// search that picks the most constrained difference of any class, as dancing links would,
// is the next thing to try).
//   gcc -O2 -o cycle_search cycle_search.c
//   ./cycle_search 33 m SEED NODES  prints 'FIXED a f' (f = -1 for the blank) five times,
//   'BLANK c_1 .. c_5' and 'FULL c_0 .. c_5' five times, or 'NONE nodes', or 'GAVE UP nodes'.
#include <stdio.h>
#include <stdlib.h>
#define MAXN 64
static int n, m, P[5], M[5];                 // P[i] = m^-i, M[i] = m^i
static unsigned char u1[MAXN], u2[MAXN], uf[MAXN];  // the classes' differences met
static int count1, nfixed, nfull, blank_done, fblank_done;
static int fixed_a[5], fixed_f[5], blank_c[6], full_c[5][6];
static long long nodes, limit;
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline int md(long v){ v %= n; return v < 0 ? v + n : v; }
static void shuffle(int *a, int k){ for(int i = k - 1; i > 0; i--){ int j = rnd() % (i + 1), t = a[i]; a[i] = a[j]; a[j] = t; } }

// Mark a list of differences of one class if all are new (and distinct), else nothing.
static int take(unsigned char *used, const int *v, int k){
  for(int i = 0; i < k; i++){ if(used[v[i]]) { for(int h = 0; h < i; h++) used[v[h]] = 0; return 0; } used[v[i]] = 1; }
  return 1;
}
static void give(unsigned char *used, const int *v, int k){ for(int i = 0; i < k; i++) used[v[i]] = 0; }

static int solve(void);

// The fifth column row c_5 of a column whose rows rows[0..k-1] hold c[]: every value whose
// differences with row 5 are new, each tried in turn (then the search goes on).
static int row5(const int *rows, const int *c, int k, int *out){
  int order[MAXN]; for(int w = 0; w < n; w++) order[w] = w; shuffle(order, n);
  for(int h = 0; h < n; h++){
    int w = order[h], f[5];
    for(int i = 0; i < k; i++) f[i] = md((long)P[rows[i]] * (w - c[i]));
    if(!take(uf, f, k)) continue;
    *out = w;
    int r = solve(); if(r) return r;
    give(uf, f, k);
  }
  return 0;
}

// A base column from its first step u[0] = x on: u[1..3] chosen, u[4] from the sum.
static int full_from(int *u, int i){
  if(++nodes > limit) return -1;
  if(i == 4){
    long s = 0; for(int h = 0; h < 4; h++) s += (long)M[h] * u[h];
    u[4] = md(-(long)P[4] * s);
    if(u1[u[4]]) return 0;
    int d1 = u[4], d2[2] = {md(u[3] + (long)m * u[4]), md(u[4] + (long)m * u[0])};
    if(!take(u1, &d1, 1)) return 0;
    if(!take(u2, d2, 2)){ give(u1, &d1, 1); return 0; }
    count1++;
    int *c = full_c[nfull], rows[5] = {0, 1, 2, 3, 4};
    c[0] = 0; for(int h = 1; h < 5; h++) c[h] = md(c[h - 1] + (long)M[h - 1] * u[h - 1]);
    nfull++;
    int r = row5(rows, c, 5, &c[5]);
    nfull--; count1--; give(u1, &d1, 1); give(u2, d2, 2);
    return r;
  }
  int order[MAXN]; for(int v = 0; v < n; v++) order[v] = v; shuffle(order, n);
  for(int h = 0; h < n; h++){
    int v = order[h]; if(u1[v]) continue;
    int d2 = md(u[i - 1] + (long)m * v);
    if(u2[d2]) continue;
    u1[v] = 1; u2[d2] = 1; count1++; u[i] = v;
    int r = full_from(u, i + 1);
    u1[v] = 0; u2[d2] = 0; count1--;
    if(r) return r;
  }
  return 0;
}

// The blank column (blank in row 0, c_1 = 0): steps u_1, u_2, u_3, one of them x.
static int blank_with(int x){
  int order[MAXN]; for(int v = 0; v < n; v++) order[v] = v; shuffle(order, n);
  for(int pos = 1; pos <= 3; pos++) for(int h = 0; h < n; h++) for(int g = 0; g < n; g++){
    int u[4]; u[pos] = x;
    int others[2], k = 0; for(int p = 1; p <= 3; p++) if(p != pos) others[k++] = p;
    u[others[0]] = order[h]; u[others[1]] = order[g];
    if(++nodes > limit) return -1;
    int d1[3] = {u[1], u[2], u[3]};
    int c[6]; c[1] = 0; for(int i = 2; i <= 4; i++) c[i] = md(c[i - 1] + (long)M[i - 1] * u[i - 1]);
    int d2[3] = {md(u[1] + (long)m * u[2]), md(u[2] + (long)m * u[3]), md((long)P[4] * (c[1] - c[4]))};
    if(!take(u1, d1, 3)) continue;
    if(!take(u2, d2, 3)){ give(u1, d1, 3); continue; }
    count1 += 3; blank_done = 1;
    for(int i = 1; i <= 4; i++) blank_c[i] = c[i];
    int rows[4] = {1, 2, 3, 4};
    int r = row5(rows, &c[1], 4, &blank_c[5]);
    count1 -= 3; blank_done = 0; give(u1, d1, 3); give(u2, d2, 3);
    if(r) return r;
  }
  return 0;
}

static int solve(void){
  if(count1 == n) return 1;     // the counts of each kind follow from the first class
  if(++nodes > limit) return -1;
  int x = 0; while(u1[x]) x++;
  int kinds[3] = {0, 1, 2}; shuffle(kinds, 3);
  for(int kk = 0; kk < 3; kk++){
    int r = 0;
    if(kinds[kk] == 0 && nfixed < 5){   // a fixed column: x = (m - 1) a
      for(int a = 0; a < n && !r; a++){
        if(md((long)(m - 1) * a) != x) continue;
        int d2 = md((long)(M[2] - 1) * a);
        if(u2[d2]) continue;
        u1[x] = 1; u2[d2] = 1; count1++;
        for(int f = -1; f < n && !r; f++){
          if(f < 0 ? fblank_done : md((long)m * f) != f) continue;
          int t = f < 0 ? 0 : md(f - a);
          if(f >= 0 && uf[t]) continue;
          if(f >= 0) uf[t] = 1; else fblank_done = 1;
          fixed_a[nfixed] = a; fixed_f[nfixed] = f; nfixed++;
          r = solve();
          nfixed--; if(f >= 0) uf[t] = 0; else fblank_done = 0;
        }
        u1[x] = 0; u2[d2] = 0; count1--;
      }
    } else if(kinds[kk] == 1 && !blank_done){
      r = blank_with(x);
    } else if(kinds[kk] == 2 && nfull < 5){
      int u[5]; u[0] = x; u1[x] = 1; count1++;
      r = full_from(u, 1);
      u1[x] = 0; count1--;
    }
    if(r) return r;
  }
  return 0;
}

int main(int argc, char **argv){
  if(argc < 5){ fprintf(stderr, "usage: cycle_search n m SEED NODES\n"); return 2; }
  n = atoi(argv[1]); m = atoi(argv[2]); limit = atoll(argv[4]);
  s_ = 88172645463325252ULL ^ (unsigned long long)atoll(argv[3]) * 0x9E3779B97F4A7C15ULL;
  if(n != 33){ fprintf(stderr, "the counts of columns here (5 fixed, 5 + 1 base) are n = 33's\n"); return 2; }
  M[0] = 1; for(int i = 1; i < 5; i++) M[i] = md((long)M[i - 1] * m);
  if(md((long)M[4] * m) != 1 || M[1] == 1){ fprintf(stderr, "m must have order 5 mod n\n"); return 2; }
  for(int i = 0; i < 5; i++) P[i] = M[(5 - i) % 5];
  int r = solve();
  if(r > 0){
    for(int k = 0; k < 5; k++) printf("FIXED %d %d\n", fixed_a[k], fixed_f[k]);
    printf("BLANK"); for(int i = 1; i <= 5; i++) printf(" %d", blank_c[i]); printf("\n");
    for(int j = 0; j < 5; j++){ printf("FULL"); for(int i = 0; i <= 5; i++) printf(" %d", full_c[j][i]); printf("\n"); }
    return 0;
  }
  printf(r < 0 ? "GAVE UP %lld\n" : "NONE %lld\n", nodes);
  return 1;
}

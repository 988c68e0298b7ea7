// Search for a (33, 6; 1, 1; 1) quasi-difference matrix in the Handbook's shape (III.3.57:
// four orthogonal squares of order 34): kept by phi, which turns rows 0..4 one place on and
// multiplies every entry by m (m = 4, of order 5 mod 33; row 5 is only multiplied), so the 35
// columns are five fixed ones (a, m a, m^2 a, m^3 a, m^4 a, f) with m f = f, one of them
// blank in row 5, and the phi-orbits of six base columns, one blank in row 0.
// Written as differences, a base column c_0..c_4 is its steps u_i = m^-i (c_(i+1) - c_i):
// phi turns the u_i round, rows i and i + 1 differ over the orbit by exactly the u_i, rows i
// and i + 2 by u_i + m u_(i+1), and rows i and 5 by m^-i (c_5 - c_i), so every class (rows
// one apart, two apart, and with row 5) must be all of Z_33 once, and a base column's steps
// sum to 0 once weighted by m^i. Rows 0..4 are an exact cover of the first two classes by
// whole base columns (one for each cycle of steps, turned to start at its smallest: about
// 123,000), the blank column and the fixed ones; Knuth's dancing links search it, always
// meeting next the difference that fewest columns can still meet. Row 5 is then a small
// exact cover of its own for each cover found (a c_5 for each base column, f or the blank
// for each fixed one), tried in full; or, with `all`, a part of the one cover (each base
// column with each c_5 an option: about 2.9 million, 1.3 GB). The formulas were checked
// against the matrix that quasi_difference_search.Model develops from such columns.
// Found with it on 2026-11-28 (the entry of order 34 in square_rows.json): `./cycle_search
// 9000 100000 100000` stopped at restart 387 after 631 s, its first cover of rows 0..4
// having a row 5. Luck, against the odds measured before: 232 runs of 100,000 nodes, each its
// own process, had found one cover of rows 0..4, and 400 restarts of 100,000 nodes (seed
// 5000, 805 s) two more, none with a row 5; row 5 had an exact cover for 7 of 800 sets of
// random columns of this shape, so some 25,000 runs (14 hours of one core) were expected. With `all`: 150
// restarts of 50,000 nodes (seed 7, 1,499 s) found none. Taking entries one at a time
// (matrix_search.c) stopped at the last column again and again, and a first version of this
// search, meeting the first class's differences in order, left the second class to chance
// and met at most 32 of 33.
//   gcc -O2 -o cycle_search cycle_search.c
//   ./cycle_search SEED NODES RESTARTS [all]   RESTARTS searches of at most NODES nodes,
//   each taking the options of an item from a random one on; prints 'FIXED a f' (f = -1 for
//   the blank) five times, 'BLANK c_1 .. c_5' and 'FULL c_0 .. c_5' five times and 'MATRIX'
//   with the developed matrix's six rows as JSON (null the blanks), or 'NONE nodes' (the
//   whole tree), or 'GAVE UP after RESTARTS restarts'.
//   ./cycle_search check < COLUMNS   the FIXED, BLANK and FULL lines read, developed and
//   checked as a find is: the same lines and 'MATRIX' (exit 0), or 'NOT SOUND' (exit 1), or
//   exit 2 for input that is not five FIXED, one BLANK and five FULL lines.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 33
#define MUL 4
static int ITEMS = 2 * N + 1;    // d1[x], d2[x], the blank column (with row 5: df[x], the blank f)
static int all_rows;             // row 5 in the cover too
enum { FIXED, BLANK, FULL };
static int P[5], M[5];           // P[i] = m^-i, M[i] = m^i
static long long nodes, limit, covers;
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline int md(long v){ v %= N; return v < 0 ? v + N : v; }

// Options: kind, and its values (a; u_1..u_3; u_0..u_4).
typedef struct { int kind, v[6]; } Option;   // v[5]: c_5 or f (-1 the blank) with row 5
static Option *opts; static int nopts;
// Dancing links: node 0 the root, 1..ITEMS the item heads, then the options' nodes.
static int *L, *R, *U, *D, *C, *row, *S, nnodes;

static void cover(int c){
  L[R[c]] = L[c]; R[L[c]] = R[c];
  for(int i = D[c]; i != c; i = D[i])
    for(int j = R[i]; j != i; j = R[j]){ U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--; }
}
static void uncover(int c){
  for(int i = U[c]; i != c; i = U[i])
    for(int j = L[i]; j != i; j = L[j]){ S[C[j]]++; U[D[j]] = j; D[U[j]] = j; }
  L[R[c]] = c; R[L[c]] = c;
}
static void add_option(int kind, const int *v, const int *items, int k){
  opts[nopts].kind = kind; memcpy(opts[nopts].v, v, 6 * sizeof(int));
  int first = -1;
  for(int i = 0; i < k; i++){
    int x = nnodes++, c = items[i] + 1;
    C[x] = c; row[x] = nopts; S[c]++;
    U[x] = U[c]; D[x] = c; D[U[c]] = x; U[c] = x;
    if(first < 0){ first = x; L[x] = R[x] = x; }
    else { L[x] = L[first]; R[x] = first; R[L[first]] = x; L[first] = x; }
  }
  nopts++;
}

static void full_rows(const int *u, int *c){ c[0] = 0; for(int h = 1; h < 5; h++) c[h] = md(c[h - 1] + (long)M[h - 1] * u[h - 1]); }
static void blank_rows(const int *u, int *c){ c[1] = 0; for(int i = 2; i <= 4; i++) c[i] = md(c[i - 1] + (long)M[i - 1] * u[i - 1]); }

// Row 5 for the chosen options: c_5 of each base column, f of each fixed column.
static int chosen[16], nchosen, full_c[5][6], blank_c[6], fixed_a[5], fixed_f[5];
static unsigned char uf[N];
static int take(const int *v, int k){
  for(int i = 0; i < k; i++){ if(uf[v[i]]){ for(int h = 0; h < i; h++) uf[v[h]] = 0; return 0; } uf[v[i]] = 1; }
  return 1;
}
static void give(const int *v, int k){ for(int i = 0; i < k; i++) uf[v[i]] = 0; }
static int row5(int p, int nfull, int nfixed, int blank_f){
  if(p == nchosen) return 1;
  Option *o = &opts[chosen[p]];
  if(o->kind == FIXED){   // rows 0..4 read a only mod 11; row 5 tells a, a + 11, a + 22 apart
    for(int a = o->v[0]; a < N; a += N / 3) for(int f = -1; f < N; f++){
      if(f < 0 ? blank_f : md((long)MUL * f) != f) continue;
      int t = md(f - a);
      if(f >= 0 && !take(&t, 1)) continue;
      fixed_a[nfixed] = a; fixed_f[nfixed] = f;
      if(row5(p + 1, nfull, nfixed + 1, blank_f || f < 0)) return 1;
      if(f >= 0) give(&t, 1);
    }
    return 0;
  }
  int c[6], rows[5], k = 0, *out;
  if(o->kind == FULL){ full_rows(o->v, c); for(int i = 0; i < 5; i++) rows[k++] = i; out = full_c[nfull]; }
  else { blank_rows(o->v, c); c[0] = 0; for(int i = 1; i < 5; i++) rows[k++] = i; out = blank_c; }
  for(int w = 0; w < N; w++){
    int t[5]; for(int i = 0; i < k; i++) t[i] = md((long)P[rows[i]] * (w - c[rows[i]]));
    if(!take(t, k)) continue;
    memcpy(out, c, sizeof c); out[5] = w;
    if(row5(p + 1, nfull + (o->kind == FULL), nfixed, blank_f)) return 1;
    give(t, k);
  }
  return 0;
}

// A cover of every row: the columns read off the options chosen.
static int read_off(void){
  int nfull = 0, nfixed = 0;
  for(int p = 0; p < nchosen; p++){
    Option *o = &opts[chosen[p]];
    if(o->kind == FIXED){ fixed_a[nfixed] = o->v[0]; fixed_f[nfixed++] = o->v[5]; }
    else if(o->kind == BLANK){ blank_rows(o->v, blank_c); blank_c[5] = o->v[5]; }
    else { full_rows(o->v, full_c[nfull]); full_c[nfull++][5] = o->v[5]; }
  }
  return 1;
}

static int search(int nfull){
  if(R[0] == 0){ covers++; return all_rows ? read_off() : row5(0, 0, 0, 0); }
  if(++nodes > limit) return -1;
  int c = R[0];
  for(int j = R[c]; j != 0; j = R[j]) if(S[j] < S[c]) c = j;
  if(S[c] == 0) return 0;
  cover(c);
  // The item's options from a random one on (round the ring, past the head), so that each
  // restart goes down another tree without building the links again.
  int start = D[c]; for(long k = rnd() % S[c]; k > 0; k--) start = D[start];
  for(int r = start, first = 1; first || r != start; r = D[r] == c ? D[c] : D[r], first = 0){
    Option *o = &opts[row[r]];
    if(o->kind == FULL && nfull == 5) continue;   // then the fixed columns are five
    chosen[nchosen++] = row[r];
    for(int j = R[r]; j != r; j = R[j]) cover(C[j]);
    int got = search(nfull + (o->kind == FULL));
    for(int j = L[r]; j != r; j = L[j]) uncover(C[j]);
    nchosen--;
    if(got){ uncover(c); return got; }
  }
  uncover(c);
  return 0;
}

static void swap_opt(Option *a, Option *b){ Option t = *a; *a = *b; *b = t; }

// The 6 x 35 matrix the columns found make (the entry `table_squares.entry_rows` develops):
// column j of a base column's orbit holds m^j c_(r - j) in row r < 5 and m^j c_5 in row 5, a
// kept column a, m a, .., m^4 a and f; -1 for a blank. Checked on all 15 pairs of rows.
static int developed(int mat[6][35]){
  int col = 0;
  for(int k = 0; k < 6; k++) for(int j = 0; j < 5; j++, col++){
    const int *c = k < 5 ? full_c[k] : blank_c;   // blank_c[0] is the blank
    for(int r = 0; r < 5; r++){ int i = (r - j + 5) % 5;
      mat[r][col] = k == 5 && i == 0 ? -1 : md((long)M[j] * c[i]); }
    mat[5][col] = md((long)M[j] * c[5]);
  }
  for(int j = 0; j < 5; j++, col++){
    for(int r = 0; r < 5; r++) mat[r][col] = md((long)M[r] * fixed_a[j]);
    mat[5][col] = fixed_f[j];
  }
  for(int r = 0; r < 6; r++){ int b = 0; for(int c = 0; c < 35; c++) b += mat[r][c] < 0; if(b != 1) return 0; }
  for(int r1 = 0; r1 < 6; r1++) for(int r2 = r1 + 1; r2 < 6; r2++){
    int seen[N] = {0}, k = 0;
    for(int c = 0; c < 35; c++) if(mat[r1][c] >= 0 && mat[r2][c] >= 0){
      if(seen[md(mat[r2][c] - mat[r1][c])]++) return 0;
      k++;
    }
    if(k != N) return 0;
  }
  return 1;
}

// The columns found, then the matrix they make; 0 (after 'NOT SOUND') if it is not one.
static int print_found(void){
  for(int k = 0; k < 5; k++) printf("FIXED %d %d\n", fixed_a[k], fixed_f[k]);
  printf("BLANK"); for(int i = 1; i <= 5; i++) printf(" %d", blank_c[i]); printf("\n");
  for(int j = 0; j < 5; j++){ printf("FULL"); for(int i = 0; i <= 5; i++) printf(" %d", full_c[j][i]); printf("\n"); }
  int mat[6][35];
  if(!developed(mat)){ printf("NOT SOUND\n"); return 0; }
  printf("MATRIX [");
  for(int r = 0; r < 6; r++){ printf(r ? ", [" : "[");
    for(int c = 0; c < 35; c++) printf(mat[r][c] < 0 ? "%snull" : "%s%d", c ? ", " : "", mat[r][c]);
    printf("]"); }
  printf("]\n");
  return 1;
}

// `check`: the columns as the search prints them (FIXED, BLANK, FULL lines) read from the
// input, developed and checked as a find is.
static int check(void){
  int nfixed = 0, nfull = 0, blank = 0; char word[8];
  while(scanf("%7s", word) == 1){
    if(!strcmp(word, "FIXED") && nfixed < 5){
      if(scanf("%d %d", &fixed_a[nfixed], &fixed_f[nfixed]) != 2) return 2;
      nfixed++;
    } else if(!strcmp(word, "BLANK") && !blank){
      for(int i = 1; i <= 5; i++) if(scanf("%d", &blank_c[i]) != 1) return 2;
      blank = 1;
    } else if(!strcmp(word, "FULL") && nfull < 5){
      for(int i = 0; i <= 5; i++) if(scanf("%d", &full_c[nfull][i]) != 1) return 2;
      nfull++;
    } else return 2;
  }
  if(nfixed != 5 || nfull != 5 || !blank) return 2;
  return print_found() ? 0 : 1;
}

int main(int argc, char **argv){
  M[0] = 1; for(int i = 1; i < 5; i++) M[i] = md((long)M[i - 1] * MUL);
  for(int i = 0; i < 5; i++) P[i] = M[(5 - i) % 5];
  if(argc == 2 && !strcmp(argv[1], "check")) return check();
  if(argc < 4){ fprintf(stderr, "usage: cycle_search SEED NODES RESTARTS [all]\n"); return 2; }
  long restarts = atol(argv[3]);
  all_rows = argc > 4 && !strcmp(argv[4], "all");
  if(all_rows) ITEMS = 3 * N + 2;
  s_ = 88172645463325252ULL ^ (unsigned long long)atoll(argv[1]) * 0x9E3779B97F4A7C15ULL;
  limit = atoll(argv[2]);
  // The options, listed first and shuffled by the seed, so that each seed searches another tree.
  int cap = 400000; Option *list = malloc(cap * sizeof(Option)); int nlist = 0;
  #define PUT(o) do { if(nlist == cap){ cap *= 2; list = realloc(list, cap * sizeof(Option)); } list[nlist++] = (o); } while(0)
  // Row 5 apart, a, a + 11, a + 22 are alike; with it, each c_5 (f) is an option of its own.
  int ws = all_rows ? N : 1;
  for(int a = 0; a < (all_rows ? N : N / 3); a++) for(int f = -1; f < (all_rows ? N : 0); f++){
    if(f >= 0 && md((long)MUL * f) != f) continue;
    Option o = {FIXED, {a, 0, 0, 0, 0, f}}; PUT(o); }
  for(int x = 0; x < N; x++) for(int y = 0; y < N; y++) for(int z = 0; z < N; z++){
    if(x == y || y == z || x == z) continue;
    // Each class sums to 0 (it is all of Z_33), and the second's sum less five times the
    // first's is the blank column's 13 u_1 + 2 u_2 + 7 u_3 alone: so that is 0.
    if(md(13L * x + 2L * y + 7L * z)) continue;
    for(int w = 0; w < ws; w++){ Option o = {BLANK, {0, x, y, z, 0, w}}; PUT(o); } }
  for(int u0 = 0; u0 < N; u0++) for(int u1 = u0 + 1; u1 < N; u1++) for(int u2 = u0 + 1; u2 < N; u2++)
    for(int u3 = u0 + 1; u3 < N; u3++){
      int u4 = md(-(long)P[4] * ((long)M[0] * u0 + (long)M[1] * u1 + (long)M[2] * u2 + (long)M[3] * u3));
      if(u4 <= u0) continue;   // u_0 the smallest step: one of the five turns of the column
      for(int w = 0; w < ws; w++){ Option o = {FULL, {u0, u1, u2, u3, u4, w}}; PUT(o); } }
  for(int i = nlist - 1; i > 0; i--) swap_opt(&list[i], &list[rnd() % (i + 1)]);
  int maxnodes = 1 + ITEMS + nlist * 16;
  L = malloc(maxnodes * sizeof(int)); R = malloc(maxnodes * sizeof(int)); U = malloc(maxnodes * sizeof(int));
  D = malloc(maxnodes * sizeof(int)); C = malloc(maxnodes * sizeof(int)); row = malloc(maxnodes * sizeof(int));
  S = calloc(ITEMS + 1, sizeof(int)); opts = malloc(nlist * sizeof(Option));
  for(int c = 0; c <= ITEMS; c++){ L[c] = c == 0 ? ITEMS : c - 1; R[c] = c == ITEMS ? 0 : c + 1; U[c] = D[c] = c; }
  nnodes = ITEMS + 1;
  for(int i = 0; i < nlist; i++){
    Option *o = &list[i]; int items[17], k = 0, ok = 1;
    unsigned char s1[N] = {0}, s2[N] = {0}, s3[N] = {0};
    int d1[5], d2[5], d3[5], k1 = 0, k2 = 0, k3 = 0, w = o->v[5];
    if(o->kind == FIXED){
      int a = o->v[0];
      d1[k1++] = md((long)(M[1] - 1) * a); d2[k2++] = md((long)(M[2] - 1) * a);
      if(w >= 0) d3[k3++] = md(w - a);
    } else if(o->kind == BLANK){
      int *u = o->v, c[6]; blank_rows(u, c);
      d1[k1++] = u[1]; d1[k1++] = u[2]; d1[k1++] = u[3];
      d2[k2++] = md(u[1] + (long)MUL * u[2]); d2[k2++] = md(u[2] + (long)MUL * u[3]); d2[k2++] = md((long)P[4] * (c[1] - c[4]));
      for(int h = 1; h < 5; h++) d3[k3++] = md((long)P[h] * (w - c[h]));
    } else {
      int c[6]; full_rows(o->v, c);
      for(int h = 0; h < 5; h++){ d1[k1++] = o->v[h]; d2[k2++] = md(o->v[h] + (long)MUL * o->v[(h + 1) % 5]);
        d3[k3++] = md((long)P[h] * (w - c[h])); }
    }
    for(int h = 0; h < k1; h++){ if(s1[d1[h]]) ok = 0; s1[d1[h]] = 1; items[k++] = d1[h]; }
    for(int h = 0; h < k2; h++){ if(s2[d2[h]]) ok = 0; s2[d2[h]] = 1; items[k++] = N + d2[h]; }
    if(all_rows) for(int h = 0; h < k3; h++){ if(s3[d3[h]]) ok = 0; s3[d3[h]] = 1; items[k++] = 2 * N + 1 + d3[h]; }
    if(o->kind == BLANK) items[k++] = 2 * N;
    if(all_rows && o->kind == FIXED && w < 0) items[k++] = 3 * N + 1;
    if(ok) add_option(o->kind, o->v, items, k);
  }
  fprintf(stderr, "%d options\n", nopts);
  int r = 0;
  long done;
  for(done = 0; done < restarts && r <= 0; done++){ nodes = 0; r = search(0); }
  if(r > 0){
    if(!print_found()) return 3;
    fprintf(stderr, "restart %ld, %lld nodes; %lld covers of rows 0..4\n", done, nodes, covers);
    return 0;
  }
  if(r < 0) printf("GAVE UP after %ld restarts\n", done); else printf("NONE %lld\n", nodes);
  fprintf(stderr, "%lld covers of rows 0..4\n", covers);
  return 1;
}

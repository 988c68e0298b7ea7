// Depth-first search for quasi_difference_search.py --depth-first (the shapes other than
// the mirror's, which mirror_search.c takes): the base columns' entries as variables taken in
// order, every entry of the developed matrix a table of one variable, and a (row pair,
// difference) that two columns meet twice cut off at the variable that completes the second.
// Values are tried in an order shuffled by the seed, and a run gives up after its nodes, so
// that several seeds, each a different tree, replace one long search: the first choices
// decide whether a subtree holds a solution at all.
// Reads from stdin (whitespace separated, all indices from 0):
//   V D K P                 variables, symbols, difference keys, row pairs
//   V lines: n s_1 .. s_n   the values a variable may take
//   E, then E lines: v t_0 .. t_{D-1}      entry e holds t[x] when its variable holds x
//   T, then T lines: p a b  term: row pair p meets key diff[entry a][entry b]
//   D * D keys              diff[x][y]: the key of symbols x over y
// and prints 'VALUES x_0 .. x_{V-1}' for a solution, or 'NONE nodes' (the whole tree, or
// 'GAVE UP nodes' at the limit).
//   gcc -O2 -o matrix_search matrix_search.c
//   ./matrix_search SEED NODES < problem      (the Python tool writes the problem)
#include <stdio.h>
#include <stdlib.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static int V, D, K, P, E, T;
static int *ndom, **dom, *evar, **etab, *tp, *ta, *tb, *diffk, *x;
static unsigned char *used;
static int **done_at, *ndone;   // the terms whose later variable is v
static long long nodes, limit;

static int rd(void){ int v; if(scanf("%d", &v) != 1){ fprintf(stderr, "short input\n"); exit(2);} return v; }
static inline int key_of(int t){ return tp[t]*K + diffk[etab[ta[t]][x[evar[ta[t]]]]*D + etab[tb[t]][x[evar[tb[t]]]]]; }

static int place(int v){   // 1 found, 0 none below, -1 out of nodes
  if(v == V) return 1;
  int order[256], n = ndom[v];
  for(int i = 0; i < n; i++) order[i] = dom[v][i];
  for(int i = n - 1; i > 0; i--){ int j = rnd() % (i + 1), t = order[i]; order[i] = order[j]; order[j] = t; }
  for(int i = 0; i < n; i++){
    if(++nodes > limit) return -1;
    x[v] = order[i];
    int k;
    for(k = 0; k < ndone[v]; k++){ int key = key_of(done_at[v][k]); if(used[key]) break; used[key] = 1; }
    if(k == ndone[v]){ int r = place(v + 1); if(r) { if(r < 0) return r; return 1; } }
    for(int h = 0; h < k; h++) used[key_of(done_at[v][h])] = 0;
  }
  return 0;
}

int main(int argc, char **argv){
  if(argc < 3){ fprintf(stderr, "usage: matrix_search SEED NODES < problem\n"); return 2; }
  s_ = 88172645463325252ULL ^ (unsigned long long)atoll(argv[1]) * 0x9E3779B97F4A7C15ULL;
  limit = atoll(argv[2]);
  V = rd(); D = rd(); K = rd(); P = rd();
  if(D > 256){ fprintf(stderr, "at most 256 symbols\n"); return 2; }
  ndom = calloc(V, sizeof *ndom); dom = calloc(V, sizeof *dom);
  for(int v = 0; v < V; v++){ ndom[v] = rd(); dom[v] = calloc(ndom[v], sizeof(int));
    for(int i = 0; i < ndom[v]; i++) dom[v][i] = rd(); }
  E = rd(); evar = calloc(E, sizeof *evar); etab = calloc(E, sizeof *etab);
  for(int e = 0; e < E; e++){ evar[e] = rd(); etab[e] = calloc(D, sizeof(int));
    for(int i = 0; i < D; i++) etab[e][i] = rd(); }
  T = rd(); tp = calloc(T, sizeof(int)); ta = calloc(T, sizeof(int)); tb = calloc(T, sizeof(int));
  for(int t = 0; t < T; t++){ tp[t] = rd(); ta[t] = rd(); tb[t] = rd(); }
  diffk = calloc((size_t)D*D, sizeof(int)); for(int i = 0; i < D*D; i++) diffk[i] = rd();
  ndone = calloc(V, sizeof(int)); done_at = calloc(V, sizeof(int*));
  for(int v = 0; v < V; v++) done_at[v] = calloc(T, sizeof(int));
  for(int t = 0; t < T; t++){ int a = evar[ta[t]], b = evar[tb[t]], v = a > b ? a : b; done_at[v][ndone[v]++] = t; }
  used = calloc((size_t)P*K, 1); x = calloc(V, sizeof(int));
  int r = place(0);
  if(r > 0){ printf("VALUES"); for(int v = 0; v < V; v++) printf(" %d", x[v]); printf("\n"); return 0; }
  printf(r < 0 ? "GAVE UP %lld\n" : "NONE %lld\n", nodes); return 1;
}

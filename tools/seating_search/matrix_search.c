// Depth-first search for quasi_difference_search.py --depth-first (the shapes other than
// the mirror's, which mirror_search.c takes): the base columns' entries as variables, every
// entry of the developed matrix a table of one variable, and a (row pair, difference) that
// two columns meet twice a conflict. Forward checking with the fewest values first: each node
// takes the unassigned variable with the fewest values that meet no used difference with the
// variables assigned (of those, the one most tied to them), and one left with none cuts the
// node off (a difference matrix over Z_11 in a moment, where taking the variables in order
// found none in a million nodes).
// Values are tried in an order shuffled by the seed, and a run gives up after its nodes, so
// that several seeds, each a different tree, replace one long search: the first choices
// decide whether a subtree holds a solution at all.
// Reads from stdin (whitespace separated, all indices from 0):
//   V D K P                 variables, symbols, difference keys, row pairs
//   V lines: n s_1 .. s_n   the values a variable may take
//   E, then E lines: v t_0 .. t_{D-1}      entry e holds t[x] when its variable holds x
//   T, then T lines: p a b  term: row pair p meets key diff[entry a][entry b]
//   D * D keys              diff[x][y]: the key of symbols x over y
// and prints 'VALUES x_0 .. x_{V-1}' for a solution, or 'NONE nodes' (the whole tree), or
// 'GAVE UP nodes' at the limit.
//   gcc -O2 -o matrix_search matrix_search.c
//   ./matrix_search SEED NODES < problem      (the Python tool writes the problem)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static int V, D, K, P, E, T;
static int *ndom, **dom, *evar, **etab, *tp, *ta, *tb, *diffk, *x;
static unsigned char *used;
static int **vterms, *nvterms;  // the terms of variable v
static unsigned char *assigned, *seen;
static long long nodes, limit;

static int rd(void){ int v; if(scanf("%d", &v) != 1){ fprintf(stderr, "short input\n"); exit(2);} return v; }
static inline int key_of(int t){ return tp[t]*K + diffk[etab[ta[t]][x[evar[ta[t]]]]*D + etab[tb[t]][x[evar[tb[t]]]]]; }

// The values of unassigned variable w that meet no used key in its terms with assigned
// variables (and itself): into out, their number returned.
static int consistent(int w, int *out){
  int n = 0, keys[512];
  for(int i = 0; i < ndom[w]; i++){
    x[w] = dom[w][i];
    int k = 0, ok = 1;
    for(int h = 0; h < nvterms[w] && ok; h++){
      int t = vterms[w][h], other = evar[ta[t]] == w ? evar[tb[t]] : evar[ta[t]];
      if(other != w && !assigned[other]) continue;
      int key = key_of(t);
      if(used[key] || seen[key]) ok = 0; else { seen[key] = 1; keys[k++] = key; }
    }
    for(int h = 0; h < k; h++) seen[keys[h]] = 0;
    if(ok) out[n++] = dom[w][i];
  }
  return n;
}
// Forward checking with the fewest values first: each node takes the unassigned variable
// with the fewest consistent values, and a variable left with none cuts the node off.
static int place(int depth){
  if(depth == V) return 1;
  int best = -1, bestn = 1 << 30, bestties = -1, values[256], bestvalues[256];
  for(int w = 0; w < V; w++) if(!assigned[w]){
    int n = consistent(w, values);
    if(n == 0) return 0;
    int ties = 0;   // among the fewest values, the most terms with variables assigned
    for(int h = 0; h < nvterms[w]; h++){
      int t = vterms[w][h], other = evar[ta[t]] == w ? evar[tb[t]] : evar[ta[t]];
      ties += other != w && assigned[other];
    }
    if(n < bestn || (n == bestn && ties > bestties)){
      bestn = n; best = w; bestties = ties; memcpy(bestvalues, values, n * sizeof(int)); }
  }
  for(int i = bestn - 1; i > 0; i--){ int j = rnd() % (i + 1), t = bestvalues[i]; bestvalues[i] = bestvalues[j]; bestvalues[j] = t; }
  assigned[best] = 1;
  for(int i = 0; i < bestn; i++){
    if(++nodes > limit){ return -1; }
    x[best] = bestvalues[i];
    int k = 0, ok = 1, keys[512];
    for(int h = 0; h < nvterms[best] && ok; h++){
      int t = vterms[best][h], other = evar[ta[t]] == best ? evar[tb[t]] : evar[ta[t]];
      if(other != best && !assigned[other]) continue;
      int key = key_of(t);
      if(used[key]) ok = 0; else { used[key] = 1; keys[k++] = key; }
    }
    if(ok){ int r = place(depth + 1); if(r) return r; }
    for(int h = 0; h < k; h++) used[keys[h]] = 0;
  }
  assigned[best] = 0;
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
  used = calloc((size_t)P*K, 1); x = calloc(V, sizeof(int));
  seen = calloc((size_t)P*K, 1); assigned = calloc(V, 1);
  nvterms = calloc(V, sizeof(int)); vterms = calloc(V, sizeof(int*));
  for(int v = 0; v < V; v++){ vterms[v] = calloc(T, sizeof(int));
    for(int t = 0; t < T; t++) if(evar[ta[t]] == v || evar[tb[t]] == v) vterms[v][nvterms[v]++] = t;
    if(nvterms[v] > 512){ fprintf(stderr, "at most 512 terms a variable\n"); return 2; } }
  int r = place(0);
  if(r > 0){ printf("VALUES"); for(int v = 0; v < V; v++) printf(" %d", x[v]); printf("\n"); return 0; }
  printf(r < 0 ? "GAVE UP %lld\n" : "NONE %lld\n", nodes); return 1;
}

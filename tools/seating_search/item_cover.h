// Step 1 of the split searches (split_search.c, turn_split_search.c,
// involution_split_search.c): an exact cover of the differences (items) by shapes. The shapes
// still possible are a bit set of `nw` words; sets[i] holds the shapes that cover item i.
// What each tool counts besides (levels, base tables, transversals) stays in its own search;
// these are the three moves they share:
//   ic_fewest: the uncovered item the fewest live shapes cover (-1 if every item is covered),
//     with that count (0 fails the node);
//   ic_options: those shapes, in the order the tool's generator shuffles them to;
//   ic_take: the live shapes and covered items once a shape with items m (mw words) is taken.
#ifndef ITEM_COVER_H
#define ITEM_COVER_H
#include <string.h>
typedef unsigned long long ic_u64;
static int ic_fewest(const ic_u64 *alive, const ic_u64 *cov, ic_u64 *const *sets, int ni, int nw,
                     int *count){
  int best = -1, bn = 1 << 30;
  for(int i = 0; i < ni; i++){ if(cov[i >> 6] >> (i & 63) & 1) continue;
    int n = 0; for(int w = 0; w < nw; w++) n += __builtin_popcountll(alive[w] & sets[i][w]);
    if(n < bn){ bn = n; best = i; if(!n) break; } }
  *count = bn; return best; }
static int ic_options(const ic_u64 *alive, const ic_u64 *set, int nw, int *opts,
                      ic_u64 (*rnd)(void)){
  int no = 0;
  for(int w = 0; w < nw; w++){ ic_u64 m = alive[w] & set[w]; while(m){ opts[no++] = w * 64 + __builtin_ctzll(m); m &= m - 1; } }
  for(int i = no - 1; i > 0; i--){ int j = rnd() % (i + 1); int t = opts[i]; opts[i] = opts[j]; opts[j] = t; }
  return no; }
static void ic_take(ic_u64 *child, ic_u64 *ccov, const ic_u64 *alive, const ic_u64 *cov,
                    const ic_u64 *m, int mw, ic_u64 *const *sets, int nw){
  memcpy(child, alive, sizeof(ic_u64) * nw);
  for(int w = 0; w < mw; w++){ ccov[w] = cov[w] | m[w]; ic_u64 bits = m[w];
    while(bits){ int i = w * 64 + __builtin_ctzll(bits); bits &= bits - 1; for(int k = 0; k < nw; k++) child[k] &= ~sets[i][k]; } } }
#endif

// Step 2 of the split searches (split_search.c, turn_split_search.c,
// involution_split_search.c): give every table one row, a row being the table at one place and
// the players it then takes, so that no player is taken twice and every player is taken (an
// exact cover of the tables and the players). The rows still possible are a bit set; taking a
// row removes the rows of its table and those that take one of its players (`rc_clash`,
// computed once a shape set). A table or a player with no row left fails the node; otherwise
// the one with the fewest rows is branched on, tables before players on a tie.
//   rc_nrows rows: rc_table[r], rc_place[r] (what the tool reads back), rc_np[r] players
//   rc_players[r][...]; rc_tables tables, rc_nplayers players; rc_taken: players already
//   seated; rc_placed[t] >= 0 for a table already placed (it is then not branched on).
//   rc_solve(limit): 1 if covered within `limit` nodes (rc_placed then holds every table's
//   place), else 0; rc_nodes the nodes it took.
//   rc_room() before each row is written: a tool asked for more rows than RC_MAXR stops there
//   in words (exit 2) instead of writing past the arrays.
#ifndef ROW_COVER_H
#define ROW_COVER_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define RC_MAXR 4096
#define RC_RW (RC_MAXR / 64)
#define RC_MAXT 64
#define RC_MAXP 256
#define RC_PW (RC_MAXP / 64)
typedef unsigned long long rc_u64;
static int rc_nrows, rc_tables, rc_nplayers, rc_nrw;
static int rc_table[RC_MAXR], rc_place[RC_MAXR], rc_np[RC_MAXR], rc_players[RC_MAXR][4];
static int rc_placed[RC_MAXT];
static rc_u64 rc_taken[RC_PW];
static rc_u64 rc_clash[RC_MAXR][RC_RW], rc_table_rows[RC_MAXT][RC_RW], rc_player_rows[RC_MAXP][RC_RW];
static long long rc_limit, rc_nodes;
static void rc_room(void){
  if(rc_nrows < RC_MAXR) return;
  printf("too many rows: step 2 takes %d at most (row_cover.h)\n", RC_MAXR); exit(2); }
static inline int rc_count(const rc_u64 *alive, const rc_u64 *of){
  int n = 0; for(int w = 0; w < rc_nrw; w++) n += __builtin_popcountll(alive[w] & of[w]); return n; }
static int rc_placing(const rc_u64 *alive, const rc_u64 *taken, int tables_left){
  if(!tables_left) return 1;
  if(++rc_nodes > rc_limit) return 0;
  const rc_u64 *best = 0; int bestn = 1 << 30;
  for(int t = 0; t < rc_tables; t++){ if(rc_placed[t] >= 0) continue;
    int n = rc_count(alive, rc_table_rows[t]); if(n < bestn){ bestn = n; best = rc_table_rows[t]; if(!n) return 0; } }
  for(int p = 0; p < rc_nplayers; p++){ if(taken[p >> 6] >> (p & 63) & 1) continue;
    int n = rc_count(alive, rc_player_rows[p]); if(n < bestn){ bestn = n; best = rc_player_rows[p]; if(!n) return 0; } }
  rc_u64 opts[RC_RW]; for(int w = 0; w < rc_nrw; w++) opts[w] = alive[w] & best[w];
  for(int w = 0; w < rc_nrw; w++) while(opts[w]){ int r = w * 64 + __builtin_ctzll(opts[w]); opts[w] &= opts[w] - 1;
    rc_u64 next[RC_RW], took[RC_PW]; for(int k = 0; k < rc_nrw; k++) next[k] = alive[k] & ~rc_clash[r][k];
    memcpy(took, taken, sizeof took);
    for(int i = 0; i < rc_np[r]; i++) took[rc_players[r][i] >> 6] |= 1ULL << (rc_players[r][i] & 63);
    rc_placed[rc_table[r]] = rc_place[r];
    if(rc_placing(next, took, tables_left - 1)) return 1;
    rc_placed[rc_table[r]] = -1;
    if(rc_nodes > rc_limit) return 0; }
  return 0; }
static int rc_solve(long long limit){
  rc_nrw = (rc_nrows + 63) / 64;
  memset(rc_table_rows, 0, sizeof rc_table_rows); memset(rc_player_rows, 0, sizeof rc_player_rows);
  for(int r = 0; r < rc_nrows; r++){ rc_table_rows[rc_table[r]][r >> 6] |= 1ULL << (r & 63);
    for(int i = 0; i < rc_np[r]; i++) rc_player_rows[rc_players[r][i]][r >> 6] |= 1ULL << (r & 63); }
  for(int r = 0; r < rc_nrows; r++){ for(int w = 0; w < rc_nrw; w++) rc_clash[r][w] = rc_table_rows[rc_table[r]][w];
    for(int i = 0; i < rc_np[r]; i++) for(int w = 0; w < rc_nrw; w++) rc_clash[r][w] |= rc_player_rows[rc_players[r][i]][w]; }
  rc_u64 alive[RC_RW] = {0};
  for(int r = 0; r < rc_nrows; r++) alive[r >> 6] |= 1ULL << (r & 63);
  int left = 0;
  for(int t = 0; t < rc_tables; t++) left += rc_placed[t] < 0;
  for(int p = 0; p < rc_nplayers; p++) if(rc_taken[p >> 6] >> (p & 63) & 1)
    for(int w = 0; w < rc_nrw; w++) alive[w] &= ~rc_player_rows[p][w];
  rc_limit = limit; rc_nodes = 0;
  return rc_placing(alive, rc_taken, left); }
#endif

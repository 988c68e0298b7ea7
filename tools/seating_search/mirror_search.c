// Depth-first search for a (n, 7; 1, 1; 7) quasi-difference matrix in the Handbook's shape
// (III.3.63 for n = 35: four orthogonal squares of order 42 from its first six rows): n / 7
// + 2 base columns, each blank in row 0 and turned through all seven rows (49 columns for
// n = 35), kept also by the row reflection r -> -r, so that the base columns are one that
// reads the same backwards, (-, 0, p, q, q, p, 0), and pairs of a column and its reflection.
// Rows i and i + d (mod 7) then differ, over the turned columns, by the differences
// c_j - c_i of the base columns' filled rows i < j with j - i = +-d; a reflected column gives
// their negatives, so for each d = 1, 2, 3 the columns of the pairs must give one of every
// +-x of Z_n that the palindrome leaves (it gives 0 and two pairs in each class). The same
// shape under --mirror in quasi_difference_search.py ran for 15 minutes in Kissat undecided;
// an estimate of the tree (about 10^10 nodes for a p and q, with thousands of solutions)
// says a plain search with bit sets ends in seconds.
//   gcc -O2 -o mirror_search mirror_search.c
//   ./mirror_search n NODES     prints 'BASE c_1 .. c_6' for each of the n / 7 + 2 columns
//   (the palindrome first), or 'NONE nodes' (the whole tree), or 'GAVE UP nodes'; the
//   palindrome's p divides n (1, 5 or 7 for 35): any p is that times a unit, and multiplying
//   every entry by a unit keeps the matrix.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define MAXN 128
static int n, columns, cls[7][7];
static int used[4][MAXN];       // used[d][x]: x is a difference of class d already
static int col[8][7];           // col[j][1..6], col[j][1] = 0
static long long nodes, limit;

static int mark(int d, int x, int step){
  int y = (n - x) % n;
  if(step > 0){ if(x == 0 || used[d][x] || used[d][y]) return 0; used[d][x] = used[d][y] = 1; }
  else used[d][x] = used[d][y] = 0;
  return 1;
}
// Place entry k of pair column j (k from 2 to 6), then the next: 1 found, 0 none, -1 out
// of nodes.
static int place(int j, int k){
  if(j == columns) return 1;
  if(k == 7) return place(j + 1, 2);
  for(int v = 0; v < n; v++){
    if(++nodes > limit) return -1;
    int ok = 1, i;
    for(i = 1; i < k; i++) if(!mark(cls[i][k], ((v - col[j][i]) % n + n) % n, +1)){ ok = 0; break; }
    if(ok){ col[j][k] = v; int r = place(j, k + 1); if(r) return r; }
    for(int h = 1; h < i; h++) mark(cls[h][k], ((v - col[j][h]) % n + n) % n, -1);
  }
  return 0;
}
// The palindrome (0, p, q, q, p, 0): class d's differences as a multiset, each +-x once.
static int palindrome(int p, int q){
  memset(used, 0, sizeof used);
  int c[7] = {0, 0, p, q, q, p, 0}, zeros[4] = {0};
  for(int i = 1; i <= 6; i++) for(int k = i + 1; k <= 6; k++){
    int d = cls[i][k], x = ((c[k] - c[i]) % n + n) % n;
    if(x == 0){ if(zeros[d]++) return 0; continue; }
    if(used[d][x]) return 0;   // a palindrome gives x and -x in one class: each once
    used[d][x] = 1;
  }
  for(int d = 1; d <= 3; d++) if(zeros[d] != 1) return 0;
  return 1;
}

int main(int argc, char **argv){
  if(argc < 3){ fprintf(stderr, "usage: mirror_search n NODES\n"); return 2; }
  n = atoi(argv[1]); limit = atoll(argv[2]);
  if(n % 7 || n > MAXN || (n / 7) % 2 == 0){ fprintf(stderr, "n: a multiple of 7, n / 7 odd\n"); return 2; }
  columns = (n / 7 + 1) / 2;    // pair columns searched (their reflections follow)
  for(int i = 0; i < 7; i++) for(int k = 0; k < 7; k++){ int d = ((k - i) % 7 + 7) % 7; cls[i][k] = d > 3 ? 7 - d : d; }
  for(int p = 1; p < n; p++) for(int q = 0; q < n; q++){
    if(n % p) continue;   // p is a unit times its divisor of n, and a unit keeps the matrix
    if(!palindrome(p, q)) continue;
    int r = place(0, 2);
    if(r < 0){ printf("GAVE UP %lld\n", nodes); return 1; }
    if(r > 0){
      printf("BASE 0 %d %d %d %d 0\n", p, q, q, p);
      for(int j = 0; j < columns; j++){
        printf("BASE"); for(int i = 1; i <= 6; i++) printf(" %d", col[j][i]); printf("\n");
        printf("BASE"); for(int i = 1; i <= 6; i++) printf(" %d", ((col[j][7 - i] - col[j][6]) % n + n) % n); printf("\n");
      }
      fprintf(stderr, "p %d q %d: %lld nodes\n", p, q, nodes);
      return 0;
    }
  }
  printf("NONE %lld\n", nodes);
  return 1;
}

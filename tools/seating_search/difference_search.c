// C transcription of tournament_manager/domain/seating/difference_search.py search_symmetric
// (the level turn (level, x) -> (level + 1, u x), no Z_3R variant), for the bound fields where
// the Python annealing needs more moves than it can make in hours. Same slots, phases, moves,
// cost and acceptance; another random generator (xorshift), so seeds differ from Python's.
// Prints 'TABLES [...]' (session 0, as the builder's entries hold it) when the cost reaches 0;
// library_builder entries made from it are checked by orbits.verified before they are written.
//   gcc -O2 -o difference_search difference_search.c -lm
//   ./difference_search N cycled u seed moves temperature focus   (e.g. 80 0 3 1 20000000 0.3 3)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline double urand(void){ return (rnd()>>11)*(1.0/9007199254740992.0); }
#define MAXN 200
int N,R,moving,ncyc,ninv,u; int alpha_[MAXN]; int op[MAXN][3]; int inv_[4], cyc[3];
int cls[MAXN][MAXN]; int ncls; int quot[MAXN*MAXN]; int counts[MAXN*MAXN];
int ngroups; int gstart[MAXN], gsize[MAXN]; int slot_total; int orbit_of[MAXN], phase_[MAXN], group_of[MAXN];
int keyid[4][4][MAXN];
static int pairs_of(int g, int pp[][2]){
  int s0=gstart[g];
  if(gsize[g]==1){ int point=op[orbit_of[s0]][0]; pp[0][0]=inv_[g]; pp[0][1]=point; pp[1][0]=point; pp[1][1]=alpha_[point]; return 2; }
  int pts[4]; int k=0; for(int i=0;i<gsize[g];i++){ int s=s0+i; pts[k++]=op[orbit_of[s]][phase_[s]]; }
  if(gsize[g]==3) pts[k++]=cyc[0];
  int n=0; for(int i=0;i<4;i++)for(int j=i+1;j<4;j++){pp[n][0]=pts[i];pp[n][1]=pts[j];n++;} return n;
}
static int account(int g,int step){ int pp[6][2]; int n=pairs_of(g,pp); int ch=0;
  for(int i=0;i<n;i++){ int c=cls[pp[i][0]][pp[i][1]]; c = c>=0?quot[c]:-1; if(c<0){ch+=2*step;continue;}
    int before=counts[c]; counts[c]=before+step; ch += step>0 ? (before>=1) : -(before>=2); }
  return ch; }
static int conflicted(int g){ int pp[6][2]; int n=pairs_of(g,pp);
  for(int i=0;i<n;i++){ int c=cls[pp[i][0]][pp[i][1]]; if(c<0||quot[c]<0||counts[quot[c]]>1) return 1; } return 0; }
int main(int argc,char**argv){
  N=atoi(argv[1]); ncyc=atoi(argv[2]); u=atoi(argv[3]); s_=atoll(argv[4])*2654435761ULL+88172645463325252ULL; long long moves=atoll(argv[5]);
  double T=atof(argv[6]); int focus=atoi(argv[7]);
  int fixed = (N%12==4)?1:(N%12==0)?3:2; R=(N-fixed)/3; moving=3*R; ninv=fixed-ncyc;
  for(int i=0;i<N;i++)alpha_[i]=i;
  for(int l=0;l<3;l++)for(int x=0;x<R;x++) alpha_[l*R+x]=((l+1)%3)*R+(u*x)%R;
  if(ncyc){ alpha_[moving]=moving+1; alpha_[moving+1]=moving+2; alpha_[moving+2]=moving; for(int i=0;i<3;i++)cyc[i]=moving+i; }
  for(int i=0;i<ninv;i++) inv_[i]=moving+ncyc+i;
  for(int x=0;x<R;x++){ op[x][0]=x; op[x][1]=alpha_[x]; op[x][2]=alpha_[alpha_[x]]; }
  memset(keyid,-1,sizeof keyid); ncls=0;
  for(int p=0;p<N;p++)for(int q=0;q<N;q++)cls[p][q]=-1;
  for(int p=0;p<N;p++)for(int q=p+1;q<N;q++){ int a,b,d; int ok=1;
    if(q<moving){ a=p/R; int x=p%R; b=q/R; int y=q%R; d=((y-x)%R+R)%R; if(a==b){ if(R-d<d)d=R-d; if(2*d==R) ok=0; } }
    else if(p<moving){ a=3; b=q-moving; d=p/R; }
    else ok=0;
    if(ok){ if(keyid[a][b][d]<0) keyid[a][b][d]=ncls++; cls[p][q]=cls[q][p]=keyid[a][b][d]; } }
  // class orbits
  int *ex0=malloc(sizeof(int)*ncls),*ex1=malloc(sizeof(int)*ncls); for(int c=0;c<ncls;c++)ex0[c]=-1;
  for(int p=0;p<N;p++)for(int q=0;q<N;q++){ int c=cls[p][q]; if(c>=0&&ex0[c]<0){ex0[c]=p;ex1[c]=q;} }
  int *img=malloc(sizeof(int)*ncls); for(int c=0;c<ncls;c++) img[c]=cls[alpha_[ex0[c]]][alpha_[ex1[c]]];
  for(int c=0;c<ncls;c++){ int a=c,b=img[c],d=img[img[c]]; if(a!=b&&b!=d&&a!=d){ int m=a<b?a:b; m=m<d?m:d; quot[c]=m; } else quot[c]=-1; }
  ngroups=0; slot_total=0;
  for(int i=0;i<ninv;i++){ gstart[ngroups]=slot_total; gsize[ngroups]=1; ngroups++; slot_total++; }
  if(ncyc){ gstart[ngroups]=slot_total; gsize[ngroups]=3; ngroups++; slot_total+=3; }
  while(slot_total<R){ gstart[ngroups]=slot_total; gsize[ngroups]=4; ngroups++; slot_total+=4; }
  if(slot_total!=R){ printf("no shape\n"); return 1; }
  for(int i=0;i<R;i++)orbit_of[i]=i; for(int i=R-1;i>0;i--){int j=rnd()%(i+1);int t=orbit_of[i];orbit_of[i]=orbit_of[j];orbit_of[j]=t;}
  for(int g=0;g<ngroups;g++)for(int i=0;i<gsize[g];i++){ int s=gstart[g]+i; group_of[s]=g; phase_[s]= i? rnd()%3 : 0; }
  memset(counts,0,sizeof(int)*ncls);
  int cost=0; for(int g=0;g<ngroups;g++) cost+=account(g,1);
  int best=cost; long long st;
  for(st=0; st<moves && cost>0; st++){
    int a=rnd()%slot_total;
    for(int k=0;k<focus;k++){ if(conflicted(group_of[a])) break; a=rnd()%slot_total; }
    int g=group_of[a];
    if(gsize[g]>1 && a!=gstart[g] && urand()<0.3){
      int old=phase_[a]; int ch=account(g,-1); phase_[a]=(old+1+rnd()%2)%3; ch+=account(g,1);
      if(ch>0 && urand()>=exp(-ch/T)){ account(g,-1); phase_[a]=old; account(g,1);} else cost+=ch;
    } else {
      int b=rnd()%slot_total; if(a==b)continue; int ga=group_of[a], gb=group_of[b];
      int ch=account(ga,-1); if(gb!=ga) ch+=account(gb,-1);
      int t=orbit_of[a];orbit_of[a]=orbit_of[b];orbit_of[b]=t;
      ch+=account(ga,1); if(gb!=ga) ch+=account(gb,1);
      if(ch>0 && urand()>=exp(-ch/T)){ account(ga,-1); if(gb!=ga) account(gb,-1); t=orbit_of[a];orbit_of[a]=orbit_of[b];orbit_of[b]=t; account(ga,1); if(gb!=ga) account(gb,1); }
      else cost+=ch;
    }
    if(cost<best)best=cost;
  }
  printf("N=%d R=%d cycled=%d u=%d cost=%d best=%d moves=%lld\n",N,R,ncyc,u,cost,best,st);
  if(cost==0){ printf("TABLES ["); int first=1;
    for(int g=0;g<ngroups;g++){ int s0=gstart[g];
      if(gsize[g]==1){ printf("%s[%d,%d,%d,%d]", first?"":",", inv_[g], op[orbit_of[s0]][0], op[orbit_of[s0]][1], op[orbit_of[s0]][2]); first=0; continue; }
      int pts[4]; int k=0; for(int i=0;i<gsize[g];i++){int s=s0+i; pts[k++]=op[orbit_of[s]][phase_[s]];}
      for(int turn=0;turn<3;turn++){ printf("%s[", first?"":","); first=0; for(int i=0;i<k;i++)printf("%s%d",i?",":"",pts[i]); if(gsize[g]==3)printf(",%d",cyc[turn]); printf("]");
        for(int i=0;i<k;i++)pts[i]=alpha_[pts[i]]; } }
    printf("]\n"); }
  return 0; }

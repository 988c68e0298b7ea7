// C transcription of tournament_manager/domain/seating/cyclotomic.py search_cyclotomic for
// 3q + 3 players (q prime, q = 7 mod 12, multiplier group of order 3), with the temperature
// held at one value. Prints the representative tables (kind 2 = zero table of level zl,
// kind 1 = the infinity table, kind 0 = an orbit table) as (level, element) when the cost is 0.
//   gcc -O2 -o cyclotomic_3q3 cyclotomic_3q3.c -lm
//   ./cyclotomic_3q3 q seed moves temperature   (132 x 43: 43 18 30000000 0.3)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline double urand(void){ return (rnd()>>11)*(1.0/9007199254740992.0); }
int q,g,nc; int cos_[200]; int seen[3][200], seenp[3][200], seenm[9][200];
int kind[100], zl[100], start[100], size[100], nt; int lev[400], val[400], ns; int tab_of[400];
int clash;
static inline int md(int a){a%=q; return a<0?a+q:a;}
static void cover(int *arr){ if(*arr) clash++; (*arr)++; }
static void differ(int la,int a,int lb,int b){ int d=md(b-a); if(d==0){clash++;return;}
  if(la==lb){ cover(&seenp[la][cos_[d]]); cover(&seenp[la][cos_[md(a-b)]]); }
  else if(la<lb) cover(&seenm[la*3+lb][cos_[d]]); else cover(&seenm[lb*3+la][cos_[md(a-b)]]); }
int cost(void){ clash=0; memset(seen,0,sizeof seen); memset(seenp,0,sizeof seenp); memset(seenm,0,sizeof seenm);
  for(int t=0;t<nt;t++){ int st=start[t], sz=size[t];
    for(int i=0;i<sz;i++) cover(&seen[lev[st+i]][cos_[val[st+i]]]);
    for(int i=0;i<sz;i++)for(int j=i+1;j<sz;j++){ if(kind[t]==1 && lev[st+i]==lev[st+j]) clash++; differ(lev[st+i],val[st+i],lev[st+j],val[st+j]); }
    if(kind[t]==2){ int l=lev[st], v=val[st]; differ(zl[t],0,l,v); int own=md(v*(g-1)); cover(&seenp[l][cos_[own]]); cover(&seenp[l][cos_[md(-own)]]); }
  }
  return clash; }
int main(int argc,char**argv){ q=atoi(argv[1]); s_=atoll(argv[2])*2654435761ULL+88172645463325252ULL; long long moves=atoll(argv[3]); double T=atof(argv[4]);
  for(g=2;g<q;g++){ if((g*g%q)*g%q==1) break; }
  memset(cos_,-1,sizeof cos_); nc=0; for(int x=1;x<q;x++) if(cos_[x]<0){ int y=x; for(int k=0;k<3;k++){cos_[y]=nc; y=y*g%q;} nc++; }
  nt=0; ns=0; for(int l=0;l<3;l++){kind[nt]=2; zl[nt]=l; start[nt]=ns; size[nt]=1; ns+=1; nt++;}
  kind[nt]=1; start[nt]=ns; size[nt]=3; ns+=3; nt++;
  for(int i=0;i<(q-7)/4;i++){kind[nt]=0; start[nt]=ns; size[nt]=4; ns+=4; nt++;}
  // deck
  int k=0; for(int l=0;l<3;l++)for(int c=0;c<nc;c++){ int x; do{x=1+rnd()%(q-1);}while(cos_[x]!=c); lev[k]=l; val[k]=x; k++; }
  for(int i=ns-1;i>0;i--){int j=rnd()%(i+1); int a=lev[i],b=val[i]; lev[i]=lev[j];val[i]=val[j];lev[j]=a;val[j]=b;}
  int c=cost(), best=c; long long it;
  for(it=0;it<moves && c>0;it++){
    int i=rnd()%ns; int ol=lev[i], ov=val[i]; int j=-1;
    if(urand()<0.5){ int m=rnd()%3; int y=ov; for(int r=0;r<=m;r++) y=y*g%q; val[i]=y; }
    else { j=rnd()%ns; int a=lev[i],b=val[i]; lev[i]=lev[j];val[i]=val[j];lev[j]=a;val[j]=b; }
    int nc2=cost(); int d=nc2-c;
    if(d<=0||urand()<exp(-d/T)) c=nc2; else { if(j<0){lev[i]=ol;val[i]=ov;} else {int a=lev[i],b=val[i]; lev[i]=lev[j];val[i]=val[j];lev[j]=a;val[j]=b;} }
    if(c<best)best=c;
  }
  printf("q=%d cost=%d best=%d it=%lld\n",q,c,best,it);
  if(c==0){ for(int t=0;t<nt;t++){ printf("kind %d zl %d:",kind[t],zl[t]); for(int i=0;i<size[t];i++)printf(" (%d,%d)",lev[start[t]+i],val[start[t]+i]); printf("\n");} }
}

// difference_search.c on an abelian group G = Z_n1 x ... x Z_nk instead of Z_R, with the level
// turn (level, x) -> (level + 1, A x) for an automorphism A of G of order 3 given as a k x k
// integer matrix (row i: the i-th coordinate of A x is sum_j A[i][j] x_j mod n_i). Session g
// (g in G) is the base session with every level moved by g; players l*|G| + idx(x) (level l,
// idx the mixed-radix index of x, the first factor most significant), then the fixed ones.
// The structure reaches fields whose cyclic group has no multiplier of order 3 with the fixed
// players the field needs: G = Z_2 x Z_5 x Z_5 (A = 1 + [[0,4],[1,4]], fixed-point-free on
// Z_5^2) gives 152 x 50 with two kept players and 156 x 50 with six. Same moves, cost and
// repair as difference_search.c; a same-level difference d with 2d = 0 is a hole (the pair
// would come back at session d), as x, x + R/2 there. Library entries use "group": [n1, ...].
//   gcc -O2 -o group_search group_search.c -lm
//   ./group_search N cycled "n1,n2,.." "A11,A12,..,Akk" seed moves temperature focus
//        [p3 Tend F L gap maxcost fixed]
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
static unsigned long long s_;
static inline unsigned long long rnd(void){ s_ ^= s_<<13; s_ ^= s_>>7; s_ ^= s_<<17; return s_; }
static inline double urand(void){ return (rnd()>>11)*(1.0/9007199254740992.0); }
#define MAXN 200
int N,R,moving,ncyc,ninv,u; int alpha_[MAXN]; int op[MAXN][3]; int inv_[12], cyc[3];
int cls[MAXN][MAXN]; int ncls; int quot[MAXN*MAXN]; int counts[MAXN*MAXN];
int ngroups; int gstart[MAXN], gsize[MAXN]; int slot_total; int orbit_of[MAXN], phase_[MAXN], group_of[MAXN];
int keyid[4][12][MAXN];
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
// ---- large neighbourhood repair: free F four-slot groups (those with a clash first), refill
// them exactly by depth-first search over orbits and phases (classes of the others kept).
static int fr_g[64], fr_n; static int fr_orb[256], fr_used[256], fr_no; static long long fr_nodes, fr_limit;
static int pair_ok(int p,int q){ int c=cls[p][q]; if(c<0) return -1; c=quot[c]; if(c<0||counts[c]) return -1; return c; }
static int fill(int gi){
  if(gi==fr_n) return 1;
  if(++fr_nodes>fr_limit) return 0;
  int g=fr_g[gi], s0=gstart[g]; int first=-1;
  for(int i=0;i<fr_no;i++) if(!fr_used[i]){ first=i; break; }
  fr_used[first]=1; orbit_of[s0]=fr_orb[first]; phase_[s0]=0;
  int p0=op[fr_orb[first]][0];
  for(int a=first+1;a<fr_no;a++){ if(fr_used[a]) continue; for(int fa=0;fa<3;fa++){ int p1=op[fr_orb[a]][fa]; int c01=pair_ok(p0,p1); if(c01<0) continue; counts[c01]++;
    fr_used[a]=1;
    for(int b=a+1;b<fr_no;b++){ if(fr_used[b]) continue; for(int fb=0;fb<3;fb++){ fr_nodes++; int p2=op[fr_orb[b]][fb]; int c02=pair_ok(p0,p2); if(c02<0) continue; counts[c02]++; int c12=pair_ok(p1,p2); if(c12<0){ counts[c02]--; continue; } counts[c12]++;
      fr_used[b]=1;
      for(int d=b+1;d<fr_no;d++){ if(fr_used[d]) continue; for(int fd=0;fd<3;fd++){ fr_nodes++; int p3_=op[fr_orb[d]][fd]; int e0=pair_ok(p0,p3_); if(e0<0) continue; counts[e0]++; int e1=pair_ok(p1,p3_); if(e1<0){counts[e0]--; continue;} counts[e1]++; int e2=pair_ok(p2,p3_); if(e2<0){counts[e0]--;counts[e1]--; continue;} counts[e2]++;
        fr_used[d]=1; orbit_of[s0+1]=fr_orb[a]; phase_[s0+1]=fa; orbit_of[s0+2]=fr_orb[b]; phase_[s0+2]=fb; orbit_of[s0+3]=fr_orb[d]; phase_[s0+3]=fd;
        if(fill(gi+1)) return 1;
        fr_used[d]=0; counts[e0]--;counts[e1]--;counts[e2]--; if(fr_nodes>fr_limit) goto out3; } }
      out3: fr_used[b]=0; counts[c02]--; counts[c12]--; if(fr_nodes>fr_limit) goto out2; } }
    out2: fr_used[a]=0; counts[c01]--; if(fr_nodes>fr_limit) goto out1; } }
  out1: fr_used[first]=0; return 0; }
// returns the new cost (0 when repaired); restores the state otherwise
static int lns(int F, long long limit, int cost){
  fr_n=0; int isfree[MAXN]={0};
  for(int g=0;g<ngroups && fr_n<F;g++) if(gsize[g]==4 && conflicted(g)){ fr_g[fr_n++]=g; isfree[g]=1; }
  int tries=0; while(fr_n<F && tries<1000){ int g=rnd()%ngroups; tries++; if(gsize[g]==4 && !isfree[g]){ fr_g[fr_n++]=g; isfree[g]=1; } }
  int saved_o[MAXN], saved_p[MAXN]; memcpy(saved_o,orbit_of,sizeof saved_o); memcpy(saved_p,phase_,sizeof saved_p);
  int ch=0; for(int i=0;i<fr_n;i++) ch+=account(fr_g[i],-1);
  if(cost+ch!=0){ /* the clash is elsewhere (a group the repair does not free) */ for(int i=0;i<fr_n;i++) account(fr_g[i],1); return cost; }
  fr_no=0; for(int i=0;i<fr_n;i++){ int s0=gstart[fr_g[i]]; for(int j=0;j<4;j++){ fr_orb[fr_no]=orbit_of[s0+j]; fr_used[fr_no]=0; fr_no++; } }
  fr_nodes=0; fr_limit=limit;
  if(fill(0)){ return 0; }
  memcpy(orbit_of,saved_o,sizeof saved_o); memcpy(phase_,saved_p,sizeof saved_p);
  for(int i=0;i<fr_n;i++) account(fr_g[i],1); return cost; }
// ---- the group: elements as mixed-radix indices, subtraction, negation and the automorphism
int nf, fac[8], mat[8][8]; int gsub[MAXN][MAXN], gneg[MAXN], aut[MAXN];
static void dec(int x, int *v){ for(int i=nf-1;i>=0;i--){ v[i]=x%fac[i]; x/=fac[i]; } }
static int enc(const int *v){ int x=0; for(int i=0;i<nf;i++) x=x*fac[i]+((v[i]%fac[i])+fac[i])%fac[i]; return x; }
static int build_group(void){
  int order=1; for(int i=0;i<nf;i++) order*=fac[i];
  int v[8], w[8], r[8];
  for(int x=0;x<order;x++){ dec(x,v);
    for(int i=0;i<nf;i++) w[i]=-v[i];
    gneg[x]=enc(w);
    for(int i=0;i<nf;i++){ long long t=0; for(int j=0;j<nf;j++) t+=(long long)mat[i][j]*v[j]; r[i]=(int)(t%fac[i]); } aut[x]=enc(r);
    for(int y=0;y<order;y++){ dec(y,w); for(int i=0;i<nf;i++) r[i]=w[i]-v[i]; gsub[y][x]=enc(r); } }
  // a homomorphism (A(x + y) = A x + A y), a bijection, of order 3
  int seen[MAXN]={0};
  for(int x=0;x<order;x++){ if(seen[aut[x]]++) return 1; if(aut[aut[aut[x]]]!=x) return 1;
    for(int y=0;y<order;y++){ int s=gsub[x][gneg[y]]; if(aut[s]!=gsub[aut[x]][gneg[aut[y]]]) return 1; } }
  return 0; }
int main(int argc,char**argv){
  if(argc<9){ fprintf(stderr,"usage: N cycled n1,n2,.. A11,..,Akk seed moves temperature focus [p3 Tend F L gap maxcost fixed]\n"); return 2; }
  N=atoi(argv[1]); ncyc=atoi(argv[2]); u=0;
  { char *t=argv[3]; nf=0; while(*t){ fac[nf++]=strtol(t,&t,10); if(*t==',') t++; } }
  { char *t=argv[4]; int n=0; while(*t){ mat[n/nf][n%nf]=strtol(t,&t,10); n++; if(*t==',') t++; } if(n!=nf*nf){ printf("bad matrix\n"); return 1; } }
  const char *group_text=argv[3]; argv+=2; argc-=2;
  s_=atoll(argv[3])*2654435761ULL+88172645463325252ULL; long long moves=atoll(argv[4]);
  double T=atof(argv[5]); int focus=atoi(argv[6]); double p3 = argc>7 ? atof(argv[7]) : 0.0; double Tend = argc>8 ? atof(argv[8]) : 0.0; double T0=T; int LF = argc>9 ? atoi(argv[9]) : 0; long long LL = argc>10 ? atoll(argv[10]) : 200000; long long lns_calls=0; long long next_lns=0; long long GAP = argc>11 ? atoll(argv[11]) : 50000; int LMAXC = argc>12 ? atoi(argv[12]) : 2;
  int fixed = (N%12==4)?1:(N%12==0)?3:2; if(argc>13) fixed=atoi(argv[13]);
  int order=1; for(int i=0;i<nf;i++) order*=fac[i];
  if(fixed<ncyc || fixed-ncyc>12 || (N-fixed)%3){ printf("no shape\n"); return 1; }
  R=(N-fixed)/3; moving=3*R; ninv=fixed-ncyc;
  if(R!=order){ printf("the group has %d elements, the field needs %d\n",order,R); return 1; }
  if(build_group()){ printf("not an automorphism of order 3\n"); return 1; }
  for(int i=0;i<N;i++)alpha_[i]=i;
  for(int l=0;l<3;l++)for(int x=0;x<R;x++) alpha_[l*R+x]=((l+1)%3)*R+aut[x];
  if(ncyc){ alpha_[moving]=moving+1; alpha_[moving+1]=moving+2; alpha_[moving+2]=moving; for(int i=0;i<3;i++)cyc[i]=moving+i; }
  for(int i=0;i<ninv;i++) inv_[i]=moving+ncyc+i;
  for(int x=0;x<R;x++){ op[x][0]=x; op[x][1]=alpha_[x]; op[x][2]=alpha_[alpha_[x]]; }
  memset(keyid,-1,sizeof keyid); ncls=0;
  for(int p=0;p<N;p++)for(int q=0;q<N;q++)cls[p][q]=-1;
  for(int p=0;p<N;p++)for(int q=p+1;q<N;q++){ int a,b,d; int ok=1;
    if(q<moving){ a=p/R; int x=p%R; b=q/R; int y=q%R; d=gsub[y][x]; if(a==b){ if(gneg[d]<d)d=gneg[d]; if(gneg[d]==d) ok=0; } }
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
    if(Tend>0 && (st&1023)==0) T = T0*pow(Tend/T0,(double)st/moves);
    int a=rnd()%slot_total;
    for(int k=0;k<focus;k++){ if(conflicted(group_of[a])) break; a=rnd()%slot_total; }
    int g=group_of[a];
    if(p3>0 && urand()<p3){
      int b=rnd()%slot_total, c=rnd()%slot_total; if(a==b||b==c||a==c) continue;
      int gs[3]={group_of[a],group_of[b],group_of[c]}; int ng_=0, gl[3];
      for(int i=0;i<3;i++){ int d=0; for(int j=0;j<ng_;j++) if(gl[j]==gs[i]) d=1; if(!d) gl[ng_++]=gs[i]; }
      int ch=0; for(int i=0;i<ng_;i++) ch+=account(gl[i],-1);
      int t=orbit_of[a]; orbit_of[a]=orbit_of[b]; orbit_of[b]=orbit_of[c]; orbit_of[c]=t;
      for(int i=0;i<ng_;i++) ch+=account(gl[i],1);
      if(ch>0 && urand()>=exp(-ch/T)){ for(int i=0;i<ng_;i++) account(gl[i],-1); t=orbit_of[c]; orbit_of[c]=orbit_of[b]; orbit_of[b]=orbit_of[a]; orbit_of[a]=t; for(int i=0;i<ng_;i++) account(gl[i],1); }
      else cost+=ch;
    } else
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
    if(LF>0 && cost<=LMAXC && cost>0 && st>=next_lns){ next_lns=st+GAP; lns_calls++; cost=lns(LF,LL,cost); if(cost==0){ best=0; st++; break; } }
  }
  if(LF>0) fprintf(stderr,"lns calls %lld\n",lns_calls);
  printf("N=%d R=%d cycled=%d group=%s cost=%d best=%d moves=%lld\n",N,R,ncyc,group_text,cost,best,st);
  if(cost==0){ printf("TABLES ["); int first=1;
    for(int g=0;g<ngroups;g++){ int s0=gstart[g];
      if(gsize[g]==1){ printf("%s[%d,%d,%d,%d]", first?"":",", inv_[g], op[orbit_of[s0]][0], op[orbit_of[s0]][1], op[orbit_of[s0]][2]); first=0; continue; }
      int pts[4]; int k=0; for(int i=0;i<gsize[g];i++){int s=s0+i; pts[k++]=op[orbit_of[s]][phase_[s]];}
      for(int turn=0;turn<3;turn++){ printf("%s[", first?"":","); first=0; for(int i=0;i<k;i++)printf("%s%d",i?",":"",pts[i]); if(gsize[g]==3)printf(",%d",cyc[turn]); printf("]");
        for(int i=0;i<k;i++)pts[i]=alpha_[pts[i]]; } }
    printf("]\n"); }
  return 0; }

/* The second search of tools/whist_search.py, for a cyclic group Z_m (m odd): a random starter first (the
 * partner pairs, every difference class once: annealed, quick), then an exact search for the way to seat
 * those pairs two by two at tables so that every class is an opponent difference exactly twice (the class
 * still short with the fewest tables that could give it first; each starter gets a budget of nodes, then
 * the next starter is tried). Where the annealing of whist_anneal.c ends a difference or two short, this
 * one either finds a design or proves a starter has none.
 *
 * argv: m, seed, nodes per starter, seconds, 1 for a Z-cyclic design (N = m, player 0 out) or 0 for a
 * 1-rotational one (N = m + 1, with "infinity" written -1).
 * stdout: one table a line, "a c b d" (a and c partners against b and d), or nothing when the time runs out.
 * Build: cc -O2 -o /tmp/whist_exact tools/whist_exact.c -lm
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
static int p, H, NP, cyclic;  /* group order, classes, pairs (with infinity's), Z-cyclic or 1-rotational */
static int pa[64], pb[64];      /* pairs; -1 = infinity */
static int cnt[64], used[64], tabA[32], tabB[32], nt;
static unsigned long long st = 88172645463325252ULL;
static unsigned rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return (unsigned)(st >> 11); }
static int cls(int x, int y) { int d = ((x - y) % p + p) % p; return d <= p / 2 ? d : p - d; }
static long nodes, budget;
/* opponent classes of pairs i and j */
static int opp(int i, int j, int *out) {
    int n = 0, A[2] = {pa[i], pb[i]}, B[2] = {pa[j], pb[j]};
    for (int x = 0; x < 2; x++) for (int y = 0; y < 2; y++)
        if (A[x] >= 0 && B[y] >= 0) out[n++] = cls(A[x], B[y]);
    return n;
}
static int fits(int i, int j) {
    int o[4], n = opp(i, j, o), add[64] = {0};
    for (int k = 0; k < n; k++) if (cnt[o[k]] + ++add[o[k]] > 2) return 0;
    return 1;
}
static void apply(int i, int j, int s) { int o[4], n = opp(i, j, o); for (int k = 0; k < n; k++) cnt[o[k]] += s; used[i] += s; used[j] += s; }
static int solve(void) {
    if (++nodes > budget) return 0;
    /* the class in deficit with the fewest tables that could give it */
    int best = -1, bestn = 1 << 30, free_pairs = 0;
    for (int i = 0; i < NP; i++) free_pairs += !used[i];
    if (!free_pairs) return 1;
    for (int c = 1; c <= H; c++) {
        if (cnt[c] >= 2) continue;
        int n = 0;
        for (int i = 0; i < NP && n < bestn; i++) if (!used[i]) for (int j = i + 1; j < NP; j++) if (!used[j]) {
            int o[4], m = opp(i, j, o), has = 0;
            for (int k = 0; k < m; k++) has += o[k] == c;
            if (has && fits(i, j)) n += has;
        }
        if (n < 2 - cnt[c]) return 0;
        if (n < bestn) { bestn = n; best = c; }
    }
    for (int i = 0; i < NP; i++) if (!used[i]) for (int j = i + 1; j < NP; j++) if (!used[j]) {
        int o[4], m = opp(i, j, o), has = 0;
        for (int k = 0; k < m; k++) has += o[k] == best;
        if (!has || !fits(i, j)) continue;
        apply(i, j, +1); tabA[nt] = i; tabB[nt] = j; nt++;
        if (solve()) return 1;
        nt--; apply(i, j, -1);
    }
    return 0;
}
/* a random starter: partners with every class once, by annealing on the partner classes */
static void starter(void) {
    int pts[64], n = 0, z = cyclic ? 0 : rnd() % p;
    for (int x = 0; x < p; x++) if (x != z) pts[n++] = x;
    for (;;) {
        for (int i = n - 1; i > 0; i--) { int j = rnd() % (i + 1), t = pts[i]; pts[i] = pts[j]; pts[j] = t; }
        int c[64] = {0}, cost = 0;
        for (int k = 0; k < n; k += 2) c[cls(pts[k], pts[k + 1])]++;
        for (int k = 1; k <= H; k++) cost += (c[k] - 1) * (c[k] - 1);
        double T = 1.0;
        for (long s = 0; s < 2000000 && cost; s++) {
            if (s % 1000 == 0) T *= 0.995;
            int i = rnd() % n, j = rnd() % n;
            if (i / 2 == j / 2) continue;
            int a = i ^ 1, b = j ^ 1, o1 = cls(pts[i], pts[a]), o2 = cls(pts[j], pts[b]);
            int n1 = cls(pts[j], pts[a]), n2 = cls(pts[i], pts[b]);
            int before = (c[o1]-1)*(c[o1]-1) + (c[o2]-1)*(c[o2]-1) + (c[n1]-1)*(c[n1]-1) + (c[n2]-1)*(c[n2]-1);
            c[o1]--; c[o2]--; c[n1]++; c[n2]++;
            int after = (c[o1]-1)*(c[o1]-1) + (c[o2]-1)*(c[o2]-1) + (c[n1]-1)*(c[n1]-1) + (c[n2]-1)*(c[n2]-1);
            /* the change in cost, exact but when classes coincide: the cost is counted again when accepted */
            int d = after - before;
            if (d <= 0 || (T > 0.01 && (rnd() & 0xffff) / 65536.0 < exp(-d / T))) {
                int t = pts[i]; pts[i] = pts[j]; pts[j] = t;
                cost = 0; for (int k = 1; k <= H; k++) cost += (c[k] - 1) * (c[k] - 1);
            } else { c[o1]++; c[o2]++; c[n1]--; c[n2]--; }
        }
        if (!cost) break;
    }
    NP = 0;
    if (!cyclic) { pa[NP] = -1; pb[NP] = z; NP++; }
    for (int k = 0; k < n; k += 2) { pa[NP] = pts[k]; pb[NP] = pts[k + 1]; NP++; }
}
int main(int argc, char **argv) {
    p = atoi(argv[1]); st ^= (unsigned long long)atoll(argv[2]) * 2654435761ULL; budget = atol(argv[3]);
    double seconds = atof(argv[4]);
    cyclic = argc > 5 && atoi(argv[5]);
    H = (p - 1) / 2;
    clock_t stop = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
    int tries = 0;
    while (clock() < stop) {
        starter(); tries++;
        memset(cnt, 0, sizeof cnt); memset(used, 0, sizeof used); nt = 0; nodes = 0;
        if (solve()) {
            for (int t = 0; t < nt; t++) printf("%d %d %d %d\n", pa[tabA[t]], pb[tabA[t]], pa[tabB[t]], pb[tabB[t]]);
            fprintf(stderr, "found after %d starters\n", tries);
            return 0;
        }
    }
    fprintf(stderr, "tries %d\n", tries);
    return 1;
}

/* A 1-rotational whist starter over Z_p, p a prime = 3 mod 4 (N = p + 1 players), whose partner pairs are
 * {x, lam*x} for every square x, lam a fixed non-square: the search that found the design for 60 players
 * (p = 59, lam = 2: 12.5 million nodes, 80 s here), where annealing, random partner pairs
 * (whist_exact.c) and a SAT solver on the whole starter (whist_sat.py) did not finish.
 *
 * Why these pairs: x -> lam*x sends the squares onto the non-squares, and the differences lam*x - x =
 * (lam - 1)x run over one of each pair {d, -d} (-1 is a non-square when p = 3 mod 4), so every partner
 * difference class comes once. What is left is which two pairs share a table (the four cross pairs are
 * opponents) and which pair sits with infinity and 0, so that every class is an opponent difference
 * exactly twice. A class {d, -d} holds exactly one square, so the classes are the squares, a cyclic group
 * of order n = (p - 1)/2, and in logarithms (base a generator h of the squares) a pair is a point i of
 * Z_n (x = h^i). Multiplying by a square keeps the pairs, so the pair with infinity is taken to be {1, lam}
 * (point 0) with no loss: infinity partners 0 against 1 and lam. The search seats the other n - 1 points
 * two by two, taking first the class short of two with the fewest tables that could give it (or the
 * unseated point with the fewest tables, when that is fewer), and either finds a starter or shows that
 * this lam has none (p = 31 and 43 have none for any lam; 47 has one at lam = 39).
 *
 * argv: p, lam, node budget (0: none).
 * stdout: one table a line, "a c b d" (a and c partners against b and d, infinity written -1), or nothing.
 * Build: cc -O2 -o /tmp/whist_pairs tools/whist_pairs.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXN = 128, MAXTABLES = MAXN * MAXN / 2 };
static int p, n, lam;
static int log_of_square[2 * MAXN + 2];        /* -1 for a non-square */
static int tables, point_a[MAXTABLES], point_b[MAXTABLES], gives[MAXTABLES][4];
static int opponent_count[MAXN], seated[MAXN], chosen[MAXN], n_chosen;
static long nodes, budget;
/* the tables that give each class (a table giving it twice is listed twice), and those of each point */
static int n_giving[MAXN], giving[MAXN][MAXTABLES];
static int n_holding[MAXN], holding[MAXN][MAXN];

static int power(int base, int e) { long r = 1; for (int k = 0; k < e; k++) r = r * base % p; return (int)r; }

/* the class of d, as the logarithm of its square member */
static int class_of(long d) {
    int z = (int)(((d % p) + p) % p);
    return log_of_square[z] >= 0 ? log_of_square[z] : log_of_square[p - z];
}

static int fits(int t) {
    if (seated[point_a[t]] || seated[point_b[t]]) return 0;
    for (int k = 0; k < 4; k++) {
        int c = gives[t][k], times = 0;
        for (int j = 0; j < 4; j++) times += gives[t][j] == c;
        if (opponent_count[c] + times > 2) return 0;
    }
    return 1;
}

static void seat(int t, int sign) {
    for (int k = 0; k < 4; k++) opponent_count[gives[t][k]] += sign;
    seated[point_a[t]] += sign;
    seated[point_b[t]] += sign;
}


static int solve(void) {
    if (budget && ++nodes > budget) return 0;
    int unseated = 0;
    for (int i = 1; i < n; i++) unseated += !seated[i];
    if (!unseated) return 1;
    int best = -1, best_count = 1 << 30, by_class = 1;
    for (int c = 0; c < n; c++) {
        if (opponent_count[c] >= 2) continue;
        int ways = 0;
        for (int k = 0; k < n_giving[c]; k++) ways += fits(giving[c][k]);
        if (ways < 2 - opponent_count[c]) return 0;
        if (ways < best_count) { best_count = ways; best = c; }
    }
    for (int i = 1; i < n; i++) {
        if (seated[i]) continue;
        int ways = 0;
        for (int k = 0; k < n_holding[i]; k++) ways += fits(holding[i][k]);
        if (!ways) return 0;
        if (ways < best_count) { best_count = ways; best = i; by_class = 0; }
    }
    int *options = by_class ? giving[best] : holding[best], n_options = by_class ? n_giving[best] : n_holding[best];
    for (int k = 0; k < n_options; k++) {
        int t = options[k];
        if (k > 0 && options[k - 1] == t) continue;  /* a table giving the class twice is listed twice */
        if (!fits(t)) continue;
        seat(t, +1);
        chosen[n_chosen++] = t;
        if (solve()) return 1;
        n_chosen--;
        seat(t, -1);
        if (budget && nodes > budget) return 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: whist_pairs p lam [node budget]\n"); return 2; }
    p = atoi(argv[1]); lam = atoi(argv[2]); budget = argc > 3 ? atol(argv[3]) : 0;
    n = (p - 1) / 2;
    int prime = p > 2;
    for (int d = 2; d * d <= p; d++) prime &= p % d != 0;
    if (!prime || p % 4 != 3 || n > MAXN) { fprintf(stderr, "p must be a prime = 3 mod 4, below %d\n", 2 * MAXN); return 2; }
    int h = 0;
    for (int g = 2; g < p && !h; g++) {
        int order = 1;
        while (power(g, order) != 1) order++;
        if (order == p - 1) h = g * g % p;
    }
    for (int z = 0; z < p; z++) log_of_square[z] = -1;
    for (int i = 0; i < n; i++) log_of_square[power(h, i)] = i;
    if (lam <= 0 || lam >= p || log_of_square[lam] >= 0) { fprintf(stderr, "lam must be a non-square mod p\n"); return 2; }
    for (int i = 1; i < n; i++) for (int j = i + 1; j < n; j++) {
        long x = power(h, i), y = power(h, j);
        point_a[tables] = i; point_b[tables] = j;
        gives[tables][0] = class_of(x - y);
        gives[tables][1] = class_of(x - lam * y);
        gives[tables][2] = class_of(lam * x - y);
        gives[tables][3] = class_of(lam * x - lam * y);
        int extra[MAXN] = {0}, too_many = 0;
        for (int k = 0; k < 4; k++) too_many |= ++extra[gives[tables][k]] > 2;
        if (too_many) continue;
        for (int k = 0; k < 4; k++) { int c = gives[tables][k]; giving[c][n_giving[c]++] = tables; }
        holding[i][n_holding[i]++] = tables;
        holding[j][n_holding[j]++] = tables;
        tables++;
    }
    opponent_count[class_of(1)]++;
    opponent_count[class_of(lam)]++;
    if (!solve()) return 1;
    printf("-1 0 1 %d\n", lam);
    for (int k = 0; k < n_chosen; k++) {
        long x = power(h, point_a[chosen[k]]), y = power(h, point_b[chosen[k]]);
        printf("%ld %ld %ld %ld\n", x, lam * x % p, y, lam * y % p);
    }
    return 0;
}

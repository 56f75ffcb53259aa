/* The inner loop of tools/whist_search.py, in C because Python is a hundred times too slow for the
 * larger head-counts: simulated annealing over the order of a starter's points (four by four make a
 * table a, c, b, d: a and c partner against b and d) until every difference class is the difference of
 * exactly one partner pair and two opponent pairs.
 *
 * stdin: S (points) K (classes) M (group order), then S points (-1 for the fixed player infinity), then
 * the M x M table of difference classes (-1 on the diagonal). argv: seed, seconds, lowest temperature,
 * how many leading points stay fixed.
 * stdout: the S points in starter order, or nothing when the time runs out.
 * Build: cc -O2 -o /tmp/whist_anneal tools/whist_anneal.c -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int S, K, M, *pts, *cls, cnt[2][256];
static const int target[2] = {1, 2};
static const int PART[2][2] = {{0, 1}, {2, 3}};
static const int OPP[4][2] = {{0, 2}, {0, 3}, {1, 2}, {1, 3}};

static unsigned long long rng_state;
static unsigned rnd(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}
static double rnd01(void) { return (rnd() & 0xffffff) / (double)0x1000000; }

static int pair_class(int x, int y) { return (x < 0 || y < 0) ? -1 : cls[x * M + y]; }

/* Add (sign +1) or remove (-1) the pairs of the table that holds position pos; returns the change in cost. */
static int table_pairs(const int *order, int table, int sign) {
    int delta = 0, base = 4 * table;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < (k ? 4 : 2); i++) {
            int a = k ? OPP[i][0] : PART[i][0], b = k ? OPP[i][1] : PART[i][1];
            int c = pair_class(order[base + a], order[base + b]);
            if (c < 0) continue;
            int before = cnt[k][c] - target[k];
            cnt[k][c] += sign;
            int after = cnt[k][c] - target[k];
            delta += after * after - before * before;
        }
    return delta;
}

int main(int argc, char **argv) {
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)(argc > 1 ? atoll(argv[1]) : 1) * 2654435761ULL;
    double seconds = argc > 2 ? atof(argv[2]) : 10.0;
    /* low enough to settle, high enough to leave a local minimum: 0.5 found 44 where 0.8 and 1.2 did not */
    double floor_temp = argc > 3 ? atof(argv[3]) : 0.5;
    int fixed = argc > 4 ? atoi(argv[4]) : 0;  /* the first points stay where they are (a table given in advance) */
    if (scanf("%d %d %d", &S, &K, &M) != 3 || K > 256) return 2;
    pts = malloc(sizeof(int) * S);
    cls = malloc(sizeof(int) * M * M);
    for (int i = 0; i < S; i++) if (scanf("%d", &pts[i]) != 1) return 2;
    for (int i = 0; i < M * M; i++) if (scanf("%d", &cls[i]) != 1) return 2;
    int *order = malloc(sizeof(int) * S), tables = S / 4;
    clock_t stop = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
    while (clock() < stop) {
        for (int i = 0; i < S; i++) order[i] = pts[i];
        for (int i = S - 1; i > fixed; i--) {
            int j = fixed + rnd() % (i + 1 - fixed), t = order[i]; order[i] = order[j]; order[j] = t;
        }
        for (int k = 0; k < 2; k++) for (int c = 0; c < K; c++) cnt[k][c] = 0;
        int cost = 0;
        for (int c = 0; c < K; c++) cost += target[0] * target[0] + target[1] * target[1];
        for (int t = 0; t < tables; t++) cost += table_pairs(order, t, +1);
        double temp = 2.0;
        for (long step = 0; step < 20000000L && cost; step++) {
            if ((step & 4095) == 0) {
                temp *= 0.997;
                if (temp < floor_temp) temp = floor_temp;
                if (clock() >= stop) break;
            }
            int i = fixed + rnd() % (S - fixed), j = fixed + rnd() % (S - fixed);
            if (i == j || order[i] == order[j]) continue;
            int ti = i / 4, tj = j / 4, delta = table_pairs(order, ti, -1);
            if (tj != ti) delta += table_pairs(order, tj, -1);
            int t = order[i]; order[i] = order[j]; order[j] = t;
            delta += table_pairs(order, ti, +1);
            if (tj != ti) delta += table_pairs(order, tj, +1);
            if (delta <= 0 || rnd01() < exp(-delta / temp)) { cost += delta; continue; }
            table_pairs(order, ti, -1);
            if (tj != ti) table_pairs(order, tj, -1);
            t = order[i]; order[i] = order[j]; order[j] = t;
            table_pairs(order, ti, +1);
            if (tj != ti) table_pairs(order, tj, +1);
        }
        if (!cost) {
            for (int i = 0; i < S; i++) printf("%d%c", order[i], i + 1 < S ? ' ' : '\n');
            return 0;
        }
    }
    return 1;
}

/* Cribbage Squares, the heavy part of tools/make_grid_tables.py (which compiles
 * this with cc, writes its inputs and reads its outputs; see there).
 *
 *   grid_values fit RANKS START DEALS ROUNDS GAMES OUT CHECK
 *     The advisor's values of partial lines, one table per quarter of the game,
 *     by fitted value iteration. The value of a grid with t cards down is taken
 *     as the sum over its lines of a table entry per partial line (quarter t/4)
 *     plus each full line's score averaged over the unseen starters. Each round
 *     plays GAMES deals of DEALS with the current tables (one card in twenty
 *     to a random square, to see more kinds of grid) and keeps every grid on
 *     the way; then, from the last quarter back to the first, it fits the
 *     quarter's entries by least squares (ridge toward their old values) to
 *     the grids' one-step values: the mean over every unseen next card of the
 *     best square's total, valued with the tables of the quarter after. Unlike
 *     values learned from final scores by the advisor's own play, the targets
 *     come from choices made card by card, so a line gets what the player will
 *     pick for it and no more. OUT: the tables (entries as in
 *     players/placement.py's squares_key, quarter after quarter), in hundredths,
 *     16-bit little-endian. Then every deal of CHECK is played with the
 *     rounded tables exactly as players/placement.py plays and its final score
 *     printed, one a line, so the caller can compare with the firmware.
 *
 *   grid_values bound RANKS PACKS ITERATIONS
 *     A bound no placement policy can beat: for each deal of PACKS, the best
 *     arrangement of its sixteen cards when all of them are known in advance
 *     (only the starter unknown), by simulated annealing over swaps (three
 *     runs, the best kept). Prints each deal's expected score (starter over
 *     the 36 unseen cards, heels included), one a line.
 *
 * RANKS: 13**5 bytes, the fifteens, pairs and runs of five ranks (index
 * ((((r0*13+r1)*13+r2)*13+r3)*13+r4), counted by rules/score.py); flush and nobs
 * are added here. START: the full-pack values (1106 entries, as OUT). DEALS,
 * CHECK, PACKS: 17 cards a deal (the sixteen to place, then the starter).
 * Deterministic: a fixed xorshift stream, no threads.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY 255
#define JACK 10
#define KEYS 1106 /* 1 + 13 + 91 * 2 + 455 * 2 */
#define QUARTERS 4
#define EXPLORE 20 /* one card in EXPLORE goes to a random square while sampling */
#define RIDGE 5.0

static uint8_t RANKS[371293];
static int LINE[8][4]; /* the squares of each line: rows, then columns */
static double V[QUARTERS][KEYS];
static uint16_t T[QUARTERS][KEYS]; /* rounded, as shipped */
static uint32_t rng = 2463534242u;

static uint32_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void *slurp(const char *name, long want, long *got) {
    FILE *f = fopen(name, "rb");
    if (!f) {
        perror(name);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (want >= 0 && n != want) {
        fprintf(stderr, "%s: %ld bytes, expected %ld\n", name, n, want);
        exit(2);
    }
    void *b = malloc(n ? n : 1);
    if (fread(b, 1, n, f) != (size_t)n) {
        perror(name);
        exit(2);
    }
    fclose(f);
    if (got)
        *got = n;
    return b;
}

/* A line of four cards with a starter, as rules/score.py with the hand flush rule. */
static int score(const uint8_t *h, int st) {
    int v = RANKS[((((h[0] >> 2) * 13 + (h[1] >> 2)) * 13 + (h[2] >> 2)) * 13 + (h[3] >> 2)) * 13 + (st >> 2)];
    int s = h[0] & 3;
    if (s == (h[1] & 3) && s == (h[2] & 3) && s == (h[3] & 3))
        v += s == (st & 3) ? 5 : 4;
    for (int i = 0; i < 4; i++)
        if ((h[i] >> 2) == JACK && (h[i] & 3) == (st & 3)) {
            v++;
            break;
        }
    return v;
}

typedef struct {
    uint8_t cells[16];
    int unseen[13]; /* unseen cards by rank, and by suit */
    int unseen_suit[4];
} Grid;

static void count_unseen(Grid *g, int in_hand) {
    for (int r = 0; r < 13; r++)
        g->unseen[r] = 4;
    for (int s = 0; s < 4; s++)
        g->unseen_suit[s] = 13;
    for (int q = 0; q < 16; q++)
        if (g->cells[q] != EMPTY) {
            g->unseen[g->cells[q] >> 2]--;
            g->unseen_suit[g->cells[q] & 3]--;
        }
    if (in_hand >= 0) {
        g->unseen[in_hand >> 2]--;
        g->unseen_suit[in_hand & 3]--;
    }
}

static int suit_bonus(const uint8_t *h, int t, int flush, int s0) {
    int b = flush ? (t == s0 ? 5 : 4) : 0;
    for (int i = 0; i < 4; i++)
        if ((h[i] >> 2) == JACK && (h[i] & 3) == t)
            b++;
    return b;
}

/* A full line's score averaged over the unseen starters, in hundredths (as placement._full_line). */
static int full_line(const Grid *g, const uint8_t *h) {
    int s0 = h[0] & 3;
    int flush = (h[1] & 3) == s0 && (h[2] & 3) == s0 && (h[3] & 3) == s0;
    int b0 = suit_bonus(h, 0, flush, s0);
    long total = 0;
    int unseen = 0;
    for (int r = 0; r < 13; r++)
        if (g->unseen[r]) {
            total += g->unseen[r] * (score(h, r * 4) - b0);
            unseen += g->unseen[r];
        }
    for (int t = 0; t < 4; t++)
        total += g->unseen_suit[t] * suit_bonus(h, t, flush, s0);
    return (int)(100 * total / unseen);
}

static const int C2[17] = {0, 0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120};

/* As placement.squares_key. */
static int squares_key(int r0, int r1, int r2, int n, int suited) {
    if (n == 0)
        return 0;
    if (n == 1)
        return 1 + r0;
    if (n == 2)
        return 14 + (r0 + C2[r1 + 1]) * 2 + suited;
    return 196 + (r0 + C2[r1 + 1] + (r2 + 2) * (r2 + 1) * r2 / 6) * 2 + suited;
}

/* A line's table entry (with card on square, if square >= 0), or -1 if it is full (h holds it). */
static int line_key(const Grid *g, int line, int square, int card, uint8_t *h) {
    int n = 0, suit = 4, r[3] = {0, 0, 0};
    for (int k = 0; k < 4; k++) {
        int q = LINE[line][k];
        int c = q == square ? card : g->cells[q];
        if (c == EMPTY)
            continue;
        h[n++] = c;
        suit = suit == 4 ? (c & 3) : suit == (c & 3) ? suit : 5;
    }
    if (n == 4)
        return -1;
    for (int i = 0; i < n; i++)
        r[i] = h[i] >> 2;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (r[j] < r[i]) {
                int x = r[i];
                r[i] = r[j];
                r[j] = x;
            }
    return squares_key(r[0], r[1], r[2], n, suit < 5);
}

/* The table of a grid with `down` cards (after the last card every line is full: its entries cancel). */
static int quarter(int down) { return (down < 15 ? down : 15) >> 2; }

static double value(const Grid *g, int line, int square, int card, int down) {
    uint8_t h[4];
    int k = line_key(g, line, square, card, h);
    return k < 0 ? full_line(g, h) : V[quarter(down)][k];
}

static long shipped_value(const Grid *g, int line, int square, int card, int down) {
    uint8_t h[4];
    int k = line_key(g, line, square, card, h);
    return k < 0 ? full_line(g, h) : T[quarter(down)][k];
}

/* The best square for card (unseen counted without it) with `down` cards on the grid,
 * by the fitted values; *after (if given) the grid's total value then. */
static int choose(const Grid *g, int card, int down, double *after) {
    double now[8], with[8];
    int done[8] = {0}, best = -1;
    double best_gain = 0;
    for (int q = 0; q < 16; q++) {
        if (g->cells[q] != EMPTY)
            continue;
        int row = q / 4, col = 4 + q % 4;
        for (int i = 0; i < 2; i++) {
            int l = i ? col : row;
            if (!done[l]) {
                done[l] = 1;
                now[l] = value(g, l, -1, 0, down + 1);
                with[l] = value(g, l, q, card, down + 1);
            }
        }
        double gain = with[row] - now[row] + with[col] - now[col];
        if (best < 0 || gain > best_gain + 1e-9) {
            best = q;
            best_gain = gain;
        }
    }
    if (after) {
        double total = best_gain;
        for (int l = 0; l < 8; l++)
            total += done[l] ? now[l] : value(g, l, -1, 0, down + 1);
        *after = total;
    }
    return best;
}

/* The same choice with the rounded tables in integers: placement.best_square's. */
static int choose_shipped(const Grid *g, int card, int down) {
    long now[8], with[8];
    int done[8] = {0}, best = -1;
    long best_gain = 0;
    for (int q = 0; q < 16; q++) {
        if (g->cells[q] != EMPTY)
            continue;
        int row = q / 4, col = 4 + q % 4;
        for (int i = 0; i < 2; i++) {
            int l = i ? col : row;
            if (!done[l]) {
                done[l] = 1;
                now[l] = shipped_value(g, l, -1, 0, down + 1);
                with[l] = shipped_value(g, l, q, card, down + 1);
            }
        }
        long gain = with[row] - now[row] + with[col] - now[col];
        if (best < 0 || gain > best_gain) {
            best = q;
            best_gain = gain;
        }
    }
    return best;
}

static int final_score(const uint8_t *cells, int starter) {
    int total = (starter >> 2) == JACK ? 2 : 0;
    uint8_t h[4];
    for (int l = 0; l < 8; l++) {
        for (int k = 0; k < 4; k++)
            h[k] = cells[LINE[l][k]];
        total += score(h, starter);
    }
    return total;
}

/* Play a deal with the fitted values, keeping the grid before each card in seen[t]. */
static void sample_game(const uint8_t *deal, uint8_t seen[16][16]) {
    Grid g;
    memset(g.cells, EMPTY, 16);
    for (int t = 0; t < 16; t++) {
        memcpy(seen[t], g.cells, 16);
        count_unseen(&g, deal[t]);
        int q = choose(&g, deal[t], t, NULL);
        if (next_random() % EXPLORE == 0) {
            int empty[16], n = 0;
            for (int s = 0; s < 16; s++)
                if (g.cells[s] == EMPTY)
                    empty[n++] = s;
            q = empty[next_random() % n];
        }
        g.cells[q] = deal[t];
    }
}

/* The grid's value with t cards down: the mean over the unseen next cards of the best total. */
static double one_step(Grid *g, int t) {
    int seen[52] = {0}, n = 0;
    double total = 0, after;
    for (int q = 0; q < 16; q++)
        if (g->cells[q] != EMPTY)
            seen[g->cells[q]] = 1;
    for (int c = 0; c < 52; c++)
        if (!seen[c]) {
            count_unseen(g, c);
            choose(g, c, t, &after);
            total += after;
            n++;
        }
    return total / n;
}

/* Solve (M) x = b in place for a symmetric positive definite M (Cholesky); x in b. */
static void solve(double *M, double *b, int n) {
    for (int j = 0; j < n; j++) {
        double d = M[j * n + j];
        for (int k = 0; k < j; k++)
            d -= M[j * n + k] * M[j * n + k];
        d = sqrt(d);
        M[j * n + j] = d;
        for (int i = j + 1; i < n; i++) {
            double x = M[i * n + j];
            for (int k = 0; k < j; k++)
                x -= M[i * n + k] * M[j * n + k];
            M[i * n + j] = x / d;
        }
    }
    for (int i = 0; i < n; i++) {
        double x = b[i];
        for (int k = 0; k < i; k++)
            x -= M[i * n + k] * b[k];
        b[i] = x / M[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double x = b[i];
        for (int k = i + 1; k < n; k++)
            x -= M[k * n + i] * b[k];
        b[i] = x / M[i * n + i];
    }
}

/* Fit quarter qt's entries to the one-step values of the sampled grids with 4qt..4qt+3 cards down. */
static void fit_quarter(int qt, uint8_t (*seen)[16][16], int games, double *M, double *b) {
    memset(M, 0, sizeof(double) * KEYS * KEYS);
    memset(b, 0, sizeof(double) * KEYS);
    for (int t = 4 * qt; t < 4 * qt + 4; t++) {
        if (t == 0)
            continue; /* the empty grid: every line alike, nothing to choose by */
        for (int i = 0; i < games; i++) {
            Grid g;
            memcpy(g.cells, seen[i][t], 16);
            double y = one_step(&g, t);
            count_unseen(&g, -1);
            int keys[8], n = 0;
            for (int l = 0; l < 8; l++) {
                uint8_t h[4];
                int k = line_key(&g, l, -1, 0, h);
                if (k < 0)
                    y -= full_line(&g, h);
                else
                    keys[n++] = k;
            }
            for (int x = 0; x < n; x++) {
                b[keys[x]] += y;
                for (int z = 0; z < n; z++)
                    M[keys[x] * KEYS + keys[z]] += 1;
            }
        }
    }
    for (int k = 0; k < KEYS; k++) {
        M[k * KEYS + k] += RIDGE;
        b[k] += RIDGE * V[qt][k];
    }
    solve(M, b, KEYS);
    memcpy(V[qt], b, sizeof(double) * KEYS);
}

static int fit(char **argv) {
    long n;
    uint16_t *start = slurp(argv[1], 2 * KEYS, NULL);
    int rounds = atoi(argv[3]), games = atoi(argv[4]);
    uint8_t *deals = slurp(argv[2], (long)rounds * games * 17, NULL);
    for (int qt = 0; qt < QUARTERS; qt++)
        for (int k = 0; k < KEYS; k++)
            V[qt][k] = start[k];
    uint8_t (*seen)[16][16] = malloc(sizeof(uint8_t[16][16]) * games);
    double *M = malloc(sizeof(double) * KEYS * KEYS), *b = malloc(sizeof(double) * KEYS);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < games; i++)
            sample_game(deals + 17 * ((long)r * games + i), seen[i]);
        for (int qt = QUARTERS - 1; qt >= 0; qt--)
            fit_quarter(qt, seen, games, M, b);
        fprintf(stderr, "squares round %d of %d fitted\n", r + 1, rounds);
    }
    FILE *out = fopen(argv[5], "wb");
    for (int qt = 0; qt < QUARTERS; qt++)
        for (int k = 0; k < KEYS; k++) {
            double v = floor(V[qt][k] + 0.5);
            T[qt][k] = v < 0 ? 0 : v > 65535 ? 65535 : (uint16_t)v;
            uint8_t le[2] = {T[qt][k] & 255, T[qt][k] >> 8};
            fwrite(le, 1, 2, out);
        }
    fclose(out);
    uint8_t *check = slurp(argv[6], -1, &n);
    for (long d = 0; d < n / 17; d++) {
        const uint8_t *deal = check + 17 * d;
        Grid g;
        memset(g.cells, EMPTY, 16);
        for (int t = 0; t < 16; t++) {
            count_unseen(&g, deal[t]);
            g.cells[choose_shipped(&g, deal[t], t)] = deal[t];
        }
        printf("%d\n", final_score(g.cells, deal[16]));
    }
    return 0;
}

static double arrangement(Grid *g) {
    double total = 0;
    uint8_t h[4];
    for (int l = 0; l < 8; l++) {
        for (int k = 0; k < 4; k++)
            h[k] = g->cells[LINE[l][k]];
        total += full_line(g, h);
    }
    return total;
}

static int bound(char **argv) {
    long n;
    uint8_t *packs = slurp(argv[1], -1, &n);
    int iterations = atoi(argv[2]);
    for (long d = 0; d < n / 17; d++) {
        Grid g;
        memcpy(g.cells, packs + 17 * d, 16);
        count_unseen(&g, -1);
        double best = 0;
        for (int run = 0; run < 3; run++) {
            double now = arrangement(&g), heat = 300;
            for (int i = 0; i < iterations; i++) {
                int a = next_random() % 16, b = next_random() % 16;
                uint8_t x = g.cells[a];
                g.cells[a] = g.cells[b];
                g.cells[b] = x;
                double v = arrangement(&g);
                if (v >= now || exp((v - now) / heat) > (next_random() % 100000) / 100000.0)
                    now = v;
                else {
                    g.cells[b] = g.cells[a];
                    g.cells[a] = x;
                }
                heat *= pow(1.0 / 300, 1.0 / iterations);
            }
            if (now > best)
                best = now;
        }
        printf("%.2f\n", (best + 200.0 * g.unseen[JACK] / 36) / 100);
    }
    return 0;
}

int main(int argc, char **argv) {
    for (int l = 0; l < 8; l++)
        for (int k = 0; k < 4; k++)
            LINE[l][k] = l < 4 ? l * 4 + k : k * 4 + l - 4;
    if (argc == 9 && !strcmp(argv[1], "fit")) {
        memcpy(RANKS, slurp(argv[2], sizeof RANKS, NULL), sizeof RANKS);
        return fit(argv + 2);
    }
    if (argc == 5 && !strcmp(argv[1], "bound")) {
        memcpy(RANKS, slurp(argv[2], sizeof RANKS, NULL), sizeof RANKS);
        return bound(argv + 2);
    }
    fprintf(stderr, "usage: grid_values fit RANKS START DEALS ROUNDS GAMES OUT CHECK\n"
                    "       grid_values bound RANKS PACKS ITERATIONS\n");
    return 2;
}

/* make bench: Tarleton's Quarter!'s engine (issue 23's target: complete
 * random full campaigns, scenario 17.1's 35 months, at 50 or more per
 * second per core). Each game is played by the random player of
 * tests/tq_random.h through game.h, its accepted orders kept; then the
 * orders are replayed with the same dice through the engine alone
 * (tq_setup, tq_run, tq_apply): that is the engine's rate. Also counts
 * the mails each side would send (issue 24): a mail holds a side's
 * orders while the question it answers stays asked of it; an order after
 * another side's, or to a new question, is a new mail. Prints rows of
 * bench/run.sh's table.
 *
 *   bench/tq_engine GAMES */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "tq_random.h"
#include "tq_setup.h"

#define MAX_ORDERS 40000

static const struct game *G = &game_tarletons_quarter;

struct played {
	uint64_t dice;                   /* the dice stream's start */
	int mails[TQ_SIDES], months;     /* issue 24's count */
	int n;
	int side[MAX_ORDERS];
	struct tq_order order[MAX_ORDERS];
};

static uint64_t dice_state;

/* Roll `index` of the game's stream (splitmix64), the same whenever it
 * is asked: a refused order's dice are rolled again by the next. */
static int die(void *ctx, uint64_t index, bool *forced)
{
	(void)ctx;
	*forced = false;
	return tq_random_die(dice_state, index);
}

static struct wj_rng RNG = { die, NULL, NULL };

/* One random game of 17.1, its accepted orders kept in *p: 0, or -1. */
static int play(struct game_data *d, struct game_state *s, struct game_state *v,
		struct game_events *ev, struct game_order *o, int game, struct played *p)
{
	struct tq_random pick = { .x = 0x9e3779b97f4a7c15ull ^ (uint64_t)(game + 1) };
	struct game_end end;
	char why[400];
	p->dice = dice_state = 0x2545f4914f6cdd1dull ^ (uint64_t)(game + 1) * 0x100000001b3ull;
	p->n = 0;
	memset(p->mails, 0, sizeof p->mails);
	if (G->new_game(d, "17.1", 0, &RNG, s, ev, why, sizeof why))
		return fprintf(stderr, "bench: new game: %s\n", why), -1;
	int first_month = s->tq.month, last_side = -1;
	bool same_question = false;
	while (!G->over(s, &end) && p->n < MAX_ORDERS) {
		unsigned asked = G->asked(s);
		int side = asked & GAME_SIDE(TQ_BRITISH) ? TQ_BRITISH : TQ_CONTINENTAL;
		enum tq_question q = s->tq.question;
		p->mails[side] += side != last_side || !same_question;
		G->view(d, s, side, v);
		tq_random_candidates(&d->tq, &v->tq, side, &pick);
		int i = 0;
		for (; i < pick.n; i++) {
			ev->tq.n = 0;
			if (!G->order_parse(d, pick.line[i], o, why, sizeof why) &&
			    !G->apply(d, s, side, o, &RNG, ev, why, sizeof why))
				break;
		}
		if (i == pick.n)
			return fprintf(stderr, "bench: game %d: no order accepted: %s\n", game, why), -1;
		p->side[p->n] = side;
		p->order[p->n++] = o->tq;
		last_side = side;
		same_question = (G->asked(s) & GAME_SIDE(side)) && s->tq.question == q;
	}
	p->months = s->tq.month - first_month + 1;
	return G->over(s, &end) ? 0 : -1;
}

/* The game's orders again, through the engine alone. */
static int replay(const struct tq_data *d, const struct played *p, struct tq_state *s,
		  struct tq_events *ev)
{
	char why[400];
	struct tq_play pl = { d, s, &RNG, ev, why, sizeof why };
	dice_state = p->dice;
	ev->n = 0;
	if (tq_setup(d, tq_scenario_by_name(d, "17.1"), 0, s, why, sizeof why) || tq_run(&pl))
		return -1;
	for (int i = 0; i < p->n; i++) {
		ev->n = 0;
		if (tq_apply(&pl, (enum tq_side)p->side[i], &p->order[i]))
			return fprintf(stderr, "bench: replay refused order %d: %s\n", i + 1, why), -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 20;
	char why[400];
	struct game_data *d;
	if (games < 1 || G->data_load("data/tarletons-quarter", &d, why, sizeof why))
		return fprintf(stderr, "bench/tq_engine GAMES (in the source tree): %s\n", why), 64;
	struct game_state *s = game_state_new(G), *v = game_state_new(G);
	struct game_events *ev = game_events_new(G);
	struct game_order *o = game_order_new(G);
	struct played *p = malloc(sizeof *p);
	double drive = 0, engine = 0;
	double *month_rate[TQ_SIDES], *campaign = calloc((size_t)games, sizeof *campaign);
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		month_rate[side] = calloc((size_t)games, sizeof *month_rate[side]);
	long orders = 0;
	for (int g = 0; g < games; g++) {
		double t0 = now();
		if (!p || play(d, s, v, ev, o, g, p))
			return 70;
		double t1 = now();
		if (replay(&d->tq, p, &s->tq, &ev->tq))
			return 70;
		engine += now() - t1;
		drive += t1 - t0;
		orders += p->n;
		for (int side = TQ_BRITISH; side < TQ_SIDES; side++) {
			month_rate[side][g] = (double)p->mails[side] / p->months;
			campaign[g] += p->mails[side];
		}
	}
	printf("| Tarleton's Quarter! engine: complete random 17.1 campaigns replayed | %d games, "
	       "%ld orders | %.0f games/s/core | target >= 50 |\n", games, orders, games / engine);
	printf("| Tarleton's Quarter! random player (choosing + applying) | | %.0f games/s/core | "
	       "(not a target) |\n", games / drive);
	printf("| Tarleton's Quarter! mails a side sends a month (a mail: its orders while one "
	       "question stays asked), random 17.1 campaigns | median of %d games | British %.1f, "
	       "Continental %.1f | (information, issue 24) |\n", games,
	       median(month_rate[TQ_BRITISH], games), median(month_rate[TQ_CONTINENTAL], games));
	printf("| the mails of a whole 17.1 campaign, both sides | median of %d games | %.0f | "
	       "(information, issue 24) |\n", games, median(campaign, games));
	for (int side = TQ_BRITISH; side < TQ_SIDES; side++)
		free(month_rate[side]);
	free(campaign);
	free(p);
	game_order_free(G, o);
	game_events_free(G, ev);
	game_state_free(G, v);
	game_state_free(G, s);
	G->data_free(d);
	return 0;
}

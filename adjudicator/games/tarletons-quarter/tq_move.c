/* Tarleton's Quarter!'s movement on the map (tq_move.h). Pure: the data
 * and the caller's structs in, answers out. Rulings:
 * docs/rulings.md, "Tarleton's Quarter!: movement". */
#include <string.h>

#include "buf.h"
#include "tq_move.h"
#include "tq_read.h"

/* How refusals name things (text only: the game's facts are the data's). */
static const char *const CROSSING_TEXT[TQ_CROSSINGS] = {
	"a border without a road or river", "a border crossed by a road",
	"a river with a road", "a river without a road", "a corner of four areas at a river"
};
static const char *const WEATHER_TEXT[TQ_WEATHERS] = { "clear weather", "rain", "flood",
							"heat" };
static const char *const KIND_TEXT[TQ_UNIT_KINDS] = {
	"British regulars",     "British cavalry",	"Loyalist militia", "Continental regulars",
	"Continental cavalry",  "Continental militia", "French regulars",  "French cavalry",
	"baggage trains",	"a leader alone"
};

/* ---- crossings (10.1.2) ---- */

enum tq_crossing tq_border_crossing(const struct tq_border *b)
{
	if (b->river)
		return b->road ? TQ_RIVER_WITH_ROAD : TQ_RIVER_WITHOUT_ROAD;
	return b->road ? TQ_ROAD : TQ_PLAIN;
}

bool tq_crossing_is_river(enum tq_crossing c)
{
	return c == TQ_RIVER_WITH_ROAD || c == TQ_RIVER_WITHOUT_ROAD || c == TQ_CORNER_WITH_RIVER;
}

static bool tq_crossing_by_road(enum tq_crossing c)
{
	return c == TQ_ROAD || c == TQ_RIVER_WITH_ROAD;
}

int tq_crossing_mp(const struct tq_data *d, enum tq_crossing c)
{
	/* 10.1.2: a corner at a river "is also considered a river" and is
	 * never crossed by a road: a river without a road's cost */
	if (c == TQ_CORNER_WITH_RIVER)
		c = TQ_RIVER_WITHOUT_ROAD;
	return d->tables.border_mp[c];
}

bool tq_crossing_closed(const struct tq_data *d, enum tq_weather w, enum tq_crossing c)
{
	return d->tables.closed[w] >> c & 1;
}

static void tq_fill_step(const struct tq_data *d, struct tq_step *s, int to, int border,
			 int corner, enum tq_crossing c)
{
	*s = (struct tq_step){ .to = to, .border = border, .corner = corner, .crossing = c,
			       .cost = tq_crossing_mp(d, c), .refusal = TQ_STEP_OK };
}

/* 10.1.2: across a corner, the area diagonally opposite (its areas are
 * listed in order around the point); -1 when `from` is not in it. */
static int tq_corner_opposite(const struct tq_corner *c, int from)
{
	for (int i = 0; i < 4; i++)
		if (c->areas[i] == from)
			return c->areas[(i + 2) % 4];
	return -1;
}

bool tq_crossing_between(const struct tq_data *d, int from, int to, struct tq_step *s)
{
	int b = tq_border_between(d, from, to);

	if (b >= 0) {
		tq_fill_step(d, s, to, b, -1, tq_border_crossing(&d->borders[b]));
		return true;
	}
	for (int i = 0; i < d->ncorners; i++)
		if (tq_corner_opposite(&d->corners[i], from) == to) {
			/* never by road (10.1.2): plain unless at a river */
			tq_fill_step(d, s, to, -1, i,
				     d->corners[i].river ? TQ_CORNER_WITH_RIVER : TQ_PLAIN);
			return true;
		}
	return false;
}

bool tq_adjacent(const struct tq_data *d, int a, int b)
{
	struct tq_step s;
	return a != b && tq_crossing_between(d, a, b, &s);
}

int tq_neighbours(const struct tq_data *d, int area, struct tq_step *out, int max)
{
	const struct tq_area *a = &d->areas[area];
	int n = 0;

	for (int i = 0; i < a->nborders; i++, n++) {
		const struct tq_border *b = &d->borders[a->borders[i]];
		if (n < max)
			tq_fill_step(d, &out[n], b->a == area ? b->b : b->a, a->borders[i], -1,
				     tq_border_crossing(b));
	}
	for (int i = 0; i < d->ncorners; i++) {
		int to = tq_corner_opposite(&d->corners[i], area);
		if (to < 0)
			continue;
		if (n < max)
			tq_fill_step(d, &out[n], to, -1, i,
				     d->corners[i].river ? TQ_CORNER_WITH_RIVER : TQ_PLAIN);
		n++;
	}
	return n;
}

/* ---- who may go where ---- */

/* units.yaml's key for a kind ("british_regular"). */
static const char *tq_kind_key(enum tq_unit_kind k)
{
	for (const struct tq_word *w = TQ_UNIT_WORDS; w->name; w++)
		if (w->value == (int)k)
			return w->name;
	return "";
}

bool tq_swamp_road_only(const struct tq_data *d, enum tq_unit_kind k)
{
	int v = 0;
	return tq_number(d, "swamps", tq_kind_key(k), &v) && v;
}

int tq_force_swamp_bound(const struct tq_data *d, const struct tq_movers *f)
{
	bool sps = false;

	for (int k = 0; k < TQ_UNIT_KINDS; k++) {
		if (k == TQ_LEADER_ALONE || f->count[k] <= 0)
			continue;
		sps = true;
		if (tq_swamp_road_only(d, k))
			return k;
	}
	/* a leader alone (10.2.3) is no SP: his own key says */
	if (!sps && f->nleaders > 0 && tq_swamp_road_only(d, TQ_LEADER_ALONE))
		return TQ_LEADER_ALONE;
	return -1;
}

static int tq_kind_mp(const struct tq_data *d, enum tq_unit_kind k, enum tq_weather w)
{
	int mp = d->units[k].mp + d->tables.mp_change[w][k];
	return mp < 0 ? 0 : mp;
}

int tq_force_mp(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w)
{
	int slowest = -1;

	/* 10.1.1: "a force moves as fast as its slowest component" */
	for (int k = 0; k < TQ_UNIT_KINDS; k++)
		if (k != TQ_LEADER_ALONE && f->count[k] > 0 &&
		    (slowest < 0 || tq_kind_mp(d, k, w) < slowest))
			slowest = tq_kind_mp(d, k, w);
	if (slowest >= 0)
		return slowest;
	/* 10.2.3: leaders on their own */
	return f->nleaders > 0 ? tq_kind_mp(d, TQ_LEADER_ALONE, w) : 0;
}

static int tq_refuse(struct tq_step *s, enum tq_refusal r)
{
	s->refusal = r;
	return -1;
}

int tq_step(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w, int from,
	    int to, int mp_left, struct tq_step *s, char *why, size_t whylen)
{
	const char *a = d->areas[from].id, *b = d->areas[to].id;
	int bound;

	if (from == to || !tq_crossing_between(d, from, to, s)) {
		*s = (struct tq_step){ .to = to, .border = -1, .corner = -1 };
		tq_refuse(s, TQ_NOT_ADJACENT);
		return wj_why(why, whylen, "%s is not adjacent to %s (no border or corner between "
			      "them)", b, a);
	}
	if (tq_crossing_closed(d, w, s->crossing)) {
		tq_refuse(s, TQ_CLOSED);
		return wj_why(why, whylen, "the %s between %s and %s is %s, closed by %s",
			      s->corner >= 0 ? "corner" : "border", a, b, CROSSING_TEXT[s->crossing],
			      WEATHER_TEXT[w]);
	}
	/* 10.6 */
	if (d->areas[to].swamp && !tq_crossing_by_road(s->crossing) &&
	    (bound = tq_force_swamp_bound(d, f)) >= 0) {
		tq_refuse(s, TQ_SWAMP);
		return wj_why(why, whylen, "%s is a swamp, entered by %s only across a border "
			      "crossed by a road; from %s it is %s", b, KIND_TEXT[bound], a,
			      CROSSING_TEXT[s->crossing]);
	}
	if (s->cost > mp_left) {
		tq_refuse(s, TQ_TOO_FEW_MP);
		return wj_why(why, whylen, "%s to %s is %s: %d MP needed, %d left", a, b,
			      CROSSING_TEXT[s->crossing], s->cost, mp_left);
	}
	return 0;
}

int tq_path(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w, int start,
	    const int *path, int n, int mp, int *spent, int *failed, char *why, size_t whylen)
{
	int at = start, used = 0;
	char reason[200];

	*failed = -1;
	for (int i = 0; i < n; i++) {
		struct tq_step s;
		if (tq_step(d, f, w, at, path[i], mp - used, &s, reason, sizeof reason)) {
			*failed = i;
			*spent = used;
			return wj_why(why, whylen, "step %d: %s", i + 1, reason);
		}
		used += s.cost;
		at = path[i];
	}
	*spent = used;
	return 0;
}

/* ---- rank and command ---- */

/* The rank a leader's counter prints (seed rank where no counter). */
static enum tq_rank tq_printed_rank(const struct tq_leader *l)
{
	return l->counter.present ? l->counter.rank : l->rank;
}

bool tq_regular_general(const struct tq_data *d, int leader, bool c_in_c)
{
	const struct tq_leader *l = &d->leaders[leader];
	enum tq_rank r = tq_printed_rank(l);
	bool regular = !l->counter.present || l->counter.kind == TQ_REGULAR;
	return c_in_c || r == TQ_C_IN_C ||
	       (regular && (r == TQ_ONE_STAR || r == TQ_TWO_STAR || r == TQ_THREE_STAR ||
			    r == TQ_GENERAL));
}

static bool tq_is_c_in_c(const struct tq_data *d, const struct tq_ranked *r)
{
	/* Washington's counter is printed C-in-C (11.1.3 b) */
	return r->c_in_c || tq_printed_rank(&d->leaders[r->leader]) == TQ_C_IN_C;
}

/* 2.0's order among generals and colonels: stars first, then 11.1.1,
 * 11.1.2: a regular over a provincial or militia leader of the same rank. */
static int tq_rank_level(const struct tq_leader *l)
{
	int stars;
	switch (tq_printed_rank(l)) {
	case TQ_COLONEL: stars = 1; break;
	case TQ_ONE_STAR: case TQ_GENERAL: stars = 2; break;
	case TQ_TWO_STAR: stars = 3; break;
	case TQ_THREE_STAR: stars = 4; break;
	case TQ_C_IN_C: stars = 5; break;
	default: stars = 0; break;
	}
	return stars * 2 + (l->counter.kind == TQ_REGULAR || l->counter.kind == TQ_FRENCH);
}

/* 11.1.4 b: Clinton over Cornwallis over Prevost (tables.yaml's
 * c_in_c_seniority; 0 for a C-in-C it does not name). */
static int tq_seniority(const struct tq_data *d, int leader)
{
	int v = 0;
	return tq_number(d, "c_in_c_seniority", d->leaders[leader].name, &v) ? v : 0;
}

static int tq_compare(int a, int b)
{
	return (a > b) - (a < b);
}

int tq_outranks(const struct tq_data *d, const struct tq_ranked *a, const struct tq_ranked *b)
{
	const struct tq_leader *la = &d->leaders[a->leader], *lb = &d->leaders[b->leader];
	bool ca = tq_is_c_in_c(d, a), cb = tq_is_c_in_c(d, b);

	if (ca && cb) {
		int c = tq_compare(tq_seniority(d, a->leader), tq_seniority(d, b->leader));
		return c ? c : tq_compare(tq_rank_level(la), tq_rank_level(lb));
	}
	/* 14.2.2: a French leader and the Continental C-in-C: the more SPs;
	 * on equal SPs the C-in-C keeps command (ruling) */
	if ((ca && lb->french) || (cb && la->french)) {
		int c = tq_compare(a->sps, b->sps);
		return c ? c : (ca ? 1 : -1);
	}
	if (ca != cb)
		return ca ? 1 : -1;
	/* 14.2.1: the French outrank every other Continental leader */
	if (la->french != lb->french)
		return la->french ? 1 : -1;
	return tq_compare(tq_rank_level(la), tq_rank_level(lb));
}

int tq_commander(const struct tq_data *d, const struct tq_ranked *ls, int n)
{
	int best = n > 0 ? 0 : -1;

	for (int i = 1; i < n; i++)
		if (tq_outranks(d, &ls[i], &ls[best]) > 0)
			best = i;
	return best;
}

int tq_leader_command_limit(const struct tq_data *d, const struct tq_ranked *l)
{
	const struct tq_leader *x = &d->leaders[l->leader];
	enum tq_rank r = tq_printed_rank(x);

	/* 10.2's note: Campbell as C-in-C; 14.2: the French leaders are
	 * "virtually Commanders-in-Chief in their own right" (ruling) */
	if (tq_is_c_in_c(d, l) || x->french)
		return tq_command_limit(d, TQ_C_IN_C);
	/* 10.2 names one- and two-star generals; a 3-star who is not C-in-C
	 * is a general too (ruling) */
	return tq_command_limit(d, r == TQ_THREE_STAR ? TQ_TWO_STAR : r);
}

static const char *tq_rank_text(enum tq_rank r)
{
	switch (r) {
	case TQ_COLONEL: return "a colonel";
	case TQ_ONE_STAR: return "a 1-star general";
	case TQ_TWO_STAR: return "a 2-star general";
	case TQ_THREE_STAR: return "a 3-star general";
	case TQ_C_IN_C: return "the Commander-in-Chief";
	default: return "a general";
	}
}

int tq_command_check(const struct tq_data *d, const struct tq_ranked *l, int sps, char *why,
		     size_t whylen)
{
	int limit = tq_leader_command_limit(d, l);

	if (limit < 0 || sps <= limit)
		return 0;
	return wj_why(why, whylen, "%s, %s, activates at most %d SPs (10.2), not %d",
		      d->leaders[l->leader].name,
		      tq_rank_text(tq_printed_rank(&d->leaders[l->leader])), limit, sps);
}

/* ---- the force itself ---- */

int tq_force_check(const struct tq_data *d, const struct tq_movers *f, char *why, size_t whylen)
{
	int french = f->count[TQ_FRENCH_REGULAR] + f->count[TQ_FRENCH_CAVALRY], other = 0;

	(void)d;
	for (int k = 0; k < TQ_UNIT_KINDS; k++)
		if (k != TQ_FRENCH_REGULAR && k != TQ_FRENCH_CAVALRY && k != TQ_BAGGAGE_TRAIN &&
		    k != TQ_LEADER_ALONE)
			other += f->count[k];
	if (french > 0 && other > 0)
		return wj_why(why, whylen, "the French SPs are always a separate force for "
			      "movement (14.1.1): %d French SPs with %d others", french, other);
	return 0;
}

int tq_overrun_mp(const struct tq_data *d, int enemy_sps)
{
	int n = (int)(sizeof d->tables.overrun_mp / sizeof *d->tables.overrun_mp);
	return enemy_sps >= 1 && enemy_sps <= n ? d->tables.overrun_mp[enemy_sps - 1] : -1;
}

bool tq_invasion_halts(const struct tq_data *d, const struct tq_movers *f, int from, int to,
		       unsigned british_regulars_in)
{
	enum tq_colony c = d->areas[to].colony;

	/* "a British force containing regulars": its regular SPs, foot or
	 * horse (the Loyalist militia are no regulars) */
	if (f->side != TQ_BRITISH ||
	    f->count[TQ_BRITISH_REGULAR] + f->count[TQ_BRITISH_CAVALRY] <= 0)
		return false;
	return d->areas[from].colony != c && !(british_regulars_in >> c & 1);
}

/* ---- British sea movement ---- */

int tq_embark_check(const struct tq_data *d, int area, bool french_on_map, bool at_sea,
		    int dice_total, int sps, int trains, int magazines, char *why, size_t whylen)
{
	int per_train = 0, load;

	tq_number(d, "supply", "sea_baggage_train_counts_sp", &per_train);
	load = sps + trains * per_train;
	if (french_on_map)
		return wj_why(why, whylen, "no British troops embark while the French Field Force "
			      "is on the board (10.5.11)");
	if (at_sea)
		return wj_why(why, whylen, "British forces are at sea: no others embark (10.5.8)");
	if (!d->areas[area].port)
		return wj_why(why, whylen, "%s is no port (10.5.3)", d->areas[area].id);
	if (magazines > 0)
		return wj_why(why, whylen, "magazines cannot be moved by sea (10.5.4)");
	if (load > dice_total)
		return wj_why(why, whylen, "%d SPs and %d baggage trains count %d SPs; the dice "
			      "allow %d (10.5.3, 10.5.4)", sps, trains, load, dice_total);
	return 0;
}

bool tq_landing_area(const struct tq_data *d, int area)
{
	return d->areas[area].port && d->areas[area].road;
}

/* ---- retreats ---- */

static int tq_push(int *out, int n, int max, int area)
{
	if (n < max)
		out[n] = area;
	return n + 1;
}

int tq_retreat_after(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		     int from, const bool *enemy, int *out, int max)
{
	struct tq_step ns[TQ_MAX_AREA_BORDERS + 8];
	int k = tq_neighbours(d, from, ns, sizeof ns / sizeof *ns), n = 0;
	int bound = tq_force_swamp_bound(d, f);

	if (k > (int)(sizeof ns / sizeof *ns))
		k = sizeof ns / sizeof *ns;
	for (int i = 0; i < k; i++) {
		const struct tq_step *s = &ns[i];
		if ((enemy && enemy[s->to]) || tq_crossing_closed(d, w, s->crossing))
			continue;
		/* 10.6 binds every entry into a swamp, a retreat's too (ruling) */
		if (d->areas[s->to].swamp && bound >= 0 && !tq_crossing_by_road(s->crossing))
			continue;
		n = tq_push(out, n, max, s->to);
	}
	return n;
}

int tq_retreat_before(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		      int from, const bool *enemy, int *out, int max)
{
	struct tq_step ns[TQ_MAX_AREA_BORDERS + 8];
	int k = tq_neighbours(d, from, ns, sizeof ns / sizeof *ns), n = 0;
	int mp = tq_force_mp(d, f, w);

	if (k > (int)(sizeof ns / sizeof *ns))
		k = sizeof ns / sizeof *ns;
	for (int i = 0; i < k; i++) {
		struct tq_step s;
		if ((enemy && enemy[ns[i].to]) ||
		    tq_step(d, f, w, from, ns[i].to, mp, &s, NULL, 0))
			continue;
		n = tq_push(out, n, max, ns[i].to);
	}
	return n;
}

bool tq_swamp_foxes(const struct tq_data *d, const struct tq_movers *f, int commander)
{
	const struct tq_leader *l;

	if (commander < 0 || commander >= d->nleaders)
		return false;
	l = &d->leaders[commander];
	if (l->side != TQ_CONTINENTAL || l->counter.kind != TQ_MILITIA ||
	    f->count[TQ_CONTINENTAL_MILITIA] <= 0)
		return false;
	for (int k = 0; k < TQ_UNIT_KINDS; k++)
		if (k != TQ_CONTINENTAL_MILITIA && k != TQ_LEADER_ALONE && f->count[k] > 0)
			return false;
	return true;
}

int tq_swamp_fox_areas(const struct tq_data *d, const struct tq_movers *f, enum tq_weather w,
		       int from, const bool *enemy, int *out, int max)
{
	int all[TQ_MAX_AREA_BORDERS + 8];
	int k = tq_retreat_before(d, f, w, from, enemy, all, sizeof all / sizeof *all), n = 0;

	if (k > (int)(sizeof all / sizeof *all))
		k = sizeof all / sizeof *all;
	for (int i = 0; i < k; i++)
		if (d->areas[all[i]].swamp)
			n = tq_push(out, n, max, all[i]);
	return n;
}

/* ---- supply (5.4.1 a) ---- */

/* One step of a magazine's supply path: open in the weather, and for the
 * British along a road into and out of a swamp. */
static bool tq_supply_step(const struct tq_data *d, enum tq_side side, enum tq_weather w,
			   int from, const struct tq_step *s)
{
	if (tq_crossing_closed(d, w, s->crossing))
		return false;
	if (side == TQ_BRITISH && (d->areas[s->to].swamp || d->areas[from].swamp) &&
	    !tq_crossing_by_road(s->crossing))
		return false;
	return true;
}

int tq_magazine_reach(const struct tq_data *d, enum tq_side side, enum tq_weather w, int area,
		      bool *supplied)
{
	int range = 0, queue[TQ_MAX_AREAS], dist[TQ_MAX_AREAS], head = 0, tail = 0;

	tq_number(d, "supply", "magazine_range_areas", &range);
	memset(supplied, 0, sizeof *supplied * (size_t)d->nareas);
	supplied[area] = true;
	dist[area] = 0;
	queue[tail++] = area;
	/* breadth first: each area at its fewest steps from the magazine */
	while (head < tail) {
		int at = queue[head++];
		struct tq_step ns[TQ_MAX_AREA_BORDERS + 8];
		int k = tq_neighbours(d, at, ns, sizeof ns / sizeof *ns);
		if (dist[at] >= range)
			continue;
		if (k > (int)(sizeof ns / sizeof *ns))
			k = sizeof ns / sizeof *ns;
		for (int i = 0; i < k; i++) {
			int to = ns[i].to;
			if (supplied[to] || !tq_supply_step(d, side, w, at, &ns[i]))
				continue;
			supplied[to] = true;
			dist[to] = dist[at] + 1;
			queue[tail++] = to;
		}
	}
	return tail;
}

/* ---- the map's places ---- */

void tq_distances(const struct tq_data *d, int from, int *dist)
{
	int queue[TQ_MAX_AREAS], head = 0, tail = 0;

	for (int i = 0; i < d->nareas; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		int at = queue[head++];
		struct tq_step ns[TQ_MAX_AREA_BORDERS + 8];
		int k = tq_neighbours(d, at, ns, sizeof ns / sizeof *ns);
		if (k > (int)(sizeof ns / sizeof *ns))
			k = sizeof ns / sizeof *ns;
		for (int i = 0; i < k; i++)
			if (dist[ns[i].to] < 0) {
				dist[ns[i].to] = dist[at] + 1;
				queue[tail++] = ns[i].to;
			}
	}
}

int tq_ports(const struct tq_data *d, int *out, int max)
{
	int n = 0;
	for (int i = 0; i < d->nareas; i++)
		if (d->areas[i].port)
			n = tq_push(out, n, max, i);
	return n;
}

int tq_settlements(const struct tq_data *d, enum tq_colony c, bool with_cities, int *out, int max)
{
	int n = 0;
	for (int i = 0; i < d->nareas; i++) {
		const struct tq_area *a = &d->areas[i];
		if (a->colony == c && ((a->settlement && !a->city) || (with_cities && a->city)))
			n = tq_push(out, n, max, i);
	}
	return n;
}

int tq_north_edge(const struct tq_data *d, int *out, int max)
{
	int n = 0;
	for (int i = 0; i < d->nareas; i++)
		if (d->areas[i].north_edge &&
		    tq_colony_named(d, "north_edge_colonies", d->areas[i].colony))
			n = tq_push(out, n, max, i);
	return n;
}

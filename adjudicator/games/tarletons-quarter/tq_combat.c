/* Tarleton's Quarter!'s battles as numbers (tq_combat.h). The readings
 * of the seed's unclear places are in docs/rulings.md, "Tarleton's Quarter!: combat". */
#include <string.h>
#include "buf.h"
#include "tq_combat.h"

static const struct {
	const char *block, *key;
	size_t at;
} NUMBERS[] = {
#define C(k) { "combat", #k, offsetof(struct tq_combat_numbers, k) }
	C(surprise_succeeds_on), C(surprise_audacity_divisor), C(surprise_bayonet),
	C(surprise_militia_under_militia_leader), C(odds_modifier_less), C(attacker_surprise),
	C(cavalry_advantage), C(half_or_more_militia), C(militia_share_percent),
	C(bayonet_with_surprise), C(bayonet_without_surprise), C(won), C(audacity_over),
	C(audacious), C(across_river_or_by_sea), C(loss_per_sp), C(loss_sp), C(tie_each_loses),
	C(prisoners_divisor), C(leader_loss_on_unmodified), C(overrun_max_enemy_sp),
	C(overrun_odds), C(overrun_odds_tarleton),
#undef C
	{ "combat", "major_victory_min_sp_each_side",
	  offsetof(struct tq_combat_numbers, major_victory_min_sp) },
	{ "forts_and_sieges", "enter_odds_fort", offsetof(struct tq_combat_numbers, enter_odds_fort) },
	{ "forts_and_sieges", "enter_odds_city", offsetof(struct tq_combat_numbers, enter_odds_city) },
};

int tq_combat_numbers(const struct tq_data *d, struct tq_combat_numbers *n, char *why,
		      size_t whylen)
{
	memset(n, 0, sizeof *n);
	for (size_t i = 0; i < sizeof NUMBERS / sizeof *NUMBERS; i++) {
		int *v = (int *)((char *)n + NUMBERS[i].at);
		if (!tq_number(d, NUMBERS[i].block, NUMBERS[i].key, v))
			return wj_why(why, whylen, "tables.yaml has no %s: %s: {value: N}",
				      NUMBERS[i].block, NUMBERS[i].key);
	}
	/* The divisors divide; 10.4.3's costs are by 1, 2 or 3 SPs. */
	if (n->surprise_audacity_divisor < 1 || n->loss_per_sp < 1 || n->prisoners_divisor < 1)
		return wj_why(why, whylen, "tables.yaml's combat divisors must be 1 or more");
	if (n->overrun_max_enemy_sp != 3)
		return wj_why(why, whylen, "tables.yaml's combat: overrun_max_enemy_sp must be 3, "
			      "one for each of movement: overrun_mp's costs (10.4.3)");
	memcpy(n->overrun_mp, d->tables.overrun_mp, sizeof n->overrun_mp);
	return 0;
}

static int tq_up(int a, int b)
{
	return (a + b - 1) / b;
}

int tq_force_militia(const struct tq_force *f)
{
	return f->militia + f->loyalists;
}

int tq_force_regulars(const struct tq_force *f)
{
	return f->regulars + f->cavalry + f->french_regulars + f->french_cavalry;
}

int tq_force_cavalry(const struct tq_force *f)
{
	return f->cavalry + f->french_cavalry;
}

int tq_force_sp(const struct tq_force *f)
{
	return tq_force_militia(f) + tq_force_regulars(f);
}

static int tq_die_check(int die, const char *what, char *why, size_t whylen)
{
	if (die < 1 || die > TQ_DIE)
		return wj_why(why, whylen, "%s die %d is no die: 1 to %d", what, die, TQ_DIE);
	return 0;
}

static int tq_force_check(const struct tq_force *f, const char *what, char *why, size_t whylen)
{
	if (f->regulars < 0 || f->cavalry < 0 || f->militia < 0 || f->loyalists < 0 ||
	    f->french_regulars < 0 || f->french_cavalry < 0)
		return wj_why(why, whylen, "the %s has a negative number of SPs", what);
	if (tq_force_sp(f) < 1)
		return wj_why(why, whylen, "the %s has no SPs: no battle (11.2)", what);
	return 0;
}

/* 11.2: two sides; 11.2.1: fixed bayonets are the British attacker's choice only. */
static int tq_battle_check(const struct tq_battle *b, char *why, size_t whylen)
{
	if (tq_force_check(&b->attacker, "attacker", why, whylen) ||
	    tq_force_check(&b->defender, "defender", why, whylen))
		return -1;
	if (b->attacker.side == b->defender.side || b->attacker.side == TQ_NOBODY ||
	    b->defender.side == TQ_NOBODY)
		return wj_why(why, whylen, "a battle is fought by the two sides (11.2)");
	if (b->defender.bayonets || (b->attacker.bayonets && b->attacker.side != TQ_BRITISH))
		return wj_why(why, whylen, "only a British attacker goes in with fixed bayonets "
			      "(11.2.1)");
	return 0;
}

/* 11.2.2: every attacking SP Continental militia, under a Continental
 * militia leader. */
static bool tq_militia_under_militia_leader(const struct tq_force *f)
{
	return f->leader.present && f->leader.kind == TQ_MILITIA && f->militia > 0 &&
	       f->militia == tq_force_sp(f);
}

int tq_surprise_modifier(const struct tq_combat_numbers *n, const struct tq_battle *b)
{
	const struct tq_force *a = &b->attacker;
	int m = a->leader.present ? a->leader.audacity / n->surprise_audacity_divisor : 0;

	if (a->bayonets)
		m += n->surprise_bayonet;
	if (tq_militia_under_militia_leader(a))
		m += n->surprise_militia_under_militia_leader;
	return m;
}

int tq_surprise(const struct tq_combat_numbers *n, const struct tq_battle *b, int die,
		bool *surprise, char *why, size_t whylen)
{
	if (tq_battle_check(b, why, whylen) || tq_die_check(die, "the surprise", why, whylen))
		return -1;
	*surprise = die + tq_surprise_modifier(n, b) >= n->surprise_succeeds_on;
	return 0;
}

/* 11.2.3: the larger by the smaller; the fraction goes the defender's
 * way, down when the attacker is larger, up when the defender is. */
struct tq_odds tq_odds(int attacker_sp, int defender_sp)
{
	if (attacker_sp >= defender_sp)
		return (struct tq_odds){ attacker_sp / defender_sp, 1 };
	return (struct tq_odds){ 1, tq_up(defender_sp, attacker_sp) };
}

int tq_odds_attacker_modifier(const struct tq_combat_numbers *n, struct tq_odds o)
{
	return o.defender == 1 && o.attacker > 1 ? o.attacker - n->odds_modifier_less : 0;
}

int tq_odds_defender_modifier(const struct tq_combat_numbers *n, struct tq_odds o)
{
	return o.attacker == 1 && o.defender > 1 ? o.defender - n->odds_modifier_less : 0;
}

bool tq_half_militia(const struct tq_combat_numbers *n, const struct tq_force *f)
{
	return tq_force_militia(f) * 100 >= n->militia_share_percent * tq_force_sp(f);
}

/* 16.1: Morgan commanding the Continentals spares them the -1, but not
 * in a final assault. */
bool tq_militia_penalty(const struct tq_combat_numbers *n, const struct tq_battle *b,
			const struct tq_force *f, bool final_assault)
{
	bool morgan = b && b->morgan_rule && !final_assault && f->side == TQ_CONTINENTAL &&
		      f->leader.present && f->leader.morgan;
	return tq_half_militia(n, f) && !morgan;
}

static int tq_cavalry_advantage(const struct tq_combat_numbers *n, const struct tq_force *f,
				const struct tq_force *enemy)
{
	return tq_force_cavalry(f) > tq_force_cavalry(enemy) ? n->cavalry_advantage : 0;
}

static int tq_militia_modifier(const struct tq_combat_numbers *n, const struct tq_battle *b,
			       const struct tq_force *f, bool final_assault)
{
	return tq_militia_penalty(n, b, f, final_assault) ? n->half_or_more_militia : 0;
}

/* 11.2.3 */
int tq_battle_winner(const struct tq_combat_numbers *n, const struct tq_battle *b,
		     bool surprise, int attacker_die, int defender_die, struct tq_winner *out,
		     char *why, size_t whylen)
{
	const struct tq_force *a = &b->attacker, *d = &b->defender;
	struct tq_odds o;

	if (tq_battle_check(b, why, whylen) ||
	    tq_die_check(attacker_die, "the attacker's", why, whylen) ||
	    tq_die_check(defender_die, "the defender's", why, whylen))
		return -1;
	o = tq_odds(tq_force_sp(a), tq_force_sp(d));
	out->attacker_total = attacker_die + tq_odds_attacker_modifier(n, o) +
			      (a->leader.present ? a->leader.tactical : 0) +
			      (surprise ? n->attacker_surprise : 0) +
			      tq_cavalry_advantage(n, a, d) + tq_militia_modifier(n, b, a, false);
	out->defender_total = defender_die + tq_odds_defender_modifier(n, o) +
			      (d->leader.present ? d->leader.tactical : 0) +
			      tq_cavalry_advantage(n, d, a) + tq_militia_modifier(n, b, d, false);
	out->attacker_won = out->attacker_total > out->defender_total; /* the defender wins ties */
	return 0;
}

int tq_loss_per_ten(const struct tq_combat_numbers *n, int sp)
{
	return sp > 0 ? tq_up(sp, n->loss_per_sp) * n->loss_sp : 0;
}

/* 11.2.4: the modifiers a side's casualty roll shares with a final
 * assault: odds (given), audacity, militia, river or sea. */
static int tq_casualty_common(const struct tq_combat_numbers *n, const struct tq_battle *b,
			      const struct tq_force *f, int odds, bool final_assault)
{
	int m = odds + tq_militia_modifier(n, b, f, final_assault);

	if (f->leader.present && f->leader.audacity > n->audacity_over)
		m += n->audacious;
	if (f->across_river_or_by_sea)
		m += n->across_river_or_by_sea;
	return m;
}

/* 11.2.4: the high total loses 1 per 10 or fraction of the other's
 * SPs; the low the same and the difference; a tie 1 each. */
static void tq_losses_of(const struct tq_combat_numbers *n, int a_total, int d_total, int a_sp,
			 int d_sp, struct tq_casualties *out)
{
	out->attacker_total = a_total;
	out->defender_total = d_total;
	out->lower = TQ_NOBODY;
	if (a_total == d_total) {
		out->attacker_loss = out->defender_loss = n->tie_each_loses;
		return;
	}
	out->attacker_loss = tq_loss_per_ten(n, d_sp);
	out->defender_loss = tq_loss_per_ten(n, a_sp);
	if (a_total < d_total)
		out->attacker_loss += d_total - a_total;
	else
		out->defender_loss += a_total - d_total;
}

static enum tq_side tq_lower_side(const struct tq_battle *b, const struct tq_casualties *c)
{
	if (c->attacker_total == c->defender_total)
		return TQ_NOBODY;
	return c->attacker_total < c->defender_total ? b->attacker.side : b->defender.side;
}

int tq_battle_casualties(const struct tq_combat_numbers *n, const struct tq_battle *b,
			 bool surprise, bool attacker_won, int attacker_die, int defender_die,
			 struct tq_casualties *out, char *why, size_t whylen)
{
	const struct tq_force *a = &b->attacker, *d = &b->defender;
	struct tq_odds o;
	int at, dt;

	if (tq_battle_check(b, why, whylen) ||
	    tq_die_check(attacker_die, "the attacker's casualty", why, whylen) ||
	    tq_die_check(defender_die, "the defender's casualty", why, whylen))
		return -1;
	o = tq_odds(tq_force_sp(a), tq_force_sp(d));
	at = attacker_die + tq_casualty_common(n, b, a, tq_odds_attacker_modifier(n, o), false) +
	     tq_cavalry_advantage(n, a, d) + (attacker_won ? n->won : 0);
	dt = defender_die + tq_casualty_common(n, b, d, tq_odds_defender_modifier(n, o), false) +
	     tq_cavalry_advantage(n, d, a) + (attacker_won ? 0 : n->won);
	if (a->bayonets)
		at += surprise ? n->bayonet_with_surprise : n->bayonet_without_surprise;
	tq_losses_of(n, at, dt, tq_force_sp(a), tq_force_sp(d), out);
	out->lower = tq_lower_side(b, out);
	out->attacker_leader_lost = attacker_die == n->leader_loss_on_unmodified;
	out->defender_leader_lost = defender_die == n->leader_loss_on_unmodified;
	return 0;
}

static int tq_min(int a, int b)
{
	return a < b ? a : b;
}

/* 11.2.5: half each way, the odd SP to militia (or, by choice, to the
 * regulars); a kind that runs short leaves the rest to the other. */
struct tq_losses tq_split_losses(const struct tq_combat_numbers *n, const struct tq_force *f,
				 int loss, bool lower_roller, bool odd_to_regulars)
{
	int militia = tq_force_militia(f), regulars = tq_force_regulars(f);
	int half_up = tq_up(loss > 0 ? loss : 0, 2), half_down = (loss > 0 ? loss : 0) / 2;
	struct tq_losses l = { 0 };

	if (loss <= 0)
		return l;
	loss = tq_min(loss, militia + regulars);
	l.militia = tq_min(militia, odd_to_regulars ? half_down : half_up);
	l.regulars = tq_min(regulars, loss - l.militia);
	l.militia = loss - l.regulars;
	if (lower_roller)
		l.prisoners = tq_up(l.regulars, n->prisoners_divisor);
	return l;
}

/* 11.2.6: the highest audacity but the C-in-C's. */
unsigned tq_leader_casualty_candidates(const struct tq_battle_leader *l, int count)
{
	unsigned bits = 0;
	int best = -1;

	for (int i = 0; i < count && i < 32; i++) {
		if (l[i].c_in_c)
			continue;
		if (l[i].audacity > best) {
			best = l[i].audacity;
			bits = 0;
		}
		if (l[i].audacity == best)
			bits |= 1u << i;
	}
	return bits;
}

/* 11.2.6: "If Clinton is killed or captured, Cornwallis is also removed
 * from the board." */
unsigned tq_leaders_removed(const struct tq_battle_leader *l, int count, int lost)
{
	unsigned bits;

	if (lost < 0 || lost >= count || lost >= 32)
		return 0;
	bits = 1u << lost;
	if (l[lost].clinton)
		for (int i = 0; i < count && i < 32; i++)
			if (l[i].cornwallis)
				bits |= 1u << i;
	return bits;
}

/* 11.4.1: militia eliminated, half the regulars (up) POWs. */
struct tq_losses tq_unable_to_retreat(const struct tq_combat_numbers *n, const struct tq_force *f)
{
	struct tq_losses l = { .militia = tq_force_militia(f), .regulars = tq_force_regulars(f) };

	l.prisoners = tq_up(l.regulars, n->prisoners_divisor);
	return l;
}

/* 11.3.1, 11.4.5: a roll at or under the tactical rating. */
static int tq_tactical_roll(int tactical, int die, bool *ok, const char *what, char *why,
			    size_t whylen)
{
	if (tq_die_check(die, what, why, whylen))
		return -1;
	*ok = die <= tactical;
	return 0;
}

int tq_retreat_before_combat(int tactical, int die, bool *ok, char *why, size_t whylen)
{
	return tq_tactical_roll(tactical, die, ok, "the retreat before combat", why, whylen);
}

int tq_leader_escapes(int tactical, int die, bool *ok, char *why, size_t whylen)
{
	return tq_tactical_roll(tactical, die, ok, "the escape", why, whylen);
}

/* 10.4.1-10.4.3 */
bool tq_overrun(const struct tq_combat_numbers *n, int mover_sp, bool tarleton_commands,
		int enemy_sp, bool enemy_walls, int *mp)
{
	int needed = tarleton_commands ? n->overrun_odds_tarleton : n->overrun_odds;

	*mp = 0;
	if (enemy_walls || enemy_sp < 1 || enemy_sp > n->overrun_max_enemy_sp || mover_sp < 1)
		return false;
	if (tq_odds(mover_sp, enemy_sp).attacker < needed)
		return false;
	*mp = n->overrun_mp[enemy_sp - 1];
	return true;
}

/* 4.2.3 */
bool tq_walls_odds(const struct tq_combat_numbers *n, int attacker_sp, int garrison_sp,
		   bool fort)
{
	struct tq_odds o;

	if (garrison_sp < 1)
		return true;
	if (attacker_sp < 1)
		return false;
	o = tq_odds(attacker_sp, garrison_sp);
	return o.defender == 1 && o.attacker >= (fort ? n->enter_odds_fort : n->enter_odds_city);
}

/* 4.7.5, 4.7.6 a */
int tq_besieger_loss(const struct tq_combat_numbers *n, int besieged_sp)
{
	return tq_loss_per_ten(n, besieged_sp);
}

/* 4.7.6 b ii: the difference by 11.2.5 (the besieged rolled lower),
 * then the militia left eliminated and the regulars left POWs. */
static struct tq_losses tq_assault_taken(const struct tq_combat_numbers *n,
					 const struct tq_force *besieged, int difference)
{
	struct tq_losses l = tq_split_losses(n, besieged, difference, true, false);

	l.prisoners += tq_force_regulars(besieged) - l.regulars;
	l.militia = tq_force_militia(besieged);
	l.regulars = tq_force_regulars(besieged);
	return l;
}

/* 4.7.6 b: 11.2.4's roll without surprise, bayonets, a winner or
 * cavalry; the besieger wins only by a higher total. */
int tq_final_assault(const struct tq_combat_numbers *n, const struct tq_force *besieger,
		     const struct tq_force *besieged, int besieger_die, int besieged_die,
		     struct tq_final_assault *out, char *why, size_t whylen)
{
	struct tq_odds o;

	if (tq_force_check(besieger, "besieger", why, whylen) ||
	    tq_force_check(besieged, "besieged force", why, whylen) ||
	    tq_die_check(besieger_die, "the besieger's", why, whylen) ||
	    tq_die_check(besieged_die, "the besieged's", why, whylen))
		return -1;
	memset(out, 0, sizeof *out);
	o = tq_odds(tq_force_sp(besieger), tq_force_sp(besieged));
	out->besieger_total = besieger_die +
			      tq_casualty_common(n, NULL, besieger, tq_odds_attacker_modifier(n, o), true);
	out->besieged_total = besieged_die +
			      tq_casualty_common(n, NULL, besieged, tq_odds_defender_modifier(n, o), true);
	out->besieger_won = out->besieger_total > out->besieged_total;
	if (!out->besieger_won) {
		out->besieger_loss = tq_loss_per_ten(n, tq_force_sp(besieger));
		return 0;
	}
	out->besieger_loss = tq_loss_per_ten(n, tq_force_sp(besieged));
	out->besieged = tq_assault_taken(n, besieged, out->besieger_total - out->besieged_total);
	out->besieged_leaders_captured = true;
	return 0;
}

/* 11.5 */
bool tq_major_victory(const struct tq_combat_numbers *n, int a_sp, int b_sp)
{
	return a_sp >= n->major_victory_min_sp && b_sp >= n->major_victory_min_sp;
}

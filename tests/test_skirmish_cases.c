/* Skirmish's rule cases (docs/cases.md, "Skirmish"): every
 * tests/cases/skirmish/NAME.yaml is one cmocka test, played through
 * game.h only. The case's position is written as Skirmish's state text
 * (docs/skirmish-state.md) and read by state_read; its orders are read by
 * order_parse and applied by apply with the case's dice; the state after
 * them, written by state_write, is put in the case's own terms (a board of
 * spots with pieces) and compared with the expected position.
 *
 * SK_CASES=DIR reads the cases from DIR; SK_CASE_DUMP=1 prints the state
 * in the case's terms and the events after the orders. */
#include <ctype.h>

#include "case_file.h"
#include "games.h"
#include "sk_support.h"

#define MAX_ROLLS 64
#define MAX_ON_BOARD 64

static const char *const CASE_KEYS[] = { "rule", "description", "rulings", "pending",
					 "position", "orders", "expect", NULL };
static const char *const SIDE_WORDS[] = { "none", "american", "british" };

/* A piece as a case writes it: "SIDE KIND [UNITS]"; `text` is the state
 * text's kind; `units` whether the piece's units are written. */
static const struct {
	const char *word, *text;
	bool units;
} KINDS[] = {
	{ "army", "army", true },
	{ "continental army", "continental-army", true },
	{ "militia", "basic-unit", false },
	{ "basic unit", "basic-unit", false },
	{ "warship", "warship", false },
	{ "troop carrier", "troop-carrier", true },
};
#define NKINDS (int)(sizeof KINDS / sizeof KINDS[0])

/* The dice an order throws, as rolls of a die (1 to 6) in the order the
 * engine throws them; any throw past them is counted in `extra`. */
struct stream {
	int roll[MAX_ROLLS];
	int n, used, extra;
};

/* What a case holds while it runs, freed by the teardown also when the
 * case fails half-way. */
static struct run {
	struct case_file c;
	const struct game *g;
	struct game_data *d;
	struct game_state *s;
	struct stream dice;
	struct wj_rng rng;
	char *events;           /* every event of the orders, one a line */
	size_t nevents;
	char why[768];
} run;

/* ---- the dice ---- */

static int stream_die(void *ctx, uint64_t index, bool *forced)
{
	struct stream *st = ctx;
	(void)index;
	*forced = true;
	if (st->used < st->n)
		return st->roll[st->used++];
	st->extra++;
	return 1;
}

/* A reshuffled deck (III.2) comes from a fixed seed: the cases avoid it. */
static void stream_shuffle(void *ctx, uint64_t shuffle, uint8_t *cards, int n)
{
	static const unsigned char seed[WJ_SEED_BYTES];
	(void)ctx;
	wj_dice_shuffle(seed, shuffle, cards, n);
}

static void add_roll(struct stream *st, int roll, yaml_node_t *at)
{
	if (st->n == MAX_ROLLS)
		fail_msg("%s: line %d: more than %d dice for one order", run.c.path, line_of(at),
			 MAX_ROLLS);
	st->roll[st->n++] = roll;
}

/* A battle die as thrown: 1 to 6 (IV.2.B). */
static void add_battle_dice(struct stream *st, yaml_node_t *dice)
{
	if (!dice)
		return;
	if (dice->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: dice: [N, N, ...], the battle dice thrown (1 to 6), first "
			 "first", run.c.path, line_of(dice));
	for (yaml_node_item_t *i = dice->data.sequence.items.start; i < dice->data.sequence.items.top; i++) {
		const char *v = scalar(node(&run.c, *i));
		int die = v ? atoi(v) : 0;
		if (die < 1 || die > SK_FACES)
			fail_msg("%s: line %d: a battle die is 1 to 6", run.c.path,
				 line_of(node(&run.c, *i)));
		add_roll(st, die, node(&run.c, *i));
	}
}

/* A movement die's face (0 to 3) as the first roll that shows it. */
static int movement_roll(yaml_node_t *n)
{
	const char *v = scalar(n);
	for (int f = 0; v && f < SK_FACES; f++)
		if (skd()->movement.faces[f] == atoi(v) && isdigit((unsigned char)*v))
			return f + 1;
	fail_msg("%s: line %d: a movement die shows 0, 1, 2 or 3 (dice.yaml), not '%s'",
		 run.c.path, line_of(n), v ? v : "a list");
	return 0;
}

/* `throws: {american: [N, N], british: [N]}`: the movement dice of a
 * turn (I.A), the American's first. */
static yaml_node_t *side_throw(yaml_node_t *throws, int side)
{
	yaml_node_t *t = get(&run.c.doc, throws, SIDE_WORDS[side]);
	if (!t || t->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: throws: {american: [N, N], british: [N]}, the movement dice "
			 "thrown (0 to 3)", run.c.path, line_of(throws));
	return t;
}

static void add_movement_dice(struct stream *st, yaml_node_t *throws)
{
	if (!throws)
		return;
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++) {
		yaml_node_t *t = side_throw(throws, side);
		for (yaml_node_item_t *i = t->data.sequence.items.start; i < t->data.sequence.items.top; i++)
			add_roll(st, movement_roll(node(&run.c, *i)), node(&run.c, *i));
	}
}

static void give_dice(yaml_node_t *battle, yaml_node_t *throws)
{
	memset(&run.dice, 0, sizeof run.dice);
	add_battle_dice(&run.dice, battle);
	add_movement_dice(&run.dice, throws);
	run.rng = (struct wj_rng){ stream_die, stream_shuffle, &run.dice };
}

static void check_dice_used(int index, const char *line)
{
	if (run.dice.extra)
		fail_msg("%s: order %d (\"%s\") throws %d dice more than the case gives (battle dice "
			 "in dice:, a new turn's movement dice in throws:)", run.c.path, index, line,
			 run.dice.extra);
	if (run.dice.used != run.dice.n)
		fail_msg("%s: order %d (\"%s\") throws %d of the %d dice given", run.c.path, index,
			 line, run.dice.used, run.dice.n);
}

/* ---- the position, written as the state text ---- */

/* The pieces of the position, in the order written, for the indexes the
 * state text names them by. */
struct board_in {
	int n;
	int side[MAX_ON_BOARD];
	bool land[MAX_ON_BOARD];
	char spot[MAX_ON_BOARD][SK_NAME_MAX * 2];
	int units[SK_SIDES];
	FILE *pieces;
};

static void bad_piece(yaml_node_t *at, const char *text)
{
	fail_msg("%s: line %d: '%s': a piece is SIDE KIND [UNITS], e.g. 'british army 5', "
		 "'american continental army 3', 'american militia', 'british warship', 'american "
		 "troop carrier 4' (SIDE american or british; units for an army or a troop carrier "
		 "only)", run.c.path, line_of(at), text);
}

static void read_piece(struct board_in *b, const char *spot, yaml_node_t *at)
{
	const char *text = scalar(at);
	char kind[64];
	int side = 0, units = -1, k = 0, len = 0;
	if (!text || b->n == MAX_ON_BOARD)
		bad_piece(at, text ? text : "a list or mapping");
	const char *rest = strchr(text, ' ');
	for (int s = SK_AMERICAN; s <= SK_BRITISH && rest; s++)
		if ((size_t)(rest - text) == strlen(SIDE_WORDS[s]) &&
		    !strncasecmp(text, SIDE_WORDS[s], strlen(SIDE_WORDS[s])))
			side = s;
	if (!side)
		bad_piece(at, text);
	snprintf(kind, sizeof kind, "%s", rest + 1);
	len = (int)strlen(kind);
	while (len && isdigit((unsigned char)kind[len - 1]))
		len--;
	if (len && kind[len] && kind[len - 1] == ' ') {
		units = atoi(kind + len);
		kind[--len] = '\0';
	}
	while (k < NKINDS && strcasecmp(kind, KINDS[k].word))
		k++;
	if (k == NKINDS || KINDS[k].units != (units >= 0) || units == 0)
		bad_piece(at, text);
	if (units < 0)
		units = strcmp(KINDS[k].text, "basic-unit") ? 0 : 1;
	fprintf(b->pieces, "  - {side: %s, kind: %s, spot: \"%s\", units: %d, quiet: []}\n",
		SIDE_WORDS[side], KINDS[k].text, spot, units);
	b->side[b->n] = side;
	b->land[b->n] = !strcmp(KINDS[k].text, "army") || !strcmp(KINDS[k].text, "continental-army") ||
			!strcmp(KINDS[k].text, "basic-unit");
	snprintf(b->spot[b->n++], sizeof b->spot[0], "%s", spot);
	b->units[side] += units;
}

/* `board: {SPOT: PIECE or [PIECE, ...]}`. */
static void read_board(struct board_in *b, yaml_node_t *board)
{
	if (!board || board->type != YAML_MAPPING_NODE)
		fail_msg("%s: line %d: board: {SPOT: PIECE, SPOT: [PIECE, PIECE]}, e.g. "
			 "{Boston: british army 5}", run.c.path, line_of(board));
	for (yaml_node_pair_t *p = board->data.mapping.pairs.start; p < board->data.mapping.pairs.top; p++) {
		const char *spot = scalar(node(&run.c, p->key));
		yaml_node_t *v = node(&run.c, p->value);
		if (!spot || sk_spot_by_name(skd(), spot) < 0)
			fail_msg("%s: line %d: no spot '%s' on the board (data/skirmish/spots.yaml)",
				 run.c.path, line_of(node(&run.c, p->key)), spot ? spot : "?");
		spot = skd()->spots[sk_spot_by_name(skd(), spot)].name;
		if (v->type != YAML_SEQUENCE_NODE) {
			read_piece(b, spot, v);
			continue;
		}
		for (yaml_node_item_t *i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++)
			read_piece(b, spot, node(&run.c, *i));
	}
}

/* The piece at a spot (a land piece first), by its index; -1 for none. */
static int piece_at(const struct board_in *b, yaml_node_t *spot_node, bool required)
{
	const char *spot = scalar(spot_node);
	int found = -1;
	if (!spot || !strcasecmp(spot, "none")) {
		if (required)
			fail_msg("%s: line %d: a spot with a piece is needed here", run.c.path,
				 line_of(spot_node));
		return -1;
	}
	for (int i = b->n - 1; i >= 0; i--)
		if (!strcasecmp(b->spot[i], spot) && (found < 0 || b->land[i]))
			found = i;
	if (found < 0)
		fail_msg("%s: line %d: no piece at '%s' in the position's board", run.c.path,
			 line_of(spot_node), spot);
	return found;
}

static bool flag_of(yaml_node_t *map, int side)
{
	const char *v = scalar(get(&run.c.doc, map, SIDE_WORDS[side]));
	return v && !strcasecmp(v, "true");
}

static void write_flags(FILE *f, const char *key, yaml_node_t *map)
{
	fprintf(f, "%s: {american: %s, british: %s}\n", key,
		flag_of(map, SK_AMERICAN) ? "true" : "false", flag_of(map, SK_BRITISH) ? "true" : "false");
}

/* The turn's dice (I.A-D): thrown, shown once the rules show them. */
static void write_dice(FILE *f, yaml_node_t *throws, int side, const char *phase)
{
	yaml_node_t *t = side_throw(throws, side);
	int n = (int)(t->data.sequence.items.top - t->data.sequence.items.start);
	bool shown = side == SK_AMERICAN ? strcmp(phase, "declare") != 0 : !strcmp(phase, "british");
	bool all_done = side == SK_AMERICAN && !strcmp(phase, "british");
	if (n < 1 || n > SK_DICE)
		fail_msg("%s: line %d: one or two movement dice a side", run.c.path, line_of(t));
	fprintf(f, "%s: {dice: %d, throw: [", SIDE_WORDS[side], n);
	bool done[SK_DICE];
	for (int i = 0; i < SK_DICE; i++) {
		const char *v = i < n ? scalar(node(&run.c, t->data.sequence.items.start[i])) : "0";
		if (i < n)
			fprintf(f, "%s%s", i ? ", " : "", v ? v : "?");
		done[i] = shown && (all_done || i >= n || (v && !strcmp(v, "0")));
	}
	fprintf(f, "], done: [%s, %s], revealed: %s}\n", done[0] ? "true" : "false",
		done[1] ? "true" : "false", shown ? "true" : "false");
}

/* The deck (III.2): the case's next cards, then the rest of the mix. */
static void write_deck(FILE *f, yaml_node_t *cards)
{
	const struct sk_data *d = skd();
	int left[SK_MAX_CARDS], total = 0;
	for (int c = 0; c < d->ncards; c++)
		total += left[c] = d->cards[c].count;
	fprintf(f, "deck: {size: %d, next: 0}\ndrawn:\nrest:\n", total);
	if (cards && cards->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: cards: [NAME, ...], the skirmish deck's next cards (cards.yaml)",
			 run.c.path, line_of(cards));
	for (yaml_node_item_t *i = cards ? cards->data.sequence.items.start : NULL;
	     cards && i < cards->data.sequence.items.top; i++) {
		const char *name = scalar(node(&run.c, *i));
		int c = 0;
		while (c < d->ncards && (!name || strcasecmp(d->cards[c].name, name)))
			c++;
		if (c == d->ncards || left[c]-- == 0)
			fail_msg("%s: line %d: '%s' is no card of cards.yaml, or more of it than its "
				 "count", run.c.path, line_of(node(&run.c, *i)), name ? name : "?");
		fprintf(f, "  - \"%s\"\n", d->cards[c].name);
	}
	for (int c = 0; c < d->ncards; c++)
		while (left[c]-- > 0)
			fprintf(f, "  - \"%s\"\n", d->cards[c].name);
}

/* `quiet: [[SPOT, SPOT], ...]`: the pieces that have skirmished and not
 * moved since (III.5), as the state's index lists. */
static void quiet_pairs(const struct board_in *b, yaml_node_t *quiet, uint64_t *bits)
{
	if (!quiet)
		return;
	if (quiet->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: quiet: [[SPOT, SPOT], ...]", run.c.path, line_of(quiet));
	for (yaml_node_item_t *i = quiet->data.sequence.items.start; i < quiet->data.sequence.items.top; i++) {
		yaml_node_t *pair = node(&run.c, *i);
		if (pair->type != YAML_SEQUENCE_NODE ||
		    pair->data.sequence.items.top - pair->data.sequence.items.start != 2)
			fail_msg("%s: line %d: a quiet pair is [SPOT, SPOT]", run.c.path, line_of(pair));
		int a = piece_at(b, node(&run.c, pair->data.sequence.items.start[0]), true);
		int z = piece_at(b, node(&run.c, pair->data.sequence.items.start[1]), true);
		bits[a] |= UINT64_C(1) << z;
		bits[z] |= UINT64_C(1) << a;
	}
}

/* The pieces' lines with their quiet lists filled in. */
static void write_pieces(FILE *f, const struct board_in *b, const char *lines, const uint64_t *bits)
{
	for (int i = 0; i < b->n; i++) {
		const char *end = strchr(lines, '\n');
		int quiet = (int)(strstr(lines, "quiet: []") - lines);
		fprintf(f, "%.*squiet: [", quiet, lines);
		for (int j = 0, k = 0; j < b->n; j++)
			if (bits[i] >> j & 1)
				fprintf(f, "%s%d", k++ ? ", " : "", j);
		fprintf(f, "]}\n");
		lines = end + 1;
	}
}

static int setup_units(int side)
{
	int n = 0;
	for (int i = 0; i < skd()->npieces; i++)
		n += (int)skd()->pieces[i].side == side ? skd()->pieces[i].units : 0;
	return n;
}

static const char *text_or(yaml_node_t *map, const char *key, const char *otherwise)
{
	const char *v = scalar(get(&run.c.doc, map, key));
	return v ? v : otherwise;
}

/* The position as the secret state text (docs/skirmish-state.md). */
static char *position_text(yaml_node_t *pos)
{
	struct board_in b = { 0 };
	char *lines = NULL, *text = NULL;
	size_t nlines = 0, ntext = 0;
	uint64_t quiet[MAX_ON_BOARD] = { 0 };
	const char *phase = text_or(pos, "phase", "declare");
	if (strcmp(phase, "declare") && strcmp(phase, "american") && strcmp(phase, "british"))
		fail_msg("%s: line %d: phase: declare, american or british (the turn's step, I.B-D)",
			 run.c.path, line_of(get(&run.c.doc, pos, "phase")));
	assert_non_null(b.pieces = open_memstream(&lines, &nlines));
	read_board(&b, get(&run.c.doc, pos, "board"));
	fclose(b.pieces);
	yaml_node_t *declared = get(&run.c.doc, pos, "declared");
	int declared_piece = piece_at(&b, declared, strcmp(phase, "declare") != 0);
	if (declared_piece >= 0 && b.side[declared_piece] != SK_BRITISH)
		fail_msg("%s: line %d: declared: the spot of a British piece (I.B)", run.c.path,
			 line_of(declared));
	quiet_pairs(&b, get(&run.c.doc, pos, "quiet"), quiet);
	FILE *f = open_memstream(&text, &ntext);
	assert_non_null(f);
	fprintf(f, "skirmish-state: 1\nsecret: true\nturn: %s\nphase: %s\nstep: %s\nmover: none\n",
		text_or(pos, "turn", "1"), phase, phase);
	write_dice(f, get(&run.c.doc, pos, "throws"), SK_AMERICAN, phase);
	write_dice(f, get(&run.c.doc, pos, "throws"), SK_BRITISH, phase);
	fprintf(f, "declared: %d\nmoved: -1\nlost: {american: %d, british: %d}\npieces:\n",
		declared_piece, setup_units(SK_AMERICAN) - b.units[SK_AMERICAN],
		setup_units(SK_BRITISH) - b.units[SK_BRITISH]);
	write_pieces(f, &b, lines, quiet);
	fprintf(f, "queue: []\nskirmish-order: {american: [], british: []}\n"
		"card-move: {piece: -1, spots: 0}\napart: -1\n");
	write_deck(f, get(&run.c.doc, pos, "cards"));
	fprintf(f, "standing: {american: ask, british: ask}\n");
	fprintf(f, "call: {side: none, carrier: -1, warship: -1, sailing: none, spots: 0}\n");
	write_flags(f, "call-used", get(&run.c.doc, pos, "call-used"));
	write_flags(f, "may-call", get(&run.c.doc, pos, "may-call"));
	fprintf(f, "quiet-moves: %s\nwinner: none\nend: \"\"\nnext-roll: 0\nnext-shuffle: 1\n",
		text_or(pos, "quiet-moves", "0"));
	fclose(f);
	free(lines);
	return text;
}

static const char *const POSITION_KEYS[] = { "set-up", "turn", "phase", "throws", "declared",
					     "board", "cards", "quiet", "quiet-moves", "may-call",
					     "call-used", NULL };

static void collect_events(const struct game_events *ev);

/* `set-up: true` is the booklet's set-up (new_game) with `throws:` the
 * first turn's dice; else the board and the rest as written. */
static void load_position(void)
{
	yaml_node_t *pos = get(&run.c.doc, run.c.root, "position");
	if (!pos || pos->type != YAML_MAPPING_NODE)
		fail_msg("%s: 'position:' (board, phase, throws, ...: docs/cases.md) is missing",
			 run.c.path);
	check_keys(&run.c, pos, POSITION_KEYS, "a position", "set-up, turn, phase, throws, "
		   "declared, board, cards, quiet, quiet-moves, may-call, call-used");
	if (get(&run.c.doc, pos, "set-up")) {
		struct game_events *ev = game_events_new(run.g);
		give_dice(NULL, get(&run.c.doc, pos, "throws"));
		int rc = run.g->new_game(run.d, NULL, 0, &run.rng, run.s, ev, run.why, sizeof run.why);
		collect_events(ev);
		game_events_free(run.g, ev);
		if (rc)
			fail_msg("%s: the set-up fails: %s", run.c.path, run.why);
		check_dice_used(0, "the set-up");
		return;
	}
	char *text = position_text(pos);
	int rc = run.g->state_read(text, strlen(text), run.d, run.s, true, run.why, sizeof run.why);
	if (rc)
		fail_msg("%s: the position is no state the engine could have made: %s\n%s",
			 run.c.path, run.why, text);
	free(text);
}

/* ---- the state after the orders, in the case's terms ---- */

static int add_text(yaml_document_t *to, const char *v)
{
	return yaml_document_add_scalar(to, NULL, (const yaml_char_t *)v, -1, YAML_ANY_SCALAR_STYLE);
}

static int copy_node(yaml_document_t *to, yaml_document_t *from, yaml_node_t *n)
{
	if (!n)
		return add_text(to, "");
	if (n->type == YAML_SCALAR_NODE)
		return add_text(to, scalar(n));
	if (n->type == YAML_SEQUENCE_NODE) {
		int seq = yaml_document_add_sequence(to, NULL, YAML_FLOW_SEQUENCE_STYLE);
		for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++)
			yaml_document_append_sequence_item(to, seq, copy_node(to, from,
						yaml_document_get_node(from, *i)));
		return seq;
	}
	int map = yaml_document_add_mapping(to, NULL, YAML_FLOW_MAPPING_STYLE);
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		int k = copy_node(to, from, yaml_document_get_node(from, p->key));
		yaml_document_append_mapping_pair(to, map, k, copy_node(to, from,
						  yaml_document_get_node(from, p->value)));
	}
	return map;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct pieces_out {
	yaml_document_t *st;
	yaml_node_t *seq;
	int n;
};

static yaml_node_t *piece_node(const struct pieces_out *p, int i)
{
	return yaml_document_get_node(p->st, p->seq->data.sequence.items.start[i]);
}

static const char *piece_spot(const struct pieces_out *p, int i)
{
	return scalar(get(p->st, piece_node(p, i), "spot"));
}

/* "SPOT\tSIDE KIND [UNITS]", the case's words for a piece on the board. */
static char *piece_words(const struct pieces_out *p, int i)
{
	yaml_node_t *n = piece_node(p, i);
	const char *kind = scalar(get(p->st, n, "kind"));
	int k = 0;
	while (k < NKINDS - 1 && strcmp(KINDS[k].text, kind))
		k++;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	fprintf(f, "%s\t%s %s", piece_spot(p, i), scalar(get(p->st, n, "side")), KINDS[k].word);
	if (KINDS[k].units)
		fprintf(f, " %s", scalar(get(p->st, n, "units")));
	fclose(f);
	return out;
}

/* board: every spot with pieces, one piece a text, several a list in
 * alphabetical order. */
static int board_node(yaml_document_t *to, const struct pieces_out *p)
{
	char *words[MAX_ON_BOARD];
	int n = 0;
	for (int i = 0; i < p->n; i++)
		if (strcmp(piece_spot(p, i), "out"))
			words[n++] = piece_words(p, i);
	qsort(words, (size_t)n, sizeof words[0], by_text);
	char *piece[MAX_ON_BOARD];
	for (int i = 0; i < n; i++) {
		piece[i] = strchr(words[i], '\t');
		*piece[i]++ = '\0';
	}
	int map = yaml_document_add_mapping(to, NULL, YAML_ANY_MAPPING_STYLE);
	for (int i = 0; i < n;) {
		int j = i + 1;
		while (j < n && !strcmp(words[j], words[i]))
			j++;
		int value = j - i == 1 ? add_text(to, piece[i])
			    : yaml_document_add_sequence(to, NULL, YAML_FLOW_SEQUENCE_STYLE);
		for (int k = i; j - i > 1 && k < j; k++)
			yaml_document_append_sequence_item(to, value, add_text(to, piece[k]));
		yaml_document_append_mapping_pair(to, map, add_text(to, words[i]), value);
		for (; i < j; i++)
			free(words[i]);
	}
	return map;
}

/* quiet: each pair of pieces on the board that may not skirmish again
 * (III.5), [SPOT, SPOT] in alphabetical order, the pairs too. */
static int quiet_node(yaml_document_t *to, const struct pieces_out *p)
{
	char *pairs[MAX_ON_BOARD * 4];
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		yaml_node_t *q = get(p->st, piece_node(p, i), "quiet");
		for (yaml_node_item_t *k = q->data.sequence.items.start; k < q->data.sequence.items.top; k++) {
			int j = atoi(scalar(yaml_document_get_node(p->st, *k)));
			const char *a = piece_spot(p, i), *b = piece_spot(p, j);
			if (j < i || !strcmp(a, "out") || !strcmp(b, "out") || n == MAX_ON_BOARD * 4)
				continue;
			pairs[n] = malloc(strlen(a) + strlen(b) + 2);
			sprintf(pairs[n++], "%s\t%s", strcmp(a, b) < 0 ? a : b, strcmp(a, b) < 0 ? b : a);
		}
	}
	qsort(pairs, (size_t)n, sizeof pairs[0], by_text);
	int seq = yaml_document_add_sequence(to, NULL, YAML_FLOW_SEQUENCE_STYLE);
	for (int i = 0; i < n; i++) {
		int pair = yaml_document_add_sequence(to, NULL, YAML_FLOW_SEQUENCE_STYLE);
		char *tab = strchr(pairs[i], '\t');
		*tab = '\0';
		yaml_document_append_sequence_item(to, pair, add_text(to, pairs[i]));
		yaml_document_append_sequence_item(to, pair, add_text(to, tab + 1));
		yaml_document_append_sequence_item(to, seq, pair);
		free(pairs[i]);
	}
	return seq;
}

static void put(yaml_document_t *to, int map, const char *key, int value)
{
	yaml_document_append_mapping_pair(to, map, add_text(to, key), value);
}

static const char *asked_words(unsigned asked)
{
	static const char *const words[] = { "nobody", "american", "british", "both" };
	return words[(asked >> SK_AMERICAN & 1) | (asked >> SK_BRITISH & 1) << 1];
}

/* The throws of the turn as the case writes them. */
static int throws_node(yaml_document_t *to, yaml_document_t *st, yaml_node_t *root)
{
	int map = yaml_document_add_mapping(to, NULL, YAML_FLOW_MAPPING_STYLE);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++)
		put(to, map, SIDE_WORDS[side],
		    copy_node(to, st, get(st, get(st, root, SIDE_WORDS[side]), "throw")));
	return map;
}

/* The state text (secret) as the case's expected position is written:
 * turn, phase, asked, throws, declared, board, quiet, lost, drawn,
 * quiet-moves, may-call, call-used, call, winner, end. */
static void case_terms(yaml_document_t *st, yaml_document_t *to)
{
	yaml_node_t *root = yaml_document_get_root_node(st);
	struct pieces_out p = { st, get(st, root, "pieces"), 0 };
	p.n = (int)(p.seq->data.sequence.items.top - p.seq->data.sequence.items.start);
	yaml_document_initialize(to, NULL, NULL, NULL, 1, 1);
	int map = yaml_document_add_mapping(to, NULL, YAML_BLOCK_MAPPING_STYLE);
	put(to, map, "turn", copy_node(to, st, get(st, root, "turn")));
	put(to, map, "phase", copy_node(to, st, get(st, root, "phase")));
	put(to, map, "asked", add_text(to, asked_words(run.g->asked(run.s))));
	put(to, map, "throws", throws_node(to, st, root));
	int declared = atoi(scalar(get(st, root, "declared")));
	put(to, map, "declared", add_text(to, declared < 0 ? "none" : piece_spot(&p, declared)));
	put(to, map, "board", board_node(to, &p));
	put(to, map, "quiet", quiet_node(to, &p));
	static const char *const copied[] = { "lost", "drawn", "quiet-moves", "may-call",
					      "call-used", "call", "winner", "end", NULL };
	for (int i = 0; copied[i]; i++)
		put(to, map, copied[i], copy_node(to, st, get(st, root, copied[i])));
}

static char *state_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(run.g->state_write(f, run.d, run.s, true), 0);
	fclose(f);
	return text;
}

/* The board is compared whole: a piece the case does not list is a
 * difference. */
static void board_whole(struct compare *k, yaml_node_t *expected, yaml_node_t *actual)
{
	yaml_node_t *want = get(&run.c.doc, expected, "board");
	yaml_node_t *have = get(k->act, actual, "board");
	if (!want)
		return;
	for (yaml_node_pair_t *p = have->data.mapping.pairs.start; p < have->data.mapping.pairs.top; p++) {
		const char *spot = scalar(yaml_document_get_node(k->act, p->key));
		char where[128];
		snprintf(where, sizeof where, "board.%s", spot);
		if (!get(&run.c.doc, want, spot))
			mismatch(k, where, NULL, yaml_document_get_node(k->act, p->value));
	}
}

static void compare_position(yaml_node_t *expected, bool dump)
{
	char *text = state_text();
	yaml_document_t st, terms;
	assert_true(parse_yaml(text, strlen(text), &st));
	case_terms(&st, &terms);
	yaml_document_delete(&st);
	free(text);
	if (dump) {
		yaml_emitter_t e;
		yaml_emitter_initialize(&e);
		yaml_emitter_set_output_file(&e, stderr);
		yaml_emitter_set_width(&e, 100);
		yaml_emitter_open(&e);
		yaml_emitter_dump(&e, &terms);  /* deletes terms */
		yaml_emitter_close(&e);
		yaml_emitter_delete(&e);
		return;
	}
	struct compare k = { &run.c, &terms };
	if (expected) {
		compare(&k, "", expected, yaml_document_get_root_node(&terms), false);
		board_whole(&k, expected, yaml_document_get_root_node(&terms));
	}
	yaml_document_delete(&terms);
}

/* ---- the orders ---- */

static void collect_events(const struct game_events *ev)
{
	for (int i = 0; i < run.g->events_count(ev); i++) {
		const char *t = NULL;
		for (int viewer = GAME_PUBLIC; viewer <= SK_BRITISH && !t; viewer++)
			t = run.g->event_text(ev, i, viewer);
		size_t n = strlen(t ? t : "");
		char *more = realloc(run.events, run.nevents + n + 2);
		assert_non_null(more);
		run.events = more;
		memcpy(run.events + run.nevents, t ? t : "", n);
		run.nevents += n + 1;
		run.events[run.nevents - 1] = '\n';
		run.events[run.nevents] = '\0';
	}
}

static int side_of(yaml_node_t *n)
{
	const char *v = scalar(n);
	for (int side = SK_AMERICAN; side <= SK_BRITISH; side++)
		if (v && !strcasecmp(v, SIDE_WORDS[side]))
			return side;
	fail_msg("%s: line %d: side is american or british", run.c.path, line_of(n));
	return 0;
}

/* Applies one order through game.h; -1 (the reason in run.why) when it
 * does not parse or the rules refuse it. */
static int apply_one(int index, yaml_node_t *o)
{
	static const char *const keys[] = { "side", "order", "dice", "throws", NULL };
	int side = side_of(get(&run.c.doc, o, "side"));
	const char *line = scalar(get(&run.c.doc, o, "order"));
	if (o->type != YAML_MAPPING_NODE)
		fail_msg("%s: line %d: an order is {side, order, dice, throws}", run.c.path, line_of(o));
	check_keys(&run.c, o, keys, "an order", "side, order, dice, throws");
	if (!line)
		fail_msg("%s: line %d: order %d has side, order, dice (battle dice) and throws (a new "
			 "turn's movement dice)", run.c.path, line_of(o), index);
	give_dice(get(&run.c.doc, o, "dice"), get(&run.c.doc, o, "throws"));
	struct game_order *ord = game_order_new(run.g);
	struct game_events *ev = game_events_new(run.g);
	int rc = run.g->order_parse(run.d, line, ord, run.why, sizeof run.why);
	if (rc == 0)
		rc = run.g->apply(run.d, run.s, side, ord, &run.rng, ev, run.why, sizeof run.why);
	collect_events(ev);
	game_order_free(run.g, ord);
	game_events_free(run.g, ev);
	return rc;
}

static void check_events(yaml_node_t *want)
{
	if (!want)
		return;
	if (want->type != YAML_SEQUENCE_NODE)
		fail_msg("%s: line %d: events: a list of texts", run.c.path, line_of(want));
	for (yaml_node_item_t *i = want->data.sequence.items.start; i < want->data.sequence.items.top; i++) {
		const char *needle = scalar(node(&run.c, *i));
		if (needle && run.events && strstr(run.events, needle))
			continue;
		print_error("%s: line %d: no event mentions \"%s\"; the events were:\n%s", run.c.path,
			    line_of(node(&run.c, *i)), needle ? needle : "?",
			    run.events ? run.events : "(none)\n");
		run.c.mismatches++;
	}
}

static void apply_orders(yaml_node_t *orders, const char *rejected)
{
	int n = 0;
	if (orders && orders->type == YAML_SEQUENCE_NODE)
		n = (int)(orders->data.sequence.items.top - orders->data.sequence.items.start);
	else if (orders)
		fail_msg("%s: line %d: orders: a list of {side, order, dice, throws}", run.c.path,
			 line_of(orders));
	for (int i = 0; i < n; i++) {
		yaml_node_t *o = node(&run.c, orders->data.sequence.items.start[i]);
		bool last = i == n - 1;
		char *before = state_text();
		int rc = apply_one(i + 1, o);
		char *after = state_text();
		const char *line = scalar(get(&run.c.doc, o, "order"));
		bool unchanged = !strcmp(before, after);
		free(before);
		free(after);
		if (rc == 0 || !(last && rejected))
			check_dice_used(i + 1, line);
		if (rc != 0 && !(last && rejected))
			fail_msg("%s: line %d: order %d (\"%s\") refused: %s", run.c.path, line_of(o),
				 i + 1, line, run.why);
		if (!(last && rejected))
			continue;
		if (rc == 0)
			fail_msg("%s: order %d (\"%s\") was accepted; expected a refusal mentioning "
				 "\"%s\"", run.c.path, i + 1, line, rejected);
		if (!strstr(run.why, rejected))
			fail_msg("%s: order %d refused with \"%s\"; expected it to mention \"%s\"",
				 run.c.path, i + 1, run.why, rejected);
		if (!unchanged)
			fail_msg("%s: order %d was refused but changed the state", run.c.path, i + 1);
	}
}

static int case_teardown(void **state)
{
	(void)state;
	if (run.s)
		game_state_free(run.g, run.s);
	free(run.events);
	free_case(&run.c);
	struct game_data *d = run.d;
	const struct game *g = run.g;
	memset(&run, 0, sizeof run);
	run.d = d;
	run.g = g;
	return 0;
}

static void run_case(void **state)
{
	const char *path = *state;
	load_case(&run.c, path, CASE_KEYS,
		  "rule, description, rulings, pending, position, orders, expect");
	const char *pending = scalar(get(&run.c.doc, run.c.root, "pending"));
	if (pending) {
		print_message("%s: pending: %s\n", path, pending);
		skip();
	}
	assert_non_null(run.s = game_state_new(run.g));
	load_position();
	yaml_node_t *expect = get(&run.c.doc, run.c.root, "expect");
	if (!expect || expect->type != YAML_MAPPING_NODE)
		fail_msg("%s: 'expect:' (position:, rejected:, events:) is missing", path);
	apply_orders(get(&run.c.doc, run.c.root, "orders"),
		     scalar(get(&run.c.doc, expect, "rejected")));
	if (getenv("SK_CASE_DUMP")) {
		compare_position(NULL, true);
		fprintf(stderr, "# events:\n%s", run.events ? run.events : "");
	}
	compare_position(get(&run.c.doc, expect, "position"), false);
	check_events(get(&run.c.doc, expect, "events"));
	if (run.c.mismatches)
		fail_msg("%s: %d difference%s from the expected position", path, run.c.mismatches,
			 run.c.mismatches == 1 ? "" : "s");
}

static int free_data(void **state)
{
	(void)state;
	if (run.d)
		run.g->data_free(run.d);
	free(sk_test_data);
	return 0;
}

int main(void)
{
	const char *dir = getenv("SK_CASES") ? getenv("SK_CASES") : "tests/cases/skirmish";
	const char *data = getenv("SK_DATA") ? getenv("SK_DATA") : "data/skirmish";
	if (wj_dice_init() || !(run.g = game_find("skirmish")) ||
	    run.g->data_load(data, &run.d, run.why, sizeof run.why)) {
		fprintf(stderr, "test_skirmish_cases: Skirmish or its data (%s) is missing: %s\n",
			data, run.why);
		return 1;
	}
	return run_cases(dir, "Skirmish rule cases", run_case, case_teardown, free_data);
}

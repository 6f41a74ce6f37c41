/* A game behind the judge: what the judge (play, record, mail) asks of any
 * game, designed for the three games of the rule documents: Washington's
 * War (the first, games/washingtons-war/), Skirmish and Tarleton's
 * Quarter!. docs/game-interface.md says who calls each function and how
 * each game fills it.
 *
 * A game's data, state, order and events are opaque to the judge: it
 * allocates them with the game's own functions and hands them back. A
 * state holds no pointers and is copied with state_copy.
 *
 * Sides are numbered 1..nsides, in the order the game declares them;
 * GAME_PUBLIC (0) is the viewer who is no side: the public report, the
 * archive. A set of sides is a bit mask, bit s for side s (GAME_SIDE).
 *
 * Every random thing (a die, a shuffle, a card drawn) comes from the
 * struct wj_rng the judge gives (core/dice.h), so all of a game's chance
 * is the committed seed's and can be checked once the seed is revealed.
 * The rules behind these functions are pure: no I/O but the FILE the
 * caller passes, no clock, no global state. */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dice.h"

#define GAME_PUBLIC 0
#define GAME_MAX_SIDES 4
#define GAME_SIDE(s) (1u << (s))

struct game_data;
struct game_state;
struct game_order;
struct game_events;
struct game_log;

/* A side as the game names it: the word in mail, orders and files
 * ("american"), the name in reports ("American"), and other words a
 * player may write for it (NULL-terminated; NULL: none). */
struct game_side {
	const char *word;
	const char *name;
	const char *const *also;
};

/* What the report frames around the game's own text: the judge's facts,
 * none of them the game's. Any may be NULL (false). */
/* Called once per legal order in the guide: its kind (the game's word for
 * it) and an example the game accepts now. */
typedef void game_guide_item(void *ctx, const char *kind, const char *example);

struct game_frame {
	const char *game;               /* this game's name in the judge */
	const char *deadline;
	const char *commitment;         /* the seed's commitment */
	const char *seed_hex;           /* the seed, once the game is over */
	const char *templates;          /* template directory; NULL: beside the data */
	const struct game_events *events; /* what the orders just given did */
	const struct game_log *recent;  /* or: the log since the viewer's last report */
	bool stand_in;                  /* a preview with stand-in dice */
	const char *note;               /* the orderer's note, as the judge frames it
					 * for this viewer (mail.h's
					 * wj_mail_note_framed): lines of the report
					 * form to print as they are, after the events */
	int note_from;                  /* its writer, a side */
	/* A report that builds the guide of its viewer may also give its
	 * examples, as guide() would, to guide_item(guide_ctx, ...) (NULL: not
	 * wanted), so that a mail builds the guide once (issue 25). */
	game_guide_item *guide_item;
	void *guide_ctx;
};

/* A die rolled: its index in the seed's dice stream, its value, and
 * whether the moderator forced it. index -1: no die. */
struct game_roll {
	long long index;
	int value;
	bool forced;
};

/* The judge's log read back for the reports (record_log.c): each accepted
 * entry's events as the log keeps them, its text and who may see it
 * (`audience`: GAME_SIDE bits of the viewers, with GAME_SIDE(GAME_PUBLIC)
 * when anyone may), and the die it rolled, never the game's own event
 * structs. */
struct game_logged_event {
	char *text;
	unsigned audience;
	struct game_roll roll;
};

struct game_logged_entry {
	int side;                       /* who gave it; GAME_PUBLIC: the set-up */
	unsigned move;                  /* the game's move after it */
	int n;
	struct game_logged_event *v;
};

struct game_log {
	int n, cap;
	struct game_logged_entry *v;
};

/* How a game ended: `winner` a side, or GAME_PUBLIC for no winner (a
 * draw); `reason` in the rule book's words, with its section; `resigned`
 * when the loser resigned (the mail says "has resigned", not "moved"). */
struct game_end {
	int winner;
	char reason[128];
	bool resigned;
};

/* An optional rule a new game may be given: its word ("tournament") and
 * a line about it, with its section. */
struct game_option {
	const char *word;
	const char *about;
};
#define GAME_MAX_OPTIONS 16

/* A game's board as a PNG, of view(s, viewer), with `last`'s move shown:
 * 0, or -1 with why. */
typedef int game_board_fn(FILE *out, const struct game_data *d, const struct game_state *view,
			  int viewer, const struct game_events *last, char *why, size_t whylen);

struct game {
	const char *name;        /* the judge's word for it: "washingtons-war" */
	const char *title;       /* "Washington's War" */
	int nsides;
	struct game_side side[GAME_MAX_SIDES + 1]; /* [1..nsides]; [0] the public */
	/* The optional rules a new game may be given (ended by a NULL word;
	 * NULL: none; at most GAME_MAX_OPTIONS): new_game gets bit i for
	 * options[i], and a state's report says which it plays with. A
	 * game's named scenarios are its data's (docs/scenario.md). */
	const struct game_option *options;
	/* What view hides, named for the record's public file ("Hands and the
	 * deck order" are in secret/); NULL: "what a side may not see". */
	const char *hidden;

	/* The game's data from `dir`: 0, or -1 with what is wrong and where in
	 * why. check: the data in `dir` loaded and checked, every problem one
	 * line to out ("file:line: message"); their number, -1 out of memory;
	 * with none, what the data holds in summary (for data-check's line;
	 * NULL: not wanted). */
	int (*data_load)(const char *dir, struct game_data **d, char *why, size_t whylen);
	int (*data_check)(FILE *out, const char *dir, char *summary, size_t len);
	void (*data_free)(struct game_data *d);
	/* The data set's name (its id), which the record's meta keeps. */
	const char *(*data_id)(const struct game_data *d);

	/* States, orders and events are the game's structs of these sizes,
	 * which the judge allocates zeroed (games.h's game_state_new, ...)
	 * and the init functions make ready (NULL: zero is ready). A state
	 * and an order hold no pointers and are copied whole; events may own
	 * memory, which events_clear frees (NULL: they own none). */
	size_t state_size, order_size, events_size;
	void (*state_init)(struct game_state *s);
	void (*order_init)(struct game_order *o);
	void (*events_clear)(struct game_events *ev);

	/* A new game in *s: `scenario` NULL for the rule book's set-up, else a
	 * scenario file (a named one is the data's scenarios/NAME.yaml);
	 * `options` bits of `options`. Hidden
	 * things (a deck's order) come from rng. 0, or -1 with why. */
	int (*new_game)(const struct game_data *d, const char *scenario, unsigned options,
			struct wj_rng *rng, struct game_state *s, struct game_events *ev,
			char *why, size_t whylen);

	/* One line of the game's order language to *o: 0, or -1 with what was
	 * not understood and what would be accepted. format writes the
	 * canonical line; starts tells an order's first word from other text. */
	int (*order_parse)(const struct game_data *d, const char *line, struct game_order *o,
			   char *why, size_t whylen);
	void (*order_format)(const struct game_data *d, const struct game_order *o,
			     char *out, size_t len);
	bool (*order_starts)(const char *line);

	/* One order by `side`: 0 with the new state and its events, or -1 with
	 * the reason, for `side` only, and *s unchanged. A side may give an
	 * order when it is asked (question), and a standing order (an answer
	 * given in advance, kept in the state) at any time. A secret
	 * commitment (Skirmish's throw) is an order too: kept in the state,
	 * hidden by view until the rules reveal it. */
	int (*apply)(const struct game_data *d, struct game_state *s, int side,
		     const struct game_order *o, struct wj_rng *rng, struct game_events *ev,
		     char *why, size_t whylen);

	/* What `viewer` may see (GAME_PUBLIC: what anyone may). NULL, for a
	 * game that hides nothing: the state itself (games.h's game_view). */
	void (*view)(const struct game_data *d, const struct game_state *s, int viewer,
		     struct game_state *out);
	/* A whole state `side` cannot tell from *s: its view with the hidden
	 * things dealt from rng (stand-in dice). Orders are checked on it
	 * before the game's dice are rolled. NULL: its view (game_stand_in). */
	void (*stand_in)(const struct game_data *d, const struct game_state *s, int side,
			 struct wj_rng *rng, struct game_state *out);

	/* The state as text (the record's file); `secret` adds what the view
	 * hides. read: the text state_write wrote with the same `secret`
	 * (without it, what the view hides is left empty; blank and comment
	 * lines are read past); 0, or -1 with what is wrong and where in why. */
	int (*state_write)(FILE *out, const struct game_data *d, const struct game_state *s,
			   bool secret);
	int (*state_read)(const char *text, size_t len, const struct game_data *d,
			  struct game_state *s, bool secret, char *why, size_t whylen);
	/* The state as `viewer` sees it, for scripts (show --format yaml):
	 * `view` is view(s, viewer); the public text, then what only the
	 * viewer's view holds. 0, or -1 when out fails. */
	int (*state_show)(FILE *out, const struct game_data *d, const struct game_state *view,
			  int viewer);
	/* How many moves the game has made: each log entry's `move:`, what a
	 * rollback goes back to. */
	unsigned (*move)(const struct game_state *s);
	/* The state's own consistency, for verify: each problem one line to
	 * out, starting with `file`; their number. last_roll is the highest
	 * die index the log has used (-1: none), which the state must be past.
	 * NULL: nothing to check beyond state_read. */
	int (*state_check)(FILE *out, const struct game_data *d, const struct game_state *s,
			   const char *file, long long last_roll);
	/* What `side`'s secret ledger (GAME/secret/ledger-SIDE.yaml) gains by
	 * log entry `entry`, which took the game from before to after: what the
	 * side holds unseen by the other and how it changed, for replay to
	 * check at its entry; nothing when nothing changed. NULL, for a game
	 * where a side holds nothing unseen: nothing (game_ledger). */
	void (*ledger)(FILE *out, const struct game_data *d, const struct game_state *before,
		       const struct game_state *after, int side, int entry);
	/* Replay's check of a ledger: `items`, the ledger items of `side` of
	 * the entries that took the game from before to after (ledger's text,
	 * each item from its "- "), say what changed. 0, or -1 with the
	 * difference in why, naming the ledger as `file`. NULL: no check. */
	int (*ledger_check)(const struct game_data *d, const char *items, size_t len,
			    const struct game_state *before, const struct game_state *after,
			    int side, const char *file, char *why, size_t whylen);
	/* The dice a state has used: the index of its next die and of its next
	 * shuffle; skip moves them on to `roll` and `shuffle` (a rollback,
	 * which never rolls a die twice: docs/record.md). */
	void (*dice_next)(const struct game_state *s, uint64_t *roll, uint64_t *shuffle);
	void (*dice_skip)(struct game_state *s, uint64_t roll, uint64_t shuffle);
	/* The cards no side has seen (a deck's undrawn part) put in a new
	 * order with the state's next shuffle of rng: after a rollback, so
	 * that the cards the undone moves drew are not the next draws again
	 * (docs/rulings.md). NULL: the game has no hidden pile. */
	void (*reshuffle_unseen)(const struct game_data *d, struct game_state *s,
				 struct wj_rng *rng);

	/* The sides asked now (several at once for simultaneous orders; 0 once
	 * the game is over), and the question asked of one of them, worded for
	 * `reader` (whose view s is; GAME_PUBLIC: anyone): the side asked reads
	 * all it is asked ("your throw: 1 and 3"), another side only what it
	 * may read of it. */
	unsigned (*asked)(const struct game_state *s);
	void (*question)(const struct game_data *d, const struct game_state *s, int side,
			 int reader, char *out, size_t len);
	/* When the game stands, in its own calendar, for a mail's subject
	 * ("1775"); NULL for a game that counts moves only. */
	void (*date)(const struct game_state *s, char *out, size_t len);
	/* Is the game over? Then *end says who won and why. */
	bool (*over)(const struct game_state *s, struct game_end *end);

	/* What happened, event by event: event i's text if `viewer` may see it,
	 * else NULL. */
	int (*events_count)(const struct game_events *ev);
	const char *(*event_text)(const struct game_events *ev, int i, int viewer);
	/* The die event i rolled (the log's `roll:`); index -1 for none. */
	struct game_roll (*event_roll)(const struct game_events *ev, int i);

	/* The game's own reports, built from view(s, viewer) only: the report,
	 * in the report form (core/report_form.h: its headings, lines, items,
	 * tables and orders, unwrapped; the judge makes the text and the HTML
	 * part from it), and the legal orders of `side` (the guide, one call
	 * of item per example; the number given). 0, or -1 with why. */
	int (*report)(FILE *out, const struct game_data *d, const struct game_state *view,
		      int viewer, const struct game_frame *frame, char *why, size_t whylen);
	int (*guide)(const struct game_data *d, const struct game_state *view, int side,
		     game_guide_item *item, void *ctx);
	/* The guide in words, as side's report gives it ("What you can do
	 * now"), in the report form, for a refusal to repeat (NULL: a refusal
	 * gives none). 0, or -1 with why. */
	int (*guide_words)(FILE *out, const struct game_data *d, const struct game_state *view,
			   int side, char *why, size_t whylen);
	/* The board picture is drawn in the board plugin, which alone links
	 * cairo: `board` names the game's function there (game_board_fn),
	 * which game_board (games.h) finds and calls; NULL for a game without
	 * a board. */
	const char *board;
	/* What the board of view(s, viewer) with `last` shows, as bytes: two
	 * views whose keys are the same bytes draw the same board, so the
	 * judge draws it once for both sides' mails (issue 25). 0, or -1.
	 * NULL: every board is drawn. */
	int (*board_key)(FILE *out, const struct game_data *d, const struct game_state *view,
			 int viewer, const struct game_events *last);
	/* The events of a logged entry that `viewer` may see, rebuilt into *ev
	 * (from events_new) as the board's `last` reads them (show --png): 0,
	 * or -1 out of memory. NULL: the board shows no move from the log. */
	int (*events_read)(const struct game_data *d, const struct game_logged_entry *e,
			   int viewer, struct game_events *ev);
};

#endif

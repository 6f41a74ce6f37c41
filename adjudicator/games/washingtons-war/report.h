/* Reports to the players. A report is built only from ww_view(state,
 * recipient): what that side may see, never the state.
 *
 * report_text.c    the text report, worded by templates/report.txt
 * report_guide.c   "what you can do now": the legal orders, each with an
 *                  example the engine accepts
 * report_png.c     the board as a PNG picture (cairo)
 */
#ifndef WW_REPORT_H
#define WW_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include "board_draw.h"   /* struct wj_board_box */
#include "data.h"
#include "game.h"
#include "rules.h"
#include "state.h"

#define WW_REPORT_WIDTH 72

/* What a report shows. Only view, d and recipient are required. */
struct ww_report {
	const struct ww_data *d;
	const struct ww_state *view;    /* ww_view(state, recipient) */
	enum ww_side recipient;         /* WW_NOBODY for the public report */
	const char *game;               /* the game's name, or NULL */
	const char *deadline;           /* when the move is due, or NULL */
	const struct ww_events *events; /* what the orders just given did, or NULL */
	const struct game_log *recent;  /* or: the log since the last report (its
					 * events as text and audience), or NULL */
	const char *commitment;         /* the seed commitment, or NULL */
	const char *seed_hex;           /* the seed once revealed, else NULL */
	const char *templates;          /* template directory; NULL: found beside the data */
	bool stand_in;                  /* a preview: the events' dice are stand-ins */
	const char *note;               /* the orderer's note with `events`, framed
					 * by the judge (game.h), or NULL */
	const char *section;            /* the template's section to render: NULL
					 * the whole report, "guide" its guide */
	game_guide_item *guide_item;    /* given each example of the guide, or NULL */
	void *guide_ctx;
};

/* report_text.c */

/* The report's lines as the template gives them, in the report form
 * (core/report_form.h: each line's kind, then the line before wrapping):
 * malloc'd into *text. Returns 0, or -1 with the problem in err. */
int ww_report_render(const struct ww_report *r, char **text, size_t *len, char *err,
		     size_t errlen);
/* The same onto out: the game's report for game.h. */
int ww_report_form(FILE *out, const struct ww_report *r, char *err, size_t errlen);
/* The plain-text report made from it, every line at most WW_REPORT_WIDTH columns.
 * Returns 0, or -1 with the problem in err (a template that does not
 * load or render, or a write error). */
int ww_report_write(FILE *out, const struct ww_report *r, char *err, size_t errlen);

/* The template directory that ww_report_write uses when r->templates is
 * NULL: $WW_TEMPLATES, else templates/ beside the data directory's parent
 * (the source tree's layout), else DATA/templates. Returns 0, or -1 with
 * the places tried in err. */
int ww_report_templates(const struct ww_data *d, char *dir, size_t len,
			char *err, size_t errlen);

/* How the game was won, with the section ("automatic victory, 13.1");
 * "" while nobody has won. */
const char *ww_victory_words(enum ww_victory v);

/* May `recipient` (WW_NOBODY: the public) see this event? */
bool ww_report_sees(const struct ww_event *e, enum ww_side recipient);

/* report_html.c */

/* report_guide.c */

#define WW_GUIDE_MAX 40
#define WW_GUIDE_EXAMPLES 8
#define WW_GUIDE_LINE 512
#define WW_GUIDE_NAMES 16
#define WW_GUIDE_NAME 48

/* One kind of order that `side` may give now. Kinds that concern one
 * general (a move) come once per general. The kind "standing-now" lists
 * the side's standing orders in force as its examples, each written as
 * the order that gives it (so it too is accepted now). */
struct ww_guide_item {
	char kind[24];               /* names the template section guide.KIND */
	int nexamples;
	char example[WW_GUIDE_EXAMPLES][WW_GUIDE_LINE]; /* each one accepted now */
	int more;                    /* further accepted examples not shown */
	int ncards;                  /* the cards it may be given with */
	uint8_t cards[WW_HAND_MAX];
	/* where a PC may be placed, flipped or removed by this kind of order,
	 * and the spaces it may name for anything else (where a move or a
	 * retreat may go, an event's targets, the Congress) */
	int nplace, nflip, nremove, nwhere, nsea;
	int16_t place[WW_MAX_SPACES], flip[WW_MAX_SPACES], remove[WW_MAX_SPACES];
	int16_t where[WW_MAX_SPACES];
	int16_t sea[WW_MAX_SPACES];  /* ports reachable by sea, when kept apart */
	/* the generals (or queued cards) it concerns */
	int nnames;
	char names[WW_GUIDE_NAMES][WW_GUIDE_NAME];
};

struct ww_guide {
	int n;
	struct ww_guide_item v[WW_GUIDE_MAX];
};

/* Every kind of order `side` may give in `view` (ww_view(state, side)),
 * with examples the engine accepts: each is tried with ww_apply on a copy
 * of the view with dice that always roll 1, so nothing hidden from `side`
 * is used. When nothing is asked of `side`, only its standing orders
 * ("standing", "standing-now"); empty once the game is over. */
void ww_guide_build(const struct ww_data *d, const struct ww_state *view,
		    enum ww_side side, struct ww_guide *g);

/* report_png.c */

#define WW_BOARD_W 1600
#define WW_BOARD_H 1000

/* The board as `recipient` may see it, as a PNG of WW_BOARD_W x
 * WW_BOARD_H pixels; the spaces named by the events that recipient may
 * see are highlighted as the last move. The same view gives the same
 * bytes. Returns 0, or -1 with the problem in err. */
int ww_report_png(FILE *out, const struct ww_data *d, const struct ww_state *view,
		  enum ww_side recipient, const struct ww_events *last,
		  char *err, size_t errlen);

/* For the benchmark and tests: the board's pixels (0x00RRGGBB, row by
 * row, malloc'd; NULL with the problem in err), and those pixels encoded
 * as ww_report_png encodes them (0, or -1). */
uint32_t *ww_board_pixels(const struct ww_data *d, const struct ww_state *view,
			  enum ww_side recipient, const struct ww_events *last,
			  char *err, size_t errlen);
int ww_board_encode(FILE *out, const uint32_t *px);

/* For tests: a pixel that shows a piece in its own colour. */
enum ww_board_piece {
	WW_PIECE_SPACE,          /* the space's centre: its PC, or an empty space */
	WW_PIECE_CU_BRITISH,
	WW_PIECE_CU_AMERICAN,
	WW_PIECE_CU_FRENCH,
	WW_PIECE_GENERAL_BRITISH,  /* the first British general's name plate */
	WW_PIECE_GENERAL_AMERICAN, /* the first American (or French) general's */
	WW_PIECE_CONGRESS,
};
void ww_board_spot(const struct ww_data *d, const struct ww_state *view, int space,
		   enum ww_board_piece p, int *x, int *y);

/* For tests: where each space's name is drawn for `view` (NULL: the map
 * alone, no pieces) (its box, the halo included), the box of each
 * space's shape, and the boxes of the view's pieces on the map (CU
 * squares, name plates, the Congress's marker and its name), *npieces of
 * them, with the space and kind of each in `at` (unless NULL), and the
 * box of the Winter Attrition Line's name in *label (all 0: none); 0, or
 * -1. */
#define WW_BOARD_PIECES (WW_MAX_SPACES * WW_NATIONS + WW_MAX_GENERALS + 2)
struct ww_board_piece_at { int space; enum ww_board_piece kind; };
int ww_board_names(const struct ww_data *d, const struct ww_state *view,
		   struct wj_board_box *name, struct wj_board_box *shape,
		   struct wj_board_box *piece, struct ww_board_piece_at *at, int *npieces,
		   struct wj_board_box *label);

/* The colour (0xRRGGBB) that pixel shows for this space's state. */
uint32_t ww_board_colour(const struct ww_data *d, const struct ww_state *view,
			 int space, enum ww_board_piece p);

#endif

/* Replay's check of a hand ledger (ww_text.h): the cards its items say
 * entered and left a hand against the hand before and after. */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "buf.h"
#include "ww_text.h"
#include "yaml_doc.h"

/* Adds `sign` for each card of the list `key` of a ledger item. */
static int ledger_cards(yaml_document_t *doc, yaml_node_t *item, const char *key, int sign,
			int *count, const char *file, char *why, size_t whylen)
{
	yaml_node_t *list = wj_yaml_get(doc, item, key);
	char bad[256];
	if (!list || list->type != YAML_SEQUENCE_NODE) {
		wj_why(why, whylen, "%s: line %d: no %s: list", file, wj_yaml_line(item), key);
		return -1;
	}
	for (yaml_node_item_t *i = list->data.sequence.items.start;
	     i < list->data.sequence.items.top; i++) {
		long long card;
		if (wj_yaml_int(yaml_document_get_node(doc, *i), 1, WW_MAX_CARDS - 1, &card, bad,
				sizeof bad) < 0) {
			wj_why(why, whylen, "%s: %s", file, bad);
			return -1;
		}
		count[card] += sign;
	}
	return 0;
}

/* +1 per card the items say entered, -1 per card that left. */
static int ledger_change(const char *items, size_t len, int *count, const char *file,
			 char *why, size_t whylen)
{
	yaml_parser_t p;
	yaml_document_t doc;
	int rc = 0;
	if (!yaml_parser_initialize(&p)) {
		wj_why(why, whylen, "%s: out of memory", file);
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)items, len);
	if (!yaml_parser_load(&p, &doc)) {
		wj_why(why, whylen, "%s: line %d: not YAML: %s", file,
			 (int)p.problem_mark.line + 1, p.problem ? p.problem : "parse error");
		yaml_parser_delete(&p);
		return -1;
	}
	yaml_parser_delete(&p);
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	for (yaml_node_item_t *i = root ? root->data.sequence.items.start : NULL;
	     root && root->type == YAML_SEQUENCE_NODE && i < root->data.sequence.items.top && !rc;
	     i++) {
		yaml_node_t *item = yaml_document_get_node(&doc, *i);
		rc = ledger_cards(&doc, item, "entered", 1, count, file, why, whylen) < 0 ||
		     ledger_cards(&doc, item, "left", -1, count, file, why, whylen) < 0 ? -1 : 0;
	}
	yaml_document_delete(&doc);
	return rc;
}

/* "gains #20, loses #83" or "does not change" */
static void describe_change(const int *count, char *out, size_t len)
{
	size_t o = 0;
	out[0] = '\0';
	for (int sign = 1; sign >= -1; sign -= 2) {
		bool any = false;
		for (int c = 1; c < WW_MAX_CARDS && o < len; c++) {
			for (int k = 0; k < count[c] * sign && o < len; k++) {
				int n = snprintf(out + o, len - o, "%s%s#%d",
						 o ? (any ? " " : ", ") : "",
						 any ? "" : sign > 0 ? "gains " : "loses ", c);
				o += n > 0 ? (size_t)n : 0;
				any = true;
			}
		}
	}
	if (!out[0])
		snprintf(out, len, "does not change");
}

int ww_ledger_check(const char *items, size_t len, const struct ww_state *before,
		    const struct ww_state *after, int side, const char *file, char *why,
		    size_t whylen)
{
	int want[WW_MAX_CARDS] = { 0 }, got[WW_MAX_CARDS] = { 0 };
	char said[400], did[400];
	if (ledger_change(items, len, want, file, why, whylen) < 0)
		return -1;
	for (int i = 0; i < before->hand[side].n; i++)
		got[before->hand[side].card[i]]--;
	for (int i = 0; i < after->hand[side].n; i++)
		got[after->hand[side].card[i]]++;
	if (memcmp(want, got, sizeof want) == 0)
		return 0;
	describe_change(want, said, sizeof said);
	describe_change(got, did, sizeof did);
	wj_why(why, whylen, "the %s hand %s on replay, but %s says it %s",
		 side == WW_AMERICAN ? "American" : "British", did, file, said);
	return -1;
}

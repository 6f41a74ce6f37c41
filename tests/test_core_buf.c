/* core/buf.c: formatted strings into fixed buffers, the growing string,
 * and the one log line every layer writes to stderr. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "buf.h"

static void fmt_says_whether_it_fitted(void **state)
{
	(void)state;
	char out[8];
	assert_int_equal(wj_fmt(out, sizeof out, "%s", "1234567"), 0);
	assert_int_equal(wj_fmt(out, sizeof out, "%s", "12345678"), -1);
	assert_string_equal(out, "1234567");
}

/* A sentence built in parts: each part after the last, cut short (and
 * still a string) when the buffer is full. */
static void fmt_add_appends_and_stops_at_the_end(void **state)
{
	(void)state;
	char out[12] = "";
	assert_int_equal(wj_fmt_add(out, sizeof out, "%s", "one"), 0);
	assert_int_equal(wj_fmt_add(out, sizeof out, ", %d", 2), 0);
	assert_string_equal(out, "one, 2");
	assert_int_equal(wj_fmt_add(out, sizeof out, " or %s", "three"), -1);
	assert_string_equal(out, "one, 2 or t");
	assert_int_equal(wj_fmt_add(out, sizeof out, "more"), -1);
	assert_string_equal(out, "one, 2 or t");
}

/* A refusal: its reason said, -1 returned, and nothing written where
 * the caller gave no buffer (a check asked only whether an order may be). */
static void why_says_and_refuses(void **state)
{
	(void)state;
	char why[16] = "";
	assert_int_equal(wj_why(why, sizeof why, "no %s", "supply"), -1);
	assert_string_equal(why, "no supply");
	assert_int_equal(wj_why(NULL, 0, "no %s", "supply"), -1);
}

/* Issue 21.11: one writer of error text, saying where the fault is in
 * one form: "FILE:LINE: ", "FILE: " or "line LINE: ". */
static void why_at_says_where_first(void **state)
{
	(void)state;
	char why[64] = "old";
	assert_int_equal(wj_why_at(why, sizeof why, "map.yaml", 12, "no area '%s'", "S99"), -1);
	assert_string_equal(why, "map.yaml:12: no area 'S99'");
	wj_why_at(why, sizeof why, "map.yaml", 0, "empty");
	assert_string_equal(why, "map.yaml: empty");
	wj_why_at(why, sizeof why, NULL, 3, "a tab");
	assert_string_equal(why, "line 3: a tab");
	wj_why_at(why, sizeof why, NULL, 0, "plain");
	assert_string_equal(why, "plain");
	char small[8];
	wj_why_at(small, sizeof small, "a-long-file-name", 100, "x");
	assert_int_equal(strlen(small), 7);
	assert_int_equal(wj_why_at(NULL, 0, "f", 1, "x"), -1);
}

static void buf_keeps_to_its_limit(void **state)
{
	(void)state;
	struct wj_buf b = { .max = 4 };
	assert_int_equal(wj_buf_add(&b, "ab", 2), 0);
	assert_int_equal(wj_buf_add(&b, "cd", 2), 0);
	assert_int_not_equal(wj_buf_add(&b, "e", 1), 0);
	assert_true(b.over);
	assert_string_equal(b.p, "abcd");
	wj_buf_free(&b);
}

/* A whole file: 0 read; -1 cannot be read now (missing); 1 never will be
 * (empty, or larger than the limit), each with the path in err. */
static void read_file_says_now_or_never(void **state)
{
	(void)state;
	char path[] = "/tmp/ww-buf-XXXXXX", err[256];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	struct wj_buf b = { .max = 8 };
	assert_int_equal(wj_read_file(path, &b, err, sizeof err), 1);
	assert_non_null(strstr(err, "empty"));
	assert_int_equal(write(fd, "scenario", 8), 8);
	assert_int_equal(wj_read_file(path, &b, err, sizeof err), 0);
	assert_string_equal(b.p, "scenario");
	wj_buf_free(&b);
	b = (struct wj_buf){ .max = 4 };
	assert_int_equal(wj_read_file(path, &b, err, sizeof err), 1);
	assert_non_null(strstr(err, "larger than 4 bytes"));
	wj_buf_free(&b);
	close(fd);
	unlink(path);
	b = (struct wj_buf){ .max = 4 };
	assert_int_equal(wj_read_file(path, &b, err, sizeof err), -1);
	assert_non_null(strstr(err, path));
	wj_buf_free(&b);
}

/* What wj_log wrote to stderr while fn ran, and in how many writes. */
static char *logged(void (*fn)(void))
{
	fflush(stderr);
	int saved = dup(2);
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	dup2(fileno(tmp), 2);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	long n = ftell(tmp);
	char *text = calloc(1, (size_t)n + 1);
	rewind(tmp);
	assert_int_equal(fread(text, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	return text;
}

static void log_two_lines(void)
{
	wj_log(NULL, "cannot read %s", "game.yaml");
	wj_log("process: <a@b>", "refused: %d", 3);
}

static void log_a_long_line(void)
{
	char big[5000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	wj_log("process", "%s", big);
}

static void log_is_one_line_with_the_program_and_who(void **state)
{
	(void)state;
	char *text = logged(log_two_lines);
	assert_string_equal(text, "wwjudge: cannot read game.yaml\n"
			    "wwjudge process: <a@b>: refused: 3\n");
	free(text);
}

/* A message longer than the line is cut, and the line still ends. */
static void log_cuts_a_long_message_and_ends_the_line(void **state)
{
	(void)state;
	char *text = logged(log_a_long_line);
	size_t n = strlen(text);
	assert_true(n > 1000 && n <= 2048);
	assert_memory_equal(text, "wwjudge process: xxx", 20);
	assert_int_equal(text[n - 1], '\n');
	assert_null(memchr(text, '\n', n - 1));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fmt_says_whether_it_fitted),
		cmocka_unit_test(fmt_add_appends_and_stops_at_the_end),
		cmocka_unit_test(why_says_and_refuses),
		cmocka_unit_test(why_at_says_where_first),
		cmocka_unit_test(buf_keeps_to_its_limit),
		cmocka_unit_test(read_file_says_now_or_never),
		cmocka_unit_test(log_is_one_line_with_the_program_and_who),
		cmocka_unit_test(log_cuts_a_long_message_and_ends_the_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}

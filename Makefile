# wwjudge. `make` builds build/wwjudge; `make test` builds everything again
# under AddressSanitizer and UndefinedBehaviorSanitizer and runs every test.
CC      ?= cc
PKGS    := yaml-0.1 libsodium cairo zlib libcurl
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -Wall -Wextra -Werror
LDLIBS  += $(shell pkg-config --libs $(PKGS)) -letpan
CFLAGS  += $(shell pkg-config --cflags $(PKGS))
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
	   -DWJ_TEST_HOOKS

# Layers are folders (docs/architecture.md). A layer's files are compiled
# with its own and the lower layers' include directories only, so an
# include of a higher layer's header does not build:
#   core/                   itself
#   game/ (game.h)          itself and core/
#   games/NAME/             itself, game/ and core/: nothing of another game
#   record/                 itself, game/ and core/: every game through game.h
#   play/                   itself, record/ and all below: nothing of any game
#   mail/                   itself, play/ and all below: every game through game.h
#   cli/                    itself, mail/, play/ and all below: every game
#                           through game.h, none of their folders; the
#                           games it plays are a line each in games_played.c
# Games are found by their folders: a game joins by adjudicator/games/NAME/
# (its files whose names end in _png.c go in the board plugin), its data
# in data/NAME/, and its line in cli/games_played.c. The tests, fuzzers
# and benchmarks see everything (ALL_INC).
GAMES_DIRS := $(wildcard adjudicator/games/*)
CORE_INC := -Iadjudicator/core
API_INC  := -Iadjudicator/game $(CORE_INC)
REC_INC  := -Iadjudicator/record $(API_INC)
PLAY_INC := -Iadjudicator/play $(REC_INC)
MAIL_INC := -Iadjudicator/mail $(PLAY_INC)
CLI_INC  := -Iadjudicator/cli $(MAIL_INC)
ALL_INC  := -Iadjudicator/cli $(addprefix -I,$(GAMES_DIRS)) $(MAIL_INC)
# The game folder of build/games/NAME/x.o (or build/pic/games/...).
game_of  = adjudicator/games/$(word 1,$(subst /, ,$(lastword $(subst /games/, ,$(1)))))
INC      = $(strip $(if $(findstring /core/,$@),$(CORE_INC),\
	   $(if $(findstring /game/,$@),$(API_INC),\
	   $(if $(findstring /games/,$@),-I$(call game_of,$@) $(API_INC),\
	   $(if $(findstring /record/,$@),$(REC_INC),\
	   $(if $(findstring /play/,$@),$(PLAY_INC),\
	   $(if $(findstring /mail/,$@),$(MAIL_INC),\
	   $(if $(findstring /cli/,$@),$(CLI_INC),\
	   $(ALL_INC)))))))))
HEADERS  := $(wildcard adjudicator/*/*.h adjudicator/games/*/*.h)
# A plugin of another build is refused (plugin.h): its stamp is this.
BUILD_STAMP := $(shell cat $(sort $(HEADERS)) | cksum | cut -d' ' -f1)
CFLAGS  += $(INC) -DWJ_BUILD_STAMP=$(BUILD_STAMP)UL

# LIB_SRC is everything but main(); the test programs link all of it.
# The wwjudge binary links CORE_SRC with plugin.c, and loads the two
# plugins (plugin.h) only when a command draws a board or talks to a
# server; it exports its functions, which the plugins call.
# libetpan, libyaml and libsodium go in statically: of libetpan
# only the MIME parser is used, and linked dynamically it would bring
# GnuTLS and a dozen other libraries into every run.
LIB_SRC  := $(filter-out adjudicator/cli/wwjudge.c adjudicator/cli/plugin.c,\
	$(wildcard adjudicator/*/*.c adjudicator/games/*/*.c))
PNG_SRC  := $(wildcard adjudicator/games/*/*_png.c) adjudicator/core/png_palette.c \
	adjudicator/core/board_draw.c adjudicator/cli/png_stamp.c
NET_SRC  := adjudicator/mail/mail_send.c adjudicator/mail/mail_poll.c
CORE_SRC := $(filter-out $(PNG_SRC) $(NET_SRC),$(LIB_SRC)) adjudicator/cli/plugin.c
CORE_LIBS := -Wl,-Bstatic -letpan -lyaml -lsodium -Wl,-Bdynamic -ldl -Wl,--export-dynamic
PNG_LIBS := $(shell pkg-config --libs cairo zlib)
NET_LIBS := $(shell pkg-config --libs libcurl)
PLUGIN   := -shared -Wl,-Bsymbolic
# The test programs find the boards they link as the binary finds the
# plugin's (games.h's game_board): by name, so they export their functions.
TEST_LIBS := -ldl -rdynamic
TEST_SRC := $(wildcard tests/test_*.c)

all: build/wwjudge

build/%.o: adjudicator/%.c $(HEADERS) | build
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<
build/pic/%.o: adjudicator/%.c $(HEADERS) | build/pic
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fPIC -c -o $@ $<
build/wwjudge: build/cli/wwjudge.o $(CORE_SRC:adjudicator/%.c=build/%.o) build/wwjudge-png.so build/wwjudge-net.so
	$(CC) $(CFLAGS) -o $@ build/cli/wwjudge.o $(CORE_SRC:adjudicator/%.c=build/%.o) $(CORE_LIBS)
build/wwjudge-png.so: $(PNG_SRC:adjudicator/%.c=build/pic/%.o)
	$(CC) $(CFLAGS) $(PLUGIN) -o $@ $^ $(PNG_LIBS)
build/wwjudge-net.so: $(NET_SRC:adjudicator/%.c=build/pic/%.o)
	$(CC) $(CFLAGS) $(PLUGIN) -o $@ $^ $(NET_LIBS)

san/%.o: adjudicator/%.c $(HEADERS) | san
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) -c -o $@ $<
san/pic/%.o: adjudicator/%.c $(HEADERS) | san/pic
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN) -fPIC -c -o $@ $<
san/wwjudge: san/cli/wwjudge.o $(CORE_SRC:adjudicator/%.c=san/%.o) san/wwjudge-png.so san/wwjudge-net.so
	$(CC) $(CFLAGS) $(SAN) -o $@ san/cli/wwjudge.o $(CORE_SRC:adjudicator/%.c=san/%.o) $(CORE_LIBS)
san/wwjudge-png.so: $(PNG_SRC:adjudicator/%.c=san/pic/%.o)
	$(CC) $(CFLAGS) $(SAN) $(PLUGIN) -o $@ $^ $(PNG_LIBS)
san/wwjudge-net.so: $(NET_SRC:adjudicator/%.c=san/pic/%.o)
	$(CC) $(CFLAGS) $(SAN) $(PLUGIN) -o $@ $^ $(NET_LIBS)
san/test_%: tests/test_%.c tests/*.h $(LIB_SRC:adjudicator/%.c=san/%.o) | san
	$(CC) $(CFLAGS) $(SAN) -Itests -o $@ $< $(LIB_SRC:adjudicator/%.c=san/%.o) $(LDLIBS) \
		$(TEST_LIBS) -lcmocka

san/soak: tests/soak.c tests/*.h $(LIB_SRC:adjudicator/%.c=san/%.o) | san
	$(CC) $(CFLAGS) $(SAN) -Itests -o $@ $< $(LIB_SRC:adjudicator/%.c=san/%.o) $(LDLIBS) \
		$(TEST_LIBS)

build san build/pic san/pic:
	mkdir -p $@

TESTS := $(TEST_SRC:tests/%.c=san/%)

# Unit tests (cmocka) then the command-line tests (tests/cli/*.sh), all
# against the sanitized build. Each cmocka binary prints its own summary;
# tests/run prints the closing "N passed, N failed" line.
test: $(TESTS) san/wwjudge
	tests/run $(TESTS)

# Random complete games under the sanitizers (docs/soak.md); failures are
# saved under soak-failures/. GAMES is sized for about 2 minutes on 2 cores.
GAMES ?= 20000
SK_GAMES ?= 5000
TQ_GAMES ?= 2000
JOBS  ?= 2
SEED  ?= 1
# tests/load.sh (issue 27): mails through the delivery wrapper, killed
# and faulted at random; it prints the figures and the lost and doubled
LOAD_GAMES ?= 40
LOAD_MAILS ?= 12
LOAD_CONC ?= 8
soak: san/soak san/test_skirmish_soak san/test_tq_soak san/wwjudge
	WW_DATA=$(CURDIR)/data/washingtons-war ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 san/soak --games $(GAMES) --seed $(SEED) --jobs $(JOBS)
	SK_SOAK_GAMES=$(SK_GAMES) SK_SOAK_SEED=$(SEED) san/test_skirmish_soak
	TQ_SOAK_GAMES=$(TQ_GAMES) TQ_SOAK_SEED=$(SEED) san/test_tq_soak
	WW_DATA=$(CURDIR)/data/washingtons-war WW_BIN=$(CURDIR)/san/wwjudge GAMES=$(LOAD_GAMES) \
	MAILS=$(LOAD_MAILS) CONC=$(LOAD_CONC) LOAD_SEED=$(SEED) tests/load.sh

example: build/wwjudge
	tests/example.sh build/wwjudge

# PREFIX/bin/wwjudge, its plugins in PREFIX/lib/wwjudge/, the data and the
# templates in PREFIX/share/wwjudge/: where the binary looks for them.
# BUILD=san installs the sanitized build (tests/cli/install.sh).
PREFIX ?= /usr/local
BUILD  ?= build
install: $(BUILD)/wwjudge
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/wwjudge \
		$(DESTDIR)$(PREFIX)/share/wwjudge/templates
	install -m 755 $(BUILD)/wwjudge $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/wwjudge-png.so $(BUILD)/wwjudge-net.so $(DESTDIR)$(PREFIX)/lib/wwjudge/
	for f in $$(cd data && find . -name '*.yaml'); do \
		install -D -m 644 data/$$f $(DESTDIR)$(PREFIX)/share/wwjudge/data/$$f || exit 1; \
	done
	install -m 644 templates/* $(DESTDIR)$(PREFIX)/share/wwjudge/templates/

clean:
	rm -rf build san

.PHONY: all test soak example install clean
.SECONDARY:

# libFuzzer harnesses (fuzz/*.c, docs/robustness.md), built with clang under
# ASan and UBSan; each runs FUZZ_SECONDS from its corpus fuzz/corpus/NAME/.
# New inputs go to fuzz/out/NAME/ (not checked in); crashes to fuzz/crashes/.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  = -O1 -g -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -Wall -Wextra $(INC) \
	-DWJ_BUILD_STAMP=$(BUILD_STAMP)UL \
	$(shell pkg-config --cflags $(PKGS)) -DWW_FUZZ_DATA='"$(CURDIR)/data/washingtons-war"'
FUZZERS      := $(patsubst fuzz/%.c,%,$(wildcard fuzz/*.c))

fuzz/obj/%.o: adjudicator/%.c $(HEADERS) | fuzz/obj
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<
fuzz/bin/%: fuzz/%.c fuzz/fuzz.h $(LIB_SRC:adjudicator/%.c=fuzz/obj/%.o) | fuzz/bin
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< \
		$(LIB_SRC:adjudicator/%.c=fuzz/obj/%.o) $(LDLIBS)
fuzz/obj fuzz/bin:
	mkdir -p $@

fuzz: $(FUZZERS:%=fuzz/bin/%)
	@for f in $(FUZZERS); do \
		mkdir -p fuzz/out/$$f fuzz/crashes; \
		echo "== fuzz $$f for $(FUZZ_SECONDS) s"; \
		WW_CACHE=off fuzz/bin/$$f -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
			-artifact_prefix=fuzz/crashes/$$f- fuzz/out/$$f fuzz/corpus/$$f \
			>fuzz/out/$$f.log 2>&1; rc=$$?; \
		grep -E '^(#[0-9]+ *DONE|==[0-9]+==ERROR|SUMMARY|artifact)' fuzz/out/$$f.log; \
		test $$rc -eq 0 || exit 1; \
	done

.PHONY: fuzz

# Benchmarks (bench/, docs/robustness.md): optimised build, not part of test.
bench/bench: bench/bench.c bench/bench.h bench/png_floor.h tests/driver.h \
	     $(LIB_SRC:adjudicator/%.c=build/%.o)
	$(CC) $(CFLAGS) -Itests -o $@ $< $(LIB_SRC:adjudicator/%.c=build/%.o) $(LDLIBS) \
		$(shell pkg-config --libs libpng)
bench/tq_engine: bench/tq_engine.c bench/bench.h tests/tq_random.h \
		 $(LIB_SRC:adjudicator/%.c=build/%.o)
	$(CC) $(CFLAGS) -Itests -o $@ $< $(LIB_SRC:adjudicator/%.c=build/%.o) $(LDLIBS)
bench/e2e: bench/e2e.c bench/bench.h
	$(CC) $(CFLAGS) -o $@ $<
# The default mail's floor checks the password and writes the boards: the
# same libsodium, linked as the judge links it, and libpng.
bench/floor: bench/floor.c bench/png_floor.h
	$(CC) $(CFLAGS) -o $@ $< -Wl,-Bstatic -lsodium -Wl,-Bdynamic $(shell pkg-config --libs libpng zlib)
bench: build/wwjudge bench/bench bench/tq_engine bench/floor bench/e2e
	bench/run.sh

.PHONY: bench

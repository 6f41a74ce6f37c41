#!/usr/bin/env python3
"""make bench (bench/run.sh): big trees written directly, not played.

  grow.py log GAME N      GAME's log grown to N entries: copies of its
                          entry 2, the sides taking turns (the last is the
                          American's, as in GAME), each with a ledger item
                          on both sides and a Message-ID in seen.d/, and
                          GAME/index to match (docs/record.md)
  grow.py games BASE DIR N   N games in DIR, each BASE hard-linked
"""
import hashlib, os, re, sys


def grow_log(game, n):
    two = open(os.path.join(game, "log/000002.yaml")).read()
    item = "- move: %d\n  entry: %d\n  entered:\n    - 20  # a card\n  left:\n    - 83  # a card\n"
    ledgers = {s: open(os.path.join(game, "secret/ledger-%s.yaml" % s), "a")
               for s in ("american", "british")}
    seen = {}
    for k in range(3, n + 1):
        side = "american" if (n - k) % 2 == 0 else "british"
        text = re.sub(r"^entry: 2$", "entry: %d" % k, two, flags=re.M)
        text = re.sub(r"^side: \w+$", "side: " + side, text, flags=re.M)
        with open(os.path.join(game, "log/%06d.yaml" % k), "w") as f:
            f.write(text)
        for f in ledgers.values():
            f.write(item % (k, k))
        line = "<bench-%d@example.org>" % k
        seen.setdefault(hashlib.blake2b(line.encode(), digest_size=32).digest()[0] % 64,
                        []).append(line)
    for f in ledgers.values():
        f.close()
    os.makedirs(os.path.join(game, "seen.d"), exist_ok=True)
    for b, lines in seen.items():
        with open(os.path.join(game, "seen.d/%02x" % b), "a") as f:
            f.write("".join(l + "\n" for l in lines))
    with open(os.path.join(game, "index"), "w") as f:
        f.write("next_entry: %d\nlast_order: %d %d\naccepted_from: %d\naccepted: %d %d\n"
                "waiting: british\n" % (n + 1, n, n - 1, n - 1, n - 1, n))


def many_games(base, out, n):
    for i in range(n):
        g = os.path.join(out, "g%05d" % i)
        for root, dirs, files in os.walk(base):
            to = os.path.join(g, os.path.relpath(root, base))
            os.makedirs(to, exist_ok=True)
            for d in dirs:
                os.makedirs(os.path.join(to, d), exist_ok=True)
            for f in files:
                os.link(os.path.join(root, f), os.path.join(to, f))


if sys.argv[1] == "log":
    grow_log(sys.argv[2], int(sys.argv[3]))
else:
    many_games(sys.argv[2], sys.argv[3], int(sys.argv[4]))

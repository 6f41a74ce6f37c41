#!/usr/bin/env python3
"""make bench (bench/run.sh): big trees written directly, not played.

  grow.py log GAME N [LIKE]  GAME's log grown to N entries: copies of
                          its entry LIKE (2 if not given; its last), the
                          sides taking turns (the last is the American's),
                          each with a ledger item on both sides, its mail's
                          two lines in seen.d/ (the side's Message-ID and
                          the mail's hash) and the records of its two
                          reports sent (outbox/cur: GAME's last mails),
                          GAME/index to match, and every block of 64
                          entries 64 later ones passed in its packs, as
                          the judge leaves them (docs/record.md, "Packs")
  grow.py games BASE DIR N   N games in DIR, each BASE hard-linked
"""
import hashlib, os, re, sys


BLOCK = 64


def record(mail, k):
    """What `send` keeps of a mail (docs/mail.md), its Message-ID entry k's."""
    head = mail.split(b"\r\n\r\n", 1)[0] + b"\r\n"
    kept = re.findall(rb"^(?:To|Reply-To|Subject|Date|Message-ID):.*\r\n(?:[ \t].*\r\n)*",
                      head, flags=re.M | re.I)
    text = re.sub(rb"\.\d{6}\.", b".%06d." % k, b"".join(kept))
    digest = hashlib.blake2b(mail, digest_size=32).hexdigest()
    return b"X-Wwjudge-Sent: blake2b-256=%s; bytes=%d\r\n" % (digest.encode(), len(mail)) + text


def pack(directory, name, members):
    """The members (file names in directory, all there) into one pack, then removed."""
    with open(os.path.join(directory, name), "wb") as f:
        for m in members:
            data = open(os.path.join(directory, m), "rb").read()
            f.write(b"--- # %s, %d bytes\n" % (m.encode(), len(data)) + data)
    for m in members:
        os.unlink(os.path.join(directory, m))


def sent_records(game, like, n):
    new = os.path.join(game, "outbox/new")
    cur = os.path.join(game, "outbox/cur")
    os.makedirs(cur, exist_ok=True)
    mails = {s: open(os.path.join(new, m), "rb").read() for m in sorted(os.listdir(new))
             for s in ("american", "british") if m.endswith("." + s)}
    for k in range(like + 1, n + 1):
        for side, mail in mails.items():
            with open(os.path.join(cur, "%06d.%s" % (k, side)), "wb") as f:
                f.write(record(mail, k))


def pack_blocks(game, n):
    log, cur = os.path.join(game, "log"), os.path.join(game, "outbox/cur")
    for first in range(1, n - 2 * BLOCK + 2, BLOCK):
        last = first + BLOCK - 1
        pack(log, "%06d-%06d.yaml" % (first, last),
             ["%06d.yaml" % k for k in range(first, last + 1)])
        names = sorted(m for m in os.listdir(cur) if re.match(r"\d{6}\.", m)
                       and first <= int(m[:6]) <= last)
        if names:
            pack(cur, "pack-%06d-%06d" % (first, last), names)


def grow_log(game, n, like):
    two = open(os.path.join(game, "log/%06d.yaml" % like)).read()
    item = "- move: %d\n  entry: %d\n  entered:\n    - 20  # a card\n  left:\n    - 83  # a card\n"
    ledgers = {s: open(os.path.join(game, "secret/ledger-%s.yaml" % s), "a")
               for s in ("american", "british")}
    seen = {}
    for k in range(like + 1, n + 1):
        side = "american" if (n - k) % 2 == 0 else "british"
        text = re.sub(r"^entry: %d$" % like, "entry: %d" % k, two, flags=re.M)
        text = re.sub(r"^side: \w+$", "side: " + side, text, flags=re.M)
        text = re.sub(r'^message_id: ".*"$', 'message_id: "<bench-%d@example.org>"' % k, text,
                      flags=re.M)
        with open(os.path.join(game, "log/%06d.yaml" % k), "w") as f:
            f.write(text)
        for f in ledgers.values():
            f.write(item % (k, k))
        for line in ("%s:<bench-%d@example.org>" % (side, k),
                     "<%s@hash.wwjudge>" % hashlib.blake2b(b"%d" % k, digest_size=32).hexdigest()):
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
    sent_records(game, like, n)
    pack_blocks(game, n)


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
    grow_log(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 2)
else:
    many_games(sys.argv[2], sys.argv[3], int(sys.argv[4]))

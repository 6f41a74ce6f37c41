#!/usr/bin/env python3
"""make bench (bench/run.sh): the boards a command's mails carry, as the
palette pixels the floor (bench/floor.c) encodes again with libpng.

    palette_pixels.py OUT MAIL...

Each distinct PNG attached to the MAILs (a board both sides' mails carry
is drawn once, and counted once) is decoded and written to OUT.1, OUT.2,
...: a line "WIDTH HEIGHT COLOURS", the palette (3 bytes a colour), then
the rows of palette indices, one byte a pixel. Prints how many."""
import email
import struct
import sys
import zlib


def chunks(png):
    at = 8
    while at < len(png):
        n, kind = struct.unpack(">I4s", png[at:at + 8])
        yield kind, png[at + 8:at + 8 + n]
        at += 12 + n


def pixels(png):
    head, palette, data = None, b"", b""
    for kind, body in chunks(png):
        if kind == b"IHDR":
            head = struct.unpack(">IIBB", body[:10])
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            data += body
    w, h, depth, colour = head
    if depth != 8 or colour != 3:
        sys.exit("palette_pixels.py: not an 8-bit palette PNG")
    raw = zlib.decompress(data)
    rows = b""
    for y in range(h):
        row = raw[y * (w + 1):(y + 1) * (w + 1)]
        if row[0] != 0:
            sys.exit("palette_pixels.py: a row with a filter; the judge writes none")
        rows += row[1:]
    return b"%d %d %d\n" % (w, h, len(palette) // 3) + palette + rows


def main():
    out, seen = sys.argv[1], []
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            mail = email.message_from_binary_file(f)
        for part in mail.walk():
            png = part.get_payload(decode=True) if part.get_content_type() == "image/png" else None
            if png and png not in seen:
                seen.append(png)
                with open("%s.%d" % (out, len(seen)), "wb") as f:
                    f.write(pixels(png))
    print(len(seen))


main()

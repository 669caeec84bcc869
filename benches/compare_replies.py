#!/usr/bin/env python3
"""Compares the replies two pbmgo builds send for the same mail: byte for
byte apart from the Date and the ids, and pixel for pixel for the pictures.

    python3 benches/compare_replies.py OLD_BIN NEW_BIN [GAMES [MAILS]]

Builds one home with benches/poll_load.py (GAMES games of 19x19, MAILS
move mails each; 20 and 10 by default) plus a 9x9 game played by mail,
copies it, runs `poll` on each copy with its build and the same pinned
clock (PBMGO_NOW), and compares the mails the file transport wrote.

Each mail is normalised before comparing: the Date header's value, the
Message-ID, In-Reply-To and References ids, the MIME boundaries and the
Content-IDs (and their `cid:` references) become placeholders numbered in
order of appearance, and each PNG's base64 body becomes the SHA-256 of its
decoded RGB pixels (the encoder may change the bytes, never the pixels).
The mails of both runs are then sorted and compared one by one; the first
difference is printed as a unified diff. Exit status 0: identical.
"""
import base64
import difflib
import email
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = "2026-11-22T10:00:00Z"


def run(binary, *args, check=True):
    env = dict(os.environ, PBMGO_NOW=NOW)
    return subprocess.run([binary, *args], check=check, capture_output=True, env=env)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def pixels(png):
    """The RGB pixels of an 8-bit PNG (palette or RGB), as bytes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, palette = 8, b"", None
    while at < len(png):
        (n,) = struct.unpack(">I", png[at:at + 4])
        kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", data[:10])
        elif kind == b"PLTE":
            palette = data
        elif kind == b"IDAT":
            idat += data
        at += 12 + n
    assert depth == 8 and color in (2, 3), (depth, color)
    bpp = 3 if color == 2 else 1
    stride = width * bpp
    raw = zlib.decompress(idat)
    rows = [raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)] for y in range(height)]
    if all(raw[y * (stride + 1)] == 0 for y in range(height)):
        out = b"".join(rows)
    else:
        out, prev = bytearray(), bytearray(stride)
        for y in range(height):
            f, line = raw[y * (stride + 1)], bytearray(rows[y])
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
                line[x] = (line[x] + (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 0xFF
            out += line
            prev = line
    if color == 2:
        return bytes(out)
    rgb = bytearray(3 * len(out))
    for i in range(3):
        table = bytes(palette[3 * k + i] if 3 * k + i < len(palette) else 0 for k in range(256))
        rgb[i::3] = bytes(out).translate(table)
    return bytes(rgb)


def normalised(raw):
    """The mail with its ids, boundaries and Date masked, and its pictures as pixel hashes."""
    text = raw.decode("utf-8", "replace")
    names = {}

    def name(kind, value):
        return names.setdefault((kind, value), f"<{kind}-{sum(k == kind for k, _ in names) + 1}>")

    for b in re.findall(r'boundary="([^"]+)"', text):
        text = text.replace(b, name("boundary", b))
    for cid in re.findall(r"Content-ID: <([^>]+)>", text):
        text = text.replace(cid, name("cid", cid))
    text = re.sub(r"(?m)^Date: .*$", "Date: <date>", text)
    for header in ("Message-ID", "In-Reply-To", "References"):
        def ids(m):
            return m.group(1) + " ".join(name("id", i) for i in re.findall(r"<([^>]+)>", m.group(2)))
        text = re.sub(rf"(?m)^({header}: )((?:.*\r?\n[ \t].*)*.*)$", ids, text)

    def picture(m):
        png = base64.b64decode(re.sub(r"\s", "", m.group(2)))
        return m.group(1) + "pixels:" + hashlib.sha256(pixels(png)).hexdigest() + "\r\n"

    return re.sub(r"(Content-Type: image/png[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)([A-Za-z0-9+/=\r\n]+?)\r\n(?=--|\r\n)",
                  picture, text)


def sent(home):
    folder = os.path.join(home, "outbox")
    return sorted(normalised(open(os.path.join(folder, f), "rb").read()) for f in os.listdir(folder))


def play_9x9(binary, home, game):
    """A 9x9 game between two of the load's players, played by mail into the inbox."""
    run(binary, "--home", home, "game", "new", "--black", "p00000", "--white", "p00001", "--size", "9")
    moves = ["E5", "C3", "G7", "C7", "G3", "E3", "E7", "pass", "pass"]
    for i, point in enumerate(moves):
        who = f"p0000{i % 2}"
        command = "pass" if point == "pass" else f"move game{game} {point}"
        mail = (f"From: {who}@example.org\r\nTo: pbmgo@localhost\r\nSubject: {command}\r\n"
                f"Message-ID: <nine-{i}@example.org>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\n\r\n"
                f"{command} game{game}\r\n")
        with open(os.path.join(home, "inbox", "new", f"{2000000 + i}.nine{i}.host"), "w") as f:
            f.write(mail)


def main(old, new, games="20", mails="10"):
    top = tempfile.mkdtemp(prefix="compare-replies-")
    home = os.path.join(top, "home")
    env = dict(os.environ, PBMGO=old, PBMGO_NOW=NOW)
    subprocess.run([sys.executable, os.path.join(HERE, "poll_load.py"), home, games, mails],
                   check=True, env=env, capture_output=True)
    play_9x9(old, home, int(games) + 1)
    homes = {}
    for label, binary in (("old", old), ("new", new)):
        homes[label] = os.path.join(top, label)
        shutil.copytree(home, homes[label], symlinks=True)
        run(binary, "--home", homes[label], "poll")
    a, b = sent(homes["old"]), sent(homes["new"])
    print(f"{len(a)} mails from the old build, {len(b)} from the new one")
    pictures = sum(m.count("pixels:") for m in a)
    nine = sum(f"game{int(games) + 1}" in m for m in a)
    print(f"{pictures} pictures compared by their pixels; {nine} mails about the 9x9 game")
    same = a == b
    if not same:
        for x, y in zip(a, b):
            if x != y:
                sys.stdout.writelines(difflib.unified_diff(x.splitlines(True), y.splitlines(True), "old", "new"))
                break
    print("identical" if same else "DIFFERENT")
    shutil.rmtree(top)
    return 0 if same else 1


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))

#!/usr/bin/env python3
"""Builds a pbmgo home for a poll throughput run: N games (19x19) between
2N players, and M move mails per game in the inbox, one mail per move,
alternating colours, on points that never capture.

    cargo build --release
    H=/tmp/load-$(date +%s)                            # a new folder each run
    python3 benches/poll_load.py $H 1000 10            # 10,000 mails
    cp -a $H $H-b                                      # before any run
    time target/release/pbmgo --home $H poll --no-send
    time target/release/pbmgo --home $H send
    time target/release/pbmgo --home $H-b poll         # end to end

The home must not exist yet: ext4 creates files slowly right after many
files were deleted nearby, so a home rebuilt where the last one was
removed measures the filesystem, not pbmgo. Remove old homes after
measuring. Players are inserted with SQL (the CLI would take minutes for
thousands); games are created with `pbmgo game new`.
"""
import os
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PBMGO = os.environ.get("PBMGO", os.path.join(HERE, "..", "target", "release", "pbmgo"))
COLS = "ABCDEFGHJKLMNOPQRST"


def run(*args):
    subprocess.run([PBMGO, *args], check=True, capture_output=True)


def main(home, games, per_game):
    if os.path.exists(home):
        sys.exit(f"{home} exists: build each home in a new folder (see the docstring)")
    run("--home", home, "init")
    db = sqlite3.connect(os.path.join(home, "pbmgo.sqlite3"))
    now = "2026-11-22T10:00:00Z"
    for i in range(2 * games):
        db.execute("INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)", (i + 1, f"p{i:05d}", now))
        db.execute("INSERT INTO addresses (address, player_id) VALUES (?, ?)", (f"p{i:05d}@example.org", i + 1))
    db.commit()
    db.close()
    for g in range(games):
        run("--home", home, "game", "new", "--black", f"p{2 * g:05d}", "--white", f"p{2 * g + 1:05d}", "--size", "19")
    k = 0
    for m in range(per_game):
        for g in range(games):
            color = m % 2
            player = f"p{2 * g + color:05d}"
            point = f"{COLS[(m // 2) % 19]}{1 + (m // 38) * 2 + color * 10}"
            raw = (f"From: {player}@example.org\r\nTo: pbmgo@localhost\r\n"
                   f"Subject: move game{g + 1} {point}\r\nMessage-ID: <load-{k}@example.org>\r\n"
                   f"Date: Sun, 22 Nov 2026 10:00:00 +0000\r\n\r\nmy move\r\n")
            with open(os.path.join(home, "inbox", "new", f"{1000000 + k}.load{k}.host"), "w") as f:
                f.write(raw)
            k += 1
    print(f"{home}: {games} games, {k} mails")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))

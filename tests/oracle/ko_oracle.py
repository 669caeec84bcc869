#!/usr/bin/env python3
"""Oracle for pbmgo's tests: what the reference checker makes of SGF records.

For every .sgf file (below each DIR argument, walked and sorted as
ko_reference.scan_dir does, or each FILE argument) this runs
ko_reference.load_sgf and replay_moves exactly as scan_dir does, and writes
ONE JSON document (a list, one entry per file) to stdout or to --out FILE:

  {"file": "<path relative to DIR, or FILE as given>", "error": "<reason>"}
      when load_sgf raises (the record is refused), else
  {"file": ..., "size": n, "start": [rows], "moves": [entries]}

Boards are lists of rows, the top row first, one character per point:
X black, O white, . empty. Each move entry is either
  {"setup": [rows]}          a non-root node added or removed stones: the
                             board after that node's setup ("SETUP" item)
or
  {"color": "B"|"W", "point": "C3"|"pass", "captures": n,
   "verdicts": {"simple": b, "psk": b, "ssk": b, "scott": b,
                "scott_clr": b, "scott_sit": b}}
                             true = that rule forbids the move
and a move on an occupied point (the replay stops there; nothing follows it)
also has "occupied": true.

Needs only the standard library and sgfmill. ko_reference.py is found in
<crate>/../shared/tools (this script lives in <crate>/tests/oracle).
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "tools"))
sys.path.insert(0, TOOLS)

import ko_reference as kr  # noqa: E402


def rows(size, cells):
    """Board as rows, top row first."""
    return ["".join(".XO"[cells[r * size + c]] for c in range(size))
            for r in range(size - 1, -1, -1)]


def sgf_files(root):
    """Every .sgf below root, in scan_dir's order, as (path, relative name)."""
    out = []
    for dp, dn, fn in os.walk(root):
        dn.sort()
        for f in sorted(fn):
            if f.lower().endswith(".sgf"):
                path = os.path.join(dp, f)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                out.append((path, rel))
    return out


def move_entry(size, rep):
    entry = {
        "color": kr.COLOR_NAME[rep.color],
        "point": kr.pt_name(size, rep.point),
        "captures": rep.captures,
        "verdicts": {r: bool(rep.verdict[r]) for r in kr.RULES},
    }
    if rep.occupied:
        entry["occupied"] = True
    return entry


def examine(path, name):
    try:
        size, cells, moves, to_move = kr.load_sgf(path)
    except Exception as e:  # refused, as scan_dir counts it "unparsed"
        return {"file": name, "error": "%s: %s" % (type(e).__name__, e)}
    reports = kr.replay_moves(size, cells, moves, to_move)
    entries = []
    it = iter(reports)
    for colour, p in moves:
        if colour == "SETUP":
            entries.append({"setup": rows(size, p)})
            continue
        rep = next(it, None)
        if rep is None:  # nothing is replayed after an occupied point
            break
        entries.append(move_entry(size, rep))
    return {"file": name, "size": size, "start": rows(size, cells),
            "moves": entries}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+", metavar="DIR|FILE")
    ap.add_argument("--out", help="write the JSON here instead of stdout")
    args = ap.parse_args(argv)
    files = []
    for p in args.paths:
        files.extend(sgf_files(p) if os.path.isdir(p) else [(p, p)])
    result = [examine(path, name) for path, name in files]
    text = json.dumps(result, separators=(",", ":")) + "\n"
    if args.out:
        tmp = "%s.%d.tmp" % (args.out, os.getpid())
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, args.out)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Speed of the native solver against the textbook C program, measured in one run.

The C reference is the fixed-order backtracking program of BlogsDope's knight's tour tutorial,
not part of this repository: give its source with --c-source PATH or KNIGHTS_TOUR_C_REFERENCE
(it takes N as its argument, searches N x N from the top-left corner in the move order (2,1),
(1,2), (-1,2), (-2,1), (-2,-1), (-1,-2), (1,-2), (2,-1), and prints the placements on stderr);
it is built with gcc -O2. `knights-tour solve --board 8x8 --start 0,0 --heuristic fixed` makes
exactly the same search (8,250,733 placements, 16.5 million events). Both are timed as whole
processes, interleaved round by round so that the shared machine's noise falls on both alike;
the figures are medians. Without the C program (or gcc) the rest is measured and the ratio is
not, as the output says. Also reported: the solver's own in-process search time (from its JSON
stats), the events per second that gives, and a few other searches for scale.

    python3 bench/speed.py [--rounds 15] [--c-source PATH]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "release", "knights-tour")
C_SOURCE_VARIABLE = "KNIGHTS_TOUR_C_REFERENCE"

REFERENCE = ["solve", "--board", "8x8", "--start", "0,0", "--heuristic", "fixed", "--format", "json"]
OTHERS = {
    "8x8 fixed from a1": ["solve", "--board", "8x8", "--start", "a1", "--heuristic", "fixed"],
    "1000x1000 roth": ["solve", "--board", "1000x1000", "--heuristic", "roth"],
    "6x6 closed count": ["count", "--board", "6x6", "--closed"],
}


def wall(command):
    """Seconds a whole process takes, and its standard output."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start, done.stdout


def median_ms(samples):
    return statistics.median(samples) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--c-source", default=os.environ.get(C_SOURCE_VARIABLE),
                        help=f"the C reference's source (default: ${C_SOURCE_VARIABLE})")
    args = parser.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    c_binary = None
    missing = None
    if not args.c_source:
        missing = f"no C reference given (--c-source PATH or {C_SOURCE_VARIABLE}; see --help)"
    elif not os.path.exists(args.c_source):
        missing = f"no C reference at {args.c_source}"
    elif not shutil.which("gcc"):
        missing = "no gcc to build the C reference"
    if missing:
        print(f"{missing}: the ratio is not measured", file=sys.stderr)
    else:
        c_binary = os.path.join(tempfile.mkdtemp(), "blogsdope")
        subprocess.run(["gcc", "-O2", "-o", c_binary, args.c_source], check=True)

    ours, theirs, inside = [], [], []
    for _ in range(2):  # warm-up: page cache, CPU frequency
        wall([BINARY] + REFERENCE)
        if c_binary:
            wall([c_binary, "8"])
    for _ in range(args.rounds):
        seconds, output = wall([BINARY] + REFERENCE)
        ours.append(seconds)
        report = json.loads(output)
        inside.append(report["stats"]["elapsed_ms"] / 1e3)
        if c_binary:
            theirs.append(wall([c_binary, "8"])[0])
    stats = report["stats"]
    events = stats["placements"] + stats["backtracks"]
    assert stats["placements"] == 8_250_733, "not the reference search"

    print(f"8x8 fixed order from the top-left corner: {stats['placements']:,} placements, "
          f"{events:,} events; medians of {args.rounds} interleaved rounds")
    print(f"  knights-tour, whole process   {median_ms(ours):7.1f} ms")
    if c_binary:
        print(f"  C reference, whole process    {median_ms(theirs):7.1f} ms")
        print(f"  ratio (knights-tour / C)      {statistics.median(ours) / statistics.median(theirs):7.2f}")
    search = statistics.median(inside)
    print(f"  knights-tour, search only     {search * 1e3:7.1f} ms = {events / search / 1e6:.0f} million events/s, "
          f"{search / events * 1e9:.2f} ns/event")
    for name, command in OTHERS.items():
        samples = [wall([BINARY] + command)[0] for _ in range(5)]
        print(f"  {name:<28}  {median_ms(samples):7.1f} ms (whole process, median of 5)")


if __name__ == "__main__":
    main()

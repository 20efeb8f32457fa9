#!/usr/bin/env python3
"""Speed of the native solver against the textbook C program, measured in one run.

The C reference is the fixed-order backtracking program of BlogsDope's knight's tour tutorial,
not part of this repository: give its source with --c-source PATH or KNIGHTS_TOUR_C_REFERENCE
(it takes N as its argument, searches N x N from the top-left corner in the move order (2,1),
(1,2), (-1,2), (-2,1), (-2,-1), (-1,-2), (1,-2), (2,-1), and prints the placements on stderr);
it is built with gcc -O2. `knights-tour solve --board 8x8 --start 0,0 --heuristic fixed` makes
exactly the same search (8,250,733 placements, 16.5 million events). Both are timed as whole
processes, interleaved round by round so that the shared machine's noise falls on both alike;
the figures are medians, of wall time and of CPU time (user + system, from the kernel's account
of the child): on a machine other jobs load, a process waits for a core and its wall time grows,
while its CPU time stays within a few per cent from run to run, so the ratio is given on both. Without the C program (or gcc) the rest is measured and the ratio is
not, as the output says. Also reported: the solver's own in-process search time (from its JSON
stats), the events per second that gives, and a few other searches for scale. With --before
BINARY, another build of the command line (say the main branch's, built in a worktree of its own)
is timed in the same rounds, for a change's before and after measured in one run.

    python3 bench/speed.py [--rounds 15] [--c-source PATH] [--before BINARY]
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


def timed(command):
    """Seconds a whole process takes, wall and CPU, and its standard output."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, command)
    return seconds, usage.ru_utime + usage.ru_stime, output


def median_ms(samples):
    return statistics.median(samples) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--c-source", default=os.environ.get(C_SOURCE_VARIABLE),
                        help=f"the C reference's source (default: ${C_SOURCE_VARIABLE})")
    parser.add_argument("--before", metavar="BINARY",
                        help="another knights-tour binary to time in the same rounds, as before")
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

    ours, theirs, ours_cpu, theirs_cpu, inside = [], [], [], [], []
    before, before_cpu, before_inside = [], [], []
    for _ in range(2):  # warm-up: page cache, CPU frequency
        timed([BINARY] + REFERENCE)
        if args.before:
            timed([args.before] + REFERENCE)
        if c_binary:
            timed([c_binary, "8"])
    for _ in range(args.rounds):
        seconds, cpu, output = timed([BINARY] + REFERENCE)
        ours.append(seconds)
        ours_cpu.append(cpu)
        report = json.loads(output)
        inside.append(report["stats"]["elapsed_ms"] / 1e3)
        if args.before:
            seconds, cpu, output = timed([args.before] + REFERENCE)
            before.append(seconds)
            before_cpu.append(cpu)
            before_inside.append(json.loads(output)["stats"]["elapsed_ms"] / 1e3)
        if c_binary:
            seconds, cpu, _ = timed([c_binary, "8"])
            theirs.append(seconds)
            theirs_cpu.append(cpu)
    stats = report["stats"]
    events = stats["placements"] + stats["backtracks"]
    assert stats["placements"] == 8_250_733, "not the reference search"

    print(f"8x8 fixed order from the top-left corner: {stats['placements']:,} placements, "
          f"{events:,} events; medians of {args.rounds} interleaved rounds")
    print("                                   wall       CPU")
    print(f"  knights-tour, whole process   {median_ms(ours):7.1f} ms {median_ms(ours_cpu):7.1f} ms")
    if c_binary:
        print(f"  C reference, whole process    {median_ms(theirs):7.1f} ms {median_ms(theirs_cpu):7.1f} ms")
        ratio = statistics.median(ours) / statistics.median(theirs)
        ratio_cpu = statistics.median(ours_cpu) / statistics.median(theirs_cpu)
        print(f"  ratio (knights-tour / C)      {ratio:7.2f}    {ratio_cpu:7.2f}")
    search = statistics.median(inside)
    print(f"  knights-tour, search only     {search * 1e3:7.1f} ms = {events / search / 1e6:.0f} million events/s, "
          f"{search / events * 1e9:.2f} ns/event")
    if args.before:
        print(f"  before ({args.before}):")
        print(f"    whole process               {median_ms(before):7.1f} ms {median_ms(before_cpu):7.1f} ms")
        if c_binary:
            ratio = statistics.median(before) / statistics.median(theirs)
            ratio_cpu = statistics.median(before_cpu) / statistics.median(theirs_cpu)
            print(f"    ratio (before / C)          {ratio:7.2f}    {ratio_cpu:7.2f}")
        print(f"    search only                 {median_ms(before_inside):7.1f} ms")
    for name, command in OTHERS.items():
        samples = [timed([BINARY] + command)[0] for _ in range(5)]
        print(f"  {name:<28}  {median_ms(samples):7.1f} ms (whole process, median of 5)")


if __name__ == "__main__":
    main()

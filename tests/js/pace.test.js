// The page's estimate of a count's time left (www/panels/pace.js), on a count whose share done
// grows as a frontier sweep's does: six sweeps of 35 s, each through columns that hold few states
// quickly and through the middle ones, which hold most, slowly.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Pace } from "../../www/panels/pace.js";

const SWEEP_MS = 35_000;
const SWEEPS = 6;
const TOTAL_MS = SWEEP_MS * SWEEPS;

/** The share of a sweep's work done by the time its steps' share `x` is done: most of it mid-sweep. */
const STEPS = 1000;
const work = Array.from({ length: STEPS }, (_, i) => Math.exp(-((((i + 0.5) / STEPS - 0.5) / 0.08) ** 2)) + 0.001);
const done = [0];
for (const w of work) done.push(done.at(-1) + w);

/** The share of a sweep's steps done at its time share `t`, as the core reports a sweep's progress. */
function stepsAt(t) {
  let [low, high] = [0, STEPS];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (done[middle] / done[STEPS] <= t) low = middle;
    else high = middle - 1;
  }
  return low / STEPS;
}

test("the time left stays within a factor of two of the truth once a sweep is behind it, a report every 200 ms", () => {
  const pace = new Pace(0);
  let worst = 1;
  for (let now = 200; now < TOTAL_MS - 20_000; now += 200) {
    const sweep = Math.floor(now / SWEEP_MS);
    const left = pace.left(now, (sweep + stepsAt((now % SWEEP_MS) / SWEEP_MS)) / SWEEPS);
    if (now < 1.2 * SWEEP_MS) continue;
    const truth = (TOTAL_MS - now) / 1000;
    assert.notEqual(left, null, `at ${now / 1000} s`);
    worst = Math.max(worst, left / truth, truth / left);
  }
  // Measured over the last 20 s only, the same count's estimate was off by a factor of 7.7.
  assert.ok(worst < 2, `off by a factor of ${worst.toFixed(2)}`);
});

test("no time is given before a second has passed or while the share done stands still", () => {
  const pace = new Pace(0);
  assert.equal(pace.left(500, 0.1), null, "too soon");
  assert.equal(new Pace(0).left(5_000, 0), null, "nothing done yet");
  assert.ok(Math.abs(pace.left(10_000, 0.5) - 10) < 1e-9, "half in 10 s: 10 s left");
});

// How long a count has left: from how fast the core's estimate of the share done has moved, over
// the latter half of the count so far (and at least its last 20 s). A frontier sweep's share
// grows unevenly, quickly through the columns that hold few states and slowly through the middle
// ones that hold most, once every sweep: over a stretch shorter than a sweep the time left swung
// from a minute to twenty and back on 7x7's grid (six sweeps of about 35 s), where a stretch that
// grows with the count soon spans whole sweeps.

/** The shortest stretch the pace is measured over: enough to smooth a listing's estimate. */
const SHORTEST_MS = 20_000;
/** How long the estimate is watched before any time is given. */
const FIRST_MS = 1_000;

export class Pace {
  constructor(now) {
    this.began = now;
    this.samples = [{ time: now, fraction: 0 }];
  }

  /** Records the estimate `fraction` at `now`; returns the seconds left, or null while unknown. */
  left(now, fraction) {
    const { samples } = this;
    samples.push({ time: now, fraction });
    // Keep one sample at least the stretch old, as the far end of the measure.
    const stretch = Math.max(SHORTEST_MS, (now - this.began) / 2);
    while (samples.length > 2 && now - samples[1].time >= stretch) samples.shift();
    const [first] = samples;
    if (now - first.time < FIRST_MS || fraction <= first.fraction) return null;
    const perSecond = ((fraction - first.fraction) * 1000) / (now - first.time);
    return (1 - fraction) / perSecond;
  }
}

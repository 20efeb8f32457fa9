// Animated exports, for a blog post: the run or the game as a GIF, made by the core in a Web
// Worker (gif-worker.js: the page never waits on it), and as a WebM video, the board's canvas
// filmed with MediaRecorder while the run (or the game) replays from its start at the speed that
// fits the chosen length. One at a time, each with its progress ("Encoding GIF… 40%") and
// Cancel; what comes out is downloaded (by the `save` of the export that asked: export.js). Both end where the board stands: from the start to what
// is shown.
//
// Loaded on first use (parts.js), with the core's part that makes them.

import { startWorker, webmWithDuration } from "../core.js";

/** The GIF's colours, `Gif`'s names for the page's palette entries: the theme in force. */
const GIF_COLOURS = {
  light: "light-square", dark: "dark-square", from: "path-from", to: "path-to", accent: "accent",
  knight: "knight", halo: "knight-halo", backtrack: "backtrack", surface: "surface", ink: "ink",
};
/** The video holds the run's end this long before it stops. */
const HOLD_MS = 1500;
/** What MediaRecorder is asked for, best first: every Chromium and Firefox record one of these. */
const VIDEO_TYPES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];
const VIDEO_BITS_PER_SECOND = 4_000_000;

const percent = (fraction) => `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%`;

const sizeText = (bytes) => (bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

export class AnimatedExport {
  /**
   * `root` holds the `#video-length` select; `line` (an ExportLine) says how an export goes, and
   * its Cancel cancels it; `workerUrl` is gif-worker.js; `changed` is called when an export
   * starts, moves on or ends. Listeners end with `signal`.
   */
  constructor(root, line, workerUrl, changed, signal) {
    this.length = root.querySelector("#video-length");
    this.line = line;
    this.workerUrl = workerUrl;
    this.changed = changed;
    this.job = null; // { cancel() } while an export is under way
    this.recording = null; // a video's `(inSight, now)` while it records: it pauses out of sight
    this.inSight = true; // whether the reader sees the board: a GIF's progress is written only then
    this.due = null; // the progress a GIF's worker gave out of sight, `[words, fraction]`, written once back
    line.cancel.addEventListener("click", () => this.cancel(), { signal });
  }

  /** Whether an export is under way. */
  get busy() {
    return this.job !== null;
  }

  /** The video's length chosen, in seconds. */
  get seconds() {
    return Number(this.length?.value ?? 10);
  }

  /**
   * A GIF of `job` (the worker's: `{settings, events}` for a run to an event, `{settings, path}`
   * for a game; null where there is nothing yet), in `palette` (the painter's colours), saved as
   * `${base}.gif` by `save(filename, blob)`.
   */
  gif({ job, palette, base, save }) {
    if (this.busy || !job) return;
    const colours = Object.fromEntries(Object.entries(GIF_COLOURS).map(([name, variable]) => [name, palette[variable]]));
    const worker = startWorker(this.workerUrl);
    const end = (words) => {
      worker.terminate();
      this.finish(words);
    };
    this.begin("Encoding GIF…", () => end("GIF cancelled."));
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        this.progress(`Encoding GIF… ${percent(data.fraction)}`, data.fraction);
      } else if (data.type === "error") {
        end(`No GIF: ${data.message}.`);
      } else {
        save(`${base}.gif`, new Blob([data.bytes], { type: "image/gif" }));
        end(`GIF saved: ${data.width}×${data.height}, ${sizeText(data.bytes.byteLength)}.`);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(`No GIF: the encoder could not start${event.message ? ` (${event.message})` : ""}.`);
    };
    worker.postMessage({ ...job, colours });
  }

  /**
   * A WebM video of `canvas` while `film` plays the run or the game again from its start to where
   * it stands, in about the chosen length, saved as `${base}.webm` by `save(filename, blob)`.
   * `film` (a mode's; null where there is nothing yet): `start(seconds)` the replay; `playing()`,
   * `fraction()` how far it is; `interrupted()` why it stopped short, or null; `changed()` asks for
   * the board to be painted again; `end()` once the video is done with it.
   */
  webm({ film, canvas, base, save }) {
    if (this.busy || !film) return;
    const type = globalThis.MediaRecorder && VIDEO_TYPES.find((candidate) => MediaRecorder.isTypeSupported(candidate));
    if (!type || !canvas.captureStream) {
      this.finish("No video: this browser cannot record a canvas.");
      return;
    }
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
    const chunks = [];
    recorder.ondataavailable = ({ data }) => data.size > 0 && chunks.push(data);
    let frame = 0;
    let holding = null; // when the replay reached its end
    let keep = false;
    let started = null;
    let away = null; // when the board went out of sight, while it is
    recorder.onstart = () => (started = performance.now());
    const stop = (words) => {
      cancelAnimationFrame(frame);
      this.recording = null;
      film.end();
      const length = started === null ? 0 : performance.now() - started;
      recorder.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        if (keep) {
          const recorded = new Uint8Array(await new Blob(chunks).arrayBuffer());
          let file = recorded;
          try {
            file = webmWithDuration(recorded, length);
          } catch {
            // Left as recorded: it plays, and a player finds its length by reading it through.
          }
          save(`${base}.webm`, new Blob([file], { type: "video/webm" }));
          words = `${words} ${sizeText(file.byteLength)}.`;
        }
        this.finish(words);
      };
      if (recorder.state === "inactive") recorder.onstop();
      else recorder.stop();
    };
    this.begin("Recording WebM…", () => stop("Video cancelled."));
    // Out of sight the replay stands still (frame-loop.js): the recording pauses with it, and
    // asks for no frame, and the video has no still stretch of the time away.
    this.recording = (inSight, now) => {
      if (!inSight && away === null) {
        away = now;
        cancelAnimationFrame(frame);
        if (recorder.state === "recording") recorder.pause();
      } else if (inSight && away !== null) {
        const gone = now - away;
        away = null;
        if (started !== null) started += gone;
        if (holding !== null) holding += gone;
        if (recorder.state === "paused") recorder.resume();
        frame = requestAnimationFrame(watch);
      }
    };
    recorder.start(250);
    film.start(this.seconds);
    const watch = (now) => {
      const stopped = film.interrupted();
      if (stopped) return stop(`Video stopped: ${stopped}.`);
      if (!film.playing() && holding === null) holding = now;
      // The end is held: painted every frame, so that the recording has frames of it.
      if (holding !== null) film.changed();
      const fraction = film.fraction();
      this.line.progress(`Recording WebM… ${percent(fraction)}`, fraction);
      if (holding !== null && now - holding >= HOLD_MS) {
        keep = true;
        return stop(`WebM saved: ${canvas.width}×${canvas.height},`);
      }
      frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
  }

  /**
   * The board went out of the reader's sight at `now`, or came back: a video being recorded
   * pauses meanwhile; a GIF's worker goes on, its progress written once the board is back.
   */
  sighted(inSight, now) {
    this.inSight = inSight;
    if (inSight && this.due) this.line.progress(...this.due);
    this.due = null;
    this.recording?.(inSight, now);
  }

  /** An export's progress: written now in sight, else when the board comes back. */
  progress(words, fraction) {
    if (this.inSight) this.line.progress(words, fraction);
    else this.due = [words, fraction];
  }

  /** Cancels the export under way, if any. */
  cancel() {
    this.job?.cancel();
  }

  dispose() {
    this.cancel();
  }

  begin(words, cancel) {
    this.job = { cancel };
    this.line.progress(words);
    this.changed();
  }

  /** The export ended: `words` say how. */
  finish(words) {
    this.job = null;
    this.due = null;
    this.line.tell(words);
    this.changed();
  }
}

// Types of <knights-tour>, the element the package's module defines (knights-tour.js): its
// settings, its public face and its events. The attributes, CSS properties and parts are
// described in custom-elements.json.

/** A board's settings in force: the search's (the core's) and the page's own. */
export interface KnightsTourSettings {
  rows: number;
  cols: number;
  /** The start square's name (a1 is bottom-left), or null before one is chosen. */
  start: string | null;
  heuristic: "divide" | "fixed" | "warnsdorff" | "roth" | "pohl" | "random";
  backtracking: boolean;
  closed: boolean;
  prune: boolean;
  seed: string;
  restarts: number;
  budget: number | null;
  theorems: boolean;
  /** Moves a second; Infinity is "max", null "auto" (the core's pace for the board). */
  speed: number | null;
  autoplay: boolean;
  theme: "auto" | "light" | "dark";
  teach: boolean;
  projector: boolean;
  race: [string, string] | null;
  play: boolean;
  moves: string | null;
  embed: boolean;
}

export interface KnightsTourEventMap extends HTMLElementEventMap {
  /** The reader changed a setting with the controls; detail: the settings in force. */
  settingschange: CustomEvent<KnightsTourSettings>;
  /** A link or a tag was copied to share the board; detail: what was shared and its text. */
  share: CustomEvent<{ kind: string; text: string }>;
}

export declare class KnightsTourElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The settings in force (null until the core is in). */
  readonly settings: KnightsTourSettings | null;
  /** The squares of the path so far, as row-major indices from the top-left. */
  readonly path: Uint32Array;
  /** Starts (or resumes) the search. */
  play(): void;
  /** Pauses the search. */
  pause(): void;
  /** One event of the search, then paused. */
  step(): void;
  /**
   * Changes some settings as the controls do: reflected to the attributes and announced
   * (`settingschange`); the run starts over unless `restart` is false.
   */
  change(patch: Partial<KnightsTourSettings>, restart?: boolean): void;
  /** Adds sentences to the board's notice. */
  notify(problems: string[]): void;
  addEventListener<K extends keyof KnightsTourEventMap>(type: K, listener: (this: KnightsTourElement, event: KnightsTourEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof KnightsTourEventMap>(type: K, listener: (this: KnightsTourElement, event: KnightsTourEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "knights-tour": KnightsTourElement;
  }
}

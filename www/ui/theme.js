// What a board's `auto` theme is: the page around it says, by the `color-scheme` it sets (a
// site's own light and dark switch, on its root, its body or any element around the board, or its
// `<meta name="color-scheme">`); where it says nothing, or both, the system's setting
// (`prefers-color-scheme`). A board stores no choice of its own: an embedded one follows its
// `theme` attribute, else this. (The app page keeps the visitor's choice: app.js.)

const system = matchMedia("(prefers-color-scheme: dark)");

export class PageScheme {
  /**
   * The scheme around `host` (the element); `changed()` hears when it may have changed: the
   * system's setting, or an attribute of the page's root or body (a class or a `data-theme` that
   * a theme switch flips, a style it sets). Listeners end with `signal`.
   */
  constructor(host, signal, changed) {
    this.host = host;
    system.addEventListener("change", changed, { signal });
    const observer = new MutationObserver(changed);
    for (const node of [document.documentElement, document.body]) if (node) observer.observe(node, { attributes: true });
    signal.addEventListener("abort", () => observer.disconnect());
  }

  /** "dark" or "light": the page's scheme around the board where it names one, else the system's. */
  get scheme() {
    const { host } = this;
    const around = host.parentElement ?? host.getRootNode().host ?? document.documentElement;
    let said = getComputedStyle(around).colorScheme;
    if (said === "normal") said = document.querySelector('meta[name="color-scheme"]')?.content ?? "";
    const words = said.split(/\s+/);
    const [light, dark] = [words.includes("light"), words.includes("dark")];
    if (light !== dark) return dark ? "dark" : "light";
    return system.matches ? "dark" : "light";
  }
}

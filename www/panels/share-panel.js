// The full layout's share buttons: a link, an iframe or an element tag for the current settings,
// copied and shown in the panel's snippet box (where the visitor copies it by hand if the page may
// not use the clipboard). Besides the exports every board has (share.js).

import { APP, Sharing, appLink } from "./share.js";
import { pageSwitch, query, write } from "../ui/settings.js";
import { escape } from "../ui/text.js";

const here = (path) => new URL(path, import.meta.url).href;

/**
 * The custom-element tag for `settings`, as the package's snippet has it: the element's
 * stylesheet, which holds the board's box before its code arrives (so that the page neither waits
 * for the script to paint its text nor moves when the board comes), the script that defines it,
 * and the tag.
 */
export function elementSnippet(settings) {
  const attributes = write({ ...settings, embed: false, race: null }).map(([name, value]) =>
    (pageSwitch(name) ? ` ${name}` : ` ${name}="${escape(value)}"`)).join("");
  return `<link rel="stylesheet" href="${here("../knights-tour.css")}" />\n` +
    `<script type="module" src="${here("../knights-tour.js")}"></script>\n<knights-tour${attributes}></knights-tour>`;
}

export function iframeSnippet(settings, pageUrl = APP) {
  const src = `${pageUrl}${query({ ...settings, embed: true })}`;
  return `<iframe src="${escape(src)}" width="480" height="560" style="border:0;max-width:100%" ` +
    `title="Knight's tour" loading="lazy"></iframe>`;
}

/** The text to share of `kind` (`link`, `iframe` or `element`) for `settings`. */
export function shareText(kind, settings) {
  if (kind === "link") return appLink(settings);
  return kind === "iframe" ? iframeSnippet(settings) : elementSnippet(settings);
}

/**
 * Copies `text` and shows it in `snippet` (a textarea), selected if the clipboard is not ours;
 * returns whether it is on the clipboard.
 */
export async function copy(text, kind, snippet) {
  snippet.hidden = false;
  snippet.value = text;
  try {
    await navigator.clipboard.writeText(text);
    snippet.setAttribute("aria-label", `Copied: ${kind}`);
    return true;
  } catch {
    snippet.select(); // the clipboard is not ours to use here: the text stays selected to copy
    return false;
  }
}

export class PanelSharing extends Sharing {
  /** As `Sharing`; `root` holds the panel's `.snippet` besides, and the host's `controls` say what was copied. */
  constructor(host, root) {
    super(host, root);
    this.snippet = root.querySelector(".snippet");
  }

  /** Copies a link or a snippet for the current settings (`kind`: see `shareText`), and shows it too. */
  async share(kind) {
    const { host } = this;
    const text = shareText(kind, host.settings);
    host.controls.copied(kind, await copy(text, kind, this.snippet));
    host.dispatchEvent(new CustomEvent("share", { detail: { kind, text }, bubbles: true, composed: true }));
  }

  /** Copies `link` and shows it too; returns whether it is on the clipboard (if not, it is on screen to copy by hand). */
  async copyLink(link) {
    return copy(link, "link", this.snippet);
  }
}

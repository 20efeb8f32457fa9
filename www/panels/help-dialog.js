// The keyboard help as a modal dialog that behaves like one: while it is open, Tab and Shift+Tab
// go round the controls inside it and nowhere else; Escape (or "?" again), its Close button and a
// click beside it close it; and focus goes back to whatever had it before it opened, so a
// teacher who asked for help from the board is on the board again after.

const FOCUSABLE = "button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

/** The element that has focus, looked for inside open shadow roots too. */
function focused() {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

export class HelpDialog {
  /** `element` is the dialog (hidden while closed), its backdrop filling the window. Listeners end with `signal`. */
  constructor(element, signal) {
    this.element = element;
    this.opener = null; // what had focus when the dialog opened
    element.addEventListener("keydown", (event) => this.key(event), { signal });
    element.addEventListener("click", (event) => event.target === element && this.close(), { signal });
  }

  get open() {
    return !this.element.hidden;
  }

  /**
   * Opens the dialog at its top, focus on its box: its one control, Close, comes last, and
   * focusing it would scroll a box taller than the window to its bottom. Tab goes on from there.
   */
  show() {
    if (this.open) return;
    this.opener = focused();
    this.element.hidden = false;
    const box = this.element.querySelector(".help-box");
    box.scrollTop = 0;
    box.focus({ preventScroll: true });
  }

  /** Closes the dialog and gives focus back to where it was. */
  close() {
    if (!this.open) return;
    this.element.hidden = true;
    const { opener } = this;
    this.opener = null;
    if (opener?.isConnected && opener !== document.body) opener.focus();
    else focused()?.blur();
  }

  controls() {
    return [...this.element.querySelectorAll(FOCUSABLE)];
  }

  key(event) {
    if (event.key === "Escape" || event.key === "?") {
      event.preventDefault();
      this.close();
    } else if (event.key === "Tab") {
      const controls = this.controls();
      const at = controls.indexOf(this.element.getRootNode().activeElement);
      // From the last control (or from the dialog's own box, after a click on its text) round
      // to the first, and the other way with Shift.
      const next = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : (at + 1) % controls.length;
      event.preventDefault();
      controls[next]?.focus();
    }
  }
}

// Paints the board, the path and the knight onto the canvas: crisp at any devicePixelRatio,
// sized to whatever the frame gives it. Reads its palette from the CSS variables, so the page
// and the board follow the same light or dark theme.

const PALETTE_VARS = [
  "light-square", "dark-square", "path-from", "path-to", "knight", "knight-halo",
  "backtrack", "hover", "accent", "ink", "surface",
];

/** Boards with more squares than this are painted as an image, one pixel per square. */
const IMAGE_MODE_SQUARES = 40_000;

function hexToRgb(hex) {
  const value = hex.trim().replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const css = ([r, g, b], a = 1) => `rgba(${r | 0}, ${g | 0}, ${b | 0}, ${a})`;
const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

export class Painter {
  /** `themed` is the element whose CSS variables hold the palette. */
  constructor(canvas, frame, themed) {
    this.canvas = canvas;
    this.frame = frame;
    this.themed = themed;
    this.ctx = canvas.getContext("2d");
    this.readPalette();
    this.rows = 8;
    this.cols = 8;
    this.cell = 40;
    this.image = null;
  }

  readPalette() {
    const style = getComputedStyle(this.themed);
    this.colour = {};
    for (const name of PALETTE_VARS) this.colour[name] = hexToRgb(style.getPropertyValue(`--${name}`));
    /** Saturation and lightness of the divide pieces' tints, as CSS `hsl()` takes them. */
    this.tint = style.getPropertyValue("--tint").trim() || "55% 45%";
    this.image = null; // the cached empty board was painted in the old colours
  }

  /** Fits the canvas to the frame for a board of `rows` × `cols`; returns true if it changed. */
  layout(rows, cols) {
    const box = this.frame.getBoundingClientRect();
    const style = getComputedStyle(this.frame);
    const width = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const cell = Math.max(0.25, Math.min(width / cols, height / rows));
    const cssWidth = Math.floor(cell * cols);
    const cssHeight = Math.floor(cell * rows);
    const dpr = window.devicePixelRatio || 1;
    const changed = this.rows !== rows || this.cols !== cols || this.cssWidth !== cssWidth ||
      this.cssHeight !== cssHeight || this.dpr !== dpr;
    if (!changed) return false;
    Object.assign(this, { rows, cols, cssWidth, cssHeight, dpr, cell: cssWidth / cols });
    this.canvas.style.width = `${cssWidth}px`;
    this.canvas.style.height = `${cssHeight}px`;
    this.canvas.width = Math.round(cssWidth * dpr);
    this.canvas.height = Math.round(cssHeight * dpr);
    this.image = null;
    return true;
  }

  /** The square under a pointer position, or -1. */
  squareAt(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    const col = Math.floor(((clientX - box.left) / box.width) * this.cols);
    const row = Math.floor(((clientY - box.top) / box.height) * this.rows);
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return -1;
    return row * this.cols + col;
  }

  centre(square) {
    const row = Math.floor(square / this.cols);
    const col = square % this.cols;
    return [(col + 0.5) * this.cell, (row + 0.5) * this.cell];
  }

  progress(index) {
    const last = Math.max(1, this.rows * this.cols - 1);
    return mix(this.colour["path-from"], this.colour["path-to"], Math.min(1, index / last));
  }

  /** Whether the board is painted as an image, one pixel per square, too small to draw moves. */
  get imageMode() {
    return this.rows * this.cols > IMAGE_MODE_SQUARES || this.cell < 3;
  }

  /**
   * view: { path (Uint32Array), start (square or -1), hover (square or -1), closed (bool),
   *         motion ({ from, to, t } or null), fades ([{ square, t }]),
   *         beneath (a function of the painter that draws over the squares, under the path) }
   */
  paint(view) {
    const { ctx } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    if (this.imageMode) {
      this.paintImage(view);
      view.beneath?.(this);
    } else {
      this.paintBoard(view);
    }
    this.paintMarks(view);
  }

  paintBoard(view) {
    const { ctx, cell, rows, cols } = this;
    const { path } = view;
    const order = new Int32Array(rows * cols).fill(-1);
    for (let i = 0; i < path.length; i++) order[path[i]] = i;

    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const light = (row + col) % 2 === 0;
        ctx.fillStyle = css(this.colour[light ? "light-square" : "dark-square"]);
        ctx.fillRect(col * cell, row * cell, Math.ceil(cell), Math.ceil(cell));
        const index = order[row * cols + col];
        if (index >= 0) {
          ctx.fillStyle = css(this.progress(index), 0.2);
          ctx.fillRect(col * cell, row * cell, Math.ceil(cell), Math.ceil(cell));
        }
      }
    }

    for (const fade of view.fades) {
      const [x, y] = this.centre(fade.square);
      ctx.fillStyle = css(this.colour.backtrack, 0.55 * (1 - fade.t));
      ctx.fillRect(x - cell / 2, y - cell / 2, Math.ceil(cell), Math.ceil(cell));
    }

    // Move numbers sit in the corner, like a board's coordinates, so the path stays readable.
    if (cell >= 26) {
      ctx.font = `600 ${Math.max(9, Math.floor(cell * 0.2))}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillStyle = css(this.colour.ink, 0.62);
      const inset = Math.max(2, cell * 0.07);
      for (let i = 0; i < path.length; i++) {
        const square = path[i];
        const x = (square % cols) * cell + inset;
        const y = Math.floor(square / cols) * cell + inset;
        ctx.fillText(String(i + 1), x, y);
      }
    }

    view.beneath?.(this);
    this.paintPath(view);
  }

  paintPath(view) {
    const { ctx, cell } = this;
    const { path } = view;
    const last = path.length - 1;
    ctx.lineWidth = Math.max(1.5, Math.min(5, cell * 0.065));
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (let i = 1; i <= last; i++) {
      const [x0, y0] = this.centre(path[i - 1]);
      let [x1, y1] = this.centre(path[i]);
      if (i === last && view.motion) {
        x1 = x0 + (x1 - x0) * view.motion.t;
        y1 = y0 + (y1 - y0) * view.motion.t;
      }
      ctx.strokeStyle = css(this.progress(i));
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
    }
    if (view.closed && last > 0) {
      const [x0, y0] = this.centre(path[last]);
      const [x1, y1] = this.centre(path[0]);
      ctx.setLineDash([ctx.lineWidth * 1.2, ctx.lineWidth * 1.8]);
      ctx.strokeStyle = css(this.progress(last));
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // A dot on every square the path has reached; the one being reached appears on arrival.
    const dots = view.motion ? last - 1 : last;
    const radius = Math.max(1.5, cell * 0.085);
    for (let i = 0; i <= dots; i++) {
      const [x, y] = this.centre(path[i]);
      ctx.fillStyle = css(this.progress(i));
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /** Large boards: one pixel per square, scaled up without smoothing. */
  paintImage(view) {
    const { rows, cols } = this;
    if (!this.image) {
      // The empty board, once per layout and palette; each frame copies it and adds the path.
      this.image = new ImageData(cols, rows);
      this.scratch = new OffscreenCanvas(cols, rows);
      this.emptyBoard = new Uint8ClampedArray(rows * cols * 4);
      const light = this.colour["light-square"];
      const dark = this.colour["dark-square"];
      for (let row = 0, p = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++, p += 4) {
          const [r, g, b] = (row + col) % 2 === 0 ? light : dark;
          this.emptyBoard.set([r, g, b, 255], p);
        }
      }
    }
    const data = this.image.data;
    data.set(this.emptyBoard);
    const { path } = view;
    for (let i = 0; i < path.length; i++) {
      const [r, g, b] = this.progress(i);
      const p = path[i] * 4;
      data[p] = r; data[p + 1] = g; data[p + 2] = b;
    }
    this.scratch.getContext("2d").putImageData(this.image, 0, 0);
    this.ctx.imageSmoothingEnabled = false;
    this.ctx.drawImage(this.scratch, 0, 0, this.cssWidth, this.cssHeight);
  }

  /**
   * Why this move: each candidate square gets its place in the order; the next one is filled,
   * the tried ones are struck through, and the onward degree sits in the corner.
   */
  paintCandidates(candidates) {
    const { ctx, cell } = this;
    if (cell < 12) return;
    for (const { square, order, degree, state } of candidates) {
      const [x, y] = this.centre(square);
      const r = cell * 0.28;
      ctx.globalAlpha = state === 0 ? 0.4 : 1;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      if (state === 1) {
        ctx.fillStyle = css(this.colour.accent);
        ctx.fill();
      } else {
        ctx.fillStyle = css(this.colour.surface, 0.92);
        ctx.fill();
        ctx.strokeStyle = css(this.colour.accent);
        ctx.lineWidth = Math.max(1.5, cell * 0.04);
        ctx.stroke();
      }
      ctx.font = `700 ${Math.floor(cell * 0.26)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = state === 1 ? css(this.colour.surface) : css(this.colour.ink);
      ctx.fillText(String(order), x, y + cell * 0.01);
      ctx.font = `600 ${Math.max(9, Math.floor(cell * 0.18))}px system-ui, sans-serif`;
      ctx.textAlign = "right";
      ctx.textBaseline = "bottom";
      ctx.fillStyle = css(this.colour.ink, 0.8);
      ctx.fillText(String(degree), x + cell * 0.45, y + cell * 0.47);
      if (state === 0) {
        ctx.strokeStyle = css(this.colour.backtrack);
        ctx.lineWidth = Math.max(1.5, cell * 0.04);
        ctx.beginPath();
        ctx.moveTo(x - r, y + r);
        ctx.lineTo(x + r, y - r);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }
  }

  /** The start ring, the hover outline and the knight, on top of either kind of board. */
  paintMarks(view) {
    const { ctx, cell } = this;
    const { path } = view;
    const size = Math.max(cell, 6);
    if (view.candidates?.length) this.paintCandidates(view.candidates);

    if (view.hover >= 0) {
      const [x, y] = this.centre(view.hover);
      ctx.strokeStyle = css(this.colour.hover, 0.9);
      ctx.lineWidth = Math.max(2, cell * 0.06);
      ctx.strokeRect(x - cell / 2 + ctx.lineWidth / 2, y - cell / 2 + ctx.lineWidth / 2,
        cell - ctx.lineWidth, cell - ctx.lineWidth);
    }

    if (view.start >= 0) {
      const [x, y] = this.centre(view.start);
      ctx.strokeStyle = css(this.colour.accent);
      ctx.lineWidth = Math.max(1.5, cell * 0.06);
      ctx.beginPath();
      ctx.arc(x, y, Math.max(3, cell * 0.42), 0, Math.PI * 2);
      ctx.stroke();
    }

    if (path.length === 0) return;
    let [x, y] = this.centre(path[path.length - 1]);
    if (view.motion && path.length > 1) {
      const [x0, y0] = this.centre(path[path.length - 2]);
      const t = easeInOut(view.motion.t);
      x = x0 + (x - x0) * t;
      y = y0 + (y - y0) * t;
    }
    ctx.fillStyle = css(this.colour["knight-halo"], 0.9);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.36, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = css(this.progress(path.length - 1));
    ctx.lineWidth = Math.max(1.5, size * 0.05);
    ctx.stroke();
    if (size >= 14) {
      ctx.font = `${Math.floor(size * 0.62)}px "Segoe UI Symbol", "Noto Sans Symbols 2", "DejaVu Sans", serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = css(this.colour.knight);
      ctx.fillText("♞", x, y + size * 0.03);
    } else {
      ctx.fillStyle = css(this.colour.knight);
      ctx.beginPath();
      ctx.arc(x, y, size * 0.25, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

function easeInOut(t) {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

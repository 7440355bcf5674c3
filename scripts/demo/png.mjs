// A minimal RGB canvas and PNG encoder for the demo store's pictures (scripts/demo/generate.mjs): flat shapes
// on a flat background compress to a few KB each, so the committed files stay small. No dependency, no network.
import { encodePng } from "../lib/png.mjs";

/** "#rrggbb" → [r, g, b]. */
export const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

export class Canvas {
  constructor(width, height, background) {
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 3);
    this.fill(() => true, background);
  }

  /** Paints every pixel whose centre satisfies `inside(x, y)`. */
  fill(inside, color) {
    const [r, g, b] = rgb(color);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        const at = (y * this.width + x) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
    }
    return this;
  }

  rect(x0, y0, x1, y1, color, radius = 0) {
    return this.fill((x, y) => {
      if (x < x0 || x > x1 || y < y0 || y > y1) return false;
      const cx = Math.min(Math.max(x, x0 + radius), x1 - radius);
      const cy = Math.min(Math.max(y, y0 + radius), y1 - radius);
      return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
    }, color);
  }

  ellipse(cx, cy, rx, ry, color, { from = -Infinity, to = Infinity } = {}) {
    return this.fill((x, y) => y >= from && y <= to && ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1, color);
  }

  ring(cx, cy, outer, inner, color) {
    return this.fill((x, y) => {
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      return d <= outer ** 2 && d >= inner ** 2;
    }, color);
  }

  /** A filled polygon, points as [[x, y], ...] (even-odd rule). */
  polygon(points, color) {
    return this.fill((x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i];
        const [xj, yj] = points[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }, color);
  }

  png() {
    const stride = this.width * 3;
    const raw = Buffer.alloc(this.height * (stride + 1));
    for (let y = 0; y < this.height; y++) {
      // Filter "Up" (2) after the first row: flat pictures become runs of zeros.
      const row = y * (stride + 1);
      raw[row] = y === 0 ? 0 : 2;
      for (let i = 0; i < stride; i++) {
        const here = this.pixels[y * stride + i];
        raw[row + 1 + i] = y === 0 ? here : (here - this.pixels[(y - 1) * stride + i]) & 0xff;
      }
    }
    return encodePng(this.width, this.height, raw, 9);
  }
}

/** Colour helpers: scene colours are '#rrggbb' strings, the shaders take sRGB floats as-is. */
export type RGBA = readonly [number, number, number, number];

const cache = new Map<string, readonly [number, number, number]>();
const FALLBACK: readonly [number, number, number] = [0.5, 0.5, 0.5];

/** '#rgb' / '#rrggbb' → [r, g, b] in 0..1 (cached). Anything else → mid grey. */
export function parseHex(color: string): readonly [number, number, number] {
  let c = cache.get(color);
  if (c) return c;
  let m = /^#?([0-9a-f]{6})$/i.exec(color);
  if (m) {
    const n = parseInt(m[1], 16);
    c = [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  } else if ((m = /^#?([0-9a-f]{3})$/i.exec(color))) {
    const s = m[1];
    c = [parseInt(s[0] + s[0], 16) / 255, parseInt(s[1] + s[1], 16) / 255, parseInt(s[2] + s[2], 16) / 255];
  } else {
    c = FALLBACK;
  }
  if (cache.size > 4096) cache.clear();
  cache.set(color, c);
  return c;
}

export function rgba(color: string, alpha = 1): RGBA {
  const [r, g, b] = parseHex(color);
  return [r, g, b, alpha];
}

/** Mixes a colour toward black (amount > 0) or white (amount < 0). */
export function shade(color: string, amount: number, alpha = 1): RGBA {
  const [r, g, b] = parseHex(color);
  if (amount >= 0) {
    const k = 1 - amount;
    return [r * k, g * k, b * k, alpha];
  }
  const k = -amount;
  return [r + (1 - r) * k, g + (1 - g) * k, b + (1 - b) * k, alpha];
}

export const TRANSPARENT: RGBA = [0, 0, 0, 0];

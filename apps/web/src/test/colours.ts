/** How jsdom reports an inline colour: `#rrggbb` as `rgb(r, g, b)`. */
export const cssRgb = (hex: string): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

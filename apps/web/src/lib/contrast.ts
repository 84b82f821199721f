/**
 * WCAG contrast helpers. The spec's default primary colour (#1890FF) reads at 3.2:1 on white, under
 * the 4.5:1 text needs, so text in the primary colour (links, the selected menu item, the active tab)
 * uses the nearest darker shade that reads; fills and borders keep the chosen colour.
 */
function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value.padEnd(6, '0').slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `color`, darkened step by step towards black until it reads at `min`:1 on every background given. */
export function readableText(color: string, backgrounds: string[], min = 4.5): string {
  const rgb = channels(color);
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(rgb.map((c) => c * (1 - step * 0.05)));
    if (backgrounds.every((bg) => contrast(candidate, bg) >= min)) return candidate;
  }
  return '#000000';
}

/** `color` darkened by `amount` (0 to 1) towards black. */
export function shade(color: string, amount: number): string {
  return toHex(channels(color).map((c) => c * (1 - amount)));
}

/** White text reads on a fill at 4.5:1 exactly when the fill reads on white. */
const WHITE = '#ffffff';

/**
 * The fills of a control that carries white text (a primary or danger button, the current page of a
 * pager, a selected date): `color` itself when white reads on it, else its nearest darker shade that
 * reads; hover and press go darker still, so that every state reads too.
 */
export function readableFill(color: string): { fill: string; hover: string; active: string } {
  const fill = readableText(color, [WHITE]);
  return { fill, hover: shade(fill, 0.1), active: shade(fill, 0.2) };
}

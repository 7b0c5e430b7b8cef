/**
 * The host's own artwork for social icons: plain monochrome glyphs and letter marks on the
 * platform's 64×64 icon grid, drawn to sit in its middle (about 17–47). Each glyph is one path
 * whose shapes never overlap (holes sit wholly inside their shape), so the even-odd rule draws
 * it, and the same path cut out of a full square gives the icon's mask.
 */

function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function circle(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)},${n(cy)}a${n(r)},${n(r)} 0 1,0 ${n(2 * r)},0a${n(r)},${n(r)} 0 1,0 ${n(-2 * r)},0Z`;
}

function roundedRect(x: number, y: number, width: number, height: number, r: number): string {
  const arc = (dx: number, dy: number): string => `a${n(r)},${n(r)} 0 0,1 ${n(dx)},${n(dy)}`;
  return `M${n(x + r)},${n(y)}h${n(width - 2 * r)}${arc(r, r)}v${n(height - 2 * r)}${arc(-r, r)}`
    + `h${n(-(width - 2 * r))}${arc(-r, -r)}v${n(-(height - 2 * r))}${arc(r, -r)}Z`;
}

export const GLYPHS = {
  // a camera: rounded frame, lens ring and viewfinder dot
  camera: roundedRect(18, 18, 28, 28, 8) + roundedRect(21, 21, 22, 22, 5.5) + circle(32, 32, 7) + circle(32, 32, 4.5) + circle(39.5, 24.5, 1.8),
  // a lower-case f
  letterF: 'M29,47V31H25V26H29V23C29,19 31.5,17 35.5,17H40V22H36.5C35.3,22 35,22.6 35,23.8V26H40L39.3,31H35V47Z',
  // a capital X of two crossing strokes
  letterX: 'M18,17H25.5L32,26.5L38.5,17H46L35.8,31.8L46.5,47H39L32,37L25,47H17.5L28.2,31.8Z',
  // the letters "in"
  letterIn: circle(22, 20.5, 3.2) + 'M19,26H25V45H19Z'
    + 'M29,26H34.5V28.5C35.7,26.5 37.8,25.5 40.5,25.5C45,25.5 47,28.5 47,33.5V45H41V35C41,32.5 40.2,31 38,31C35.8,31 34.5,32.5 34.5,35V45H29Z',
  // a screen with a play button
  play: roundedRect(16, 20, 32, 24, 7) + 'M28.5,26L38.5,32L28.5,38Z',
  // a capital P
  letterP: 'M24,47V17H34C39.5,17 43,20.5 43,25.5C43,30.5 39.5,34 34,34H30V47Z'
    + 'M30,22V29H33.5C35.8,29 37,27.8 37,25.5C37,23.2 35.8,22 33.5,22Z',
  // a quaver: its head just touches its stem
  note: 'M31,17H36C36.8,21.5 40,24 45,24.5V30C41.5,30 38.5,28.8 36,27V40H31Z' + circle(25, 40, 6),
  // a lower-case v
  letterV: 'M17,22H23.5L32,39L40.5,22H47L35,46H29Z',
  // an envelope with its flap
  envelope: 'M17,21H47V43H17Z' + 'M20.5,24L32,32.5L43.5,24H40L32,29.8L24,24Z',
  // a feed: a dot and two quarter rings
  feed: circle(21.5, 42.5, 3.5) + 'M18,30A16,16 0 0 1 34,46H29A11,11 0 0 0 18,35Z' + 'M18,18A28,28 0 0 1 46,46H41A23,23 0 0 0 18,23Z',
  // any other service: an arrow leaving a ring
  link: circle(32, 32, 14) + circle(32, 32, 11.5) + 'M26,36.5L33.5,29H29V26H39V36H36V31.5L28.5,39Z',
} as const;

export type GlyphName = keyof typeof GLYPHS;

/** The glyph cut out of the whole square: what the platform's "-mask" symbols draw. */
export function maskOf(glyph: string): string {
  return `M0,0H64V64H0Z${glyph}`;
}

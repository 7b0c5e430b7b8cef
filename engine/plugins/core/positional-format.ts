/**
 * Positional substitution of `{0}`, `{1}`... in a pattern, in one pass and
 * with the reference's released state machine, quirks included:
 *
 * - leading zeros are ignored (`{007}` is slot 7) and slots past the last
 *   argument print nothing;
 * - a tag holding anything but digits is dropped up to its closing brace,
 *   except that a digit inside such a bad tag moves the machine on by that
 *   digit: `{x1}` ends the tag early (the brace prints) and `{x3}` prints
 *   slot 1 (3 - 2);
 * - there is no escape for a literal brace.
 */

const OUTSIDE = -1;
const IGNORING = -2;

export function formatPositional(pattern: string, values: readonly string[]): string {
  let out = '';
  let state = OUTSIDE;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (state === IGNORING && ch === '}') {
      state = OUTSIDE;
    } else if (state !== OUTSIDE) {
      if (ch >= '0' && ch <= '9') {
        if (state > 0) state *= 10;
        state += ch.charCodeAt(0) - 48;
      } else if (ch === '}') {
        if (state < values.length) out += values[state];
        state = OUTSIDE;
      } else {
        state = IGNORING;
      }
    } else if (ch === '{') {
      state = 0;
    } else {
      out += ch;
    }
  }
  return out;
}

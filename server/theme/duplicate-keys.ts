/**
 * Members written twice in one object of a JSON text that parses. JSON.parse keeps the last
 * without a word, so an author who adds `"pageSize": 5` above an older `"pageSize": 20` sees the
 * old size and no reason for it.
 */
export interface DuplicateKey {
  /** The member's path from the top, joined by dots as the .conf messages name settings (`tweaks.accentColor`). */
  path: string;
  /** Where each time it is written starts (its quoted name), as offsets of the text, in order. */
  offsets: number[];
}

interface ObjectFrame {
  kind: 'object';
  path: string[];
  keys: Map<string, number[]>;
  /** The next string read is a member's name (after `{` or `,`). */
  expectName: boolean;
  /** The name of the member whose value is being read. */
  current: string | null;
}

interface ArrayFrame {
  kind: 'array';
  path: string[];
  index: number;
}

type Frame = ObjectFrame | ArrayFrame;

/** The path of the value read next inside `frame`. */
function childPath(frame: Frame | undefined): string[] {
  if (frame === undefined) return [];
  return frame.kind === 'object' ? [...frame.path, frame.current ?? ''] : [...frame.path, String(frame.index)];
}

/** Each member written more than once in its object, in the order their objects close. `text` must be valid JSON. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const top = stack.at(-1);
    if (char === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (top?.kind === 'object' && top.expectName) {
        const name = JSON.parse(text.slice(start, i + 1)) as string;
        const seen = top.keys.get(name);
        if (seen === undefined) top.keys.set(name, [start]);
        else seen.push(start);
        top.current = name;
        top.expectName = false;
      }
    } else if (char === '{') {
      stack.push({ kind: 'object', path: childPath(top), keys: new Map(), expectName: true, current: null });
    } else if (char === '[') {
      stack.push({ kind: 'array', path: childPath(top), index: 0 });
    } else if (char === '}' || char === ']') {
      const frame = stack.pop()!;
      if (frame.kind === 'object') {
        for (const [name, offsets] of frame.keys) if (offsets.length > 1) found.push({ path: [...frame.path, name].join('.'), offsets });
      }
    } else if (char === ',' && top !== undefined) {
      if (top.kind === 'object') top.expectName = true;
      else top.index += 1;
    }
  }
  return found;
}

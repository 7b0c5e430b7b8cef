/**
 * Reads the references' golden-file format: sections introduced by a line
 * `:NAME` (`:JSON`, `:TEMPLATE`, `:OUTPUT`, `:PARTIALS`, `:INJECT`,
 * `:PARAMS`, `:PROPERTIES`, `:SOURCE`, `:INPUT`, `:EXPECTED`, `:COMMENTS`),
 * plus this project's `:ERRORS` (expected `line:column message` lines) and
 * `:LIMITS` (JSON overrides of the render limits).
 * Section bodies are trimmed, as the references read them.
 */
export type Sections = Map<string, string>;

const HEADER = /^:([A-Z][A-Z_-]*)\s*$/;

export function readSections(text: string): Sections {
  const sections: Sections = new Map();
  let name: string | null = null;
  let body: string[] = [];
  const flush = (): void => {
    if (name !== null) sections.set(name, body.join('\n').trim());
  };
  for (const line of text.split(/\r?\n/)) {
    const m = HEADER.exec(line);
    if (m) {
      flush();
      name = m[1] as string;
      body = [];
    } else if (name !== null) {
      body.push(line);
    }
  }
  flush();
  return sections;
}

/** `key=value` or `key: value` lines. */
export function readProperties(text: string | undefined): Record<string, string> {
  const props: Record<string, string> = {};
  if (!text) return props;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (m) props[m[1] as string] = (m[2] as string).trim();
  }
  return props;
}

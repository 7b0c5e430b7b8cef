/**
 * The variables a font tweak gives a stylesheet, as the platform makes them: a
 * `// tweak: { "type" : "font", … }` comment over a rule such as `.heading1-font { font-size: 32px; … }`
 * makes `@heading1-font-font-size: 32px` (the class, a dash, the property) for each of the rule's
 * declarations, which the template's own LESS then reads (doncab's `base.less` scales its headings
 * with `@heading1-font-font-size`). Without them such a stylesheet stopped at its first use.
 */

/** A font tweak's comment, then the rule under it (comments and blank lines between). */
const FONT_TWEAK_RULE = /\/\/\s*tweak:\s*(\{[^\n]*\})[ \t]*\n(?:\s*(?:\/\/[^\n]*)?\n)*\s*\.([A-Za-z_][\w-]*)\s*\{([^{}]*)\}/g;
/** One `property: value` of the rule (values without braces or semicolons, as fonts' are). */
const DECLARATION = /([a-z-]+)\s*:\s*([^;{}]+?)\s*(?:;|$)/gi;

function isFontTweak(json: string): boolean {
  try {
    const tweak: unknown = JSON.parse(json);
    return tweak !== null && typeof tweak === 'object' && (tweak as { type?: unknown }).type === 'font';
  } catch {
    return false;
  }
}

/** The LESS variable definitions of every font tweak in `text`, one per line ('' when none). */
export function fontTweakVariables(text: string): string {
  const lines: string[] = [];
  for (const [, json, className, body] of text.matchAll(FONT_TWEAK_RULE)) {
    if (!isFontTweak(json!)) continue;
    for (const [, property, value] of body!.matchAll(DECLARATION)) lines.push(`@${className}-${property!.toLowerCase()}: ${value};`);
  }
  return lines.join('\n');
}

/**
 * JSON for a `<script type="application/json">` element. The engine's `json` formatter only
 * breaks `</` (as the platform does), which still lets stored text such as `<!--<script>` put
 * the HTML parser into a state where the element's own end tag no longer closes it and the rest
 * of the page is swallowed. Escaping every `<`, `>` and `&` as \u sequences leaves nothing the
 * parser can read as markup; JSON.parse gives back the same value.
 */
export function scriptJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The debug listing of an expression (`{.eval #...}`): its assembled postfix
 * statements, e.g. `EVAL=[[@a 2 3 <multiply> <assign>]]`, in the references'
 * notation.
 */
import { formatNumber } from './number-format.ts';
import type { PostfixToken } from './tokens.ts';

export const DEBUG_PREFIX = 'EVAL=';
/** Written between the listing and the value when the expression produced one. */
export const DEBUG_ARROW = ' -> ';

/** A string in double quotes with JSON escapes, as Jackson writes it (upper-case `\u00XX`, nothing escaped beyond ASCII controls). */
function quote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const code = c.charCodeAt(0);
    switch (c) {
      case '"':
        out += '\\"';
        break;
      case '\\':
        out += '\\\\';
        break;
      case '\b':
        out += '\\b';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\f':
        out += '\\f';
        break;
      case '\r':
        out += '\\r';
        break;
      default:
        out += code < 0x20 ? '\\u' + code.toString(16).toUpperCase().padStart(4, '0') : c;
    }
  }
  return out + '"';
}

export function describeToken(token: PostfixToken): string {
  switch (token.type) {
    case 'literal': {
      const value = token.value;
      if (typeof value === 'string') return quote(value);
      if (typeof value === 'number') return formatNumber(value);
      return String(value);
    }
    case 'variable':
      return token.path.join('.');
    case 'call':
      return `${token.name}()`;
    case 'args':
      return '<args>';
    case 'operator':
      return `<${token.operator.description}>`;
  }
}

export function describeStatements(statements: readonly (readonly PostfixToken[])[]): string {
  return `${DEBUG_PREFIX}[${statements.map((statement) => `[${statement.map(describeToken).join(' ')}]`).join(', ')}]`;
}

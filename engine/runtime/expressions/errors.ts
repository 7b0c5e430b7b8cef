/**
 * Error texts of the expression language, composed from the message
 * catalogue exactly as the references word them (the catalogue holds the
 * fixed part; the detail follows it).
 */
import { messages } from '../../messages.ts';
import type { DecimalScanError } from './numeric-text.ts';

export const expressionErrors = {
  tooManyTokens: (limit: number) => `${messages.exprTooManyTokens}: ${limit}`,
  invalidFunction: (name: string) => `${messages.exprInvalidFunction}: ${name}`,
  mismatchedOperator: (description: string) => `${messages.exprMismatchedOperator}: ${description}`,
  invalidOperatorArgs: (description: string) => `${messages.exprInvalidOperatorArgs} ${description}`,
  concatTooLong: (limit: number) => `${messages.exprConcatTooLong} ${limit}`,
  functionCallFailed: messages.exprFunctionCallFailed,
  unexpectedToken: messages.exprUnexpectedToken,
  invalidHexEscape: messages.exprInvalidHexEscape,
  invalidUnicodeEscape: messages.exprInvalidUnicodeEscape,
  unterminatedString: messages.exprUnterminatedString,
  hexDigits: messages.exprHexDigits,
  bareLineBreak: messages.exprBareLineBreak,
  unexpectedCharacter: messages.exprUnexpectedCharacter,
  decimal: (error: DecimalScanError): string => {
    switch (error) {
      case 'exponentDigit':
        return messages.exprExponentDigit;
      case 'duplicateDecimalPoint':
        return messages.exprDuplicateDecimalPoint;
      case 'decimalPointInExponent':
        return messages.exprDecimalPointInExponent;
    }
  },
} as const;

/** How error messages name a character: `line feed`, `control character`, ... */
export function characterKind(c: string): string {
  const kinds = messages.exprCharacterKinds;
  switch (c) {
    case '\b':
      return kinds.backspace;
    case '\f':
      return kinds.formFeed;
    case '\n':
      return kinds.lineFeed;
    case '\r':
      return kinds.carriageReturn;
    case '\t':
      return kinds.tab;
    default:
      return c <= '\u001f' ? kinds.control : kinds.other;
  }
}

/**
 * A character as a Java string escape shows it: quote and backslash escaped,
 * the usual control escapes, and `\uXXXX` (upper-case hex) for other control
 * characters and everything beyond ASCII.
 */
export function escapeCharacter(c: string): string {
  switch (c) {
    case '"':
      return '\\"';
    case '\\':
      return '\\\\';
    case '\b':
      return '\\b';
    case '\n':
      return '\\n';
    case '\t':
      return '\\t';
    case '\f':
      return '\\f';
    case '\r':
      return '\\r';
  }
  const code = c.charCodeAt(0);
  if (code < 0x20 || code > 0x7f) return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
  return c;
}

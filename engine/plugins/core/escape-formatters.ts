/**
 * Escaping formatters: `html`, `htmlattr`/`htmltag`, `encode-space`,
 * `encode-uri`, `encode-uri-component` and `url-encode`.
 */
import type { FormatterTable } from '../types.ts';
import { escapeHtml, escapeHtmlAttribute } from './html-escape.ts';
import { textOf, textOrBlank } from './node-coercion.ts';
import { encodeSpaces } from './text-shaping.ts';
import { encodeUri, encodeUriComponent, formUrlEncode } from './uri-encoding.ts';

// Text is the common value: it skips the coercion's type switch.
const attribute = {
  apply: (value: unknown) => escapeHtmlAttribute(typeof value === 'string' ? value : textOrBlank(value)),
};

export const escapeFormatters: FormatterTable = {
  html: { apply: (value) => escapeHtml(typeof value === 'string' ? value : textOrBlank(value)) },
  htmlattr: attribute,
  htmltag: attribute,
  'encode-space': { apply: (value) => encodeSpaces(textOf(value)) },
  'encode-uri': { apply: (value) => encodeUri(textOf(value)) },
  'encode-uri-component': { apply: (value) => encodeUriComponent(textOf(value)) },
  'url-encode': { apply: (value) => formUrlEncode(textOf(value)) },
};

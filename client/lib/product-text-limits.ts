/**
 * How long a product's description may be, read by the editor (which stops typing and pasting at
 * it, and counts near it) and by the server's check (product-input.ts), so both say the same limit.
 * 20,000 characters stay within the 100 kB a JSON body may be (server/app.ts) for ordinary text.
 */
export const MAX_DESCRIPTION_LENGTH = 20_000;

/** From this many characters on, the editor shows the count beside the field. */
export const DESCRIPTION_COUNT_FROM = 18_000;

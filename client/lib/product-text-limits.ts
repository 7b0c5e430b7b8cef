/**
 * How long a product's description may be, read by the editor (which stops typing and pasting at
 * it, and counts near it) and by the server's check (product-input.ts), so both say the same limit.
 * 20,000 characters stay within the 100 kB a JSON body may be (server/app.ts) for ordinary text.
 */
export const MAX_DESCRIPTION_LENGTH = 20_000;

/** From this many characters on, the editor shows the count beside the field. */
export const DESCRIPTION_COUNT_FROM = 18_000;

/** How long a product's title may be (the server's check says it too); the editor stops typing at it. */
export const MAX_TITLE_LENGTH = 200;

/** From this many characters on, the editor counts the title beside it, so reaching the limit is never silent. */
export const TITLE_COUNT_FROM = 180;

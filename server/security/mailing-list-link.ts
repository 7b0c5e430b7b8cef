import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How long a confirmation written while the store had no mail server may still be sent once it
 * has one: while its link works for at least a day more, so that it can still be opened.
 */
export const HELD_CONFIRMATION_SENDABLE_MS = CONFIRMATION_LINK_TTL_MS - 24 * 60 * 60 * 1000;

/** The longest token the confirmation page reads (its link's query); a token is never made longer. */
export const MAX_CONFIRMATION_TOKEN_LENGTH = 2048;

export interface MailingListRequest {
  email: string;
  /** Where the sign-up came from ('newsletter', 'restock'), recorded with the address. */
  source: string;
  /** The path on this site the sign-up was made on, which the confirmation page leads back to. */
  page?: string;
}

interface LinkPayload {
  e: string;
  s: string;
  x: number;
  /** The sign-up's page (absent from links made before it was kept). */
  p?: string;
}

/**
 * The signed token of a mailing-list confirmation link: the address, its source and an expiry,
 * with an HMAC over them, so the link needs no stored state and cannot be made for an address
 * that did not receive it.
 */
export function createMailingListLinks(secret: string) {
  const sign = (payload: string): string => createHmac('sha256', secret).update(`mailing-list:${payload}`).digest('base64url');
  return {
    tokenFor(request: MailingListRequest, now = Date.now()): string {
      const token = (payload: LinkPayload): string => {
        const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
        return `${encoded}.${sign(encoded)}`;
      };
      const payload: LinkPayload = { e: request.email, s: request.source, x: now + CONFIRMATION_LINK_TTL_MS };
      const withPage = request.page ? token({ ...payload, p: request.page }) : undefined;
      // a page too long to carry is left out: the link must still confirm, only without the way back
      return withPage !== undefined && withPage.length <= MAX_CONFIRMATION_TOKEN_LENGTH ? withPage : token(payload);
    },

    /** The request a token confirms, or null when it is forged, damaged or expired. */
    open(token: string, now = Date.now()): MailingListRequest | null {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(encoded));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<LinkPayload>;
        if (typeof payload.e !== 'string' || typeof payload.s !== 'string' || typeof payload.x !== 'number') return null;
        if (payload.x <= now) return null;
        return { email: payload.e, source: payload.s, ...(typeof payload.p === 'string' ? { page: payload.p } : {}) };
      } catch {
        return null;
      }
    },
  };
}

import cookieParser from 'cookie-parser';
import type { RequestHandler } from 'express';

/**
 * Put in front of every value while cookie-parser reads the header, and taken off after: no
 * value then starts with "j:", so none is decoded into an object. Our cookies (the crumb and its
 * secret, the cart, the site-user session and info, the census cookies) are plain text; a
 * "j:{}" sent by a client decoded to {} and made csurf and the cookie readers throw, answering
 * 500 to every request of that browser, health included. A NUL cannot occur in a cookie header.
 */
const MARK = '\u0000';

/** cookie's own decoding (percent-decoding when there is a %), never throwing, with the mark in front. */
function decodeMarked(value: string): string {
  if (!value.includes('%')) return MARK + value;
  try {
    return MARK + decodeURIComponent(value);
  } catch {
    return MARK + value;
  }
}

const parseMarked = cookieParser(undefined, { decode: decodeMarked });

/** cookie-parser with every value kept as the text the browser sent: `j:` and `s:` values stay strings. */
export const plainTextCookies: RequestHandler = (req, res, next) => {
  parseMarked(req, res, () => {
    const cookies = req.cookies as Record<string, unknown>;
    for (const name of Object.keys(cookies)) {
      const value = cookies[name];
      cookies[name] = typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : value;
    }
    next();
  });
};

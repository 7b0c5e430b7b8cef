/**
 * DATABASE_URL: which URLs name a PostgreSQL server, which of those can be read without guessing
 * where the password ends, how one is written in a log line without its password, where it
 * connects, and the role it connects as.
 */
import { userInfo } from 'node:os';

/** The role a postgres:// URL connects as: its user, else pg's default (PGUSER, else the system user). */
export function databaseRole(url: string): string {
  let user = '';
  try {
    user = decodeURIComponent(new URL(url).username);
  } catch {
    // pg's default below
  }
  return user || process.env.PGUSER || userInfo().username;
}

/** True for a URL naming a PostgreSQL server. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** The hint of a URL whose password (or another part) holds a character the URL gives a meaning. */
export const PERCENT_ENCODE_HINT = 'percent-encode special characters in the password (@ is %40, # is %23, / is %2F, ? is %3F, % is %25), and in the other parts of the URL';

/** A URL cut where its user information ends: everything before the last @ may hold a password. */
interface UrlParts {
  /** `postgres://` as written. */
  scheme: string;
  /** What stands between the scheme and the last @ (user and password), or null without an @. */
  userinfo: string | null;
  /** Host, port, database and parameters: everything after the last @ (or after the scheme). */
  rest: string;
  /** True when the URL reads one way only: no #, and its one @ (if any) ends the host part's user information. */
  clean: boolean;
}

function urlParts(url: string): UrlParts {
  const start = url.indexOf('://') + 3;
  const scheme = url.slice(0, start);
  const after = url.slice(start);
  const lastAt = after.lastIndexOf('@');
  // the host part ends at the first / or ? (or #): an @ after it, or a second one, is a character
  // of the password that was not percent-encoded, or stands where a reader cannot tell
  const hostPartEnd = after.search(/[/?#]/);
  const clean = !after.includes('#') && (lastAt === -1 || (after.indexOf('@') === lastAt && (hostPartEnd === -1 || lastAt < hostPartEnd)));
  return {
    scheme,
    userinfo: lastAt === -1 ? null : after.slice(0, lastAt),
    rest: lastAt === -1 ? after : after.slice(lastAt + 1),
    clean: clean && parses(url),
  };
}

/** Whether the URL parses as pg reads it (an empty host before a /, as in `user@/db?host=/socket`, is allowed). */
function parses(url: string): boolean {
  for (const candidate of [url, url.replace('@/', '@localhost/')]) {
    try {
      new URL(candidate);
      return true;
    } catch {
      // the next reading, or not a URL
    }
  }
  return false;
}

/**
 * Why a postgres:// URL cannot be used as written, or null: a password with an @, #, / or ? that
 * is not percent-encoded moves where the URL's host seems to start (`shop:p@ss#w0rd@db` connects
 * to a host "ss"), so such a URL is refused rather than guessed at. `givenAs` names where the URL
 * came from (the server's DATABASE_URL, a command's --to).
 */
export function databaseUrlProblem(url: string, givenAs = 'DATABASE_URL'): string | null {
  if (urlParts(url).clean) return null;
  return `${givenAs} ${describeDatabaseUrl(url)} cannot be read as written: ${PERCENT_ENCODE_HINT}`;
}

/**
 * The URL for a log line: the password replaced by *** (also a `password=` parameter). When the
 * URL does not read cleanly, everything between the scheme and the last @ is replaced, and its
 * query and fragment are left out, so no part of a password with characters that were not
 * percent-encoded is ever shown, in the user information or in a `password=` parameter.
 */
export function describeDatabaseUrl(url: string): string {
  const { scheme, userinfo, rest, clean } = urlParts(url);
  if (!clean) {
    // a ? before the last @ may start a query whose password= value holds that @: then what
    // follows it is the password's end, and nothing after the scheme is shown
    if (userinfo?.includes('?')) return `${scheme}***`;
    // nor the query and fragment, where a password= value may go on past a # that was not encoded
    const hostAndPath = rest.replace(/[?#][\s\S]*$/, '');
    return userinfo === null ? `${scheme}${hostAndPath}` : `${scheme}***@${hostAndPath}`;
  }
  const shownRest = rest.replace(/([?&]password=)[^&#]*/gi, '$1***');
  if (userinfo === null) return `${scheme}${shownRest}`;
  const colon = userinfo.indexOf(':');
  return colon === -1 ? `${scheme}${userinfo}@${shownRest}` : `${scheme}${userinfo.slice(0, colon)}:***@${shownRest}`;
}

/**
 * Where a postgres:// URL connects, as host:port/database, for the operator's log lines: read as
 * pg reads it (a host or port parameter first, then the URL's, then PGHOST, PGPORT, PGDATABASE and
 * pg's defaults), with no user nor password. Only what follows the user information is read; a URL
 * that does not read cleanly (refused before any connection: databaseUrlProblem) shows none of
 * itself, since any part of it may be a piece of the password.
 */
export function databaseAddress(url: string): string {
  const { scheme, rest, clean } = urlParts(url);
  if (!clean) return `${scheme}***`;
  try {
    const parsed = new URL(`${scheme}${rest}`);
    const hostParameter = parsed.searchParams.get('host');
    const host = (hostParameter?.includes(':') ? `[${hostParameter}]` : hostParameter) || decodeURIComponent(parsed.hostname) || process.env.PGHOST || 'localhost';
    const port = parsed.searchParams.get('port') || parsed.port || process.env.PGPORT || '5432';
    const database = decodeURIComponent(parsed.pathname.slice(1)) || process.env.PGDATABASE || databaseRole(url);
    return `${host}:${port}/${database}`;
  } catch {
    // a database name with a stray % (pg cannot read it either)
    return `${scheme}***`;
  }
}

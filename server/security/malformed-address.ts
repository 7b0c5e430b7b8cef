/**
 * An address whose %-escapes do not decode (/shop/p/%E0%A4%A): Express's router refuses it as a
 * URIError marked 400 while matching a route's parameters. The visitor cannot fix it by trying
 * again, so pages and calls say the address is wrong (serverMessages.addressNotValid).
 */
export function isMalformedAddress(err: unknown): boolean {
  return err instanceof URIError && (err as URIError & { status?: unknown }).status === 400;
}

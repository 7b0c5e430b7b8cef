import type { Logger } from 'pino';
import { CaptchaRepository } from '../db/captcha-repository.ts';
import type { Store } from '../db/store.ts';
import { serverMessages } from '../messages.ts';
import type { LocalCaptcha } from './captcha.ts';

/**
 * The built-in captcha as every process on one store must see it: used tokens and wrong answers
 * remembered in the store, and, when no CAPTCHA_SECRET was given, tokens signed with a key the
 * store keeps (made by the first process that starts), so a token issued by one process is
 * accepted by any other. A read-only store that holds no key yet leaves this process its own.
 */
export async function bindCaptchaToStore(captcha: LocalCaptcha, store: Store, readOnly: boolean, log: Logger): Promise<LocalCaptcha> {
  const ledger = new CaptchaRepository(store);
  if (!captcha.keyMadeByProcess) return captcha.withLedger(ledger);
  // a read-only store may predate the key's table: then this process keeps its own key
  const sharedKey = readOnly ? await ledger.sharedSigningKey(false).catch(() => undefined) : await ledger.sharedSigningKey(true);
  if (sharedKey === undefined) log.warn(serverMessages.captchaProcessKeyLog);
  return captcha.withLedger(ledger, sharedKey);
}

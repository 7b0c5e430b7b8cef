/**
 * The shape every language's translation of the storefront catalogue (../messages.ts) has: each
 * translated group with every one of its keys, so the type checker (and messages-catalogue.test.ts)
 * finds a key a language lacks. Groups for developers and the API (PAYLOAD, IMAGE, HELPERS) stay English.
 */
import type * as Messages from '../messages.ts';
import type { Translation } from '../translated.ts';

export type Catalogue = {
  BUTTON: Translation<typeof Messages.BUTTON>;
  SENTENCES: Translation<typeof Messages.SENTENCES>;
  PRICE_LABEL: Translation<typeof Messages.PRICE_LABEL>;
  ADD_TO_CART: Translation<typeof Messages.ADD_TO_CART>;
  ADD_TO_CART_STATUS: Translation<typeof Messages.ADD_TO_CART_STATUS>;
  ALERT_TITLE: Translation<typeof Messages.ALERT_TITLE>;
  REQUEST: Translation<typeof Messages.REQUEST>;
  CART: Translation<typeof Messages.CART>;
  CART_STATUS: Translation<typeof Messages.CART_STATUS>;
  FORM: Translation<typeof Messages.FORM>;
  SCRIPT_NEEDED: Translation<typeof Messages.SCRIPT_NEEDED>;
  LIKERT_SCALE: typeof Messages.LIKERT_SCALE;
  FIELD_PARTS: Translation<typeof Messages.FIELD_PARTS>;
  FIELD_PART_SPOKEN_NAMES: typeof Messages.FIELD_PART_SPOKEN_NAMES;
  RESTOCK: Translation<typeof Messages.RESTOCK>;
  NEWSLETTER: Translation<typeof Messages.NEWSLETTER>;
  INSTALMENTS: Translation<typeof Messages.INSTALMENTS>;
  GALLERY: Translation<typeof Messages.GALLERY>;
  CAPTCHA_TEXT: Translation<typeof Messages.CAPTCHA_TEXT>;
  CONFIRM: Translation<typeof Messages.CONFIRM>;
  CHECKOUT: Translation<typeof Messages.CHECKOUT>;
  DOWNLOADS: Translation<typeof Messages.DOWNLOADS>;
  THEME_WORDS: Translation<typeof Messages.THEME_WORDS>;
  PLATFORM_WORDS: Translation<typeof Messages.PLATFORM_WORDS>;
  PAGE_WORDS: Translation<typeof Messages.PAGE_WORDS>;
  EMAIL_WORDS: Translation<typeof Messages.EMAIL_WORDS>;
  PAGE_NOTES: Translation<typeof Messages.PAGE_NOTES>;
  CAPTCHA_CHALLENGE: Translation<typeof Messages.CAPTCHA_CHALLENGE>;
  SHOPPER_EMAILS: Translation<typeof Messages.SHOPPER_EMAILS>;
  INVOICE: Translation<typeof Messages.INVOICE>;
};

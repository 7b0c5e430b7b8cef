/**
 * Messages of the platform calls (site users, owner settings, tracking, captcha, places, store
 * creation). Storefront strings that the islands show too (form errors…) come from
 * client/lib/messages.ts; crumb and generic failures from server/messages.ts.
 */
import { CAPTCHA_CHALLENGE } from '../client/lib/messages.ts';

export const platformMessages = {
  signInRequired: 'You must be signed in to do that.',
  permissionDenied: 'Your role does not allow this action.',
  invalidCredentials: 'The email or password is incorrect.',
  xsrfMismatch: 'The site-user token is missing or does not match this session.',
  signedOut: 'Signed out.',
  // said also when sign-ins sent at once reach the limit before any is judged: each counts until it succeeds
  tooManySignInAttempts: 'Too many sign-in attempts. Please try again in a few minutes.',
  localeSaved: 'Language saved.',
  siteUserCookieUnreadable: 'SiteUserInfo cookie could not be parsed; treating the visitor as signed out.',
  formNotFound: 'This form has not been configured yet.',
  formSubmissionSaved: 'Form submission received.',
  unknownTemplateSchemaType: 'Unknown form template type "{type}".',
  get captchaChallengeExpired(): string { return CAPTCHA_CHALLENGE.expired; },
  get captchaWrongAnswer(): string { return CAPTCHA_CHALLENGE.wrongAnswer; },
  get captchaTooManyWrongAnswers(): string { return CAPTCHA_CHALLENGE.tooManyWrongAnswers; },
  // the captcha's question and refusals are the shopper's: in the store's language (captcha-routes.ts)
  get captchaPrompt(): string { return CAPTCHA_CHALLENGE.prompt; },
  placeNotFound: 'No place matches that id.',
  mainNavigationMissing: 'Unable to find site main navigation',
  collectionNotFound: 'That collection does not exist.',
  notAStoreCollection: 'Categories can only be added to a products collection.',
  rootCategoryExists: 'This store already has a root category.',
  websiteMismatch: 'That website does not exist.',
  fallbackStoreTitle: 'Store',
  navigationCollectionMissing: 'Navigation item {collectionId} does not name an existing collection.',
  multilingualDisconnected: 'Multilingual connection removed.',
  unknownPreferencesNamespace: 'Unknown preferences namespace "{namespace}".',
  eventAccepted: 'Event accepted.',
  unknownEventSchema: 'Unknown event schema "{schemaName}".',
  ownerAccountCreated: 'Owner account created: {email} with password {password} (shown once; set OWNER_PASSWORD to choose it).',
  /** The same, set apart from the log lines on a terminal, where the first start's password is otherwise easy to miss. */
  ownerPasswordBanner: '\n  The store admin is at /config. Sign in as {email} with the password\n\n      {password}\n\n  It is shown this once: keep it, or run npm run password to choose another.\n\n',
} as const;

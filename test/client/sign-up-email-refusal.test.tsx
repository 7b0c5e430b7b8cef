// @vitest-environment jsdom
/**
 * The newsletter and restock sign-ups say a refused address right under its box and put the focus
 * there, so on a phone the shopper sees what to mend where the finger goes next; the captcha's own
 * complaint stays below the captcha, by the box it is about.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import RestockSignup from '../../client/islands/RestockSignup.tsx';
import Newsletter from '../../client/islands/Newsletter.tsx';
import { CaptchaManager, type CaptchaProvider } from '../../client/lib/captcha/provider.ts';
import { setPageCaptcha } from '../../client/lib/captcha/page-captcha.ts';
import { FORM } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, settle } from './helpers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A captcha never solved: sending without it is refused with the captcha's message. */
const unsolvedCaptcha: CaptchaProvider = {
  load: async () => undefined,
  render: () => 1,
  execute: async () => {
    throw new Error(FORM.completeCaptcha);
  },
  reset: () => undefined,
  destroy: () => undefined,
};

/** Whether `first` comes before `second` in the document. */
const precedes = (first: Element, second: Element): boolean => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

const forms = [
  { name: 'newsletter', button: 'Sign Up', emailLabel: 'Email Address', island: () => <Newsletter blockId="n1" captchaEnabled />, badAddressMessage: 'Emails must be formatted as user@example.com' },
  { name: 'restock sign-up', button: 'Notify me', emailLabel: 'Email Address', island: () => <RestockSignup productId="p1" variantId="v2" captchaEnabled />, badAddressMessage: 'Email is invalid' },
];

describe.each(forms)('the $name', ({ button, emailLabel, island, badAddressMessage }) => {
  beforeEach(() => {
    clearCookies();
    scriptFetch([]);
    setPageCaptcha(new CaptchaManager(unsolvedCaptcha));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setPageCaptcha(null);
  });

  it('says a refused address right under its box, above the captcha, and focuses the box', async () => {
    render(island());
    await settle();
    const email = screen.getByLabelText(emailLabel) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'bad@' } });
    fireEvent.click(screen.getByRole('button', { name: button }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(badAddressMessage);
    expect(email.nextElementSibling).toBe(alert);
    expect(precedes(alert, document.querySelector('.captcha-container')!)).toBe(true);
    expect(document.activeElement).toBe(email);
  });

  it('says the captcha\'s complaint below the captcha', async () => {
    render(island());
    await settle();
    fireEvent.change(screen.getByLabelText(emailLabel), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: button }));
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(FORM.completeCaptcha);
    expect(precedes(document.querySelector('.captcha-container')!, alert)).toBe(true);
  });
});

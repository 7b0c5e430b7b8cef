// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import RestockSignup from '../../client/islands/RestockSignup.tsx';
import Newsletter from '../../client/islands/Newsletter.tsx';
import { CaptchaManager, type CaptchaProvider } from '../../client/lib/captcha/provider.ts';
import { setPageCaptcha } from '../../client/lib/captcha/page-captcha.ts';
import { NEWSLETTER } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, settle } from './helpers.ts';

/** A provider whose token the test hands out, recording resets. */
function fakeCaptcha(): { provider: CaptchaProvider; solve: (token: string) => void; resets: number } {
  const state = { resets: 0, onToken: (_t: string) => undefined as void, solve: (token: string) => state.onToken(token) };
  const provider: CaptchaProvider = {
    load: async () => undefined,
    render: (_container, options) => {
      state.onToken = options.onToken;
      return 1;
    },
    execute: async () => 'token',
    reset: () => {
      state.resets += 1;
    },
    destroy: () => undefined,
  };
  return Object.assign(state, { provider }) as unknown as { provider: CaptchaProvider; solve: (token: string) => void; resets: number };
}

const email = (): HTMLInputElement => screen.getByLabelText('Email Address') as HTMLInputElement;

describe('RestockSignup island', () => {
  beforeEach(() => clearCookies());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setPageCaptcha(null);
  });

  it('validates blank and invalid emails', () => {
    scriptFetch([]);
    render(<RestockSignup productId="p1" variantId="v2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toBe('Email cannot be blank');
    fireEvent.change(email(), { target: { value: 'a@b.museum' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toBe('Email is invalid');
  });

  it('replaces the form with the custom success text while the call to action stays', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/notifications/restock', answer: { body: { message: 'ok' } } }]);
    render(<RestockSignup productId="p1" variantId="v2" mailingListSignUpEnabled mailingListOptInByDefault={false}
      successText="We will email you." callToAction="Sold out — get notified" language="fr" />);
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await settle();
    expect(calls[0]!.body).toEqual({ productId: 'p1', variantId: 'v2', siteVisitorEmail: 'shopper@example.com', isJoinMailingList: true, language: 'fr' });
    expect(screen.getByRole('status').textContent).toBe('We will email you.');
    // the mailing list waits for the address's owner to confirm (double opt-in)
    expect(screen.getByText(NEWSLETTER.checkEmail)).toBeTruthy();
    expect(screen.getByText('Sold out — get notified')).toBeTruthy();
    expect(document.querySelector('.restock-signup form')).toBeNull();
  });

  it('says Signed up! by default', async () => {
    scriptFetch([{ method: 'POST', path: '/api/site-users/account/notifications/restock', answer: { body: {} } }]);
    render(<RestockSignup productId="p1" variantId="v2" />);
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
    // no mailing list asked for, so no confirmation to look for
    expect(screen.queryByText(NEWSLETTER.checkEmail)).toBeNull();
  });

  it('needs the captcha, shows the server message on failure and resets the captcha', async () => {
    const captcha = fakeCaptcha();
    setPageCaptcha(new CaptchaManager(captcha.provider));
    const calls = scriptFetch([{ method: 'POST', path: '/api/site-users/account/notifications/restock', answer: { status: 400, body: { message: 'Already signed up' } } }]);
    render(<RestockSignup productId="p1" variantId="v2" captchaEnabled />);
    await settle();
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    captcha.solve('tok-1');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await settle();
    expect(calls[0]!.body).toMatchObject({ captchaToken: 'tok-1' });
    expect(screen.getByRole('alert').textContent).toBe('Already signed up');
    expect(captcha.resets).toBe(1);
  });
});

describe('Newsletter island', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates the email, then shows success', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" title="News" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email');
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert').textContent).toBe('Emails must be formatted as user@example.com');
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(calls[0]!.body).toEqual({ email: 'reader@example.com' });
    expect(screen.getByRole('status').textContent).toBe('Thank you for signing up!');
    expect(screen.getByText(NEWSLETTER.checkEmail)).toBeTruthy();
  });

  it('takes any address zod\'s email rule accepts, such as jane@linen.studio, trimmed', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: ' jane@linen.studio ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(calls[0]!.body).toEqual({ email: 'jane@linen.studio' });
  });

  it('shows the server error', async () => {
    scriptFetch([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { status: 500, body: {} } }]);
    render(<Newsletter blockId="n1" />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
  });
});

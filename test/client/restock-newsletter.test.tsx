// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import RestockSignup from '../../client/islands/RestockSignup.tsx';
import Newsletter from '../../client/islands/Newsletter.tsx';
import { CaptchaManager, type CaptchaProvider } from '../../client/lib/captcha/provider.ts';
import { setPageCaptcha } from '../../client/lib/captcha/page-captcha.ts';
import { FORM, NEWSLETTER, SCRIPT_NEEDED } from '../../client/lib/messages.ts';
import { clearCookies, scriptFetch, settle, type FetchCall } from './helpers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A provider whose token the test hands out, recording resets; like the real one, no token before it is solved. */
function fakeCaptcha(): { provider: CaptchaProvider; solve: (token: string) => void; resets: number } {
  const state = {
    resets: 0, token: null as string | null, onToken: (_t: string) => undefined as void,
    solve: (token: string) => {
      state.token = token;
      state.onToken(token);
    },
  };
  const provider: CaptchaProvider = {
    load: async () => undefined,
    render: (_container, options) => {
      state.onToken = options.onToken;
      return 1;
    },
    execute: async () => {
      if (state.token) return state.token;
      throw new Error(FORM.completeCaptcha);
    },
    reset: () => {
      state.token = null;
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

  it('does not tell the shopper to check their email when the store cannot send one', async () => {
    scriptFetch([{ method: 'POST', path: '/api/site-users/account/notifications/restock', answer: { body: { message: 'Signed up!', confirmation: NEWSLETTER.confirmationNotSentYet } } }]);
    render(<RestockSignup productId="p1" variantId="v2" mailingListSignUpEnabled mailingListOptInByDefault />);
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
    expect(screen.getByText(NEWSLETTER.confirmationNotSentYet)).toBeTruthy();
    expect(screen.queryByText(NEWSLETTER.checkEmail)).toBeNull();
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
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    captcha.solve('tok-1');
    await settle();
    // solved, the captcha no longer needs completing: its message goes
    expect(screen.queryByRole('alert')).toBeNull();
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
    // the page it is on goes with it, for the confirmation page to lead back to
    window.history.replaceState(null, '', '/lessons/glazing-at-home?ref=1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    window.history.replaceState(null, '', '/');
    expect(calls[0]!.body).toEqual({ email: 'reader@example.com', page: '/lessons/glazing-at-home' });
    expect(screen.getByRole('status').textContent).toBe('Thank you for signing up!');
    expect(screen.getByText(NEWSLETTER.checkEmail)).toBeTruthy();
  });

  it('shows what the server says of the confirmation: on a store without a mail server, that none is on its way', async () => {
    scriptFetch([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: { message: NEWSLETTER.success, confirmation: NEWSLETTER.confirmationNotSentYet } } }]);
    render(<Newsletter blockId="n1" />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Thank you for signing up!');
    expect(screen.getByText(NEWSLETTER.confirmationNotSentYet)).toBeTruthy();
    expect(screen.queryByText(NEWSLETTER.checkEmail)).toBeNull();
  });

  it('takes any address zod\'s email rule accepts, such as jane@linen.studio, trimmed', async () => {
    const calls = scriptFetch([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" />);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: ' jane@linen.studio ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(calls[0]!.body).toEqual({ email: 'jane@linen.studio', page: '/' });
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

/** The built-in captcha's calls: a challenge whose answer is 10, then a token for the right answer. */
function captchaRoutes(extra: Parameters<typeof scriptFetch>[0]): FetchCall[] {
  return scriptFetch([
    { method: 'GET', path: '/api/captcha/challenge', answer: { body: { challenge: 'ch-1', prompt: 'What is 7 plus 3?' } } },
    { method: 'POST', path: '/api/captcha/solve', answer: (call) => ((call.body as { answer: string }).answer === '10'
      ? { body: { token: 'tok-10' } } : { status: 400, body: { message: 'That answer is not correct. Please try again.' } }) },
    ...extra,
  ]);
}

/** The server's HTML of an island in the page, then hydrated as the browser does. */
async function serverRenderedThenHydrated(element: ReactElement): Promise<{ html: string; root: Root }> {
  const html = renderToString(element);
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(host, element);
  });
  await settle();
  return { html, root: root! };
}

describe('sign-up forms before scripts and without them', () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['Newsletter', () => createElement(Newsletter, { blockId: 'footer-newsletter', title: 'News' })],
    ['RestockSignup', () => createElement(RestockSignup, { productId: 'p1', variantId: 'v2' })],
  ])('%s: the server\'s form posts (never a GET into the URL), its button waits for hydration, <noscript> says why', async (_name, make) => {
    scriptFetch([]);
    const errors = vi.spyOn(console, 'error');
    const host = document.createElement('div');
    host.innerHTML = renderToString(make());
    const form = host.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    // the address has a name, so a form that did go out would not reload the page with an empty query
    expect(form.querySelector('input[autocomplete="email"]')!.getAttribute('name')).toBe('email');
    expect(form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
    expect(form.querySelector('noscript')!.textContent).toContain(SCRIPT_NEEDED.form);
    // hydrated: the button works, without a mismatch
    const { root } = await serverRenderedThenHydrated(make());
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
  });
});

describe('restock email field', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is an email box: type, autocomplete and keyboard', () => {
    scriptFetch([]);
    render(<RestockSignup productId="p1" variantId="v2" />);
    const input = email();
    expect(input.type).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
  });

  it('ties a refused address to its box', () => {
    scriptFetch([]);
    render(<RestockSignup productId="p1" variantId="v2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby')!)!.textContent).toBe('Email cannot be blank');
  });
});

describe('the built-in captcha in the sign-up forms', () => {
  beforeEach(() => clearCookies());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setPageCaptcha(null);
  });

  it('names the answer box by its question', async () => {
    captchaRoutes([]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    // the accessible name is the question (an aria-label would override the label)
    const answer = screen.getByRole('textbox', { name: 'What is 7 plus 3?' });
    expect(answer.getAttribute('aria-label')).toBeNull();
    expect(answer.closest('.local-captcha')).toBeTruthy();
  });

  it('newsletter: an answer typed and Sign Up is one step, and the success message takes the focus', async () => {
    const calls = captchaRoutes([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.change(screen.getByLabelText('What is 7 plus 3?'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'GET /api/captcha/challenge', 'POST /api/captcha/solve', 'POST /api/newsletter/subscribe',
    ]);
    expect(calls[2]!.body).toEqual({ email: 'reader@example.com', captchaToken: 'tok-10', page: '/' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Thank you for signing up!');
    expect(document.activeElement).toBe(status);
    expect(status.getAttribute('tabindex')).toBe('-1');
  });

  it('newsletter: Enter in the answer sends the form', async () => {
    const calls = captchaRoutes([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    const answer = screen.getByLabelText('What is 7 plus 3?');
    fireEvent.change(answer, { target: { value: '10' } });
    fireEvent.keyDown(answer, { key: 'Enter' });
    await settle();
    expect(calls.find((c) => c.url === '/api/newsletter/subscribe')?.body).toEqual({ email: 'reader@example.com', captchaToken: 'tok-10', page: '/' });
    expect(screen.getByRole('status').textContent).toBe('Thank you for signing up!');
  });

  it('newsletter: Verify, then Enter in the answer still sends the form', async () => {
    const calls = captchaRoutes([{ method: 'POST', path: '/api/newsletter/subscribe', answer: { body: {} } }]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    const answer = screen.getByLabelText('What is 7 plus 3?') as HTMLInputElement;
    fireEvent.change(answer, { target: { value: '10' } });
    const verify = screen.getByRole('button', { name: 'Verify' });
    verify.focus();
    fireEvent.click(verify);
    await settle();
    expect(screen.getByText('Verified')).toBeTruthy();
    // the Verify button turns off; the focus stays in the widget rather than dropping to the page
    expect(document.activeElement).toBe(answer);
    fireEvent.keyDown(answer, { key: 'Enter' });
    await settle();
    expect(calls.filter((c) => c.url === '/api/captcha/solve')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/newsletter/subscribe')?.body).toEqual({ email: 'reader@example.com', captchaToken: 'tok-10', page: '/' });
  });

  it('newsletter: the message asking for the captcha goes once it is solved, and an address refused stays', async () => {
    const captcha = fakeCaptcha();
    setPageCaptcha(new CaptchaManager(captcha.provider));
    scriptFetch([]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(FORM.completeCaptcha);
    captcha.solve('tok-1');
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    // a message about the address is not the captcha's to take away
    captcha.provider.reset(1);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    const refused = screen.getByRole('alert').textContent;
    captcha.solve('tok-2');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(refused);
  });

  it('newsletter: a wrong answer is refused in the server\'s words, with the focus on the new question', async () => {
    const calls = captchaRoutes([]);
    render(<Newsletter blockId="n1" captchaEnabled />);
    await settle();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'reader@example.com' } });
    fireEvent.change(screen.getByLabelText('What is 7 plus 3?'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('That answer is not correct. Please try again.');
    expect(calls.some((c) => c.url === '/api/newsletter/subscribe')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('What is 7 plus 3?'));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it('restock: an answer typed and Notify me is one step, and the success message takes the focus', async () => {
    const calls = captchaRoutes([{ method: 'POST', path: '/api/site-users/account/notifications/restock', answer: { body: {} } }]);
    render(<RestockSignup productId="p1" variantId="v2" captchaEnabled />);
    await settle();
    fireEvent.change(email(), { target: { value: 'shopper@example.com' } });
    fireEvent.change(screen.getByLabelText('What is 7 plus 3?'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await settle();
    expect(calls.find((c) => c.url === '/api/site-users/account/notifications/restock')?.body).toMatchObject({ captchaToken: 'tok-10' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Signed up!');
    expect(document.activeElement).toBe(status);
  });
});

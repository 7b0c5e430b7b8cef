// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCaptchaProvider } from '../../client/lib/captcha/local-provider.ts';
import { scriptFetch } from './helpers.ts';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('built-in captcha provider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the challenge, turns a right answer into a token, and resets', async () => {
    let round = 0;
    const calls = scriptFetch([
      { method: 'GET', path: '/api/captcha/challenge', answer: () => ({ body: { challenge: `c${++round}`, prompt: `What is ${round} plus 1?` } }) },
      { method: 'POST', path: '/api/captcha/solve', answer: (call) => ((call.body as { answer: string }).answer === '2'
        ? { body: { token: 'tok' } } : { status: 400, body: { message: 'That answer is not correct. Please try again.' } }) },
    ]);
    const provider = new LocalCaptchaProvider();
    const container = document.createElement('div');
    const tokens: Array<string | null> = [];
    const id = provider.render(container, { action: 'product_waitlist', size: 'compact', onToken: (t) => tokens.push(t), onExpired: () => tokens.push(null) });
    await flush();
    expect(calls[0]!.url).toBe('/api/captcha/challenge?action=product_waitlist');
    expect(container.querySelector('label')!.textContent).toBe('What is 1 plus 1?');
    expect(container.querySelector('.local-captcha--compact')).toBeTruthy();
    await expect(provider.execute(id)).rejects.toThrow('Complete CAPTCHA before submitting.');
    const input = container.querySelector('input')!;
    input.value = '3';
    container.querySelector('button')!.click();
    await flush();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('That answer is not correct. Please try again.');
    expect(container.querySelector('label')!.textContent).toBe('What is 2 plus 1?');
    input.value = '2';
    container.querySelector('button')!.click();
    await flush();
    expect(tokens).toEqual(['tok']);
    await expect(provider.execute(id)).resolves.toBe('tok');
    provider.reset(id);
    await flush();
    expect(tokens).toEqual(['tok', null]);
    await expect(provider.execute(id)).rejects.toThrow();
    provider.destroy(id);
    expect(container.childElementCount).toBe(0);
  });

  function routes(): ReturnType<typeof scriptFetch> {
    return scriptFetch([
      { method: 'GET', path: '/api/captcha/challenge', answer: { body: { challenge: 'c1', prompt: 'What is 7 plus 3?' } } },
      { method: 'POST', path: '/api/captcha/solve', answer: (call) => ((call.body as { answer: string }).answer === '10'
        ? { body: { token: 'tok' } } : { status: 400, body: { message: 'That answer is not correct. Please try again.' } }) },
    ]);
  }

  it('names the answer box by the question, not by an aria-label that would hide it', async () => {
    routes();
    const provider = new LocalCaptchaProvider();
    const container = document.createElement('div');
    document.body.append(container);
    provider.render(container, { action: 'newsletter_block', size: 'normal', onToken: () => undefined, onExpired: () => undefined });
    await flush();
    const input = container.querySelector('input')!;
    expect(input.hasAttribute('aria-label')).toBe(false);
    expect(input.labels?.[0]?.textContent).toBe('What is 7 plus 3?');
    // what the server says about an answer is tied to the box
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.getAttribute('role')).toBe('status');
    container.remove();
  });

  it('execute checks the typed answer itself, so the form needs no separate Verify', async () => {
    const calls = routes();
    const provider = new LocalCaptchaProvider();
    const container = document.createElement('div');
    const tokens: Array<string | null> = [];
    const id = provider.render(container, { action: 'form_block', size: 'normal', onToken: (t) => tokens.push(t), onExpired: () => tokens.push(null) });
    await flush();
    await expect(provider.execute(id)).rejects.toThrow('Complete CAPTCHA before submitting.');
    const input = container.querySelector('input')!;
    input.value = '11';
    await expect(provider.execute(id)).rejects.toThrow('That answer is not correct. Please try again.');
    await flush();
    // the form says the refusal under the captcha: the widget does not say it a second time
    expect(container.querySelector('[role="status"]')!.textContent).toBe('');
    input.value = '10';
    await expect(provider.execute(id)).resolves.toBe('tok');
    expect(tokens).toEqual(['tok']);
    // verified once: asking again does not spend another answer
    await expect(provider.execute(id)).resolves.toBe('tok');
    expect(calls.filter((c) => c.url === '/api/captcha/solve').map((c) => c.body)).toEqual([
      { challenge: 'c1', answer: '11' }, { challenge: 'c1', answer: '10' },
    ]);
  });

  it('hands the focus from Verify to the answer box before Verify turns off, so it never drops to the page', async () => {
    routes();
    const provider = new LocalCaptchaProvider();
    const container = document.createElement('div');
    document.body.append(container);
    provider.render(container, { action: 'newsletter_block', size: 'normal', onToken: () => undefined, onExpired: () => undefined });
    await flush();
    const input = container.querySelector('input')!;
    const verify = container.querySelector('button')!;
    input.value = '10';
    // as a browser does (jsdom does not), a button disabled while focused loses the focus to the page
    const disabled = Object.getOwnPropertyDescriptor(HTMLButtonElement.prototype, 'disabled')!;
    Object.defineProperty(verify, 'disabled', {
      configurable: true,
      get: () => disabled.get!.call(verify),
      set: (value: boolean) => {
        if (value && document.activeElement === verify) verify.blur();
        disabled.set!.call(verify, value);
      },
    });
    verify.focus();
    verify.click();
    await flush();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Verified');
    expect(verify.disabled).toBe(true);
    expect(document.activeElement).toBe(input);
    container.remove();
  });

  it('Enter in the answer sends the form it is in', async () => {
    const calls = routes();
    const provider = new LocalCaptchaProvider();
    const form = document.createElement('form');
    const container = document.createElement('div');
    form.append(container);
    document.body.append(form);
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submits);
    provider.render(container, { action: 'form_block', size: 'normal', onToken: () => undefined, onExpired: () => undefined });
    await flush();
    const input = container.querySelector('input')!;
    input.value = '10';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await flush();
    expect(submits).toHaveBeenCalledTimes(1);
    // the form's handler verifies (execute); Enter itself spends no answer
    expect(calls.some((c) => c.url === '/api/captcha/solve')).toBe(false);
    form.remove();
  });
});

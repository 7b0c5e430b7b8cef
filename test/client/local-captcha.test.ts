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
});

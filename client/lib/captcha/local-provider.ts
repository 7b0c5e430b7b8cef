/**
 * The built-in captcha provider: no third-party script may load, so the store
 * itself issues a small signed arithmetic challenge; a correct answer gives a
 * short-lived token that the server verifies with the form or sign-up.
 */
import { api } from '../api.ts';
import { API_PATHS } from '../api-paths.ts';
import { CAPTCHA_TEXT as LOCAL_CAPTCHA_TEXT, FORM } from '../messages.ts';
import type { CaptchaProvider, CaptchaRenderOptions } from './provider.ts';

interface Widget {
  container: HTMLElement;
  options: CaptchaRenderOptions;
  challenge: string | null;
  token: string | null;
  elements: { prompt: HTMLElement; input: HTMLInputElement; button: HTMLButtonElement; status: HTMLElement };
}


export class LocalCaptchaProvider implements CaptchaProvider {
  private readonly widgets = new Map<number, Widget>();
  private nextId = 1;

  async load(): Promise<void> {
    // Nothing to download: the provider is part of the bundle.
  }

  render(container: HTMLElement, options: CaptchaRenderOptions): number {
    const id = this.nextId++;
    const doc = container.ownerDocument;
    const box = doc.createElement('div');
    box.className = `local-captcha local-captcha--${options.size}`;
    const prompt = doc.createElement('label');
    prompt.textContent = LOCAL_CAPTCHA_TEXT.loading;
    const input = doc.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.size = 4;
    input.setAttribute('aria-label', LOCAL_CAPTCHA_TEXT.answerLabel);
    input.id = `local-captcha-${id}`;
    prompt.htmlFor = input.id;
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = LOCAL_CAPTCHA_TEXT.verify;
    const status = doc.createElement('span');
    status.setAttribute('role', 'status');
    box.append(prompt, input, button, status);
    container.append(box);
    const widget: Widget = { container, options, challenge: null, token: null, elements: { prompt, input, button, status } };
    this.widgets.set(id, widget);
    button.addEventListener('click', () => void this.solve(widget));
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        void this.solve(widget);
      }
    });
    void this.fetchChallenge(widget);
    return id;
  }

  private async fetchChallenge(widget: Widget): Promise<void> {
    const answer = await api.get<{ challenge: string; prompt: string }>(API_PATHS.captchaChallenge, {
      query: { action: widget.options.action },
    });
    if (!answer.ok || !answer.data?.challenge) {
      widget.elements.prompt.textContent = LOCAL_CAPTCHA_TEXT.unavailable;
      return;
    }
    widget.challenge = answer.data.challenge;
    widget.elements.prompt.textContent = answer.data.prompt;
  }

  private async solve(widget: Widget): Promise<void> {
    if (!widget.challenge) return;
    const answer = await api.post<{ token: string }>(API_PATHS.captchaSolve, {
      challenge: widget.challenge,
      answer: widget.elements.input.value,
    });
    if (answer.ok && answer.data?.token) {
      widget.token = answer.data.token;
      widget.elements.status.textContent = LOCAL_CAPTCHA_TEXT.verified;
      widget.elements.input.disabled = true;
      widget.elements.button.disabled = true;
      widget.options.onToken(answer.data.token);
    } else {
      widget.elements.status.textContent = answer.ok ? FORM.completeCaptcha : answer.message;
      widget.elements.input.value = '';
      // A challenge is single-use: show that a new one is on its way.
      widget.challenge = null;
      widget.elements.prompt.textContent = LOCAL_CAPTCHA_TEXT.loading;
      void this.fetchChallenge(widget);
    }
  }

  execute(widgetId: number): Promise<string> {
    const widget = this.widgets.get(widgetId);
    if (widget?.token) return Promise.resolve(widget.token);
    return Promise.reject(new Error(FORM.completeCaptcha));
  }

  reset(widgetId: number): void {
    const widget = this.widgets.get(widgetId);
    if (!widget) return;
    widget.token = null;
    widget.elements.input.disabled = false;
    widget.elements.button.disabled = false;
    widget.elements.input.value = '';
    widget.elements.status.textContent = '';
    widget.challenge = null;
    widget.elements.prompt.textContent = LOCAL_CAPTCHA_TEXT.loading;
    widget.options.onExpired();
    void this.fetchChallenge(widget);
  }

  destroy(widgetId: number): void {
    const widget = this.widgets.get(widgetId);
    if (!widget) return;
    widget.container.replaceChildren();
    this.widgets.delete(widgetId);
  }
}

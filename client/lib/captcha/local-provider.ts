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
  /** The answer being checked, so a Verify and a submit at once ask the server once. */
  solving: Promise<SolveResult> | null;
  elements: { prompt: HTMLElement; input: HTMLInputElement; button: HTMLButtonElement; status: HTMLElement };
}

type SolveResult = { token: string } | { message: string };

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
    // The question ('What is 7 plus 3?') is the answer box's label and so its accessible name.
    const prompt = doc.createElement('label');
    prompt.textContent = LOCAL_CAPTCHA_TEXT.loading;
    const input = doc.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = 'off';
    input.size = 4;
    input.id = `local-captcha-${id}`;
    prompt.htmlFor = input.id;
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = LOCAL_CAPTCHA_TEXT.verify;
    const status = doc.createElement('span');
    status.setAttribute('role', 'status');
    status.id = `local-captcha-${id}-status`;
    input.setAttribute('aria-describedby', status.id);
    box.append(prompt, input, button, status);
    container.append(box);
    const widget: Widget = { container, options, challenge: null, token: null, solving: null, elements: { prompt, input, button, status } };
    this.widgets.set(id, widget);
    button.addEventListener('click', () => {
      void this.solve(widget);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      // Enter sends the form, which verifies the answer first (execute); outside a form it verifies.
      if (input.form) input.form.requestSubmit();
      else void this.solve(widget);
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

  /**
   * The answer checked. A refusal met by the form's submit (`forForm`, through execute) is left for
   * the form to say under the captcha, where it says every refusal; shown in the widget too it read
   * twice. One met by Verify is the widget's own to say.
   */
  private async solve(widget: Widget, forForm = false): Promise<SolveResult> {
    if (widget.token) return { token: widget.token };
    widget.solving ??= this.askServer(widget).finally(() => {
      widget.solving = null;
    });
    const result = await widget.solving;
    if ('message' in result) widget.elements.status.textContent = forForm ? '' : result.message;
    return result;
  }

  private async askServer(widget: Widget): Promise<SolveResult> {
    if (!widget.challenge || widget.elements.input.value.trim() === '') return { message: FORM.completeCaptcha };
    const answer = await api.post<{ token: string }>(API_PATHS.captchaSolve, {
      challenge: widget.challenge,
      answer: widget.elements.input.value,
    });
    if (answer.ok && answer.data?.token) {
      widget.token = answer.data.token;
      widget.elements.status.textContent = LOCAL_CAPTCHA_TEXT.verified;
      // Read-only rather than disabled: the box keeps the focus, and Enter in it still sends the form.
      widget.elements.input.readOnly = true;
      // The button turns off once verified, which would drop its focus to the page's start: the focus
      // goes to the answer box first, in the widget, where Enter sends the form. (Read after the
      // button is disabled, the focus has already left it.)
      const { button, input } = widget.elements;
      if (button.ownerDocument.activeElement === button) input.focus();
      button.disabled = true;
      widget.options.onToken(answer.data.token);
      return { token: answer.data.token };
    }
    const message = answer.ok ? FORM.completeCaptcha : answer.message;
    widget.elements.input.value = '';
    // A challenge is single-use: show that a new one is on its way.
    widget.challenge = null;
    widget.elements.prompt.textContent = LOCAL_CAPTCHA_TEXT.loading;
    void this.fetchChallenge(widget);
    return { message };
  }

  /**
   * The token: the one already verified, or the typed answer checked now (so submitting the form
   * is the one step). Refused with the shopper's message: no answer yet, or the server's refusal.
   */
  async execute(widgetId: number): Promise<string> {
    const widget = this.widgets.get(widgetId);
    if (!widget) throw new Error(FORM.completeCaptcha);
    const result = await this.solve(widget, true);
    if ('token' in result) return result.token;
    throw new Error(result.message);
  }

  reset(widgetId: number): void {
    const widget = this.widgets.get(widgetId);
    if (!widget) return;
    widget.token = null;
    widget.elements.input.readOnly = false;
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

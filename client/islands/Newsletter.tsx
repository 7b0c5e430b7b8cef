/**
 * Newsletter block: email validation, captcha when configured (an answer typed
 * in it is verified as the form is sent), success and error messages (an address refused is
 * said right under its box, which takes the focus; the captcha's and the store's below the captcha). The
 * form posts nowhere by itself: its button works once the island has hydrated,
 * and without scripts a <noscript> line says the form needs them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { useCaptchaMessage } from '../components/use-captcha-message.ts';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, FORM, NEWSLETTER, EMAIL_EXAMPLE, SCRIPT_NEEDED } from '../lib/messages.ts';
import { isShopperEmail } from '../lib/rules.ts';
import { useHydrated } from '../lib/hydrated.ts';

export interface NewsletterProps {
  title?: string;
  description?: string;
  buttonText?: string;
  successMessage?: string;
  captchaEnabled?: boolean;
  blockId: string;
}

export default function Newsletter(props: NewsletterProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailRefused, setEmailRefused] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [confirmation, setConfirmation] = useState<string>(NEWSLETTER.checkEmail);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle | null>(null);
  // solving the captcha takes its own message away
  const captchaMessage = useCaptchaMessage(setCaptchaToken, () => setError(null));
  const successRef = useRef<HTMLParagraphElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const inputId = `newsletter-${props.blockId}`;
  const errorId = `${inputId}-error`;

  useEffect(() => {
    if (phase === 'done') successRef.current?.focus();
  }, [phase]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'idle') return;
    captchaMessage.forget();
    if (!isShopperEmail(email.trim())) {
      setEmailRefused(true);
      setError(email.trim() === '' ? NEWSLETTER.emailInvalid : NEWSLETTER.emailFormat(EMAIL_EXAMPLE));
      emailRef.current?.focus();
      return;
    }
    setEmailRefused(false);
    setError(null);
    setPhase('sending');
    let token = captchaToken;
    if (props.captchaEnabled && !token) {
      const verified = await captchaRef.current?.verify();
      if (!verified?.ok) {
        setPhase('idle');
        setError(verified?.message ?? FORM.completeCaptcha);
        captchaMessage.shown();
        captchaRef.current?.focus();
        return;
      }
      token = verified.token;
    }
    const answer = await api.post<{ confirmation?: unknown } | null>(API_PATHS.newsletter, {
      email: email.trim(), ...(token ? { captchaToken: token } : {}),
      // for the confirmation page to lead back here (the server keeps the path alone)
      page: window.location.pathname,
    }, { fallbackMessage: NEWSLETTER.failure });
    if (answer.ok) {
      // the server says whether a confirmation is on its way (a store without a mail server has none)
      if (typeof answer.data?.confirmation === 'string') setConfirmation(answer.data.confirmation);
      setPhase('done');
      return;
    }
    setError(answer.message);
    captchaRef.current?.reset();
    setCaptchaToken(null);
    setPhase('idle');
  };

  return (
    <div className="newsletter-block">
      {props.title && <h2>{props.title}</h2>}
      {props.description && <p>{props.description}</p>}
      {phase === 'done' ? (
        <>
          <p className="newsletter-block__success" role="status" tabIndex={-1} ref={successRef}>
            {props.successMessage ?? NEWSLETTER.success}
          </p>
          {/* the address joins once its owner confirms by email (double opt-in) */}
          <p className="newsletter-block__confirmation">{confirmation}</p>
        </>
      ) : (
        // POST and a button that works only once hydrated: the address never lands in the URL.
        <form method="post" noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={inputId}>{NEWSLETTER.emailLabel}</label>
          <input id={inputId} ref={emailRef} name="email" type="email" autoComplete="email" value={email}
            onChange={(e) => setEmail(e.target.value)} disabled={phase === 'sending'}
            aria-invalid={emailRefused || undefined} aria-describedby={error && emailRefused ? errorId : undefined} />
          {error && emailRefused && <p className="newsletter-block__error" id={errorId} role="alert">{error}</p>}
          {props.captchaEnabled && <Captcha action="newsletter_block" handleRef={captchaRef} onToken={captchaMessage.onToken} />}
          {error && !emailRefused && <p className="newsletter-block__error" id={errorId} role="alert">{error}</p>}
          <noscript><p className="form-noscript">{SCRIPT_NEEDED.form}</p></noscript>
          <button type="submit" disabled={!hydrated || phase === 'sending'}>
            {phase === 'sending' ? BUTTON.submitting : props.buttonText ?? BUTTON.signUp}
          </button>
        </form>
      )}
    </div>
  );
}

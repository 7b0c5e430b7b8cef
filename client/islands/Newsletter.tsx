/** Newsletter block: email validation, captcha when configured, success and error messages. */
import { useRef, useState, type FormEvent } from 'react';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, FORM, NEWSLETTER, EMAIL_EXAMPLE } from '../lib/messages.ts';
import { isShopperEmail } from '../lib/rules.ts';

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
  const [phase, setPhase] = useState<'idle' | 'sending' | 'done'>('idle');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle | null>(null);
  const inputId = `newsletter-${props.blockId}`;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'idle') return;
    if (!isShopperEmail(email.trim())) {
      setError(email.trim() === '' ? NEWSLETTER.emailInvalid : NEWSLETTER.emailFormat(EMAIL_EXAMPLE));
      return;
    }
    if (props.captchaEnabled && !captchaToken) {
      setError(FORM.completeCaptcha);
      return;
    }
    setError(null);
    setPhase('sending');
    const answer = await api.post(API_PATHS.newsletter, {
      email: email.trim(), ...(captchaToken ? { captchaToken } : {}),
    }, { fallbackMessage: NEWSLETTER.failure });
    if (answer.ok) {
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
          <p className="newsletter-block__success" role="status">{props.successMessage ?? NEWSLETTER.success}</p>
          {/* the address joins once its owner confirms by email (double opt-in) */}
          <p className="newsletter-block__confirmation">{NEWSLETTER.checkEmail}</p>
        </>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={inputId}>{NEWSLETTER.emailLabel}</label>
          <input id={inputId} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
            disabled={phase === 'sending'} />
          {props.captchaEnabled && <Captcha action="newsletter_block" handleRef={captchaRef} onToken={setCaptchaToken} />}
          {error && <p className="newsletter-block__error" role="alert">{error}</p>}
          <button type="submit" disabled={phase === 'sending'}>
            {phase === 'sending' ? BUTTON.submitting : props.buttonText ?? BUTTON.signUp}
          </button>
        </form>
      )}
    </div>
  );
}

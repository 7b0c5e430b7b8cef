/**
 * Back-in-stock sign-up for a sold-out variant: email rules, optional mailing
 * list (opt-in default from the product's restock context), captcha when the
 * site has one (an answer typed in it is verified as the form is sent).
 * Success replaces the form and takes the focus; the call to action stays.
 * The form posts nowhere by itself: its button works once hydrated.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { useCaptchaMessage } from '../components/use-captcha-message.ts';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, NEWSLETTER, RESTOCK, SCRIPT_NEEDED } from '../lib/messages.ts';
import { restockEmailError } from '../lib/rules.ts';
import { useHydrated } from '../lib/hydrated.ts';

export interface RestockSignupProps {
  productId: string;
  variantId: string;
  callToAction?: string;
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  /** Site-wide restockNotificationsSuccessText. */
  successText?: string;
  captchaEnabled?: boolean;
  /** Sent only when multilingual transactional emails are on. */
  language?: string;
}

type Phase = 'idle' | 'sending' | 'sent';

export default function RestockSignup(props: RestockSignupProps) {
  const [email, setEmail] = useState('');
  const [joinList, setJoinList] = useState(props.mailingListOptInByDefault === true);
  const [error, setError] = useState<string | null>(null);
  const [emailRefused, setEmailRefused] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [confirmation, setConfirmation] = useState<string>(NEWSLETTER.checkEmail);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle | null>(null);
  // solving the captcha takes its own message away
  const captchaMessage = useCaptchaMessage(setCaptchaToken, () => setError(null));
  const successRef = useRef<HTMLParagraphElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const inputId = `restock-email-${props.productId}-${props.variantId}`;
  const errorId = `${inputId}-error`;

  useEffect(() => {
    if (phase === 'sent') successRef.current?.focus();
  }, [phase]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'idle') return;
    captchaMessage.forget();
    const emailError = restockEmailError(email);
    setEmailRefused(emailError !== null);
    if (emailError) {
      setError(emailError);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setPhase('sending');
    let token = captchaToken;
    if (props.captchaEnabled && !token) {
      const verified = await captchaRef.current?.verify();
      if (!verified?.ok) {
        setPhase('idle');
        setError(verified?.message ?? RESTOCK.completeCaptcha);
        captchaMessage.shown();
        captchaRef.current?.focus();
        return;
      }
      token = verified.token;
    }
    const answer = await api.post<{ confirmation?: unknown } | null>(API_PATHS.restock, {
      productId: props.productId,
      variantId: props.variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList: props.mailingListSignUpEnabled ? joinList : false,
      ...(token ? { captchaToken: token } : {}),
      ...(props.language ? { language: props.language } : {}),
    });
    if (answer.ok) {
      // the server says whether a confirmation is on its way (a store without a mail server has none)
      if (typeof answer.data?.confirmation === 'string') setConfirmation(answer.data.confirmation);
      setPhase('sent');
      return;
    }
    setError(answer.message);
    captchaRef.current?.reset();
    setCaptchaToken(null);
    setPhase('idle');
  };

  return (
    <div className="restock-signup" data-product-id={props.productId} data-variant-id={props.variantId}>
      <p className="restock-signup__cta">{props.callToAction ?? RESTOCK.callToAction}</p>
      {phase === 'sent' ? (
        <>
          <p className="restock-signup__success" role="status" tabIndex={-1} ref={successRef}>{props.successText || RESTOCK.signedUp}</p>
          {/* joining the mailing list waits for the address's owner to confirm by email */}
          {props.mailingListSignUpEnabled && joinList && <p className="restock-signup__confirmation">{confirmation}</p>}
        </>
      ) : (
        // POST and a button that works only once hydrated: the address never lands in the URL.
        <form method="post" noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={inputId}>{RESTOCK.emailLabel}</label>
          {/* the specification's own pattern checks the address (restockEmailError), not the browser */}
          <input id={inputId} ref={emailRef} name="email" type="email" inputMode="email" autoComplete="email" value={email}
            disabled={phase === 'sending'} aria-invalid={emailRefused || undefined}
            aria-describedby={error && emailRefused ? errorId : undefined} onChange={(e) => setEmail(e.target.value)} />
          {/* an address refused is said right under its box; the captcha's and the store's below the captcha */}
          {error && emailRefused && <p className="restock-signup__error" id={errorId} role="alert">{error}</p>}
          {props.mailingListSignUpEnabled && (
            <label className="restock-signup__mailing-list">
              <input type="checkbox" checked={joinList} onChange={(e) => setJoinList(e.target.checked)} />
              {RESTOCK.joinMailingList}
            </label>
          )}
          {props.captchaEnabled && <Captcha action="product_waitlist" handleRef={captchaRef} onToken={captchaMessage.onToken} />}
          {error && !emailRefused && <p className="restock-signup__error" id={errorId} role="alert">{error}</p>}
          <noscript><p className="form-noscript">{SCRIPT_NEEDED.form}</p></noscript>
          <button type="submit" disabled={!hydrated || phase === 'sending'}>
            {phase === 'sending' ? BUTTON.submitting : BUTTON.notifyMe}
          </button>
        </form>
      )}
    </div>
  );
}

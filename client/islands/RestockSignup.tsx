/**
 * Back-in-stock sign-up for a sold-out variant: email rules, optional mailing
 * list (opt-in default from the product's restock context), captcha when the
 * site has one. Success replaces the form; the call to action stays.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Captcha, type CaptchaHandle } from '../components/Captcha.tsx';
import { api } from '../lib/api.ts';
import { API_PATHS } from '../lib/api-paths.ts';
import { BUTTON, NEWSLETTER, RESTOCK } from '../lib/messages.ts';
import { restockEmailError } from '../lib/rules.ts';

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
  const [phase, setPhase] = useState<Phase>('idle');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle | null>(null);
  const inputId = `restock-email-${props.productId}-${props.variantId}`;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const emailError = restockEmailError(email);
    if (emailError) {
      setError(emailError);
      return;
    }
    if (props.captchaEnabled && !captchaToken) {
      setError(RESTOCK.completeCaptcha);
      return;
    }
    setError(null);
    setPhase('sending');
    const answer = await api.post(API_PATHS.restock, {
      productId: props.productId,
      variantId: props.variantId,
      siteVisitorEmail: email.trim(),
      isJoinMailingList: props.mailingListSignUpEnabled ? joinList : false,
      ...(captchaToken ? { captchaToken } : {}),
      ...(props.language ? { language: props.language } : {}),
    });
    if (answer.ok) {
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
          <p className="restock-signup__success" role="status">{props.successText || RESTOCK.signedUp}</p>
          {/* joining the mailing list waits for the address's owner to confirm by email */}
          {props.mailingListSignUpEnabled && joinList && <p className="restock-signup__confirmation">{NEWSLETTER.checkEmail}</p>}
        </>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor={inputId}>{RESTOCK.emailLabel}</label>
          <input id={inputId} type="text" autoComplete="email" value={email} disabled={phase === 'sending'}
            aria-invalid={error ? true : undefined} onChange={(e) => setEmail(e.target.value)} />
          {props.mailingListSignUpEnabled && (
            <label className="restock-signup__mailing-list">
              <input type="checkbox" checked={joinList} onChange={(e) => setJoinList(e.target.checked)} />
              {RESTOCK.joinMailingList}
            </label>
          )}
          {props.captchaEnabled && <Captcha action="product_waitlist" handleRef={captchaRef} onToken={setCaptchaToken} />}
          {error && <p className="restock-signup__error" role="alert">{error}</p>}
          <button type="submit" disabled={phase === 'sending'}>{phase === 'sending' ? BUTTON.submitting : BUTTON.notifyMe}</button>
        </form>
      )}
    </div>
  );
}

/**
 * The fixed cart pill and the header cart link: both show the cart's item count (the total
 * quantity, so two of one shirt count as two) and subtotal, '100+' above 100, with the
 * accessible count label the specification gives both, and follow every cart update on the page
 * without a reload.
 * The pill is hidden at 0 and fades in above; the link stays in the header and carries an
 * empty-cart marker instead.
 */
import { useEffect, useRef, useState } from 'react';
import { cartCountLabel, cartCountText } from '../lib/messages.ts';
import { formatMoney, DEFAULT_CURRENCY, type MoneyFormat } from '../lib/money.ts';
import { cartItemCount, shouldLoadCart, subscribeCart, type ShoppingCart } from '../lib/cart.ts';
import { fetchCart } from '../lib/store-calls.ts';
import { PAGE_PATHS } from '../lib/api-paths.ts';
import { usePillStepsAside } from '../lib/pill-steps-aside.ts';

export interface CartPillProps {
  currency?: string;
  /** The cart the server already knows, if any (no fetch needed then). */
  initialQuantity?: number;
  initialSubtotalCents?: number;
  /** Cart page, express checkout or a custom cart: the pill is not shown at all. */
  suppressed?: boolean;
  /** 'pill' is the fixed box; 'link' the inline header cart link. */
  variant?: 'pill' | 'link';
  /** The store's money format (the server's pages write money the same way). */
  moneyFormat?: MoneyFormat | null;
}

export default function CartPill(props: CartPillProps) {
  const currency = props.currency ?? DEFAULT_CURRENCY;
  const [quantity, setQuantity] = useState(props.initialQuantity ?? 0);
  const [subtotal, setSubtotal] = useState(props.initialSubtotalCents ?? 0);
  const [initialized, setInitialized] = useState(props.initialQuantity !== undefined);
  const pillRef = useRef<HTMLAnchorElement>(null);
  // the fixed pill gets out of the way of a control it would cover (the link stays in the header's flow)
  usePillStepsAside(pillRef, props.variant !== 'link' && !props.suppressed && quantity > 0);

  useEffect(() => {
    if (props.suppressed) return undefined;
    const show = (cart: Partial<ShoppingCart>): void => {
      setQuantity(cartItemCount(cart));
      setSubtotal(cart.subtotalCents ?? 0);
    };
    const unsubscribe = subscribeCart((cart: ShoppingCart) => {
      show(cart);
      setInitialized(true);
    });
    if (props.initialQuantity === undefined && shouldLoadCart()) {
      void fetchCart().then((result) => {
        if (result.ok && result.data) show(result.data);
        setInitialized(true);
      });
    } else {
      setInitialized(true);
    }
    return unsubscribe;
  }, [props.suppressed, props.initialQuantity]);

  if (props.suppressed) return null;
  const filled = quantity > 0;
  if (props.variant === 'link') {
    const classes = ['cart-link', 'sqs-cart-link', initialized ? 'is-initialized' : '', filled ? '' : 'cart-link--empty']
      .filter(Boolean).join(' ');
    // The link's own text is its word, which its count label contains, so speech control finds it by
    // what it shows; the count and subtotal beside it are drawn for the eye (the label says the
    // count) and still lead to the cart, the link covering the whole box.
    return (
      <span className="cart-link-box">
        <a className={classes} href={PAGE_PATHS.cart} aria-label={cartCountLabel(quantity)} data-count={quantity}>
          <span className="cart-link-label">{cartCountLabel(null)}</span>
        </a>
        <span className="cart-link-count" aria-hidden="true" data-cart-count="">{cartCountText(quantity)}</span>
        {filled ? <span className="cart-link-subtotal" aria-hidden="true">{formatMoney(subtotal, currency, props.moneyFormat)}</span> : null}
      </span>
    );
  }
  const classes = ['sqs-pill-shopping-cart', initialized ? 'is-initialized' : '', filled ? 'is-visible' : 'is-empty']
    .filter(Boolean).join(' ');
  const subtotalText = formatMoney(subtotal, currency, props.moneyFormat);
  // The page places the pill after its footer, outside every landmark; its own (hidden with it)
  // keeps it where landmark navigation reaches it.
  return (
    <aside className="cart-pill" aria-label={cartCountLabel(null)} hidden={!filled}>
      <a
        ref={pillRef}
        className={classes}
        href={PAGE_PATHS.cart}
        aria-label={cartCountLabel(quantity)}
        hidden={!filled}
        data-count={quantity}
      >
        <span className="cart-count" aria-hidden="true">{cartCountText(quantity)}</span>
        <span className="cart-subtotal" aria-hidden="true">{subtotalText}</span>
      </a>
    </aside>
  );
}

/**
 * The fixed cart pill (and cart link): item count and subtotal, hidden at 0,
 * fading in above, '100+' above 100, with the accessible count label.
 */
import { useEffect, useState } from 'react';
import { cartCountLabel, cartCountText } from '../lib/messages.ts';
import { formatMoney, DEFAULT_CURRENCY } from '../lib/money.ts';
import { shouldLoadCart, subscribeCart, type ShoppingCart } from '../lib/cart.ts';
import { fetchCart } from '../lib/store-calls.ts';
import { PAGE_PATHS } from '../lib/api-paths.ts';

export interface CartPillProps {
  currency?: string;
  /** The cart the server already knows, if any (no fetch needed then). */
  initialQuantity?: number;
  initialSubtotalCents?: number;
  /** Cart page, express checkout or a custom cart: the pill is not shown at all. */
  suppressed?: boolean;
  /** 'pill' is the fixed box; 'link' the inline header cart link. */
  variant?: 'pill' | 'link';
}

export default function CartPill(props: CartPillProps) {
  const currency = props.currency ?? DEFAULT_CURRENCY;
  const [quantity, setQuantity] = useState(props.initialQuantity ?? 0);
  const [subtotal, setSubtotal] = useState(props.initialSubtotalCents ?? 0);
  const [initialized, setInitialized] = useState(props.initialQuantity !== undefined);

  useEffect(() => {
    if (props.suppressed) return undefined;
    const unsubscribe = subscribeCart((cart: ShoppingCart) => {
      setQuantity(cart.totalQuantity);
      setSubtotal(cart.subtotalCents);
      setInitialized(true);
    });
    if (props.initialQuantity === undefined && shouldLoadCart()) {
      void fetchCart().then((result) => {
        if (result.ok && result.data) {
          setQuantity(result.data.totalQuantity ?? 0);
          setSubtotal(result.data.subtotalCents ?? 0);
        }
        setInitialized(true);
      });
    } else {
      setInitialized(true);
    }
    return unsubscribe;
  }, [props.suppressed, props.initialQuantity]);

  if (props.suppressed) return null;
  const visible = quantity > 0;
  const classes = [
    props.variant === 'link' ? 'sqs-cart-link' : 'sqs-pill-shopping-cart',
    initialized ? 'is-initialized' : '',
    visible ? 'is-visible' : 'is-empty',
  ].filter(Boolean).join(' ');
  return (
    <a
      className={classes}
      href={PAGE_PATHS.cart}
      aria-label={cartCountLabel(quantity)}
      hidden={props.variant !== 'link' && !visible}
      data-count={quantity}
    >
      <span className="cart-count" aria-hidden="true">{cartCountText(quantity)}</span>
      <span className="cart-subtotal" aria-hidden="true">{formatMoney(subtotal, currency)}</span>
    </a>
  );
}

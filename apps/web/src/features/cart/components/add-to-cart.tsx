import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, paths } from '@pictura/contract';
import { useUntilReady } from '../../../lib/app-ready';
import { cartStore, useIsInCart, type AddResult } from '../cart-store';
import styles from './add-to-cart.module.css';

interface AddToCartProps {
  /** The offer attribute (variant) to buy. */
  attributeId: number;
}

type Feedback = { attributeId: number; result: AddResult | 'removed' };

/**
 * "Add to cart" for one variant, with a spoken and visible confirmation. A variant already in the
 * cart is not added twice; it can be taken out again here.
 */
export function AddToCart({ attributeId }: AddToCartProps) {
  const { t } = useTranslation();
  const inCart = useIsInCart(attributeId);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const addUntilReady = useUntilReady(t('cart.add'));
  // A message about another variant (or before a currency switch emptied the cart) is stale.
  const result = feedback?.attributeId === attributeId ? feedback.result : null;
  const message =
    result === null || (result === 'added' && !inCart)
      ? ''
      : t(`cart.feedback.${result}`, { max: LIMITS.cartItemsMax });

  return (
    <div className={styles.addToCart}>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary button--large"
          {...addUntilReady}
          onClick={() => setFeedback({ attributeId, result: cartStore.add(attributeId) })}
        >
          {t('cart.add')}
        </button>
        {inCart ? (
          <button
            type="button"
            className="button button--secondary button--large"
            onClick={() => {
              cartStore.remove(attributeId);
              setFeedback({ attributeId, result: 'removed' });
            }}
          >
            {t('cart.remove')}
          </button>
        ) : null}
      </div>
      {/* Always in the page, so that a new message in it is announced. */}
      <p className={styles.feedback} role="status">
        {message}
        {message && inCart ? (
          <>
            {' '}
            <Link to={paths.cart}>{t('cart.view')}</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

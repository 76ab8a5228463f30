import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@pictura/contract';
import { useCartCount } from '../cart-store';
import { useGiftCardInCart } from '../gift-card-store';
import styles from './cart-link.module.css';

/**
 * The header's cart link: a bag icon with the number of items, compact enough for the header in
 * the longest language. Its name says both ("Cart, 2 items"), so the number is read out, not only
 * seen; it updates when the cart changes, also when a currency switch empties it.
 */
export function CartLink() {
  const { t } = useTranslation();
  // The gift card is a line of the cart too.
  const count = useCartCount() + (useGiftCardInCart() ? 1 : 0);
  return (
    <NavLink
      to={paths.cart}
      className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
      aria-label={t('cart.linkLabel', { count })}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7V6a3 3 0 0 1 6 0v1" />
      </svg>
      <span className={`${styles.badge} ${count === 0 ? styles.empty : ''}`} aria-hidden="true">
        {count}
      </span>
    </NavLink>
  );
}

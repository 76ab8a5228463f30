import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@pictura/contract';
import { useBalanceIn } from '../../lib/api/get-balance';
import { useCurrency } from '../../lib/currency';
import { useFormat } from '../../lib/format';
import { navLinkClass } from './nav-link-class';

/**
 * A signed-in user's balance in the chosen currency, as the way into the wallet, whose sections
 * (balances, gift card redemption, deposit) are linked at its top. While the balance is loading or
 * could not be read the link still leads there, named "Wallet".
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const format = useFormat();
  const balance = useBalanceIn(useCurrency());
  const amount = balance.status === 'ready' ? format.price(balance.balance) : null;
  return (
    <NavLink
      className={navLinkClass}
      to={paths.wallet}
      aria-label={amount ? t('nav.balanceLabel', { amount }) : undefined}
    >
      {amount ?? t('nav.wallet')}
    </NavLink>
  );
}

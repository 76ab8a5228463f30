import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { loginPathWithReturnUrl } from '../../../lib/return-url';
import styles from './wallet.module.css';

/** For a visitor: what the wallet is for, and a way to sign in that comes back here. */
export function WalletSignedOut() {
  const { t } = useTranslation();
  return (
    <section className={styles.intro} aria-labelledby="wallet-signed-out-heading">
      <h2 id="wallet-signed-out-heading" className={styles.heading}>
        {t('wallet.signedOut.heading')}
      </h2>
      <ul className={styles.points}>
        <li>{t('wallet.signedOut.deposit')}</li>
        <li>{t('wallet.signedOut.giftCard')}</li>
        <li>{t('wallet.signedOut.pay')}</li>
      </ul>
      <div className={styles.actions}>
        <Link className="button button--primary" to={loginPathWithReturnUrl(paths.wallet)}>
          {t('wallet.signedOut.login')}
        </Link>
        <Link className="button button--secondary" to={paths.signUp}>
          {t('wallet.signedOut.signUp')}
        </Link>
      </div>
    </section>
  );
}

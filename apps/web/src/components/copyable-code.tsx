import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './copyable-code.module.css';

/**
 * A code shown in full (a gift card's) with a button that copies it; whether copying worked is
 * announced, and when the browser refuses, the user is told to copy it by hand.
 */
export function CopyableCode({ code, copyLabel }: { code: string; copyLabel: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className={styles.code}>
      <code>{code}</code>
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        {copyLabel}
      </button>
      <span role="status">
        {copied === 'copied' ? t('orders.copied') : copied ? t('orders.copyFailed') : ''}
      </span>
    </div>
  );
}

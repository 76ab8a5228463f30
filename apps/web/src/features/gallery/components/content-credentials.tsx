import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCredentialsPanel } from './content-credentials-panel';
import styles from './content-credentials.module.css';

/**
 * The Content Credentials mark ("CR") of a picture: a disclosure (the browser's own, so keyboard
 * and screen readers know it without our code) that opens what the picture's signed C2PA manifest
 * says in plain words, asked for when first opened. The default export: the page loads it with
 * `lazy`, which takes one.
 */
export default function ContentCredentials({ urlName }: { urlName: string }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // Opened before this code arrived (the server's HTML works on its own): the toggle was missed.
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details ref={details} className={styles.credentials} onToggle={() => setOpened(true)}>
      <summary className={styles.credentialsToggle}>
        <span className={styles.credentialsMark} aria-hidden="true">
          CR
        </span>
        {t('picture.credentials.toggle')}
      </summary>
      {opened ? <ContentCredentialsPanel urlName={urlName} /> : null}
    </details>
  );
}

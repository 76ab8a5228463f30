import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './content-credentials.module.css';

// Read only when asked for: the panel's code and its call stay out of the page's first view.
const ContentCredentialsPanel = lazy(() =>
  import('./content-credentials-panel').then((module) => ({
    default: module.ContentCredentialsPanel,
  })),
);

/**
 * The Content Credentials mark ("CR") of a picture: a disclosure button that opens, below it, what
 * the picture's signed C2PA manifest says in plain words.
 */
export function ContentCredentials({ urlName }: { urlName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className={styles.credentials} aria-label={t('picture.credentials.heading')}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={styles.mark} aria-hidden="true">
          CR
        </span>
        {t('picture.credentials.toggle')}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <Suspense fallback={<p role="status">{t('picture.credentials.loading')}</p>}>
            <ContentCredentialsPanel urlName={urlName} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

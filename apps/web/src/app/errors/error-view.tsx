import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './error-view.module.css';

interface ErrorViewProps {
  status: number;
  /** The heading: 'Page Not Found', 'Page Not Found: /path' or 'Internal Server Error'. */
  message: string;
}

/**
 * The error pages' body. The link home is a plain anchor on purpose: after an error a full page
 * load is the surest way back to a working state, and it also works outside the router.
 */
export function ErrorView({ status, message }: ErrorViewProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  useDocumentTitle(notFound ? t('errors.pageNotFound') : t('errors.internalServerError'));
  return (
    <div className={styles.error}>
      <p className={styles.status} aria-hidden="true">
        {status}
      </p>
      <h1 className={styles.message}>{message}</h1>
      <p className={styles.help}>
        {notFound ? t('errors.notFoundHelp') : t('errors.serverErrorHelp')}
      </p>
      <a className="button button--primary" href="/">
        {t('errors.backHome')}
      </a>
    </div>
  );
}

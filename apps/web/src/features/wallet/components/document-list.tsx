import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFileDownload } from '../../../lib/use-file-download';
import styles from './wallet.module.css';

/** One PDF in a list of the wallet's documents (receipts, credit notes). */
export interface ListedDocument {
  /** Unique in the page: the id of the line's text, which its download button names. */
  id: string;
  label: string;
  url: string;
  /** The file's name when the server's answer does not give one. */
  fileName: string;
}

/** The words of one list, each already in the reader's language. */
export interface DocumentListTexts {
  heading: string;
  intro: string;
  loading: string;
  loadFailed: string;
  retry: string;
  empty: string;
  download: string;
  downloading: string;
  downloadFailed: string;
}

/**
 * A wallet section listing documents newest first, each downloaded with the session as a PDF, with
 * its loading, error (and retry), and empty states.
 */
export function DocumentList<T>({
  headingId,
  texts,
  query,
  describe,
}: {
  headingId: string;
  texts: DocumentListTexts;
  query: UseQueryResult<T[]>;
  describe: (item: T) => ListedDocument;
}) {
  const { t } = useTranslation();
  const { busy, failure, download } = useFileDownload();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {texts.heading}
      </h2>
      <p className={styles.muted}>{texts.intro}</p>
      {query.isPending ? <p role="status">{texts.loading}</p> : null}
      {query.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{texts.loadFailed}</p>
          <p className={styles.muted}>{apiErrorText(query.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void query.refetch()}
          >
            {texts.retry}
          </button>
        </div>
      ) : null}
      {query.isSuccess && query.data.length === 0 ? (
        <p className={styles.muted}>{texts.empty}</p>
      ) : null}
      {query.isSuccess && query.data.length > 0 ? (
        <ul className={styles.receipts}>
          {query.data.map(describe).map(({ id, label, url, fileName }) => (
            <li key={id} className={styles.receipt}>
              <span id={id}>{label}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy !== null}
                aria-describedby={id}
                onClick={() => void download(id, url, fileName)}
              >
                {busy === id ? texts.downloading : texts.download}
              </button>
              {failure?.key === id ? (
                <p className={styles.error} role="alert">
                  {texts.downloadFailed} {apiErrorText(failure.error, t)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

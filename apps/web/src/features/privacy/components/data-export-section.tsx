import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_LINK_DAYS, paths, type DataExport } from '@pictura/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { fetchFile, saveFile } from '../../../lib/download';
import { useFormat } from '../../../lib/format';
import { isExportInProgress, useLatestExport } from '../api/get-latest-export';
import { useRequestExport } from '../api/request-export';
import styles from './privacy.module.css';

/**
 * "Download my data": asks for a ZIP of everything the shop holds about the user, shows how far
 * it is while it is made in the background, then a download for the signed-in owner until it
 * expires (the mail only says it is ready and links here).
 */
export function DataExportSection({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data ?? null;
  const working = isExportInProgress(current);

  return (
    <section className={formStyles.form} aria-labelledby={headingId} aria-busy={latest.isPending}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('privacy.export.title')}
      </h2>
      <p className={formStyles.text}>
        {t('privacy.export.text', { days: DATA_EXPORT_LINK_DAYS })}{' '}
        <Link to={paths.privacyPolicy}>{t('privacy.policyLink')}</Link>
      </p>
      {latest.isPending ? <p role="status">{t('privacy.export.loading')}</p> : null}
      {latest.error && !latest.isFetching ? (
        <div>
          <FormAlert text={`${t('privacy.export.loadFailed')} ${apiErrorText(latest.error, t)}`} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void latest.refetch()}
          >
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {current ? <ExportState current={current} /> : null}
      {/* Always in the page, so that a screen reader announces the export once it is ready. */}
      <FormStatus>
        {current?.status === 'ready' && current.expiresAt
          ? t('privacy.export.ready', { date: format.dateTime(current.expiresAt) })
          : null}
      </FormStatus>
      <FormAlert text={request.error ? apiErrorText(request.error, t) : null} />
      {!latest.isPending && !working ? (
        <div className={formStyles.actions}>
          <button
            type="button"
            className={`button button--secondary ${formStyles.submit}`}
            disabled={request.isPending}
            onClick={() => request.mutate()}
          >
            {request.isPending
              ? t('privacy.export.busy')
              : current
                ? t('privacy.export.again')
                : t('privacy.export.submit')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ExportState({ current }: { current: DataExport }) {
  const { t } = useTranslation();
  if (isExportInProgress(current)) {
    // Not a live region: it changes every second while the export is made.
    return (
      <div>
        <p className={formStyles.text}>
          {t('privacy.export.working', { progress: current.progress })}
        </p>
        <progress
          className={styles.progress}
          max={100}
          value={current.progress}
          aria-label={t('privacy.export.progressLabel')}
        />
      </div>
    );
  }
  if (current.status === 'ready' && current.downloadUrl) {
    return <DownloadButton url={current.downloadUrl} />;
  }
  return (
    <p className={formStyles.text}>
      {current.status === 'failed' ? t('privacy.export.failed') : t('privacy.export.expired')}
    </p>
  );
}

/** Fetched with the session (the file is its owner's only), then handed to the browser. */
function DownloadButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchFile(url, 'pictura-data.zip'));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => void download()}
      >
        {busy ? t('privacy.export.downloading') : t('privacy.export.download')}
      </button>
      <FormAlert text={error ? apiErrorText(error, t) : null} />
    </div>
  );
}

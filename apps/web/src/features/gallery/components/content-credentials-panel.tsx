import { useTranslation } from 'react-i18next';
import type { ContentCredentials } from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useContentCredentials } from '../api/get-content-credentials';
import styles from './content-credentials.module.css';

/** The IPTC source types the panel names; any other is shown as "not stated". */
const SOURCE_TYPES = ['trainedAlgorithmicMedia', 'compositeWithTrainedAlgorithmicMedia'] as const;
type KnownSourceType = (typeof SOURCE_TYPES)[number];
const isKnown = (value: string | null): value is KnownSourceType =>
  SOURCE_TYPES.some((known) => known === value);

/** What a picture's Content Credentials say, in plain words, with loading and error states. */
export function ContentCredentialsPanel({ urlName }: { urlName: string }) {
  const { t } = useTranslation();
  const credentials = useContentCredentials(urlName);
  if (credentials.isPending) {
    return (
      <p className={styles.panel} role="status">
        {t('picture.credentials.loading')}
      </p>
    );
  }
  if (credentials.isError) {
    const none = credentials.error instanceof ApiError && credentials.error.status === 404;
    return (
      <div className={styles.panel} role="alert">
        <p>{t(none ? 'picture.credentials.none' : 'picture.credentials.error')}</p>
        {none ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void credentials.refetch()}
          >
            {t('gallery.retry')}
          </button>
        )}
      </div>
    );
  }
  return <CredentialFacts credentials={credentials.data} />;
}

function CredentialFacts({ credentials }: { credentials: ContentCredentials }) {
  const { t } = useTranslation();
  const format = useFormat();
  const source = credentials.digitalSourceType;
  return (
    <div className={styles.panel}>
      <p className={styles.summary}>
        {t(`picture.credentials.source.${isKnown(source) ? source : 'unknown'}`)}
      </p>
      <dl className={styles.facts}>
        <dt>{t('picture.credentials.generator')}</dt>
        <dd>{credentials.generator ?? t('picture.credentials.generatorUnknown')}</dd>
        <dt>{t('picture.credentials.signedBy')}</dt>
        <dd>
          {credentials.signedBy
            ? t('picture.credentials.signer', {
                signer: credentials.signedBy,
                issuer: credentials.certificateIssuer ?? '—',
              })
            : '—'}
        </dd>
        <dt>{t('picture.credentials.signedAt')}</dt>
        <dd>{credentials.signedAt ? format.dateTime(credentials.signedAt) : '—'}</dd>
        <dt>{t('picture.credentials.edits')}</dt>
        <dd>
          {credentials.edits.length > 0
            ? credentials.edits
                .map((edit) =>
                  t(`picture.credentials.edit.${edit.replace('c2pa.', '')}`, {
                    defaultValue: edit,
                  }),
                )
                .join(', ')
            : t('picture.credentials.noEdits')}
        </dd>
        <dt>{t('picture.credentials.signature')}</dt>
        <dd>{t(`picture.credentials.validation.${credentials.validation}`)}</dd>
      </dl>
    </div>
  );
}

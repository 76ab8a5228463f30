import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormAlert } from '../../../components/form/form-messages';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { LEGAL_TEXTS_UPDATED, type LegalDocumentKind } from '../content/types';
import { useLegalDocument } from '../use-legal-document';
import { LegalBlocks } from './legal-blocks';
import styles from './legal-page.module.css';

const PAGE_IDS = {
  privacy: 'privacyPolicy',
  terms: 'termsAndConditions',
  personalLicence: 'personalLicence',
  commercialLicence: 'commercialLicence',
} as const;

/** The privacy policy, the terms or a licence: a table of contents, then the sections. */
export function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { hash } = useLocation();
  const { document, isError, refetch } = useLegalDocument(kind);
  const pageId = PAGE_IDS[kind];

  useEffect(() => {
    // A link to a section (`#cookies`) arrived before the text did: go there once it is shown.
    if (document && hash) window.document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [document, hash]);

  let body;
  if (document) {
    body = (
      <>
        <nav className={styles.contents} aria-label={t('legal.contents')}>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section) => (
          <section key={section.id} className={styles.section}>
            <h2 id={section.id} className={styles.heading}>
              {section.heading}
            </h2>
            <LegalBlocks blocks={section.blocks} />
          </section>
        ))}
      </>
    );
  } else if (isError) {
    body = (
      <div>
        <FormAlert text={t('legal.loadFailed')} />
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('legal.retry')}
        </button>
      </div>
    );
  } else {
    body = <p role="status">{t('legal.loading')}</p>;
  }

  return (
    <Page title={t(`pages.${pageId}.title`)} intro={t(`pages.${pageId}.intro`)}>
      <div className={styles.document}>
        <p className={styles.updated}>
          {t('legal.updated', { date: format.date(LEGAL_TEXTS_UPDATED) })}
        </p>
        {body}
      </div>
    </Page>
  );
}

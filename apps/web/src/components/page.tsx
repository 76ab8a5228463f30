import type { ReactNode } from 'react';
import { usePageMeta } from '../lib/head';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './page.module.css';

interface PageProps {
  title: string;
  intro?: ReactNode;
  /** The meta description; a text introduction serves as one when not given. */
  description?: string;
  /** Tab title when it differs from the heading; `null` gives the home page's title. */
  documentTitle?: string | null;
  children?: ReactNode;
}

/** The frame of every page: one h1, a short introduction, then the page's own content. */
export function Page({ title, intro, description, documentTitle, children }: PageProps) {
  useDocumentTitle(documentTitle === undefined ? title : documentTitle);
  const summary = description ?? (typeof intro === 'string' ? intro : undefined);
  usePageMeta(summary === undefined ? null : { description: summary });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </header>
      {children}
    </div>
  );
}

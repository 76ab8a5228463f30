import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { PageLinks, type PageLink } from '../../components/page-links';

/** Pages whose heading and introduction come straight from `pages.<id>` in the locale files. */
export type IntroPageId = 'contact';

interface IntroPageProps {
  id: IntroPageId;
  links?: readonly PageLink[];
  children?: ReactNode;
}

export function IntroPage({ id, links = [], children }: IntroPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${id}.title`)} intro={t(`pages.${id}.intro`)}>
      <PageLinks links={links} />
      {children}
    </Page>
  );
}

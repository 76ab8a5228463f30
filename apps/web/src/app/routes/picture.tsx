import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { Page, PageLinks } from '../../components/page';

export default function PicturePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.picture.title')} intro={t('pages.picture.intro')}>
      <PageLinks links={[{ to: paths.gallery, label: t('pages.picture.backToGallery') }]} />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@pictura/contract';
import { Page, PageLinks } from '../../components/page';

export default function GalleryCategoryPage() {
  const { t } = useTranslation();
  const { categoryName = '' } = useParams();
  return (
    <Page
      title={t('pages.galleryCategory.title', { category: categoryName })}
      intro={t('pages.galleryCategory.intro')}
    >
      <PageLinks links={[{ to: paths.gallery, label: t('pages.galleryCategory.backToGallery') }]} />
    </Page>
  );
}

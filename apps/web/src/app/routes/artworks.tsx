import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { ArtworkGrid } from '../../features/artworks/components/artwork-grid';
import { GeneratedImages } from '../../features/create/components/generated-images';
import { GENERATED_IMAGES_TAB } from '../../features/create/generated-images-path';
import { OfferPicture } from '../../features/gallery/components/offer-picture';
import styles from './artworks.module.css';

const TABS = ['purchased', GENERATED_IMAGES_TAB] as const;
type Tab = (typeof TABS)[number];

/**
 * /artworks (signed in): the pictures bought, each with its original and licence downloads, and on
 * a second tab (`?tab=generated`, so it can be linked to) the pictures the user has generated.
 */
export default function ArtworksPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tabs = useRef(new Map<Tab, HTMLButtonElement>());
  const selected: Tab =
    search.get('tab') === GENERATED_IMAGES_TAB ? GENERATED_IMAGES_TAB : 'purchased';

  const select = (tab: Tab, focus = false) => {
    setSearch(tab === 'purchased' ? {} : { tab }, { replace: true });
    if (focus) tabs.current.get(tab)?.focus();
  };
  // The ARIA tabs pattern: arrow keys, Home and End move between tabs and show the one reached.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(selected);
    const next = {
      ArrowRight: TABS[(index + 1) % TABS.length],
      ArrowLeft: TABS[(index - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS[TABS.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <Page
      title={t('artworks.title')}
      intro={selected === 'purchased' ? t('artworks.intro') : t('artworks.tabs.intro')}
    >
      <PageLinks links={[{ to: paths.orderHistory, label: t('pages.orderHistory.title') }]} />
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={t('artworks.tabs.label')}
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabs.current.set(tab, element);
              else tabs.current.delete(tab);
            }}
            id={`artworks-tab-${tab}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === selected}
            aria-controls={tab === selected ? `artworks-panel-${tab}` : undefined}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => select(tab)}
          >
            {t(`artworks.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        id={`artworks-panel-${selected}`}
        role="tabpanel"
        aria-labelledby={`artworks-tab-${selected}`}
        className={styles.panel}
      >
        {selected === 'purchased' ? (
          <ArtworkGrid
            renderPicture={(artwork, index) => (
              <OfferPicture
                image={artwork.image}
                alt=""
                sizes="(max-width: 40rem) 100vw, 20rem"
                fit="contain"
                loading={index < 3 ? 'first-view' : 'lazy'}
              />
            )}
          />
        ) : (
          <GeneratedImages />
        )}
      </div>
    </Page>
  );
}

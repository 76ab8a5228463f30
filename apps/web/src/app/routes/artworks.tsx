import { IntroPage } from './intro-page';

export default function ArtworksPage() {
  return <IntroPage id="artworks" />;
}

import { IntroPage } from './intro-page';

export default function GalleryPage() {
  return <IntroPage id="gallery" />;
}

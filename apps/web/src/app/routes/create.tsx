import { IntroPage } from './intro-page';

export default function CreatePage() {
  return <IntroPage id="create" />;
}

import { useTranslation } from 'react-i18next';
import { standardDownloadSize } from '@pictura/contract';
import { useFormat } from './format';

/**
 * What a variant's download is, for the picture page, the cart and the artworks: its pixel size
 * and format ("960 × 640 px, JPEG"), from the offer's picture size and the rule the server scales
 * the standard download by. Null for a kind the shop does not know.
 */
export function useVariantFile(): (
  kind: string,
  image: { width: number; height: number },
) => string | null {
  const { t } = useTranslation();
  const format = useFormat();
  return (kind, image) => {
    if (kind !== 'standard' && kind !== 'full') return null;
    const size = kind === 'standard' ? standardDownloadSize(image.width, image.height) : image;
    return t(`picture.file.${kind}`, {
      width: format.count(size.width),
      height: format.count(size.height),
    });
  };
}

import { paths } from '@pictura/contract';

/** The tab of /artworks that lists the user's generated images (`?tab=generated`). */
export const GENERATED_IMAGES_TAB = 'generated';
export const generatedImagesPath = `${paths.artworks}?tab=${GENERATED_IMAGES_TAB}`;

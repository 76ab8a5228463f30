import { paths } from '@pictura/contract';
import type { GeneratedImage } from '../../infra/image-generation/index.js';
import { markOriginal, type PictureMarks } from '../../infra/images/index.js';
import { SHOP_NAME } from '../../lib/index.js';

// A title is a label, not the prompt's whole text (which the owner sees beside the picture anyway).
const TITLE_MAX = 120;

/**
 * What a user's generated picture says about itself: made by a trained model, by the shop's
 * generator; the terms' section on generated pictures is its licence (the rights, as far as any
 * arise, go to the user); the generation's id is its reference, as an order's is for a purchase.
 */
export function generatedPictureMarks(
  job: { id: string; prompt: string; createdAt: Date },
  publicUrl: string,
): PictureMarks {
  const prompt = job.prompt.trim();
  return {
    title: prompt.length > TITLE_MAX ? `${prompt.slice(0, TITLE_MAX - 1)}…` : prompt,
    creator: SHOP_NAME,
    copyright: `© ${job.createdAt.getUTCFullYear()} the account holder; generated with ${SHOP_NAME}`,
    digitalSourceType: 'trainedAlgorithmicMedia',
    licenceName: `Generated picture: rights transferred to the account holder (${SHOP_NAME} terms)`,
    licenceUrl: `${publicUrl}${paths.termsAndConditions}#generation`,
    orderReference: `${SHOP_NAME} generation ${job.id}`,
  };
}

/** The picture as delivered: its pixels as made, the marks in its metadata. */
export async function markGenerated(
  image: GeneratedImage,
  marks: PictureMarks,
): Promise<GeneratedImage> {
  const bytes = await markOriginal(image.bytes, marks);
  // A WebP is encoded again losslessly: same pixels, another file; the content type stays.
  return { ...image, bytes };
}

export {
  describeImage,
  makePlaceholder,
  makePreview,
  makeSharePicture,
  SHARE_PICTURE,
  makeScaledDownload,
  markOriginal,
  remarkJpeg,
  PREVIEW_CONTENT_TYPES,
  previewWidthsFor,
  UnsupportedImageError,
  type ImageInfo,
  type PreviewFormat,
  type PreviewWidth,
} from './pipeline.js';
export { imageFileType, type ImageFileType } from './file-type.js';
export { default as sharp } from './sharp.js';
export { checkDecodes, decodePixels } from './decode-pixels.js';
export { drawableText, strokeTextPath, strokeTextWidth } from './stroke-font.js';
export { DIGITAL_SOURCE_TYPE_URIS, xmpPacket, type PictureMarks } from './xmp.js';
export { c2paSigner, canSignC2pa, readC2pa, signC2pa } from './c2pa.js';

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
export {
  c2paSigner,
  canSignC2pa,
  createFileSigner,
  generatorAgent,
  hasC2pa,
  readC2pa,
  signC2pa,
  type C2paReading,
  type C2paSigner,
  type Derivation,
  type DerivedAction,
  type Provenance,
  type SignFile,
} from './c2pa/index.js';

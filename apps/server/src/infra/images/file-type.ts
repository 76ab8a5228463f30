/** The kinds of picture the shop stores: what a download is named and served as. */
export interface ImageFileType {
  extension: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/**
 * The type of a stored picture from its first bytes (originals are generated JPEGs or uploaded
 * JPEG, PNG or WebP files, checked when uploaded); null for anything else.
 */
export function imageFileType(bytes: Uint8Array): ImageFileType | null {
  const startsWith = (offset: number, ...signature: number[]) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith(0, 0xff, 0xd8, 0xff)) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) {
    return { extension: 'png', contentType: 'image/png' };
  }
  // "RIFF", four bytes of size, "WEBP".
  if (startsWith(0, 0x52, 0x49, 0x46, 0x46) && startsWith(8, 0x57, 0x45, 0x42, 0x50)) {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  return null;
}

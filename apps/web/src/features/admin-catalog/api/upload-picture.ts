import { adminApiPaths, UploadedImageSchema, type UploadedImage } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/catalog/images: the picture's raw bytes as the body; the server decides its type from them. */
export const uploadPicture = (file: Blob): Promise<UploadedImage> =>
  apiClient.post(adminApiPaths.catalogImages, file, { schema: UploadedImageSchema });

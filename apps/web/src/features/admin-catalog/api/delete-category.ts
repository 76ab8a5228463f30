import { adminApiPaths, withId } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/admin/catalog/categories/{id}. */
export const deleteCategory = (id: number): Promise<unknown> =>
  apiClient.request(withId(adminApiPaths.catalogCategory, id), { method: 'DELETE' });

import {
  adminApiPaths,
  AdminCategorySchema,
  withId,
  type AdminCategory,
  type CategoryWrite,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/admin/catalog/categories/{id}. */
export const updateCategory = (id: number, category: CategoryWrite): Promise<AdminCategory> =>
  apiClient.request(withId(adminApiPaths.catalogCategory, id), {
    method: 'PUT',
    body: category,
    schema: AdminCategorySchema,
  });

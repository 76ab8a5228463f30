import {
  adminApiPaths,
  AdminCategorySchema,
  type AdminCategory,
  type CategoryWrite,
} from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/catalog/categories. */
export const createCategory = (category: CategoryWrite): Promise<AdminCategory> =>
  apiClient.post(adminApiPaths.catalogCategories, category, { schema: AdminCategorySchema });

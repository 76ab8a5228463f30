// The back office API (issue 8, not in the spec): everything under /api/admin, for admins only.

export const ADMIN_API_PREFIX = '/api/admin';

/** Paths as registered inside the admin scope, relative to ADMIN_API_PREFIX. */
export const adminRoutePaths = {
  audit: '/audit',
} as const;

/** Full paths for callers. */
export const adminApiPaths = {
  audit: `${ADMIN_API_PREFIX}${adminRoutePaths.audit}`,
} as const;

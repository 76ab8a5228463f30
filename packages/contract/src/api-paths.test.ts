import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.js';

describe('apiPaths (seed-spec section 7, spelt exactly, including the capital A of Accounts)', () => {
  it.each([
    ['supportCreateTicket', '/api/support/create-ticket'],
    ['orders', '/api/orders'],
    ['offersLatest', '/api/offers/latest'],
    ['offersGetOne', '/api/offers/get-one'],
    ['offers', '/api/offers'],
    ['generatedImages', '/api/generated-images'],
    ['generatedImagesPrices', '/api/generated-images/prices'],
    ['balance', '/api/balance'],
    ['balanceDeposit', '/api/balance/deposit'],
    ['balanceGiftCard', '/api/balance/gift-card'],
    ['accountsProfile', '/api/Accounts/profile'],
    ['accountsUpdateBilling', '/api/accounts/update-billing'],
    ['accountsUpdate', '/api/accounts/update'],
    ['accountsChangePassword', '/api/Accounts/change-password'],
    ['accountsForgotPassword', '/api/Accounts/forgot-password'],
    ['accountsResetPassword', '/api/Accounts/reset-password'],
    ['accountsLogin', '/api/Accounts/login'],
    ['accountsRefresh', '/api/Accounts/refresh'],
    ['accountsRegister', '/api/Accounts/register'],
  ] as const)('%s is %s', (key, path) => {
    expect(apiPaths[key]).toBe(path);
  });

  it('adds only the categories, images, log out, health and docs paths beyond the spec', () => {
    expect(apiPaths.categories).toBe('/api/categories');
    expect(apiPaths.images).toBe('/api/images');
    expect(apiPaths.accountsLogout).toBe('/api/Accounts/logout');
    expect(apiPaths.accountsLogoutAll).toBe('/api/Accounts/logout-all');
    expect(apiPaths.health).toBe('/api/health');
    expect(apiPaths.docs).toBe('/api/docs');
    expect(Object.keys(apiPaths)).toHaveLength(25);
  });

  it('puts every path under /api with no trailing slash, and no two alike', () => {
    const values = Object.values(apiPaths);
    for (const path of values) expect(path).toMatch(/^\/api\/[A-Za-z-]+(\/[a-z-]+)?$/);
    expect(new Set(values.map((p) => p.toLowerCase())).size).toBe(values.length);
  });
});

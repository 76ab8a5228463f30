// Categories in the back office, their three names, and who changed what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApiPaths,
  AdminCategoryListSchema,
  AdminCategorySchema,
  apiPaths,
  AuditListSchema,
  CategoryListSchema,
  withId,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { seedTestCatalog } from '../../test/catalog.js';
import {
  bearer,
  buildTestApp,
  describeEachEngine,
  signUpAdmin,
  type TestUser,
} from '../../test/index.js';

describeEachEngine('catalog back office: categories', (ctx) => {
  let app: App;
  let admin: TestUser;

  beforeAll(async () => {
    await seedTestCatalog(ctx.database.db);
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await app.inject({ method, url, payload, headers: bearer(admin.accessToken) });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const list = async () =>
    AdminCategoryListSchema.parse((await call('GET', adminApiPaths.catalogCategories)).body);
  const names = { en: 'Oceans', es: 'Océanos', ja: '海' };

  describe('as an admin', () => {
    // One app for the file: the tests below build on each other's changes, in order.
    beforeAll(async () => {
      app = await buildTestApp({ database: ctx.database });
      admin = await signUpAdmin(app, ctx.database.db);
    });
    afterAll(async () => {
      await app.close();
    });

    it('lists every category in order with its names and all its offers, unpublished too', async () => {
      const categories = await list();

      expect(categories.map((c) => [c.urlName, c.offerCount, c.publishedCount])).toEqual([
        ['animals', 4, 3],
        ['space', 2, 2],
        ['empty', 0, 0],
      ]);
      expect(categories[0]).toMatchObject({
        names: { en: 'Animals', es: 'Animales', ja: '動物' },
        position: 0,
      });
    });

    it('creates a category that the shop lists at once, and records it in the audit log', async () => {
      const created = await call('POST', adminApiPaths.catalogCategories, {
        urlName: 'oceans',
        names,
        position: 5,
      });

      expect(created.status).toBe(200);
      const category = AdminCategorySchema.parse(created.body);
      expect(category).toMatchObject({ urlName: 'oceans', names, position: 5, offerCount: 0 });
      // A fresh app: the public category list is cached per process for up to 30 s.
      const shop = await buildTestApp({ database: ctx.database });
      const publicList = CategoryListSchema.parse(
        (await shop.inject({ method: 'GET', url: apiPaths.categories })).json(),
      );
      await shop.close();
      expect(publicList.find((c) => c.urlName === 'oceans')?.names).toEqual(names);
      const audit = AuditListSchema.parse(
        (await call('GET', `${adminApiPaths.audit}?Entity=category`)).body,
      );
      expect(audit.entries[0]).toMatchObject({
        action: 'category.create',
        entityId: String(category.id),
        actorEmail: admin.email,
        before: null,
        after: { urlName: 'oceans', names, position: 5 },
      });
    });

    it('refuses invalid fields with a field map and a taken url name on its field', async () => {
      const invalid = await call('POST', adminApiPaths.catalogCategories, {
        urlName: 'Not Valid',
        names: { en: 'x', es: '' },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({
        errors: expect.objectContaining({
          urlName: expect.any(String),
          'names.es': expect.any(String),
          'names.ja': expect.any(String),
        }),
      });

      const taken = await call('POST', adminApiPaths.catalogCategories, {
        urlName: 'space',
        names,
      });
      expect(taken).toEqual({
        status: 400,
        body: { errors: { urlName: 'This url name is already used.' } },
      });
    });

    it('edits url name, names and position, keeping the before and after in the audit log', async () => {
      const space = (await list()).find((c) => c.urlName === 'space')!;

      const edited = await call('PUT', withId(adminApiPaths.catalogCategory, space.id), {
        urlName: 'outer-space',
        names: { en: 'Outer space', es: 'Espacio exterior', ja: '宇宙空間' },
        position: 9,
      });

      expect(edited.status).toBe(200);
      expect(AdminCategorySchema.parse(edited.body)).toMatchObject({
        urlName: 'outer-space',
        names: { en: 'Outer space' },
        position: 9,
        offerCount: 2,
      });
      expect((await list()).at(-1)?.urlName).toBe('outer-space');
      const audit = AuditListSchema.parse(
        (await call('GET', `${adminApiPaths.audit}?Entity=category`)).body,
      );
      expect(audit.entries[0]).toMatchObject({
        action: 'category.update',
        before: { urlName: 'space', position: 1 },
        after: { urlName: 'outer-space', position: 9 },
      });
    });

    it('answers 404 for an unknown category', async () => {
      const body = { urlName: 'nowhere', names };
      expect((await call('PUT', withId(adminApiPaths.catalogCategory, 999_999), body)).status).toBe(
        404,
      );
      expect((await call('DELETE', withId(adminApiPaths.catalogCategory, 999_999))).status).toBe(
        404,
      );
    });

    it('deletes only an empty category; one holding offers, even unpublished ones, is a 409', async () => {
      const categories = await list();
      const animals = categories.find((c) => c.urlName === 'animals');
      const empty = categories.find((c) => c.urlName === 'empty');

      const refused = await call('DELETE', withId(adminApiPaths.catalogCategory, animals!.id));
      const deleted = await call('DELETE', withId(adminApiPaths.catalogCategory, empty!.id));

      expect(refused.status).toBe(409);
      expect(deleted.status).toBe(200);
      expect((await list()).map((c) => c.urlName)).not.toContain('empty');
      expect((await list()).map((c) => c.urlName)).toContain('animals');
      const audit = AuditListSchema.parse(
        (await call('GET', `${adminApiPaths.audit}?Entity=category`)).body,
      );
      expect(audit.entries[0]).toMatchObject({
        action: 'category.delete',
        entityId: String(empty!.id),
        before: { urlName: 'empty' },
        after: null,
      });
    });
  });
});

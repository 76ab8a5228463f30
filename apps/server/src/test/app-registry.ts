// Which database each test app runs on, for helpers that are handed only the app.
import type { App } from '../app.js';
import type { Database } from '../infra/db/index.js';

const databases = new WeakMap<App, Database>();

export function registerTestApp(app: App, database: Database): void {
  databases.set(app, database);
}

/** The database of an app made by `buildTestApp`. */
export function databaseOfTestApp(app: App): Database {
  const database = databases.get(app);
  if (!database) throw new Error('this app was not made by buildTestApp');
  return database;
}

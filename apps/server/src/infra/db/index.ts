export {
  createDatabase,
  openPglite,
  openPostgres,
  type Database,
  type Db,
  type RowsQueryResultHKT,
  type PgliteDatabase,
  type PostgresDatabase,
} from './database.js';
export { READ_COMMITTED } from './isolation.js';
export { POOL_SIZE } from './postgres-pool.js';
export { runLongStatement } from './long-statement.js';
export { migrate } from './migrate.js';
export { isDatabaseUnavailable } from './unavailable.js';
export { subscribe, type Subscription } from './notifications.js';

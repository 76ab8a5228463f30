import type { SalesQuery, SalesReport } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { salesReport } from './report.js';

export interface SalesDeps {
  readonly db: Db;
}

/** The back office's sales figures, read from the modules that own the data. */
export function createSalesService({ db }: SalesDeps) {
  return {
    report(query: SalesQuery): Promise<SalesReport> {
      return salesReport(db, query);
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;

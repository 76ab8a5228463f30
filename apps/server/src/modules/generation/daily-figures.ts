import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { generationJobs } from './schema.js';

export interface DailyGenerations {
  /** YYYY-MM-DD in UTC. */
  day: string;
  generations: number;
}

const finishedDay = sql<string>`to_char(${generationJobs.finishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Generation jobs that delivered their pictures, per UTC day they finished:
 * `start` inclusive, `end` exclusive. Failed and cancelled jobs cost the user nothing and do not count.
 */
export async function generationsByDay(
  db: Db,
  range: { start: Date; end: Date },
): Promise<DailyGenerations[]> {
  return db
    .select({ day: finishedDay, generations: count() })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.status, 'succeeded'),
        gte(generationJobs.finishedAt, range.start),
        lt(generationJobs.finishedAt, range.end),
      ),
    )
    .groupBy(finishedDay);
}

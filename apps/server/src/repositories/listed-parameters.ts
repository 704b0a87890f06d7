// What a list shows of a simulation's or a run's parameters: every entry but the long texts, chosen
// in the database, so that a page of large networks does not leave it (a page of 100 such rows was
// gigabytes of JSON). A simulation or a run read by id has them all.

import { sql, type AnyColumn } from 'drizzle-orm';

/** Text parameters longer than this many characters are left out of lists (a network's `.inp`, a year of demand rows). */
export const LIST_TEXT_LIMIT = 8192;

/** The parameters in `column` (jsonb) without their string entries over LIST_TEXT_LIMIT characters. */
export function withoutLongTexts(column: AnyColumn) {
  return sql<Record<string, unknown>>`(
    SELECT coalesce(jsonb_object_agg(entry.key, entry.value), '{}'::jsonb)
    FROM jsonb_each(${column}) AS entry
    WHERE jsonb_typeof(entry.value) <> 'string' OR length(entry.value #>> '{}') <= ${sql.raw(String(LIST_TEXT_LIMIT))}
  )`;
}

import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { maxRowId, pipelineMessages } from '@portal/contract';
import { badRequest } from './errors';

/**
 * Keyset paging over (timestamp desc, id desc). The cursor is opaque to clients: base64url of the
 * last row's timestamp, to the microsecond as PostgreSQL stores it (a JS Date would drop the
 * microseconds and skip or repeat rows), and its id.
 */
export interface Keyset {
  at: string;
  id: number;
}

const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The column as UTC ISO text with microseconds, for building the next cursor. */
export function keysetTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** An instant that exists: JS rolls 2026-02-30 over to March, PostgreSQL refuses it. */
function realInstant(at: string): boolean {
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url');
}

/** The keyset of a cursor, or a 400 naming the cursor field. */
export function decodeCursor(cursor: string): Keyset {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at, id, ...rest] = text.split('|');
  const n = Number(id);
  if (rest.length || !at || !isoMicros.test(at) || !realInstant(at) || !Number.isSafeInteger(n) || n < 1 || n > maxRowId) {
    throw badRequest(pipelineMessages.invalidCursor, { cursor: pipelineMessages.invalidCursor });
  }
  return { at, id: n };
}

/** `(at, id) < (cursor)`: the rows after the cursor in (at desc, id desc) order, as the index reads them. */
export function afterCursor(atColumn: AnyColumn, idColumn: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const key = decodeCursor(cursor);
  return sql`(${atColumn}, ${idColumn}) < (${key.at}::timestamptz, ${key.id})`;
}

/**
 * Cuts a page fetched with `limit + 1` rows: the items, and the cursor of the next page when there
 * is one.
 */
export function pageOf<T extends { cursorAt: string; id: number }>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null };
}

/** [from 00:00 UTC, the day after `to` 00:00 UTC): a range of whole UTC days, both ends inclusive. */
export function dayRange(atColumn: AnyColumn, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${atColumn} >= ${`${from}T00:00:00Z`}::timestamptz`);
  if (to) conditions.push(sql`${atColumn} < (${`${to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return conditions;
}

/**
 * `ORDER BY at DESC NULLS LAST, id DESC NULLS LAST`: the order the list indexes are built in. A plain
 * `DESC` means NULLS FIRST, which PostgreSQL does not read off a `DESC NULLS LAST` index (even on NOT
 * NULL columns): it would sort the whole table instead.
 */
export function newestFirst(atColumn: AnyColumn, idColumn: AnyColumn): SQL[] {
  return [sql`${atColumn} desc nulls last`, sql`${idColumn} desc nulls last`];
}

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

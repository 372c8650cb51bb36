import { z } from 'zod';
import { periods } from './periods';

/** Cursor (keyset) paging of every list: `?cursor=&limit=` answers `data.items` and `data.next_cursor`. */
export const pageLimits = { default: 25, max: 100 } as const;

export const cursorPageQuery = z.object({
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(pageLimits.max).default(pageLimits.default),
});
export type CursorPageQuery = z.infer<typeof cursorPageQuery>;

/** `data` of a page: the items and the cursor of the next page (null on the last one). */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

/** A `YYYY-MM-DD` day that exists in the calendar, for date-range filters. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, 'Use a date as YYYY-MM-DD');

/** The largest id of a row (PostgreSQL `serial`): larger numbers cannot name one. */
export const maxRowId = 2_147_483_647;

export const periodQuery = z.object({ period: z.enum(periods).default('30d') });

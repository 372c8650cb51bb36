import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { resources } from '../../db/schema';
import type { CspDirectives } from '../../lib/csp';

const refreshEveryMs = 60_000;

/**
 * The origins of the embedded players the resources use, for the pages' `frame-src`: exactly the
 * hosts of saved videos, nothing more. Kept in memory; refreshed after every resource write on this
 * instance and at most a minute late for writes made on another.
 */
export function createVideoHostCache(db: DbExecutor) {
  let hosts: string[] = [];
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  const refresh = async () => {
    const rows = await db
      .selectDistinct({ embedUrl: resources.embedUrl })
      .from(resources)
      .where(and(eq(resources.type, 'video'), isNotNull(resources.embedUrl)));
    hosts = [...new Set(rows.map((row) => new URL(row.embedUrl!).origin))].sort();
    loadedAt = Date.now();
  };

  return {
    refresh: () => (loading ??= refresh().finally(() => (loading = null))),
    /** The current hosts; starts a background refresh when they are older than a minute. */
    current(): string[] {
      if (Date.now() - loadedAt > refreshEveryMs && !loading) {
        loading = refresh()
          .catch(() => {})
          .finally(() => (loading = null));
      }
      return hosts;
    },
    /** CSP sources to add to the app's pages for these players (and YouTube's thumbnails). */
    cspSources(): CspDirectives | null {
      const current = this.current();
      if (current.length === 0) return null;
      const extra: Record<string, string[]> = { 'frame-src': current };
      if (current.includes('https://www.youtube-nocookie.com')) extra['img-src'] = ['https://i.ytimg.com'];
      return extra;
    },
  };
}
export type VideoHostCache = ReturnType<typeof createVideoHostCache>;

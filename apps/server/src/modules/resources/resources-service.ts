import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  checkResourceUrl,
  messages,
  parseVideoUrl,
  resourceFileLimits,
  type AdminResource,
  type CreateResourceRequest,
  type Resource,
  type ResourceType,
  type UpdateResourceRequest,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { byteaAsBase64, resourceFiles, resources, resourceViews } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { detectFileType, downloadName } from './file-type';

const m = messages.resources;
const dayMs = 86_400_000;

type ResourceRow = typeof resources.$inferSelect;
type FileInfo = { name: string; size: number; mime: string } | null;

const fileColumns = { name: resourceFiles.name, size: resourceFiles.size, mime: resourceFiles.mime };

function toResource(row: ResourceRow, file: FileInfo): Resource {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    category: row.category,
    description: row.description,
    url: row.url,
    embed_url: row.embedUrl,
    thumbnail_url: row.thumbnailUrl,
    file,
    featured: row.featured,
    position: row.position,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

const isFileType = (type: ResourceType) => type === 'pdf' || type === 'image';

/** Published resources, in the admin's order; PDFs and images only once their file is there. */
export async function listPublishedResources(db: DbExecutor): Promise<Resource[]> {
  const rows = await db
    .select({ resource: resources, file: fileColumns })
    .from(resources)
    .leftJoin(resourceFiles, eq(resourceFiles.resourceId, resources.id))
    .where(
      and(eq(resources.published, true), or(inArray(resources.type, ['video', 'link']), isNotNull(resourceFiles.resourceId))),
    )
    .orderBy(asc(resources.position), asc(resources.id));
  return rows.map((row) => toResource(row.resource, row.file?.name ? row.file : null));
}

export async function listAdminResources(db: DbExecutor, now = new Date()): Promise<AdminResource[]> {
  const since = new Date(now.getTime() - 30 * dayMs);
  const views = db
    .select({ resourceId: resourceViews.resourceId, count: sql<number>`count(*)::int`.as('count') })
    .from(resourceViews)
    .where(gte(resourceViews.viewedAt, since))
    .groupBy(resourceViews.resourceId)
    .as('views');
  const rows = await db
    .select({ resource: resources, file: fileColumns, views: views.count })
    .from(resources)
    .leftJoin(resourceFiles, eq(resourceFiles.resourceId, resources.id))
    .leftJoin(views, eq(views.resourceId, resources.id))
    .orderBy(asc(resources.position), asc(resources.id));
  return rows.map((row) => toAdmin(row.resource, row.file?.name ? row.file : null, Number(row.views ?? 0)));
}

function toAdmin(row: ResourceRow, file: FileInfo, views: number): AdminResource {
  return {
    ...toResource(row, file),
    published: row.published,
    views_30d: views,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function getAdminResource(db: DbExecutor, id: number): Promise<AdminResource> {
  const found = (await listAdminResources(db)).find((r) => r.id === id);
  if (!found) throw notFound(m.notFound);
  return found;
}

/** The stored columns a type's URL gives: videos their embed address and thumbnail. */
function urlColumns(type: ResourceType, url: string | null | undefined) {
  const value = url?.trim() || null;
  if (type === 'video' && value) {
    const video = parseVideoUrl(value)!;
    return { url: value, embedUrl: video.embedUrl, thumbnailUrl: video.thumbnailUrl };
  }
  if (type === 'link') return { url: value, embedUrl: null, thumbnailUrl: null };
  return { url: null, embedUrl: null, thumbnailUrl: null };
}

function checkUrl(type: ResourceType, url: string | null | undefined) {
  const problem = checkResourceUrl(type, url);
  if (problem) throw badRequest(problem, { url: problem });
}

export async function createResource(db: Database, input: CreateResourceRequest, actorId: number): Promise<AdminResource> {
  return db.transaction(async (tx) => {
    checkUrl(input.type, input.url);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${resources.position}) + 1, 0)::int` })
      .from(resources)) as [{ next: number }];
    const published = input.published ?? false;
    const [row] = await tx
      .insert(resources)
      .values({
        title: input.title.trim(),
        type: input.type,
        category: input.category.trim(),
        description: input.description?.trim() ?? '',
        ...urlColumns(input.type, input.url),
        published,
        featured: input.featured ?? false,
        publishedAt: published ? new Date() : null,
        position: Number(next),
      })
      .returning();
    await recordAudit(tx, { actorId, action: 'resource.create', targetType: 'resource', targetId: row!.id, after: row });
    return toAdmin(row!, null, 0);
  });
}

export async function updateResource(
  db: Database,
  id: number,
  input: UpdateResourceRequest,
  actorId: number,
): Promise<AdminResource> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(resources).where(eq(resources.id, id)).for('update');
    if (!before) throw notFound(m.notFound);
    const type = input.type ?? before.type;
    const url = input.url !== undefined ? input.url : input.type && input.type !== before.type ? null : before.url;
    checkUrl(type, url);
    const published = input.published ?? before.published;
    const [row] = await tx
      .update(resources)
      .set({
        title: input.title?.trim() ?? before.title,
        type,
        category: input.category?.trim() ?? before.category,
        description: input.description?.trim() ?? before.description,
        ...urlColumns(type, url),
        published,
        featured: input.featured ?? before.featured,
        publishedAt: published && !before.publishedAt ? new Date() : before.publishedAt,
      })
      .where(eq(resources.id, id))
      .returning();
    // A file only belongs to the type it was checked against.
    if (type !== before.type) await tx.delete(resourceFiles).where(eq(resourceFiles.resourceId, id));
    await recordAudit(tx, { actorId, action: 'resource.update', targetType: 'resource', targetId: id, before, after: row });
    return getAdminResource(tx, id);
  });
}

export async function deleteResource(db: Database, id: number, actorId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(resources).where(eq(resources.id, id)).returning();
    if (!row) throw notFound(m.notFound);
    await recordAudit(tx, { actorId, action: 'resource.delete', targetType: 'resource', targetId: id, before: row });
  });
}

/** The type of a resource that takes a file; 404 when missing, 400 for videos and links. */
export async function resourceTypeOf(db: DbExecutor, id: number): Promise<'pdf' | 'image'> {
  const [row] = await db.select({ type: resources.type }).from(resources).where(eq(resources.id, id));
  if (!row) throw notFound(m.notFound);
  if (row.type !== 'pdf' && row.type !== 'image') throw badRequest(m.fileNotForType, { file: m.fileNotForType });
  return row.type;
}

/**
 * Stores an uploaded file after checking what its bytes are: a PDF resource takes a PDF up to
 * 10 MB, an image resource a PNG, JPEG, GIF or WebP up to 5 MB. Name and client header are ignored.
 */
export async function storeResourceFile(
  db: Database,
  id: number,
  upload: { bytes: Buffer; filename: string | undefined },
  actorId: number,
): Promise<AdminResource> {
  return db.transaction(async (tx) => {
    const [resource] = await tx.select().from(resources).where(eq(resources.id, id)).for('update');
    if (!resource) throw notFound(m.notFound);
    if (!isFileType(resource.type)) throw badRequest(m.fileNotForType, { file: m.fileNotForType });
    if (upload.bytes.length === 0) throw badRequest(m.fileRequired, { file: m.fileRequired });
    const detected = detectFileType(upload.bytes);
    if (resource.type === 'pdf') {
      if (detected?.kind !== 'pdf') throw badRequest(m.pdfExpected, { file: m.pdfExpected });
      if (upload.bytes.length > resourceFileLimits.pdf) throw new AppError(413, m.pdfTooLarge, { file: m.pdfTooLarge });
    } else {
      if (detected?.kind !== 'image') throw badRequest(m.imageExpected, { file: m.imageExpected });
      if (upload.bytes.length > resourceFileLimits.image) throw new AppError(413, m.imageTooLarge, { file: m.imageTooLarge });
    }
    const file = { name: downloadName(upload.filename, detected.extension), mime: detected.mime, size: upload.bytes.length };
    await tx
      .insert(resourceFiles)
      .values({ resourceId: id, ...file, data: upload.bytes })
      .onConflictDoUpdate({ target: resourceFiles.resourceId, set: { ...file, data: upload.bytes, createdAt: new Date() } });
    await tx.update(resources).set({ updatedAt: new Date() }).where(eq(resources.id, id));
    await recordAudit(tx, { actorId, action: 'resource.file', targetType: 'resource', targetId: id, after: file });
    return getAdminResource(tx, id);
  });
}

/** The file to send; partners reach only published resources (an unpublished one is "not found"). */
export async function readResourceFile(db: DbExecutor, id: number, onlyPublished: boolean) {
  const [row] = await db
    .select({
      published: resources.published,
      name: resourceFiles.name,
      mime: resourceFiles.mime,
      base64: byteaAsBase64(resourceFiles.data),
    })
    .from(resources)
    .leftJoin(resourceFiles, eq(resourceFiles.resourceId, resources.id))
    .where(eq(resources.id, id));
  if (!row || (onlyPublished && !row.published)) throw notFound(m.notFound);
  if (row.base64 === null || !row.name || !row.mime) throw notFound(m.fileNotFound);
  return { name: row.name, mime: row.mime, data: Buffer.from(row.base64, 'base64') };
}

/** Counts a partner's open of a published resource. */
export async function recordResourceView(db: DbExecutor, id: number, userId: number): Promise<void> {
  const [row] = await db.select({ published: resources.published }).from(resources).where(eq(resources.id, id));
  if (!row?.published) throw notFound(m.notFound);
  await db.insert(resourceViews).values({ resourceId: id, userId });
}

/** Sets the order to exactly this list of every resource's id. */
export async function reorderResources(db: Database, ids: number[], actorId: number): Promise<AdminResource[]> {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: resources.id, position: resources.position }).from(resources).for('update');
    const known = new Set(existing.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw badRequest(m.orderInvalid);
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(resources).set({ position }).where(eq(resources.id, id));
    }
    await recordAudit(tx, {
      actorId,
      action: 'resource.reorder',
      targetType: 'resource',
      before: [...existing].sort((a, b) => a.position - b.position || a.id - b.id).map((r) => r.id),
      after: ids,
    });
    return listAdminResources(tx);
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { auditLog, resourceFiles, resources, resourceViews } from '../../db/schema';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';

const m = messages.resources;
let ctx: TestContext;
let adminToken: string;
let partnerToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await loginAs(ctx.app, await createAdmin(ctx.db));
  partnerToken = await loginAs(ctx.app, await createPartner(ctx.db));
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const create = async (body: object) => {
  const res = await api('POST', '/admin/resources', adminToken, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----portal-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (id: number, bytes: Buffer, filename: string, contentType = 'application/octet-stream', token = adminToken) => {
  const body = multipart(bytes, filename, contentType);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/resources/${id}/file`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
};

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);
const exeBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe('admin resources', () => {
  it('creates a video with its privacy-enhanced embed address and records the write', async () => {
    const res = await api('POST', '/admin/resources', adminToken, {
      title: 'Dual pricing in five minutes',
      type: 'video',
      category: 'Getting started',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      published: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: m.added,
      data: {
        type: 'video',
        embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        published: true,
        views_30d: 0,
      },
    });
    const id = res.json().data.id;
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((a) => a.action)).toContain('resource.create');
  });

  it('turns Vimeo and Loom links into their players', async () => {
    const vimeo = await create({
      title: 'Vimeo talk',
      type: 'video',
      category: 'Sales scripts',
      url: 'https://vimeo.com/76979871',
    });
    const loom = await create({
      title: 'Loom walkthrough',
      type: 'video',
      category: 'Sales scripts',
      url: 'https://www.loom.com/share/0123456789abcdef0123456789abcdef',
    });
    const list = (await api('GET', '/admin/resources', adminToken)).json().data as { id: number; embed_url: string }[];
    expect(list.find((r) => r.id === vimeo.id)!.embed_url).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(list.find((r) => r.id === loom.id)!.embed_url).toBe('https://www.loom.com/embed/0123456789abcdef0123456789abcdef');
  });

  it('refuses URLs a type may not have', async () => {
    for (const [body, message] of [
      [{ type: 'video', url: 'https://example.com/movie.mp4' }, m.videoHost],
      [{ type: 'link', url: 'javascript:alert(1)' }, m.linkScheme],
      [{ type: 'link', url: 'data:text/html,<script>alert(1)</script>' }, m.linkScheme],
      [{ type: 'link', url: 'ftp://example.com/file' }, m.linkScheme],
      [{ type: 'link' }, m.urlRequired],
      [{ type: 'pdf', url: 'https://example.com/guide.pdf' }, m.urlNotForFiles],
    ] as const) {
      const res = await api('POST', '/admin/resources', adminToken, { title: 'Some resource', category: 'General', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.url).toBe(message);
    }
    for (const url of ['https://example.com/pricing', 'http://example.com', 'mailto:partners@example.com']) {
      await create({ title: 'A link', type: 'link', category: 'General', url });
    }
    const short = await api('POST', '/admin/resources', adminToken, {
      title: 'ab',
      type: 'link',
      category: 'General',
      url: 'https://a.example',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.title).toBe(m.titleLength);
  });

  it('stores a PDF decided by its bytes and serves it with safe headers', async () => {
    const { id } = await create({ title: 'Merchant one-pager', type: 'pdf', category: 'Marketing assets', published: true });
    const res = await upload(id, pdfBytes, 'one pager final.bin', 'text/html');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file).toEqual({ name: 'one pager final.pdf', size: pdfBytes.length, mime: 'application/pdf' });
    const [stored] = await ctx.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, id));
    expect(Buffer.compare(stored!.data, pdfBytes)).toBe(0);

    const file = await api('GET', `/resources/${id}/file`, partnerToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="one pager final.pdf"; filename*=UTF-8''one%20pager%20final.pdf`,
    );
    expect(Buffer.compare(file.rawPayload, pdfBytes)).toBe(0);
    const download = await api('GET', `/resources/${id}/file?download=1`, partnerToken);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    expect((await api('GET', `/resources/${id}/file`, null)).statusCode).toBe(401);
  });

  it('refuses a renamed executable, a non-image for an image, and files for videos', async () => {
    const { id } = await create({ title: 'Brochure', type: 'pdf', category: 'Marketing assets' });
    const exe = await upload(id, exeBytes, 'brochure.pdf', 'application/pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(m.pdfExpected);
    const image = await create({ title: 'Logo', type: 'image', category: 'Marketing assets' });
    const notImage = await upload(image.id, pdfBytes, 'logo.png', 'image/png');
    expect(notImage.json().message).toBe(m.imageExpected);
    const svg = await upload(
      image.id,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(400);
    const png = await upload(image.id, pngBytes, 'logo.png', 'image/png');
    expect(png.statusCode).toBe(200);
    expect(png.json().data.file).toMatchObject({ mime: 'image/png', name: 'logo.png' });
    const video = await create({ title: 'Clip', type: 'video', category: 'General', url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect((await upload(video.id, pdfBytes, 'x.pdf')).json().message).toBe(m.fileNotForType);
    expect((await upload(999999, pdfBytes, 'x.pdf')).statusCode).toBe(404);
    expect(await ctx.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, id))).toEqual([]);
  });

  it('refuses a PDF over 10 MB and an image over 5 MB', async () => {
    const { id } = await create({ title: 'Huge PDF', type: 'pdf', category: 'General' });
    const big = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const res = await upload(id, big, 'huge.pdf', 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.pdfTooLarge);
    const image = await create({ title: 'Huge image', type: 'image', category: 'General' });
    const bigImage = Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const tooBig = await upload(image.id, bigImage, 'huge.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(m.imageTooLarge);
    const fits = await upload(id, Buffer.concat([pdfBytes, Buffer.alloc(6 * 1024 * 1024, 0x20)]), 'fits.pdf');
    expect(fits.statusCode).toBe(200);
    // 27 MB through multipart and 6 MB into the database: more than the default on a busy 2-core machine.
  }, 60_000);

  it('keeps admin routes to admins', async () => {
    expect((await api('GET', '/admin/resources', partnerToken)).statusCode).toBe(403);
    expect((await api('POST', '/admin/resources', null, { title: 'x' })).statusCode).toBe(401);
  });
});

describe('partner library', () => {
  it('hides unpublished resources (and file resources without a file) from partners, and their files', async () => {
    const hidden = await create({ title: 'Draft guide', type: 'pdf', category: 'Compliance', published: false });
    expect((await upload(hidden.id, pdfBytes, 'draft.pdf')).statusCode).toBe(200);
    const noFile = await create({ title: 'Not uploaded yet', type: 'pdf', category: 'Compliance', published: true });
    const list = (await api('GET', '/resources', partnerToken)).json().data as { id: number; title: string }[];
    expect(list.map((r) => r.id)).not.toContain(hidden.id);
    expect(list.map((r) => r.id)).not.toContain(noFile.id);
    expect((await api('GET', `/resources/${hidden.id}/file`, partnerToken)).statusCode).toBe(404);
    expect((await api('POST', `/resources/${hidden.id}/view`, partnerToken)).statusCode).toBe(404);
    // The admin may still preview it.
    expect((await api('GET', `/resources/${hidden.id}/file`, adminToken)).statusCode).toBe(200);
    expect((await api('GET', '/resources', null)).statusCode).toBe(401);
  });

  it('counts a partner opening a resource in the admin views, not an admin preview', async () => {
    const { id } = await create({
      title: 'Objection handling',
      type: 'link',
      category: 'Sales scripts',
      url: 'https://example.com/objections',
      published: true,
    });
    expect((await api('POST', `/resources/${id}/view`, partnerToken)).statusCode).toBe(204);
    expect((await api('POST', `/resources/${id}/view`, partnerToken)).statusCode).toBe(204);
    expect((await api('POST', `/resources/${id}/view`, adminToken)).statusCode).toBe(204);
    await ctx.db.insert(resourceViews).values({ resourceId: id, viewedAt: new Date(Date.now() - 40 * 86_400_000) });
    const list = (await api('GET', '/admin/resources', adminToken)).json().data as { id: number; views_30d: number }[];
    expect(list.find((r) => r.id === id)!.views_30d).toBe(2);
  });

  it('publishes, features and reorders; the order must name every resource once', async () => {
    const all = (await api('GET', '/admin/resources', adminToken)).json().data as { id: number }[];
    const ids = all.map((r) => r.id);
    const reversed = [...ids].reverse();
    const res = await api('PUT', '/admin/resources/order', adminToken, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { id: number }[]).map((r) => r.id)).toEqual(reversed);
    const partnerOrder = ((await api('GET', '/resources', partnerToken)).json().data as { id: number }[]).map((r) => r.id);
    expect(partnerOrder).toEqual(reversed.filter((id) => partnerOrder.includes(id)));
    expect((await api('PUT', '/admin/resources/order', adminToken, { ids: reversed.slice(1) })).json().message).toBe(
      m.orderInvalid,
    );
    expect((await api('PUT', '/admin/resources/order', adminToken, { ids: [...reversed, reversed[0]] })).statusCode).toBe(400);

    const { id } = await create({
      title: 'Pricing calculator',
      type: 'link',
      category: 'Sales scripts',
      url: 'https://example.com/calc',
    });
    const before = (await api('GET', '/resources', partnerToken)).json().data as { id: number }[];
    expect(before.map((r) => r.id)).not.toContain(id);
    const patched = await api('PATCH', `/admin/resources/${id}`, adminToken, { published: true, featured: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ message: m.updated, data: { published: true, featured: true } });
    expect(patched.json().data.published_at).toEqual(expect.any(String));
    const after = (await api('GET', '/resources', partnerToken)).json().data as { id: number; featured: boolean }[];
    expect(after.find((r) => r.id === id)).toMatchObject({ featured: true });
    const badUrl = await api('PATCH', `/admin/resources/${id}`, adminToken, { url: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
  });

  it('deletes a resource and its file', async () => {
    const { id } = await create({ title: 'Old brochure', type: 'pdf', category: 'General', published: true });
    await upload(id, pdfBytes, 'old.pdf');
    const res = await api('DELETE', `/admin/resources/${id}`, adminToken);
    expect(res.json()).toEqual({ status: 'success', message: m.deleted });
    expect(await ctx.db.select().from(resources).where(eq(resources.id, id))).toEqual([]);
    expect(await ctx.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, id))).toEqual([]);
    expect((await api('DELETE', `/admin/resources/${id}`, adminToken)).statusCode).toBe(404);
  });
});

describe('page CSP', () => {
  it('admits exactly the video hosts in use in frame-src of the app pages', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Portal</title>');
    const fresh = await createTestContext();
    const app = await buildApp({ config: fresh.config, db: fresh.db, mailer: fresh.mailer, webDistDir: distDir });
    await app.ready();
    try {
      const cspOf = async (url: string) => String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(await cspOf('/tutorials')).not.toContain('frame-src');
      const token = await loginAs(app, await createAdmin(fresh.db));
      const add = (url: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/admin/resources',
          headers: bearer(token),
          payload: { title: 'A video', type: 'video', category: 'General', url },
        });
      const video = (await add('https://youtu.be/dQw4w9WgXcQ')).json().data;
      await add('https://vimeo.com/76979871');
      const frameSrc = (csp: string) => /(?:^|; )frame-src ([^;]*)/.exec(csp)?.[1];
      const csp = await cspOf('/tutorials');
      expect(frameSrc(csp)).toBe('https://player.vimeo.com https://www.youtube-nocookie.com');
      expect(csp).toMatch(/img-src 'self' data: https: https:\/\/i\.ytimg\.com/);
      expect(frameSrc(await cspOf('/admin/tutorials'))).toBe('https://player.vimeo.com https://www.youtube-nocookie.com');
      // The landing page keeps its own policy, with no players.
      expect(await cspOf('/referral/00000000-0000-4000-8000-000000000000')).not.toContain('frame-src');
      await app.inject({ method: 'DELETE', url: `/api/v1/admin/resources/${video.id}`, headers: bearer(token) });
      expect(frameSrc(await cspOf('/tutorials'))).toBe('https://player.vimeo.com');
      expect(await cspOf('/tutorials')).not.toContain('i.ytimg.com');
    } finally {
      await app.close();
      await fresh.close();
    }
  });
});

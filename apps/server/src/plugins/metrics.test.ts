import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../test/context';
import { createPartner } from '../../test/factories';
import { countCrmFailures, countMails, createMetrics, crmFailureCode } from './metrics';

const token = 'metrics-token-0123456789';

/** The value of one sample line in Prometheus' text format, or 0 when absent. */
function sample(body: string, name: string, labels = ''): number {
  const line = body.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('does not exist (404), with or without a bearer', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: messages.http.notFound });
    }
  });
});

/** promtool (Debian's prometheus package; .ci/run installs it), or null where it is missing. */
function findPromtool(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, 'promtool');
    if (fs.existsSync(file)) return file;
  }
  return null;
}
const promtool = findPromtool();

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let distDir: string;
  beforeAll(async () => {
    // A web build with hashed assets, as a deploy has them.
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-metrics-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const name of ['index-3f9a1c.js', 'index-8b2e4d.js', 'index-5c7f0a.css']) {
      fs.writeFileSync(path.join(distDir, 'assets', name), '/* asset */');
    }
    ctx = await createTestContext({ METRICS_TOKEN: token }, { webDistDir: distDir });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const scrape = () => ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('answers 401 without the bearer or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: token }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });
    }
  });

  it('counts requests by route pattern, not by raw URL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/v1/leads/referral/0000-not-a-link/page' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/v1\/leads\/referral\/:uuid\/page",status_code="\d+"\} 1$/m,
    );
    expect(res.body).not.toContain('0000-not-a-link');
    expect(res.body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/leads\/referral\/:uuid\/page"\} 1$/m,
    );
  });

  it('counts every file of the web build under one route label, so a deploy adds no series', async () => {
    const routes = (body: string) => new Set([...body.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' })).statusCode).toBe(200);
    const before = routes((await scrape()).body);
    expect(before).toContain('static');
    // The next build's assets: other hashes, the same label.
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/index-8b2e4d.js' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/index-5c7f0a.css' })).statusCode).toBe(200);
    const body = (await scrape()).body;
    expect(routes(body)).toEqual(before);
    expect(body).not.toMatch(/route="\/assets\//);
    expect(body).toMatch(/^http_requests_total\{method="GET",route="static",status_code="200"\} 3$/m);
  });

  const promtoolCheck = promtool
    ? 'passes `promtool check metrics`'
    : 'passes `promtool check metrics` (skipped: promtool is not installed; Debian: apt-get install prometheus)';
  it.skipIf(!promtool)(promtoolCheck, async () => {
    await ctx.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    const body = (await scrape()).body;
    const child = execFile(promtool!, ['check', 'metrics']);
    child.stdin!.end(body);
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('close', (code) => resolve({ code, text }));
    });
    expect(output.text).toBe('');
    expect(output.code).toBe(0);
  });

  it('moves leads accepted and the outbox depth when a lead is submitted', async () => {
    const partner = await createPartner(ctx.db);
    const before = (await scrape()).body;
    const payload = composeLeadPayload(buildReferralForm({ fullName: 'Maria Metrics' }), partner.uuid, {
      consentTextVersion: 'v1',
    });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });
    expect(res.statusCode).toBe(201);
    const after = (await scrape()).body;
    expect(sample(after, 'portal_leads_accepted_total')).toBe(sample(before, 'portal_leads_accepted_total') + 1);
    // The CRM push and the new-lead mails wait in the outbox.
    expect(sample(after, 'portal_outbox_depth')).toBeGreaterThan(sample(before, 'portal_outbox_depth'));
    expect(sample(after, 'portal_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts mails sent', async () => {
    const before = sample((await scrape()).body, 'portal_mails_sent_total');
    await ctx.app.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const body = (await scrape()).body;
    expect(sample(body, 'portal_mails_sent_total')).toBe(before + 1);
    expect(body).toMatch(/^portal_mails_failed_total 0$/m);
  });
});

describe('CRM and mail failures', () => {
  it('count each failed CRM call by code and each failed mail, and pass the error on', async () => {
    const metrics = createMetrics();
    const crm = countCrmFailures(
      {
        name: 'fake',
        syncsLeads: true,
        createLead: async () => Promise.reject(new Error('Zoho create lead failed: HTTP 400 INVALID_DATA')),
        createNote: async () => ({ id: 'n1' }),
      },
      metrics,
    );
    await expect(crm.createLead({} as never, 'k')).rejects.toThrow('INVALID_DATA');
    await expect(crm.createLead({} as never, 'k')).rejects.toThrow('INVALID_DATA');
    await expect(crm.createNote('1', 't', 'c')).resolves.toEqual({ id: 'n1' });
    expect(crm.name).toBe('fake');
    const mailer = countMails({ send: async () => Promise.reject(new Error('smtp down')) }, metrics);
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow('smtp down');

    const body = await metrics.registry.metrics();
    expect(body).toMatch(/^portal_crm_failures_total\{code="INVALID_DATA"\} 2$/m);
    expect(body).toMatch(/^portal_mails_failed_total 1$/m);
    expect(body).toMatch(/^portal_mails_sent_total 0$/m);
  });
});

describe('crmFailureCode', () => {
  it('reads a bounded code from the connector errors', () => {
    expect(crmFailureCode(new Error('Zoho create lead failed: HTTP 400 INVALID_DATA'))).toBe('INVALID_DATA');
    expect(crmFailureCode(new Error('Zoho create lead failed: HTTP 503'))).toBe('HTTP_503');
    expect(crmFailureCode(new Error('Zoho unreachable: ETIMEDOUT'))).toBe('UNREACHABLE');
    expect(crmFailureCode(Object.assign(new Error('x'), { code: 'rate-limited' }))).toBe('RATE_LIMITED');
  });
});

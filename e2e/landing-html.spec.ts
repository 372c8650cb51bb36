// Issue 19 §5: the landing page's HTML, as the server sends it (rendered on the server, brand and
// all), passes the W3C Nu HTML checker (vnu-jar from npm; it runs on the machine's Java).
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, registerPartner, test } from './support/fixtures';

const require = createRequire(import.meta.url);
/** The package exports the path of its vnu.jar. */
const vnuJar = String(require('vnu-jar'));

function hasJava(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * What the checker's CSS parser does not know yet, in the inline critical CSS (Tailwind 4): the
 * `@property` at-rule (CSS Properties and Values API) and `margin-trim` inside an `@supports` test.
 * Only these exact messages are set aside; any other CSS or HTML error fails the test.
 */
const checkerCssGaps = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors for these files (one JVM for all of them: its start is most of the time). */
function checkHtml(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    // C1 only and the serial collector cut its start-up CPU by a third; C1's frames need a larger stack.
    execFile(
      'java',
      ['-Xss16m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      (error, stdout, stderr) => {
        // vnu writes its JSON report to stderr (a line of its own; the JVM may warn before it) and
        // exits 1 when it found errors.
        const report = `${stderr}\n${stdout}`.split('\n').find((line) => line.startsWith('{"'));
        if (report) resolve((JSON.parse(report) as { messages: VnuMessage[] }).messages);
        else reject(new Error(`vnu gave no report (${error?.message ?? 'exit 0'}): ${stderr}${stdout}`));
      },
    );
  });
}

test('the landing page passes the W3C HTML checker, with and without the brand settings', async ({
  request,
  freshSettings: _,
}) => {
  test.skip(!hasJava(), 'The W3C HTML checker (vnu.jar) needs Java: apt-get install default-jre-headless');
  const partner = await registerPartner(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-landing-html-'));
  try {
    const save = async (name: string) => {
      const res = await request.get(`/referral/${partner.user.uuid}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      // The server's rendering, not an empty shell for the browser to fill.
      expect(html).toContain('<form');
      const file = path.join(dir, name);
      fs.writeFileSync(file, html);
      return file;
    };
    const plain = await save('plain.html');

    const headers = { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
    for (const [key, value] of [
      [settingKeys.companyName, 'Acme "Payments" & Co'],
      [settingKeys.logoUrl, 'https://cdn.example.com/logo.png'],
      [settingKeys.contactUs, 'https://example.com/contact?a=1&b=2'],
      [settingKeys.supportPhone, '+1 (415) 555-0100'],
    ]) {
      const created = await request.post('/api/v1/admin/settings', { headers, data: { key, value } });
      expect(created.status(), await created.text()).toBe(201);
    }
    const branded = await save('branded.html');

    const errors = (await checkHtml([plain, branded]))
      .filter((m) => !checkerCssGaps.some((gap) => gap.test(m.message)))
      .map((m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.message} ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

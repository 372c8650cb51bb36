import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of every compressible file that is worth it', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(200)}`);
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4096));

    expect(await precompressDir(dir)).toEqual([path.join('assets', 'main-abc.js'), 'index.html']);
    const js = path.join(dir, 'assets', 'main-abc.js');
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets', 'logo.png.br'))).toBe(false);
  });
});

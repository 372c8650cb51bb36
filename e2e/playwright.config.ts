import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; flags for a machine with no outside network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.artifacts/test-results',
  // Tests, not files, are handed out to the workers, so a long file does not leave one worker idle at the end.
  // Each worker starts its own server (support/fixtures.ts), which its tests share; a test that changes the
  // admin settings empties them before and after (freshSettings), and a worker runs one test at a time.
  fullyParallel: true,
  globalSetup: './support/global-setup.ts',
  workers: 2,
  // One retry in CI, reported as flaky, so a shared machine's hiccup does not sink a run; none locally.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // Tests only (the landing bench keeps the launch above): software compositing of every frame in the GPU
    // process cost a fifth of Chromium's CPU in the suite.
    // Debian's /usr/bin/chromium wrapper adds --enable-gpu-rasterization, which with --disable-gpu sends every
    // tile through SwiftShader in the GPU process; the renderer's own software raster is cheaper.
    launchOptions: {
      ...chromiumLaunch,
      args: [...chromiumLaunch.args, '--disable-gpu-compositing', '--disable-gpu-rasterization'],
    },
    viewport: { width: 1280, height: 800 },
    // The app honours the setting, so transitions and spinners do not repaint frame after frame: the
    // renderer's CPU in the suite fell to a third. Tests assert what is on screen, never an animation.
    reducedMotion: 'reduce',
    // A trace records every step, which costs each test; CI keeps one for a retried test. Locally a failed test
    // keeps its trace, with each step's DOM snapshot but no screencast: the screencast's frames (composited,
    // encoded and sent for every test, then thrown away when it passed) made the browser tests about a quarter
    // slower (navigation and workspace specs, 22 tests: 55.5 and 59.1 s with it, 42.8 s without, load average 4-10).
    // The failure's screenshot (below) still shows the last screen.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});

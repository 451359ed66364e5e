// Fixtures of the studio's browser tests (docs/testing.md "Browser tests").
//  - server (one per run): the built authoring-api on a free port over a fresh database (a
//    SQLite file, or a new database in the PostgreSQL server at LL_TEST_PG_URL, dropped at the
//    end), migrated with langlearn-admin, with staff accounts (editor, editor2, admin) and an
//    end-user account; stopped afterwards.
//  - api: the API with a bearer token (setting up data, checking what is stored).
//  - learner (one per run, started when a test asks for it): learner-api on the same database
//    and media, for what a learner gets (GET /feed) once the studio has published cards.
//  - page: every page is watched: a console error, an uncaught exception or a request to
//    another origin fails the test.
//  - expectAccessible(page): axe-core; a serious or critical violation fails the test.
const base = require('@playwright/test');
const { spawn, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { expect } = base;
const build = process.env.LL_BUILD_DIR;
const backend = process.env.LL_BROWSER_BACKEND || 'sqlite';
const results = process.env.LL_BROWSER_RESULTS || path.join(os.tmpdir(), 'll-browser');
const adminBin = build && path.join(build, 'apps/langlearn-admin/langlearn-admin');
const serviceBin = build && path.join(build, 'apps/authoring-api/authoring-api');
const learnerBin = build && path.join(build, 'apps/learner-api/learner-api');

const DEV_TOKEN = 'browser-test-dev-token-0123456789';
const ACCOUNTS = {
  editor: { email: 'editor@example.com', password: 'editor-password-1', role: 'editor' },
  editor2: { email: 'editor2@example.com', password: 'editor-password-2', role: 'editor' },
  admin: { email: 'admin@example.com', password: 'admin-password-1', role: 'admin' },
  endUser: { email: 'learner@example.com', password: 'learner-password-1', role: 'end-user' },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function admin(env, args, input) {
  try {
    return execFileSync(adminBin, args, { env, input, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    throw new Error(`langlearn-admin ${args.join(' ')}: ${e.stderr || e.message}`, { cause: e });
  }
}

// A fresh PostgreSQL database beside LL_TEST_PG_URL's: {url, drop()}.
function freshPostgres() {
  const serverUrl = process.env.LL_TEST_PG_URL;
  if (!serverUrl) throw new Error('LL_TEST_PG_URL is not set');
  const name = `ll_browser_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const psql = (sql) =>
    execFileSync('psql', [serverUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// SIGTERM, up to 5 s for the process to exit, then SIGKILL.
async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// Starts one of the services on a free port with env; {url, stop()} once /readyz answers.
async function spawnService(binary, env) {
  const port = await freePort();
  fs.mkdirSync(results, { recursive: true });
  const logFile = path.join(results, `${path.basename(binary)}-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(binary, [], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.closeSync(log);
  };
  try {
    await waitReady(url, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, stop };
}

async function waitReady(url, child, logFile) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `authoring-api did not become ready: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
  );
}

async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-browser-'));
  const database =
    backend === 'postgresql' ? freshPostgres() : { url: `sqlite://${dir}/langlearn.db`, drop() {} };
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    MEDIA_DIR: path.join(dir, 'media'),
    JWT_SECRET: crypto.randomBytes(24).toString('hex'),
    DEV_TOKENS: DEV_TOKEN,
    AUTO_MIGRATE: '0',
    LOG_LEVEL: 'warn',
    THREADS: '2',
    AUTH_RATE_PER_MINUTE: '0',
    LOGIN_FAILURES_PER_EMAIL: '0',
  };
  try {
    admin(env, ['migrate']);
    for (const account of Object.values(ACCOUNTS)) {
      const role = account.role === 'end-user' ? 'editor' : account.role;
      admin(
        env,
        ['create-staff', '--email', account.email, '--role', role],
        `${account.password}\n`,
      );
      if (account.role === 'end-user') admin(env, ['set-role', account.email, 'end-user']);
    }
  } catch (e) {
    database.drop();
    throw e;
  }
  let service;
  try {
    service = await spawnService(serviceBin, env);
  } catch (e) {
    database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const { url } = service;
  const stop = async () => {
    await service.stop();
    database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url, origin: url, accounts: ACCOUNTS, devToken: DEV_TOKEN, backend, env, stop };
}

// The API through Playwright's request context: every call answers {status, body, headers}.
function apiClient(context) {
  const answer = async (response) => {
    const text = await response.text();
    let body = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status(), body, headers: response.headers() };
  };
  const call = (method, url, options = {}) =>
    context.fetch(url, { method, ...options }).then(answer);
  return {
    get: (url, options) => call('GET', url, options),
    post: (url, data, options) => call('POST', url, { data, ...options }),
    patch: (url, data, options) => call('PATCH', url, { data, ...options }),
    delete: (url, options) => call('DELETE', url, options),
    // An image upload as the API takes it: the raw bytes as the body.
    upload: (url, bytes, type = 'image/png', options) =>
      call('POST', url, { data: bytes, headers: { 'Content-Type': type }, ...options }),
    call,
  };
}

// The browser logs each 4xx/5xx answer as "Failed to load resource"; a 4xx is the API refusing
// something the page then shows (401 before sign-in, a wrong password), so only those pass.
const expectedNetworkLog = /^Failed to load resource: the server responded with a status of 4\d\d/;

// Collects what must not happen on a page: a console error, an uncaught exception, a request to
// another origin. The page fixture checks it after each test; a test's own extra pages
// (a second browser context) use it too.
function watchPage(page, origin) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedNetworkLog.test(message.text()))
      problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:', 'about:'].includes(url.protocol) && url.origin !== origin)
      problems.push(`request to another origin: ${request.url()}`);
  });
  return problems;
}

const test = base.test.extend({
  server: [
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  learner: [
    async ({ server }, use) => {
      const service = await spawnService(learnerBin, server.env);
      try {
        await use({ url: service.url });
      } finally {
        await service.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  accounts: async ({ server }, use) => use(server.accounts),
  api: async ({ server, playwright }, use) => {
    const context = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { Authorization: `Bearer ${server.devToken}` },
    });
    await use(apiClient(context));
    await context.dispose();
  },
  page: async ({ page, server }, use) => {
    const problems = watchPage(page, server.origin);
    await use(page);
    expect(problems, 'the page stayed clean').toEqual([]);
  },
});

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// axe-core on the page as it is now: no serious or critical violation.
async function expectAccessible(page) {
  // evaluate runs outside the page's Content-Security-Policy, so the page needs no exception.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
  });
  expect(violations, `axe-core on ${page.url()}`).toEqual([]);
}

// Signs in through the sign-in screen as an editor would; waits for the signed-in header.
async function signIn(page, account) {
  await page.goto('/studio/#/signin');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

// A learner of German, registered on learner-api (the `learner` fixture): feed(pairId) is that
// pair's feed entry, or undefined while it is not in the feed.
async function learnerOf(learner, email) {
  const registered = await fetch(`${learner.url}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'learner-password-7' }),
  }).then((r) => r.json());
  expect(registered.token).toBeTruthy();
  return async (pairId) => {
    const answer = await fetch(`${learner.url}/feed?lang=de&after=${pairId - 1}&limit=1`, {
      headers: { Authorization: `Bearer ${registered.token}` },
    });
    expect(answer.status).toBe(200);
    return (await answer.json()).items.find((item) => item.pair_id === pairId);
  };
}

module.exports = {
  test,
  expect,
  expectAccessible,
  signIn,
  learnerOf,
  apiClient,
  watchPage,
  spawnService,
  stopChild,
  freePort,
  ACCOUNTS,
};

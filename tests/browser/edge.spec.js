// The studio through the project's edge over TLS (docs/operations.md "The studio behind the
// edge"): deploy/nginx's routes and proxy settings (deploy/nginx/render-local.sh, with a
// throw-away certificate) in front of an authoring-api that knows its public origin
// (PUBLIC_ORIGIN). An editor signs in over https, gets a Secure cookie, and saves a picture.
const {
  test,
  expect,
  signIn,
  watchPage,
  spawnService,
  stopChild,
  freePort,
} = require('./fixtures');
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { png } = require('./images');

const source = path.resolve(__dirname, '../..');

// nginx from deploy/nginx.conf, listening with TLS on `port` in front of the two services;
// {origin, stop()} once it accepts connections.
async function startEdge(port, authoringUrl, learnerUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-edge-'));
  fs.chmodSync(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  const authoringPort = new URL(authoringUrl).port;
  const conf = path.join(dir, 'nginx');
  // learner-api serves /media (the pictures' thumbnails in the grid), as behind the real edge.
  execFileSync(
    path.join(source, 'deploy/nginx/render-local.sh'),
    [conf, String(port), authoringPort, new URL(learnerUrl).port],
    { env: { ...process.env, TLS_CERT: cert, TLS_KEY: key }, stdio: 'pipe' },
  );
  const log = fs.openSync(path.join(dir, 'nginx.log'), 'w');
  const child = spawn(
    'nginx',
    ['-p', `${conf}/`, '-c', `${conf}/nginx.conf`, '-g', `daemon off; pid ${conf}/nginx.pid;`],
    { stdio: ['ignore', log, log] },
  );
  const origin = `https://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = fs.readFileSync(path.join(dir, 'nginx.log'), 'utf8');
      await stop();
      throw new Error(`nginx did not start: ${text.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, stop };
}

test('an editor signs in through the TLS edge, gets a Secure cookie and saves a picture', async ({
  browser,
  server,
  learner,
  accounts,
  playwright,
}) => {
  test.setTimeout(90_000);
  // The edge's port is known only once it is chosen: the service learns it from PUBLIC_ORIGIN.
  const port = await freePort();
  const publicOrigin = `https://127.0.0.1:${port}`;
  const service = await spawnService(
    path.join(process.env.LL_BUILD_DIR, 'apps/authoring-api/authoring-api'),
    { ...server.env, PUBLIC_ORIGIN: publicOrigin },
  );
  let edge;
  try {
    edge = await startEdge(port, service.url, learner.url);
    expect(edge.origin).toBe(publicOrigin);
    const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: edge.origin });
    const page = await context.newPage();
    const problems = watchPage(page, edge.origin);
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`answer ${r.status()} to ${r.url()}`);
    });

    await signIn(page, accounts.editor);
    const cookie = (await context.cookies()).find((c) => c.name === 'll_staff');
    expect(cookie, 'the session cookie').toBeTruthy();
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);

    // A picture saved through the edge: the upload, then the picture in the grid.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByText('Choose files…').click(),
    ]);
    await chooser.setFiles({
      name: 'Through the edge.png',
      mimeType: 'image/png',
      buffer: png(64, 48, [200, 120, 40]),
    });
    await expect(page.getByText(/^Uploaded as picture \d+\.$/)).toBeVisible({ timeout: 15_000 });
    const uploaded = await page.getByText(/^Uploaded as picture \d+\.$/).textContent();
    const id = Number(uploaded.match(/\d+/)[0]);

    // What is stored, asked through the edge with the API token.
    const api = await playwright.request.newContext({
      baseURL: edge.origin,
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { Authorization: `Bearer ${server.devToken}` },
    });
    const stored = await api.get(`/api/pictures/${id}`);
    expect(stored.status()).toBe(200);
    expect((await stored.json()).title).toBe('Through the edge');
    await api.dispose();

    // The service's own plain-HTTP address is not the studio's origin: a sign-in posted from a
    // page there is refused (PUBLIC_ORIGIN decides).
    const direct = await playwright.request.newContext({ baseURL: service.url });
    const refused = await direct.post('/api/session', {
      data: { email: accounts.editor.email, password: accounts.editor.password },
      headers: { Origin: service.url },
    });
    expect(refused.status()).toBe(403);
    await direct.dispose();

    expect(problems, 'the page stayed clean').toEqual([]);
    await context.close();
  } finally {
    if (edge) await edge.stop();
    await service.stop();
  }
});

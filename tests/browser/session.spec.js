// Signing in and out of the studio, and what the session cookie allows (docs/studio.md
// "Signing in"): as an editor would, with the keyboard and the mouse.
const { test, expect, expectAccessible, signIn } = require('./fixtures');

async function sessionCookie(page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'll_staff');
  expect(cookie, 'the ll_staff session cookie').toBeTruthy();
  return cookie;
}

test('an editor signs in with the keyboard, sees who is signed in, and signs out', async ({
  page,
  accounts,
  playwright,
  baseURL,
}) => {
  await page.goto('/studio/');
  await expect(page).toHaveURL(/#\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(accounts.editor.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(accounts.editor.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/pictures$/);
  const header = page.getByRole('banner');
  await expect(header).toContainText(`Signed in as ${accounts.editor.email}`);
  await expect(header.locator('#who-role')).toHaveText('editor');
  await expect(page.getByRole('heading', { name: 'Pictures', exact: true })).toBeVisible();
  await expectAccessible(page);

  const cookie = await sessionCookie(page);
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Strict');

  // A reload keeps the session.
  await page.reload();
  await expect(header).toContainText(accounts.editor.email);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();

  // The old cookie is refused from now on.
  const old = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `ll_staff=${cookie.value}` },
  });
  expect((await old.get('/api/session')).status()).toBe(401);
  expect((await old.get('/api/pictures')).status()).toBe(401);
  await old.dispose();

  // Signed out, a screen's address leads to the sign-in screen.
  await page.goto('/studio/#/pictures');
  await expect(page).toHaveURL(/#\/signin$/);
});

test('a wrong password shows the API message and stays on the sign-in screen', async ({
  page,
  accounts,
}) => {
  await page.goto('/studio/#/signin');
  await page.getByLabel('E-mail').fill(accounts.editor.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page).toHaveURL(/#\/signin$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(accounts.editor.email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await expectAccessible(page);
  expect((await page.context().cookies()).find((c) => c.name === 'll_staff')).toBeUndefined();
});

test('an end-user account is refused with "Insufficient permissions"', async ({
  page,
  accounts,
}) => {
  await page.goto('/studio/#/signin');
  await page.getByLabel('E-mail').fill(accounts.endUser.email);
  await page.getByLabel('Password').fill(accounts.endUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Insufficient permissions' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/signin$/);
  expect((await page.context().cookies()).find((c) => c.name === 'll_staff')).toBeUndefined();
});

test('a sign-in posted from another site is refused', async ({ accounts, playwright, baseURL }) => {
  const foreign = await playwright.request.newContext({ baseURL });
  const answer = await foreign.post('/api/session', {
    data: { email: accounts.editor.email, password: accounts.editor.password },
    headers: { Origin: 'https://attacker.example' },
  });
  expect(answer.status()).toBe(403);
  expect(answer.headers()['set-cookie']).toBeUndefined();
  await foreign.dispose();
});

test('a session that ends elsewhere leads to the sign-in form, then back to the same screen', async ({
  page,
  accounts,
}) => {
  await signIn(page, accounts.editor);
  await page.goto('/studio/#/pictures?status=draft');
  await expect(page.getByRole('heading', { name: 'Pictures', exact: true })).toBeVisible();
  // Signed out from another tab: the next request of this one is answered 401.
  const ended = await page.evaluate(async () => {
    const { csrf_token: token } = await fetch('/api/session').then((r) => r.json());
    return (await fetch('/api/session', { method: 'DELETE', headers: { 'X-CSRF-Token': token } }))
      .status;
  });
  expect(ended).toBe(204);
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: 'New', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/signin$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your session has ended: please sign in again.' }),
  ).toBeVisible();
  await page.getByLabel('E-mail').fill(accounts.editor.email);
  await page.getByLabel('Password').fill(accounts.editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/pictures\?status=new$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended' })).toBeHidden();
});

test('an admin sees the admin role', async ({ page, accounts }) => {
  await signIn(page, accounts.admin);
  await expect(page.locator('#who-role')).toHaveText('admin');
});

test('a request without the CSRF token, or from another site, is refused and changes nothing', async ({
  page,
  accounts,
  api,
  playwright,
  baseURL,
}) => {
  await signIn(page, accounts.editor);
  const cookie = await sessionCookie(page);
  const session = await page.evaluate(() => fetch('/api/session').then((r) => r.json()));
  expect(session.csrf_token).toBeTruthy();

  const withCookie = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `ll_staff=${cookie.value}` },
  });
  // No token.
  const noToken = await withCookie.post('/api/pictures', { data: { title: 'csrf-missing' } });
  expect(noToken.status()).toBe(403);
  expect(await noToken.json()).toEqual({
    error: 'Missing or invalid CSRF token',
    code: 'invalid_csrf_token',
  });
  // A wrong token.
  const wrongToken = await withCookie.post('/api/pictures', {
    data: { title: 'csrf-wrong' },
    headers: { 'X-CSRF-Token': 'x'.repeat(session.csrf_token.length) },
  });
  expect(wrongToken.status()).toBe(403);
  // From another site, whose browser sends its Origin: refused even with a valid token.
  for (const headers of [{}, { 'X-CSRF-Token': session.csrf_token }]) {
    const crossSite = await withCookie.post('/api/pictures', {
      data: { title: 'csrf-cross-site' },
      headers: { ...headers, Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({
      error: 'Missing or invalid CSRF token',
      code: 'invalid_csrf_token',
    });
  }
  const signOut = await withCookie.delete('/api/session');
  expect(signOut.status()).toBe(403);
  await withCookie.dispose();

  // Nothing was stored, and the session still works (the refused sign-out did nothing).
  const all = await api.get('/api/pictures?limit=200');
  expect(all.status).toBe(200);
  expect(all.body.filter((p) => String(p.title).startsWith('csrf-'))).toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // The same request from the page itself (cookie + token) works.
  const created = await page.evaluate(async (token) => {
    const r = await fetch('/api/pictures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ title: 'csrf-allowed' }),
    });
    return { status: r.status, body: await r.json() };
  }, session.csrf_token);
  expect(created.status).toBe(201);
  expect((await api.get(`/api/pictures/${created.body.id}`)).body.title).toBe('csrf-allowed');
  await api.delete(`/api/pictures/${created.body.id}`);
});

// Audio that follows its text (docs/studio.md "Audio that follows its text"): an audio that
// speaks an older text than its field says so, and a publish refused for it (409 audio_stale)
// offers "Make audio and publish". Driven as an editor would on the Texts and Pairs screens;
// what is stored is checked through the API (bearer token). Speech is the server's espeak-ng.
const { test, expect, expectAccessible, signIn } = require('./fixtures');
const content = require('./content');

const newPicture = (api, title) => content.newPicture(api, title, { width: 800, height: 600 });

async function stored(api, path) {
  const answer = await api.get(path);
  expect(answer.status).toBe(200);
  return answer.body;
}

// A reviewed pair whose statement has German audio of `spoken`, then the text `now`.
async function pairWithStaleAudio(api, title, spoken, now) {
  const picture = await newPicture(api, title);
  const made = await api.post('/api/cms/db-pairs', {
    picture_id: picture.id,
    answer_type: 'text',
    statement: { text_de: spoken },
    question: { text_de: 'Was macht die Katze?' },
  });
  expect(made.status).toBe(201);
  const pair = made.body;
  const audio = await api.post('/api/audios/generate-for', {
    source_table: 'statements',
    source_id: pair.statement.id,
    source_field: 'text_de',
    language: 'de',
  });
  expect(audio.status, JSON.stringify(audio.body)).toBe(201);
  expect((await api.post(`/api/cms/db-pairs/${pair.id}/review`)).status).toBe(200);
  const patched = await api.patch(`/api/cms/db-pairs/${pair.id}`, { statement: { text_de: now } });
  expect(patched.status).toBe(200);
  return { picture, pair };
}

const germanAudio = async (api, statementId) =>
  (await stored(api, `/api/audios?source_table=statements&source_id=${statementId}`)).find(
    (a) => a.source_field === 'text_de',
  );

test('a statement whose audio speaks its older text says so, and publishes once spoken again', async ({
  page,
  accounts,
  api,
}) => {
  const picture = await newPicture(api, 'Stale statement');
  const made = await api.post('/api/cms/db-statements', { text_de: 'Der Hund bellt.' });
  expect(made.status).toBe(201);
  const id = made.body.id;
  // The statement is shown on the picture's Texts screen through a pair that uses it.
  expect(
    (
      await api.post('/api/cms/db-pairs', {
        picture_id: picture.id,
        answer_type: 'text',
        statement_id: id,
      })
    ).status,
  ).toBe(201);
  await api.post('/api/audios/generate-for', {
    source_table: 'statements',
    source_id: id,
    source_field: 'text_de',
    language: 'de',
  });
  expect((await api.post(`/api/cms/db-statements/${id}/review`)).status).toBe(200);

  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/texts`);
  const name = `Statement #${id}`;
  const card = page.getByRole('article', { name, exact: true });
  await expect(card.getByLabel('German', { exact: true })).toHaveValue('Der Hund bellt.');
  const audio = card.getByRole('group', { name: `Audio of ${name} German`, exact: true });
  await expect(audio.getByRole('button', { name: /Regenerate audio/ })).toBeVisible();
  await expect(audio.getByText(/Speaks an older text/)).toHaveCount(0);

  // The editor changes the German text: the audio now speaks the older one.
  await card.getByLabel('German', { exact: true }).fill('Der Hund schläft.');
  await card.getByRole('button', { name: `Save ${name}` }).click();
  await expect(audio.getByText('Speaks an older text: “Der Hund bellt.”')).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('button', { name: `Publish ${name}`, exact: true }).click();
  const alert = card.getByRole('alert').filter({ hasText: 'speaks an older text' });
  await expect(alert).toContainText(
    `The audio of statement ${id} (German text) speaks an older text: make the audio again before publishing`,
  );
  expect((await stored(api, `/api/cms/db-statements/${id}`)).status).toBe('reviewed');

  await card.getByRole('button', { name: `Make audio and publish ${name}` }).click();
  await expect(card.getByText('published', { exact: true })).toBeVisible();
  // The offer's button is gone: the focus goes to the card's next step, not to the page.
  await expect(card.getByRole('button', { name: `Unpublish ${name}` })).toBeFocused();
  expect((await stored(api, `/api/cms/db-statements/${id}`)).status).toBe('published');
  expect((await germanAudio(api, id)).spoken_text).toBe('Der Hund schläft.');
  await expect(audio.getByText(/Speaks an older text/)).toHaveCount(0);
});

test('a pair refused for its statement\'s stale audio is published by "Make audio and publish"', async ({
  page,
  accounts,
  api,
}) => {
  const { picture, pair } = await pairWithStaleAudio(
    api,
    'Stale pair',
    'Die Katze schläft.',
    'Die Katze spielt.',
  );
  await signIn(page, accounts.editor);
  await page.goto(`/studio/#/pictures/${picture.id}/pairs`);
  const card = page.getByRole('article', { name: `Pair #${pair.id}`, exact: true });
  await expect(card.locator('.badge')).toHaveText('Reviewed');

  await card.getByRole('button', { name: `Publish pair #${pair.id}` }).click();
  const alert = card.getByRole('alert');
  await expect(alert).toContainText(
    `Not published: The audio of pair ${pair.id}'s statement ${pair.statement.id} (German text) ` +
      'speaks an older text: make the audio again before publishing',
  );
  await expect(alert).toBeFocused();
  expect((await stored(api, `/api/cms/db-pairs/${pair.id}`)).status).toBe('reviewed');
  await expectAccessible(page);

  await card.getByRole('button', { name: `Make audio and publish pair #${pair.id}` }).click();
  await expect(card.locator('.badge')).toHaveText('Published');
  expect((await stored(api, `/api/cms/db-pairs/${pair.id}`)).status).toBe('published');
  expect((await germanAudio(api, pair.statement.id)).spoken_text).toBe('Die Katze spielt.');

  // The edit form has audio controls for the question's texts too, beside the statement's.
  await card.getByRole('button', { name: `Edit pair #${pair.id}` }).click();
  const form = card.getByRole('form', { name: `Edit pair #${pair.id}` });
  for (const what of ['statement', 'question'])
    await expect(
      form
        .getByRole('group', { name: `Audio of ${what} in German`, exact: true })
        .getByRole('button', { name: new RegExp(`audio: ${what} in German$`) }),
    ).toBeVisible();
  await expect(form.getByText(/Speaks an older text/)).toHaveCount(0);
});

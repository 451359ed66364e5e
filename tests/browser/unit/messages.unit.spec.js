// Playwright's runner (no browser) for the studio's message table (adapters/web/studio/
// messages.js) and the API client's errors (api.js): a request that gets no answer reads the
// same on every screen, and an error in words is the API's own message.
const { test, expect } = require('@playwright/test');
const { studioModule } = require('./studio-modules.js');

const UNREACHABLE = 'The studio cannot reach the service: check the connection and try again.';
let MSG, errorText, createApi, ApiError;
test.beforeAll(async () => {
  ({ MSG, errorText } = await studioModule('messages.js'));
  ({ createApi, ApiError } = await studioModule('api.js'));
});

test('a request without an answer: the one wording, from the client and in words', async () => {
  expect(MSG.unreachable).toBe(UNREACHABLE);
  const saved = globalThis.fetch;
  globalThis.fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  try {
    const error = await createApi()
      .send('POST', '/api/pipeline/publish', { picture_id: 1 })
      .then(
        () => null,
        (e) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(UNREACHABLE);
    // Every screen shows errors through errorText: the pairs screen too ("Not published: ...").
    expect(MSG.not('published', errorText(error))).toBe(`Not published: ${UNREACHABLE}`);
  } finally {
    globalThis.fetch = saved;
  }
  // Anything that is no answer of the API (a failure in the page) reads the same.
  expect(errorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
  expect(errorText(undefined)).toBe(UNREACHABLE);
});

test("an error in words is the API's message, with picture statuses as words", () => {
  expect(errorText(new ApiError(409, 'Only reviewed items can be published', null))).toBe(
    'Only reviewed items can be published',
  );
  expect(
    errorText(new ApiError(409, 'Cannot finish a picture in status objects_created', null)),
  ).toBe('Cannot finish a picture in status objects created');
  expect(errorText(new ApiError(503, 'The service answered 503.', null))).toBe(
    'The service answered 503.',
  );
});

test('a stale-audio refusal names its fields in words, other messages keep theirs', () => {
  const stale = (message) => new ApiError(409, message, { error: message, code: 'audio_stale' });
  expect(
    errorText(
      stale(
        "The audio of pair 9's statement 5 (text_de, text_sv); pair 9's question 7 " +
          '(short_answer_se, title_en) speaks an older text: make the audio again before publishing',
      ),
    ),
  ).toBe(
    "The audio of pair 9's statement 5 (German text, Swedish text); pair 9's question 7 " +
      '(Swedish short answer, English title) speaks an older text: make the audio again before ' +
      'publishing',
  );
  // Another code: the API's words as they are.
  expect(errorText(new ApiError(409, 'statements 5 has no text in text_sv', null))).toBe(
    'statements 5 has no text in text_sv',
  );
});

test('messages with parts keep their wording', () => {
  expect(MSG.count(1, 'pair')).toBe('1 pair');
  expect(MSG.count(2, 'pair')).toBe('2 pairs');
  expect(MSG.pairsPublished([5, 6], ['#6 (not for English, Swedish)'])).toBe(
    'Published 2 pairs: #5, #6. Not in every feed yet: #6 (not for English, Swedish).',
  );
  expect(MSG.couldNot('The coverage', 'read', 'Unauthorized')).toBe(
    'The coverage could not be read: Unauthorized',
  );
  expect(MSG.toolHint('box', null)).toBe(
    'Drag on the picture to draw a box. Each shape makes a new object.',
  );
  expect(MSG.toolHint('box', { id: 5, name: '#5 Hund', asked: true })).toBe(
    'Drag on the picture to draw a box. The next shape joins object #5 Hund ' +
      '(Escape: a new object instead).',
  );
  expect(MSG.toolHint('box', { id: 6, name: '#6', asked: false })).toBe(
    'Drag on the picture to draw a box. The next shape goes to object #6, which has none yet.',
  );
  expect(MSG.storedNow(undefined)).toBe('Stored now: (empty)');
  expect(MSG.storedNow(3)).toBe('Stored now: 3');
  expect(MSG.toolHint('hand', 3)).toBe('Drag to move the picture; the wheel zooms.');
});

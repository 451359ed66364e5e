// The learner preview of a pair (#/pairs/<id>/preview?lang=de|en|sv[&draft=true], docs/studio.md
// "Learner preview"): the card as GET /feed delivers it (with draft=true: as it will once the
// drafts of its texts are published) in the chosen target language (picture,
// statement with its audio, question and short answer, answer type, level, categories), from
// GET /api/cms/db-pairs/<id>/preview, and, while the pair is not in the feed, why not; a
// missing statement audio can be generated right beside its reason. Beside the card, what it
// asks of a learner (preview-exercise.js).
import { el, notOpened } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME, SHORT_ANSWER_FIELD, TEXT_FIELD } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { audioControls } from './audio-field.js';
import { ANSWER_NAME, STATUS_NAME } from './pair-fields.js';
import { NO_AUDIO, reasonText } from './pair-feeds.js';
import { exerciseSection, outlinedImage } from './preview-exercise.js';

export async function mount(container, ctx) {
  const { api } = ctx;
  const id = ctx.params.id;
  const lang = LANGUAGE_NAME[ctx.params.lang] ? ctx.params.lang : 'de'; // the feed's default
  // draft=true: the card as it will be once the drafts of its texts are published.
  const draft = ctx.params.draft === 'true';
  const query = (code) => `lang=${code}${draft ? '&draft=true' : ''}`;
  container.replaceChildren(
    el('section', { class: 'pv' }, el('p', { role: 'status' }, MSG.loading('the preview'))),
  );
  let preview, pair, picture, audio;
  try {
    [preview, pair] = await Promise.all([
      api.get(`/api/cms/db-pairs/${id}/preview?${query(lang)}`).then((r) => r.body),
      api.get(`/api/cms/db-pairs/${id}`).then((r) => r.body),
      loadStylesheet('pairs.css'),
    ]);
    picture = pair.picture_id
      ? await api.get(`/api/pictures/${pair.picture_id}`).then(
          (r) => r.body,
          () => null,
        )
      : null;
    // Generated audio can put the pair into the feed: the preview is read again then.
    const reread = () =>
      api.get(`/api/cms/db-pairs/${id}/preview?${query(lang)}`).then(
        (r) => show(r.body),
        () => {},
      );
    audio = pair.statement
      ? audioControls(api, 'statements', pair.statement.id, { onGenerated: reread })
      : null;
    audio?.catch(() => {});
  } catch (e) {
    container.replaceChildren(
      el(
        'section',
        { class: 'pv' },
        notOpened(MSG.couldNot('The preview', 'shown', errorText(e)), 'pf-error'),
      ),
    );
    return;
  }
  const title = picture?.title || `picture ${pair.picture_id}`;
  document.title = `${draft ? 'Preview of the changes to' : 'Preview of'} pair #${id} · langlearn studio`;
  const language = LANGUAGE_NAME[lang];

  const languages = el(
    'nav',
    { class: 'pv-langs', 'aria-label': 'Target language' },
    LANGUAGES.map(({ code, name }) =>
      el(
        'a',
        {
          href: `#/pairs/${id}/preview?${query(code)}`,
          lang: code,
          'aria-current': code === lang ? 'page' : null,
        },
        name,
      ),
    ),
  );
  // Which version: what learners get now, or with the changes in draft (when there are any).
  const hasDraft = Boolean(pair.statement?.draft || pair.question?.draft);
  const versions =
    hasDraft || draft
      ? el(
          'nav',
          { class: 'pv-langs', 'aria-label': 'Version' },
          el(
            'a',
            { href: `#/pairs/${id}/preview?lang=${lang}`, 'aria-current': draft ? null : 'page' },
            MSG.previewPublished,
          ),
          el(
            'a',
            {
              href: `#/pairs/${id}/preview?lang=${lang}&draft=true`,
              'aria-current': draft ? 'page' : null,
            },
            MSG.previewDraft,
          ),
        )
      : null;
  const draftNote = draft ? el('p', { class: 'pv-draft-note' }, MSG.previewDraftNote) : null;
  const state = el('div', { role: 'status' });
  const card = el('article', { class: 'pv-card', 'aria-label': `Card in ${language}` });
  const task = el('div', { class: 'pv-side' });
  const reasonItem = (reason) => {
    const slot = el('span', { class: 'pv-audio' });
    if (NO_AUDIO.test(reason))
      audio?.then(
        (make) => slot.append(make(TEXT_FIELD[lang], lang, `statement in ${language}`)),
        () => {},
      );
    return el('li', {}, el('span', {}, reasonText(reason)), slot);
  };
  function show(preview) {
    state.className = `pv-state ${preview.in_feed ? 'pv-in' : 'pv-out'}`;
    state.replaceChildren(
      ...(preview.in_feed
        ? [el('p', {}, MSG.previewInFeed(language))]
        : [
            el('p', {}, MSG.previewNotInFeed(language)),
            el('ul', { 'aria-label': 'Why not' }, preview.reasons.map(reasonItem)),
          ]),
    );
    // A picture stored before sizes were has an outline without them: nothing to draw it in.
    const outline = preview.exercise?.outline;
    card.replaceChildren(
      ...cardParts(preview.item, outline?.width && outline.height ? outline : null),
    );
    task.replaceChildren(preview.exercise ? exerciseSection(preview.exercise, lang, language) : '');
  }

  const cardParts = (item, outline) => {
    const image = item.image_phone_url || item.image_url;
    const q = item.question;
    const short = q && q[SHORT_ANSWER_FIELD[lang]];
    const missing = (what) =>
      el('p', { class: 'muted', lang: 'en' }, MSG.missingIn(what, language));
    const picture = image
      ? el('img', {
          src: image,
          alt: outline ? `The picture: ${title}, the object marked` : `The picture: ${title}`,
          class: 'pv-image',
        })
      : null;
    return [
      picture
        ? outline
          ? outlinedImage(picture, outline)
          : picture
        : el('p', { class: 'pv-noimage' }, 'No image'),
      el(
        'div',
        { class: 'pv-body', lang },
        item.statement[lang]
          ? el('p', { class: 'pv-statement' }, item.statement[lang])
          : missing('statement text'),
        item.audio_url
          ? el('audio', {
              controls: true,
              preload: 'metadata',
              src: item.audio_url,
              'aria-label': `Statement audio in ${language}`,
            })
          : missing('statement audio'),
        q
          ? [
              q[lang] ? el('p', { class: 'pv-question' }, q[lang]) : missing('question text'),
              el(
                'p',
                {},
                el('span', { class: 'pv-key', lang: 'en' }, 'Short answer: '),
                short || '—',
              ),
            ]
          : null,
      ),
      el(
        'dl',
        { class: 'pv-facts' },
        el('dt', {}, 'Answer type'),
        el('dd', {}, ANSWER_NAME[item.answer_type] ?? item.answer_type),
        el('dt', {}, 'Level'),
        el('dd', {}, String(item.level)),
        el('dt', {}, 'Categories'),
        el(
          'dd',
          {},
          item.categories.length ? item.categories.map((c) => c.label).join(', ') : 'none',
        ),
      ),
    ];
  };
  show(preview);

  container.replaceChildren(
    el(
      'section',
      { class: 'pv' },
      el(
        'div',
        { class: 'picture-head' },
        pair.picture_id
          ? el(
              'a',
              { href: `#/pictures/${pair.picture_id}/pairs`, class: 'ws-back' },
              `← Pairs of ${title}`,
            )
          : null,
        el(
          'h1',
          {},
          draft ? `Learner preview of the changes: pair #${id}` : `Learner preview: pair #${id}`,
        ),
        el('span', { class: `badge pc-${pair.status}` }, STATUS_NAME[pair.status] ?? pair.status),
      ),
      languages,
      versions,
      draftNote,
      state,
      el('div', { class: 'pv-columns' }, card, task),
    ),
  );
}

// One pair on the pairs screen (docs/studio.md "Pairs"): its texts in the three languages, its
// linked words (link and unlink), its edit form, review / publish / unpublish, delete and the
// preview link. Edits send If-Match with the ETag of the last read; a 412 offers "Reload",
// and a refused transition (409) shows the API's message beside the pair. A published pair
// also says in which languages' feeds learners get it (a published pair can still miss a feed,
// e.g. without statement audio in a language), read again after each change that can alter it.
// Every pair also shows how learners fared with it in each language (card-figures.js), read once
// when the card first comes into view, so the rest of the card never waits for it.
// A change to the texts of a pair that learners see is kept as a draft beside them
// (text-drafts.js): the card shows both versions, its edit form starts from the draft, and
// Review changes, Publish changes and Discard changes act on the drafts.
// "History" opens the pair's own changes (change-history.js; its texts' are on the Texts tab).
import { busy, el } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME, SHORT_ANSWER_FIELD, TEXT_FIELD } from './languages.js';
import { MSG, errorText, isAudioStale } from './messages.js';
import { audioControls } from './audio-field.js';
import { feedLine, readFeeds } from './pair-feeds.js';
import { pairFiguresLine } from './card-figures.js';
import { mergeField, storedNote } from './reload-merge.js';
import { draftBox, draftStatus, liveNote, withDraft } from './text-drafts.js';
import { ChangeHistory } from './change-history.js';
import {
  ANSWER_NAME,
  LINK_TO,
  STATUS_NAME,
  answerTypeSelect,
  field,
  langGroup,
  levelInput,
  pairChanges,
  select,
  uid,
} from './pair-fields.js';

const PRECONDITION_FAILED = 412;
const TRANSITIONS = {
  review: { label: 'Review', done: 'reviewed', from: ['draft'] },
  publish: { label: 'Publish', done: 'published', from: ['draft', 'reviewed'] },
  unpublish: { label: 'Unpublish', done: 'unpublished', from: ['published'] },
};
// The steps of a pair's drafts (changesOf): their review, their publish, their discard.
const CHANGES = {
  review: { label: 'Review changes', done: 'reviewed' },
  publish: { label: 'Publish changes', done: 'published' },
  discard: { label: 'Discard changes', done: 'discarded' },
};
const TEXT_PATH = { statement: '/api/cms/db-statements', question: '/api/cms/db-questions' };

// The pair's texts that have a draft: [['statement', item], ['question', item]].
const changesOf = (pair) =>
  [
    ['statement', pair.statement],
    ['question', pair.question],
  ].filter(([, item]) => item?.draft);
// The pair as its editor sees and changes it: its texts as their drafts have them.
const edited = (pair) => ({
  ...pair,
  statement: withDraft(pair.statement),
  question: withDraft(pair.question),
});

export class PairCard {
  constructor(screen, id) {
    this.screen = screen;
    this.api = screen.api;
    this.id = id;
    this.headingId = uid('pair');
    this.node = el('article', { class: 'pc', 'aria-labelledby': this.headingId, 'data-pair': id });
    // Focusable from script: after a refused action the focus goes to the reason.
    this.message = el('div', { class: 'pc-msg', role: 'alert', tabindex: '-1' });
    this.editor = null; // the open edit form: {node, save()}
    this.feeds = null; // published only: [[lang, {in_feed, reasons}]] once read
    this.feedRead = null; // the running read of the feeds (awaited by "Publish all reviewed")
    this.feedNote = el('p', { class: 'pc-feed' });
    this.figures = el('span', { class: 'pc-figures-text' });
    this.figuresNote = el(
      'p',
      { class: 'pc-figures' },
      el('span', { class: 'pc-label' }, 'Answers'),
      ' ',
      this.figures,
    );
    this.figuresRead = null; // the running or finished read of the figures
    // The pair's history: kept across the card's redrawings, open or closed.
    this.history = new ChangeHistory(this.api, {
      table: 'pairs',
      id,
      name: `pair #${id}`,
      me: screen.me,
    });
    this.watchFigures();
  }

  // The figures are read when the card first comes into view (one request per pair shown).
  watchFigures() {
    if (typeof IntersectionObserver !== 'function') return this.readFigures();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      this.readFigures();
    });
    observer.observe(this.node);
  }

  // GET /api/cms/db-pairs/<id>/analytics: "de: 71 % of 42 · sv: 12 answers (too few)"; the answer of a
  // stale read is dropped.
  readFigures() {
    this.figures.textContent = MSG.loading();
    const read = (this.figuresRead = this.api.get(`/api/cms/db-pairs/${this.id}/analytics`).then(
      ({ body }) => {
        if (this.figuresRead !== read) return;
        this.figuresNote.classList.remove('pc-figures-failed');
        this.figures.textContent = pairFiguresLine(body.languages);
      },
      (e) => {
        if (this.figuresRead !== read) return;
        this.figuresNote.classList.add('pc-figures-failed');
        this.figures.textContent = MSG.couldNot('The figures', 'read', errorText(e));
      },
    ));
    return read;
  }

  get pair() {
    return this.screen.entries.get(this.id).pair;
  }

  get etag() {
    return this.screen.entries.get(this.id).etag;
  }

  render() {
    if (!this.screen.entries.has(this.id)) return; // deleted
    const pair = this.pair;
    const object = pair.object_id ? this.screen.objectName(pair.object_id) : 'the whole picture';
    const head = el(
      'div',
      { class: 'pc-head' },
      el('h3', { id: this.headingId }, `Pair #${pair.id}`),
      el('span', { class: `badge pc-${pair.status}` }, STATUS_NAME[pair.status] ?? pair.status),
      el(
        'span',
        { class: 'pc-facts' },
        `Answer type: ${ANSWER_NAME[pair.answer_type] ?? pair.answer_type} · Level ${pair.level} · Object: ${object}`,
      ),
      el(
        'a',
        { href: `#/pairs/${pair.id}/preview`, class: 'pc-preview' },
        'Preview',
        el('span', { class: 'visually-hidden' }, ` pair #${pair.id}`),
      ),
      changesOf(pair).length
        ? el(
            'a',
            { href: `#/pairs/${pair.id}/preview?draft=true`, class: 'pc-preview' },
            'Preview changes',
            el('span', { class: 'visually-hidden' }, ` to pair #${pair.id}`),
          )
        : null,
    );
    const parts = [
      head,
      this.feedState(pair),
      this.figuresNote,
      this.editor ? this.editor.node : this.texts(pair),
      draftBox(
        `pair #${pair.id}`,
        [
          { what: 'Statement', item: pair.statement },
          { what: 'Question', item: pair.question },
        ],
        pair.status === 'published' ? MSG.livePublished : MSG.liveShown,
      ),
      this.words(pair),
      this.actions(pair),
      this.message,
      this.history.panel,
    ];
    this.node.replaceChildren(...parts.filter(Boolean));
  }

  // The feed line of a published pair; its first showing starts the read of the three feeds.
  feedState(pair) {
    if (pair.status !== 'published') {
      this.feeds = this.feedRead = null;
      return null;
    }
    if (!this.feeds && !this.feedRead) this.readFeeds();
    return this.feedNote;
  }

  // Reads the pair's three feed states and shows them; the answer of a stale read is dropped.
  readFeeds() {
    const read = (this.feedRead = readFeeds(this.api, this.id).then(
      (feeds) => {
        if (this.feedRead !== read) return;
        this.feeds = feeds;
        this.feedNote.className = `pc-feed ${feeds.every(([, f]) => f.in_feed) ? 'pc-feed-in' : 'pc-feed-out'}`;
        this.feedNote.textContent = feedLine(feeds);
      },
      (e) => {
        if (this.feedRead !== read) return;
        this.feedNote.className = 'pc-feed pc-feed-out';
        this.feedNote.textContent = MSG.couldNot('The feeds', 'checked', errorText(e));
      },
    ));
    return read;
  }

  // After a change that can move the pair in or out of a feed: read them again.
  refreshFeeds() {
    this.feeds = this.feedRead = null;
    if (this.screen.entries.get(this.id)?.pair.status === 'published') this.readFeeds();
  }

  texts(pair) {
    const row = (name, item, fields) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, name),
        LANGUAGES.map(({ code }) =>
          el('td', { lang: code }, item?.[fields[code]] ?? el('span', { class: 'muted' }, '—')),
        ),
      );
    const q = pair.question;
    return el(
      'table',
      { class: 'pc-texts' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('td', {}),
          LANGUAGES.map(({ name }) => el('th', { scope: 'col' }, name)),
        ),
      ),
      el(
        'tbody',
        {},
        row('Statement', pair.statement, TEXT_FIELD),
        q
          ? [row('Question', q, TEXT_FIELD), row('Short answer', q, SHORT_ANSWER_FIELD)]
          : el(
              'tr',
              {},
              el('th', { scope: 'row' }, 'Question'),
              el('td', { colspan: String(LANGUAGES.length), class: 'muted' }, MSG.noQuestion),
            ),
      ),
    );
  }

  words(pair) {
    const linked = pair.words.map((w) =>
      el(
        'li',
        {},
        el('span', {}, w.title_de),
        el('span', { class: 'pc-to' }, w.link_to),
        el(
          'button',
          {
            type: 'button',
            class: 'pc-small',
            'aria-label': `Unlink ${w.title_de} from the ${w.link_to} of pair #${pair.id}`,
            onclick: () => this.patch({ words_remove: [w.link_id] }, 'unlinked', w.title_de),
          },
          'Unlink',
        ),
      ),
    );
    const choices = this.screen.wordsFor(pair.object_id);
    // Each card has these three: named with the pair, so a screen reader tells them apart.
    const word = select(
      choices.map((w) => [w.id, w.title_de]),
      undefined,
      {
        'aria-label': `Word to link (pair #${pair.id})`,
      },
    );
    const to = select(pair.question ? LINK_TO : LINK_TO.slice(2), undefined, {
      'aria-label': `Link to (pair #${pair.id})`,
    });
    const link = el(
      'button',
      {
        type: 'button',
        class: 'pc-small',
        disabled: !choices.length,
        'aria-label': `Link word to pair #${pair.id}`,
      },
      'Link word',
    );
    link.addEventListener('click', () => {
      const w = choices.find((c) => String(c.id) === word.value);
      if (w)
        this.patch({ words_add: [{ word_id: w.id, link_to: to.value }] }, 'linked', w.title_de);
    });
    return el(
      'div',
      { class: 'pc-words' },
      el('span', { class: 'pc-label' }, 'Linked words'),
      linked.length
        ? el('ul', { 'aria-label': `Linked words of pair #${pair.id}` }, linked)
        : el('span', { class: 'muted' }, 'none'),
      choices.length
        ? el(
            'div',
            { class: 'pc-link' },
            field('Word to link', word, 'pc-inline'),
            field('Link to', to, 'pc-inline'),
            link,
          )
        : el('span', { class: 'muted' }, MSG.noWordsToLink),
    );
  }

  actions(pair) {
    // Each button's accessible name says what it acts on ("Publish pair #9"), so a screen
    // reader's list of buttons is not a row of "Edit" and "Publish".
    const button = (label, fn, extra = {}) =>
      el(
        'button',
        { type: 'button', onclick: fn, 'aria-label': `${label} pair #${pair.id}`, ...extra },
        label,
      );
    const moves = Object.entries(TRANSITIONS)
      .filter(([, t]) => t.from.includes(pair.status))
      // The first forward step is highlighted; taking a pair out of the feed never is.
      .map(([action, t], i) =>
        button(t.label, () => this.transition(action), {
          class: i || action === 'unpublish' ? null : 'primary',
        }),
      );
    // With drafts: their review while one waits for it, their publish, their discard ("Publish
    // changes to pair #9"); the forward one is highlighted. They come first: the pair's own
    // steps of a published pair take it out of the feed.
    const drafts = draftStatus([pair.statement, pair.question]);
    const changes = drafts
      ? Object.entries(CHANGES)
          .filter(([action]) => action !== 'review' || drafts === 'draft')
          .map(([action, c], i) =>
            el(
              'button',
              {
                type: 'button',
                onclick: () => this.changes(action),
                'aria-label': `${c.label} to pair #${pair.id}`,
                class: i === 0 ? 'primary' : null,
              },
              c.label,
            ),
          )
      : [];
    if (changes.length) for (const b of moves) b.classList.remove('primary');
    return el(
      'div',
      { class: 'pc-actions pc-steps' },
      this.editor ? null : button('Edit', () => this.edit()),
      changes,
      moves,
      button('Delete', () => this.remove(), { class: 'pc-delete' }),
      this.history.button,
    );
  }

  reloadOffer() {
    return el(
      'button',
      { type: 'button', onclick: () => this.reload() },
      `Reload pair #${this.id}`,
    );
  }

  // `offer`: a button beside the message (a 412's reload, a stale audio's make-and-publish).
  say(text, offer = null) {
    const parts = [el('span', {}, text)];
    if (offer) parts.push(' ', offer);
    this.message.replaceChildren(...(text ? parts : []));
  }

  // "Not saved: <the API's reason>"; a 412 with the reload offer, a publish refused for stale
  // audio with the offer to make it and publish (docs/audio.md "Audio that follows its text"):
  // the pair, or (`changes`) its drafts.
  fail(done, e, changes = false) {
    let offer = null;
    if (e?.status === PRECONDITION_FAILED) offer = this.reloadOffer();
    else if (isAudioStale(e))
      offer = el(
        'button',
        {
          type: 'button',
          onclick: () =>
            changes ? this.changes('publish', true) : this.transition('publish', true),
          'aria-label': `Make audio and publish ${changes ? 'changes to ' : ''}pair #${this.id}`,
        },
        'Make audio and publish',
      );
    this.say(MSG.not(done, errorText(e)), offer);
  }

  // Runs a request with the pair's buttons waiting (those disabled already stay so); the card
  // is drawn anew afterwards. The focus, when it was in the card, does not fall to the page:
  // it goes to the reason of a refusal, else to the pair's next step (its highlighted button)
  // or its first action.
  async waiting(fn) {
    const hadFocus = this.node.contains(document.activeElement);
    try {
      return await busy(this.node.querySelectorAll('button'), fn);
    } finally {
      this.render();
      this.history.refresh(); // an open History shows what the action changed
      if (hadFocus && this.node.isConnected) {
        this.focusStep();
      }
    }
  }

  // The card's own steps (not the edit form's Save): its highlighted one, else its first.
  focusStep() {
    const next =
      this.node.querySelector('.pc-steps .primary') ?? this.node.querySelector('.pc-steps button');
    (this.message.textContent ? this.message : next)?.focus();
  }

  // A PATCH of this pair with If-Match; true when it was stored. done: 'saved', 'linked'... of
  // what (`what`, e.g. the word linked) for the messages.
  patch(body, done, what) {
    let ok = false;
    return this.waiting(async () => {
      try {
        const r = await this.api.send('PATCH', `/api/cms/db-pairs/${this.id}`, body, {
          ifMatch: this.etag,
        });
        this.say('');
        this.screen.update(r.body, r.etag);
        this.screen.announce(MSG.done(what, done));
        if (this.figuresRead) this.readFigures(); // an edit can start a new revision
        ok = true;
        // A shared text's change (or its new draft) shows on the other pairs too.
        if (body.statement || body.question) await this.screen.rereadSharing(r.body);
      } catch (e) {
        this.fail(done, e);
      }
    }).then(() => ok);
  }

  // makeAudio: publish with make_audio=true (the offer beside a 409 audio_stale).
  transition(action, makeAudio = false) {
    const t = TRANSITIONS[action];
    return this.waiting(async () => {
      try {
        const query = makeAudio ? '?make_audio=true' : '';
        const r = await this.api.send('POST', `/api/cms/db-pairs/${this.id}/${action}${query}`);
        this.say('');
        this.feeds = this.feedRead = null; // a publish reads the feeds afresh
        this.screen.update(r.body, r.etag);
        this.screen.announce(MSG.done(`Pair #${this.id}`, t.done));
      } catch (e) {
        this.fail(t.done, e);
      }
    });
  }

  // Review, publish or discard the drafts of the pair's texts (docs/studio.md "Drafts of
  // published content"). A published pair's review and publish act on its drafts
  // (POST .../db-pairs/<id>/review, /publish, make_audio as for the pair); otherwise, and for a
  // discard, each text with a draft is asked on its own, and the pair is read again afterwards.
  // A discard sends If-Match of the text as read just before, once it holds the draft this card
  // shows (else: changed by someone else, and the reload offer). The other pairs showing the
  // same texts are read again too.
  changes(action, makeAudio = false) {
    const c = CHANGES[action];
    const pair = this.pair;
    if (action === 'discard' && !window.confirm(MSG.confirmDiscard(`pair #${this.id}`))) return;
    return this.waiting(async () => {
      let reread = false;
      try {
        if (action !== 'discard' && pair.status === 'published') {
          const query = makeAudio ? '?make_audio=true' : '';
          const r = await this.api.send('POST', `/api/cms/db-pairs/${this.id}/${action}${query}`);
          this.say('');
          this.feeds = this.feedRead = null;
          this.screen.update(r.body, r.etag);
        } else {
          reread = true;
          for (const [kind, item] of changesOf(pair)) {
            const path = `${TEXT_PATH[kind]}/${item.id}`;
            if (action === 'discard') {
              const now = await this.api.get(path);
              if (JSON.stringify(now.body.draft) !== JSON.stringify(item.draft)) {
                const changed = new Error(MSG.draftChangedElsewhere);
                changed.status = PRECONDITION_FAILED;
                throw changed;
              }
              await this.api.send('DELETE', `${path}/draft`, undefined, { ifMatch: now.etag });
            } else if (action === 'publish' || item.draft.status === 'draft') {
              await this.api.send(
                'POST',
                `${path}/${action}${makeAudio ? '?make_audio=true' : ''}`,
              );
            }
          }
          this.say('');
        }
        this.screen.announce(MSG.done(`Changes to pair #${this.id}`, c.done));
      } catch (e) {
        this.fail(c.done, e, true);
      }
      if (reread) {
        try {
          const r = await this.api.get(`/api/cms/db-pairs/${this.id}`);
          this.screen.update(r.body, r.etag);
        } catch (e) {
          if (!this.message.textContent)
            this.say(MSG.reloadFailed(errorText(e)), this.reloadOffer());
        }
      }
      await this.screen.rereadSharing(this.screen.entries.get(this.id)?.pair ?? pair);
    });
  }

  remove() {
    if (!window.confirm(MSG.confirmDeletePair(this.id))) return;
    return this.waiting(async () => {
      try {
        await this.api.send('DELETE', `/api/cms/db-pairs/${this.id}`, undefined, {
          ifMatch: this.etag,
        });
        this.screen.remove(this.id);
        this.screen.announce(MSG.done(`Pair #${this.id}`, 'deleted'));
      } catch (e) {
        this.fail('deleted', e);
      }
    });
  }

  // The reload a 412 offers: the pair as stored now; an open edit form is dropped.
  // Through waiting(): the focus goes to the reloaded pair's next step, not to the page. With
  // the edit form open, the editor's values stay in it (now against the stored version and
  // its ETag), the stored ones shown beside where they differ: Save keeps the editor's,
  // Cancel takes the stored pair.
  reload() {
    return this.waiting(async () => {
      try {
        const r = await this.api.get(`/api/cms/db-pairs/${this.id}`);
        const mine = this.editor?.values();
        const was = this.editor?.started; // the version the form was opened on
        this.editor = null;
        this.say('');
        this.screen.update(r.body, r.etag);
        if (mine) {
          this.editor = this.editForm(this.pair);
          const conflicts = this.editor.keep(mine, was);
          this.say(conflicts ? MSG.keptOnReload : '');
        }
        this.screen.announce(MSG.done(`Pair #${this.id}`, 'reloaded'));
      } catch (e) {
        if (e.status === 404) {
          this.screen.remove(this.id);
          this.screen.announce(MSG.deletedElsewhere(`Pair #${this.id}`));
        } else {
          this.say(MSG.reloadFailed(errorText(e)), this.reloadOffer());
        }
      }
    });
  }

  edit() {
    this.editor = this.editForm(this.pair);
    this.render();
    this.editor.node.querySelector('select')?.focus();
  }

  // The form starts from the texts as the editor last left them: a draft's, where there is one.
  editForm(stored) {
    const pair = edited(stored);
    const type = answerTypeSelect(pair.answer_type);
    const level = levelInput(pair.level);
    // Audio under each text of the statement (what the feed plays) and of the question. New audio
    // can put a published pair into a language's feed: the feed line is read again.
    const audioSlots = (table, item, stored, what) => {
      const audio = item
        ? audioControls(this.api, table, item.id, {
            onGenerated: () => this.refreshFeeds(),
            stored,
          })
        : null;
      audio?.catch(() => {});
      return (lang) => {
        const slot = el('div', { class: 'pc-audio' });
        audio
          ?.then((make) =>
            slot.append(make(TEXT_FIELD[lang], lang, `${what} in ${LANGUAGE_NAME[lang]}`)),
          )
          .catch(() => {});
        return slot;
      };
    };
    // The audio speaks the texts learners get (a draft's are spoken when it is published).
    const statement = langGroup('Statement', TEXT_FIELD, pair.statement, {
      extra: audioSlots('statements', pair.statement, () => this.pair.statement, 'statement'),
    });
    const question = langGroup('Question', TEXT_FIELD, pair.question, {
      extra: audioSlots('questions', pair.question, () => this.pair.question, 'question'),
    });
    const short = langGroup('Short answer', SHORT_ANSWER_FIELD, pair.question, {
      multiline: false,
    });
    const sharedWith =
      this.screen
        .statements()
        .find((s) => s.id === pair.statement?.id)
        ?.pairs.filter((id) => id !== pair.id) ?? [];
    // Learners see the texts (the pair or a pair sharing its statement is published, or a text
    // has a draft already): a change is kept as a draft until it is published.
    const live =
      pair.status === 'published' ||
      changesOf(stored).length > 0 ||
      sharedWith.some((id) => this.screen.entries.get(id)?.pair.status === 'published');
    const save = el('button', { type: 'submit', class: 'primary' }, 'Save');
    const form = el(
      'form',
      { class: 'pc-edit', 'aria-label': `Edit pair #${pair.id}` },
      el('div', { class: 'pf-row' }, field('Answer type', type), field('Level', level)),
      live ? liveNote() : null,
      statement.node,
      sharedWith.length ? el('p', { class: 'muted' }, MSG.statementShared(sharedWith)) : null,
      question.node,
      short.node,
      el('p', { class: 'muted' }, pair.question ? MSG.questionOffHint : MSG.questionAddHint),
      el(
        'div',
        { class: 'pc-actions' },
        save,
        el('button', { type: 'button', onclick: () => this.cancel() }, 'Cancel'),
      ),
    );
    const values = () => ({
      answer_type: type.value,
      level: level.value === '' ? null : Number(level.value),
      statement: statement.read(),
      question: { ...question.read(), ...short.read() },
    });
    // After a reload on a 412 (this form shows the pair as stored now): what the editor changed
    // from the version they started on (`was`) goes back into the form, and where the stored
    // pair differs from it, what it holds is shown under the field; a field the editor left
    // alone takes the stored value (docs/studio.md "Pairs").
    const keep = (mine, was) => {
      let conflicts = 0;
      const take = (control, typed, started, stored, shown = stored) => {
        const { keep, conflict } = mergeField(typed, started, stored);
        if (!keep) return; // this form shows the stored value already
        control.value = typed ?? '';
        if (conflict) {
          storedNote(control, shown, 'pc-stored');
          conflicts += 1;
        }
      };
      take(
        type,
        mine.answer_type,
        was.answer_type,
        pair.answer_type,
        ANSWER_NAME[pair.answer_type] ?? pair.answer_type,
      );
      take(level, mine.level, was.level, pair.level);
      const restore = (group, typed, started, stored) => {
        for (const [name, input] of Object.entries(group.inputs))
          take(input, typed[name], started?.[name], stored?.[name]);
      };
      restore(statement, mine.statement, was.statement, pair.statement);
      restore(question, mine.question, was.question, pair.question);
      restore(short, mine.question, was.question, pair.question);
      return conflicts;
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const body = pairChanges(pair, values());
      if (!Object.keys(body).length) return this.cancel();
      const editor = this.editor;
      this.patch(body, 'saved', `Pair #${this.id}`).then((ok) => {
        if (ok && this.editor === editor) {
          this.editor = null;
          this.render();
          this.focusStep(); // the form and its Save are gone: not to the page
        }
      });
    });
    return { node: form, values, keep, started: pair };
  }

  cancel() {
    const hadFocus = this.node.contains(document.activeElement);
    this.editor = null;
    this.say('');
    this.render();
    if (hadFocus) this.node.querySelector('.pc-steps button')?.focus(); // Edit, again
  }
}

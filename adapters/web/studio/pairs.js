// A picture's pairs (#/pictures/<id>/pairs, docs/studio.md "Pairs"): every pair of the picture
// as a card (pair-card.js: texts, linked words, edit, review and publish, delete), the form for
// a new pair (pair-form.js), and "Publish all reviewed" (POST /api/pipeline/publish), which also
// names the pairs it published that some language's feed still lacks.
// Each pair is read on its own for the ETag that its edits send back as If-Match.
import { busy, el, notOpened } from './dom.js';
import { LANGUAGE_NAME } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { pictureHead } from './picture-tabs.js';
import { PairCard } from './pair-card.js';
import { STATUS_NAME } from './pair-fields.js';
import { PairForm } from './pair-form.js';
import { rememberedStatements } from './picture-statements.js';
import { skipLinks } from './skip-links.js';

export function mount(container, ctx) {
  const screen = new PairsScreen(container, ctx);
  screen.start();
  return () => (screen.destroyed = true);
}

class PairsScreen {
  constructor(container, ctx) {
    this.container = container;
    this.api = ctx.api;
    this.pictureId = Number(ctx.params.id);
    this.me = ctx.session?.user.id ?? null; // their changes in a pair's history say "you"
    // #/pictures/<id>/pairs?pair=<pair id> (from the Cards screen): that pair's card at once.
    this.startAt = Number(ctx.params.pair) || null;
    this.entries = new Map(); // pair id -> {pair, etag}
    this.cards = new Map(); // pair id -> PairCard
    this.objectWords = new Map(); // object id -> its words
    this.questions = new Map(); // object id -> promise of its questions
    this.destroyed = false;
  }

  async start() {
    this.container.replaceChildren(
      el('section', { class: 'pairs' }, el('p', { role: 'status' }, MSG.loading('the pairs'))),
    );
    try {
      const styles = loadStylesheet('pairs.css');
      const id = this.pictureId;
      const [picture, objects, words] = await Promise.all([
        this.api.get(`/api/pictures/${id}`),
        this.api.all(`/api/cms/objects?picture_id=${id}`),
        this.api.get(`/api/cms/pictures/${id}/words`),
      ]);
      this.picture = picture.body;
      this.objects = objects;
      this.pictureWords = words.body;
      await Promise.all([
        this.loadPairs(),
        this.loadWritten(),
        ...objects.map((o) => this.loadObjectWords(o.id)),
        styles,
      ]);
    } catch (e) {
      if (this.destroyed) return;
      this.container.replaceChildren(
        el(
          'section',
          { class: 'pairs' },
          notOpened(MSG.couldNot('The pairs', 'shown', errorText(e)), 'pf-error'),
        ),
      );
      return;
    }
    if (!this.destroyed) this.build();
  }

  async loadPairs() {
    const list = await this.api.all(`/api/cms/db-pairs?picture_id=${this.pictureId}`);
    const reads = await Promise.all(
      list.map((p) =>
        this.api.get(`/api/cms/db-pairs/${p.id}`).catch((e) => {
          if (e.status === 404) return null; // deleted meanwhile
          throw e;
        }),
      ),
    );
    this.entries = new Map(
      reads.filter(Boolean).map((r) => [r.body.id, { pair: r.body, etag: r.etag }]),
    );
  }

  // The statements written on the Texts tab that no pair uses yet (picture-statements.js).
  async loadWritten() {
    const reads = await Promise.all(
      rememberedStatements(this.pictureId).map((id) =>
        this.api.get(`/api/cms/db-statements/${id}`).then(
          (r) => r.body,
          () => null,
        ),
      ),
    );
    this.written = reads.filter(Boolean);
  }

  async loadObjectWords(objectId) {
    this.objectWords.set(
      objectId,
      (await this.api.get(`/api/cms/db-objects/${objectId}/words`)).body,
    );
  }

  questionsOf(objectId) {
    if (!this.questions.has(objectId)) {
      const load = this.api.get(`/api/object/${objectId}/questions`).then((r) => r.body);
      load.catch(() => this.questions.delete(objectId));
      this.questions.set(objectId, load);
    }
    return this.questions.get(objectId);
  }

  // An object in words: its label word, else the first line of its notes, with its number.
  objectName(id) {
    const label = this.objectWords.get(id)?.find((w) => w.is_label)?.title_de;
    const notes = this.objects
      .find((o) => o.id === id)
      ?.user_notes?.split('\n')[0]
      .slice(0, 40);
    return `${label || notes || 'Object'} (#${id})`;
  }

  // The words a pair may link: the picture's, then its object's, each once.
  wordsFor(objectId) {
    const seen = new Set();
    return [...this.pictureWords, ...(this.objectWords.get(objectId) ?? [])].filter(
      (w) => !seen.has(w.id) && seen.add(w.id),
    );
  }

  // The statements of this picture's pairs and those written on its Texts tab, each once: the
  // ones a new pair may use.
  statements() {
    const found = new Map();
    for (const { pair } of this.entries.values()) {
      if (pair.statement && !found.has(pair.statement.id))
        found.set(pair.statement.id, { ...pair.statement, pairs: [] });
      if (pair.statement) found.get(pair.statement.id).pairs.push(pair.id);
    }
    for (const s of this.written ?? []) if (!found.has(s.id)) found.set(s.id, { ...s, pairs: [] });
    return [...found.values()];
  }

  build() {
    const p = this.picture;
    this.announcer = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.publishBtn = el(
      'button',
      { type: 'button', onclick: () => this.publishAll() },
      'Publish all reviewed',
    );
    this.publishResult = el('p', { class: 'pf-ok', role: 'status' });
    this.publishError = el('p', { class: 'pf-error', role: 'alert' });
    this.summary = el('p', { class: 'pairs-summary' });
    this.form = new PairForm(this);
    this.newBtn = el(
      'button',
      {
        type: 'button',
        'aria-expanded': 'false',
        'aria-controls': this.form.node.id,
        onclick: () => this.toggleForm(),
      },
      'New pair',
    );
    // A region named by its (visually hidden) heading: the skip link's target, whose focus ring
    // shows where the list starts.
    this.list = el('section', { class: 'pairs-list', 'aria-labelledby': 'pairs-list-h' });
    // A way past the cards before it: one button per pair, which moves to that pair's first
    // action (docs/studio.md "Pairs"), instead of Tab through every card's controls.
    this.jump = el('ul', { class: 'pairs-jump' });
    this.jumpNav = el(
      'nav',
      { class: 'pairs-jump-nav', 'aria-label': 'Go to a pair' },
      el('span', { 'aria-hidden': 'true' }, 'Go to'),
      this.jump,
    );
    const listHeading = el(
      'h2',
      { class: 'visually-hidden', id: 'pairs-list-h' },
      'Pairs of this picture',
    );
    this.container.replaceChildren(
      el(
        'section',
        { class: 'pairs', 'aria-label': 'Pairs' },
        skipLinks([{ label: 'the pair list', target: this.list }]),
        pictureHead(p, 'pairs', this.api, (name) => `Pairs · ${name} · langlearn studio`),
        el('div', { class: 'pairs-bar' }, this.newBtn, this.publishBtn, this.summary),
        this.jumpNav,
        this.publishResult,
        this.publishError,
        this.form.node,
        listHeading,
        this.list,
        this.announcer,
      ),
    );
    this.toggleForm(this.entries.size === 0);
    this.renderList();
    if (this.startAt && this.entries.has(this.startAt)) this.goTo(this.startAt);
  }

  toggleForm(open = this.form.node.hidden) {
    this.form.node.hidden = !open;
    this.newBtn.setAttribute('aria-expanded', String(open));
    if (open) this.form.refresh();
  }

  // Every pair's card (made for new pairs, dropped for deleted ones), by id.
  renderList() {
    const ids = [...this.entries.keys()].sort((a, b) => a - b);
    for (const id of this.cards.keys()) if (!this.entries.has(id)) this.cards.delete(id);
    for (const id of ids) {
      if (!this.cards.has(id)) this.cards.set(id, new PairCard(this, id));
      this.cards.get(id).render();
    }
    this.list.replaceChildren(...ids.map((id) => this.cards.get(id).node));
    this.jumpNav.hidden = ids.length < 2;
    this.jump.replaceChildren(
      ...ids.map((id) =>
        el(
          'li',
          {},
          el(
            'button',
            { type: 'button', class: 'pairs-go', onclick: () => this.goTo(id) },
            `Pair #${id}`,
            el(
              'span',
              { class: 'visually-hidden' },
              ` (${STATUS_NAME[this.entries.get(id).pair.status] ?? this.entries.get(id).pair.status})`,
            ),
          ),
        ),
      ),
    );
    if (!ids.length) this.list.append(el('p', { class: 'pairs-empty' }, MSG.noPairs));
    const count = (s) => ids.filter((id) => this.entries.get(id).pair.status === s).length;
    this.summary.textContent = MSG.pairsSummary(
      ids.length,
      count('draft'),
      count('reviewed'),
      count('published'),
    );
  }

  announce(text) {
    this.announcer.textContent = text;
  }

  // To the pair's card: its first action has the focus, the card is in view.
  goTo(id) {
    const node = this.cards.get(id)?.node;
    const first = node?.querySelector('.pc-steps button');
    if (!first) return;
    node.scrollIntoView({ block: 'start' });
    first.focus();
  }

  // After an answer that shows the pair (its ETag with it).
  update(pair, etag) {
    this.entries.set(pair.id, { pair, etag });
    this.renderList();
  }

  remove(id) {
    this.entries.delete(id);
    this.renderList();
  }

  // After a change to the texts of `pair` or their drafts: the other pairs showing the same
  // statement or question, read again (a shared text's draft shows on each of them).
  async rereadSharing(pair) {
    const shares = ({ pair: p }) =>
      p.id !== pair.id &&
      ((pair.statement && p.statement?.id === pair.statement.id) ||
        (pair.question && p.question?.id === pair.question.id));
    const ids = [...this.entries.values()].filter(shares).map(({ pair: p }) => p.id);
    const reads = await Promise.all(
      ids.map((id) => this.api.get(`/api/cms/db-pairs/${id}`).catch(() => null)),
    );
    for (const r of reads) if (r && this.entries.has(r.body.id)) this.update(r.body, r.etag);
  }

  publishAll() {
    this.publishResult.textContent = this.publishError.textContent = '';
    return busy(this.publishBtn, async () => {
      try {
        const { published } = (
          await this.api.send('POST', '/api/pipeline/publish', { picture_id: this.pictureId })
        ).body;
        await this.loadPairs();
        this.renderList();
        // Published is not yet in every feed: the pairs some language's learners miss are named.
        const feeds = await Promise.all(
          published.map((q) =>
            this.cards.get(q.id)?.feedRead?.then(() => [q.id, this.cards.get(q.id).feeds]),
          ),
        );
        const missing = feeds
          .filter((f) => f?.[1]?.some(([, state]) => !state.in_feed))
          .map(([id, list]) =>
            MSG.pairNotInFeed(
              id,
              list.filter(([, state]) => !state.in_feed).map(([lang]) => LANGUAGE_NAME[lang]),
            ),
          );
        this.publishResult.textContent = published.length
          ? MSG.pairsPublished(
              published.map((q) => q.id),
              missing,
            )
          : MSG.nothingPublished;
      } catch (e) {
        this.publishError.textContent = MSG.not('published', errorText(e));
      }
    });
  }
}

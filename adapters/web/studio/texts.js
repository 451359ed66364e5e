// The Texts screen of a picture (#/pictures/<id>/texts, docs/studio.md "Texts"): the statements
// its pairs use and a form for a new one; per object of the picture its questions, "New
// question" and "Generate questions" (the API's 409 for an object without a label word points
// to the Words tab). Each statement and question is a TextCard (text-card.js); a question's
// answer and distractor words are a QuestionWords (question-words.js).
import { busy, el, notOpened } from './dom.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { pictureHead } from './picture-tabs.js';
import { TextCard } from './text-card.js';
import { QuestionWords, wordsOf } from './question-words.js';
import { rememberedStatements, rememberStatements } from './picture-statements.js';
import { skipLinks } from './skip-links.js';

export function mount(container, ctx) {
  const screen = new TextsScreen(container, ctx);
  screen.start();
  return () => screen.destroy();
}

class TextsScreen {
  constructor(container, ctx) {
    this.container = container;
    this.api = ctx.api;
    this.pictureId = Number(ctx.params?.id);
    this.me = ctx.session?.user.id ?? null; // their changes in a card's history say "you"
    this.cards = new Set();
    // Leaving with unsaved changes asks first: closing or reloading the tab, and (where the
    // browser has the Navigation API, as the workspace does) going to another screen.
    this.onLeave = (e) => {
      if (this.dirty()) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    this.onNavigate = (e) => {
      if (e.hashChange && e.cancelable && this.dirty() && !window.confirm(MSG.confirmLeaveTexts))
        e.preventDefault();
    };
  }

  dirty() {
    return [...this.cards].some((c) => c.node.isConnected && c.dirty);
  }

  destroy() {
    this.destroyed = true;
    window.removeEventListener('beforeunload', this.onLeave);
    window.navigation?.removeEventListener('navigate', this.onNavigate);
  }

  async start() {
    this.container.replaceChildren(
      el(
        'section',
        { class: 'tx', 'aria-busy': 'true' },
        el('p', { role: 'status' }, MSG.loading('the texts')),
      ),
    );
    const styles = loadStylesheet('texts.css');
    let picture, objects, pairs;
    try {
      [picture, objects, pairs] = await Promise.all([
        this.api.get(`/api/pictures/${this.pictureId}`).then((r) => r.body),
        this.api.all(`/api/cms/db-objects?picture_id=${this.pictureId}`),
        this.api.all(`/api/cms/db-pairs?picture_id=${this.pictureId}`),
        styles,
      ]);
    } catch (e) {
      if (this.destroyed) return;
      this.container.replaceChildren(
        el(
          'section',
          { class: 'tx' },
          notOpened(MSG.couldNot('The texts', 'opened', errorText(e))),
        ),
      );
      return;
    }
    if (this.destroyed) return;
    // The texts a published pair shows: learners see them, so a change is kept as a draft
    // (text-drafts.js) and their cards say so.
    this.shownByPublished = new Set(
      pairs
        .filter((p) => p.status === 'published')
        .flatMap((p) => [
          p.statement && `statement:${p.statement.id}`,
          p.question && `question:${p.question.id}`,
        ]),
    );
    window.addEventListener('beforeunload', this.onLeave);
    window.navigation?.addEventListener('navigate', this.onNavigate);
    this.statements = el('div', { class: 'tx-list' });
    this.questions = el('div', { class: 'tx-objects' });
    const statementsHeading = el('h2', { id: 'tx-statements' }, 'Statements');
    const questionsHeading = el('h2', { id: 'tx-questions' }, 'Questions');
    this.container.replaceChildren(
      el(
        'section',
        { class: 'tx' },
        skipLinks([
          { label: 'the statement list', target: statementsHeading },
          { label: 'the question list', target: questionsHeading },
        ]),
        pictureHead(picture, 'texts', this.api, (name) => `Texts: ${name} · langlearn studio`),
        el(
          'section',
          { class: 'tx-section', 'aria-labelledby': 'tx-statements' },
          statementsHeading,
          el(
            'p',
            { class: 'muted' },
            'The statements of this picture’s pairs, and new ones written here (the Pairs tab offers them for a new pair).',
          ),
          this.statements,
        ),
        el(
          'section',
          { class: 'tx-section', 'aria-labelledby': 'tx-questions' },
          questionsHeading,
          objects.length ? this.questions : el('p', { class: 'muted' }, MSG.noObjectsInTexts),
        ),
      ),
    );
    await Promise.all([this.loadStatements(pairs), ...objects.map((o) => this.loadObject(o))]);
  }

  card(kind, item, etag, options) {
    const live = (shown) => this.shownByPublished.has(`${kind}:${shown.id}`);
    const card = new TextCard(kind, item, etag, { api: this.api, live, me: this.me, ...options });
    this.cards.add(card);
    return card;
  }

  // ---- statements

  async loadStatements(pairs) {
    const usedBy = new Map(); // statement id -> its pairs' ids
    for (const p of pairs) {
      if (!p.statement) continue;
      if (!usedBy.has(p.statement.id)) usedBy.set(p.statement.id, []);
      usedBy.get(p.statement.id).push(p.id);
    }
    const note = (s) => {
      const ids = usedBy.get(s.id);
      return ids ? MSG.usedByPairs(ids) : MSG.notUsedByPair;
    };
    let mine = rememberedStatements(this.pictureId);
    const remember = (ids) => rememberStatements(this.pictureId, ids);
    const ids = [...new Set([...usedBy.keys(), ...mine])].sort((a, b) => a - b);
    // Each read carries the ETag that the card's saves send back as If-Match.
    const reads = await Promise.all(
      ids.map((id) => this.api.get(`/api/cms/db-statements/${id}`).catch(() => null)),
    );
    if (this.destroyed) return;
    mine = mine.filter((id) => reads[ids.indexOf(id)]);
    remember(mine);
    for (const r of reads)
      if (r) this.statements.append(this.card('statement', r.body, r.etag, { note }).node);
    const form = () =>
      this.card('statement', null, null, {
        note,
        created: (card) => {
          mine.push(card.id);
          remember(mine);
          this.statements.append(form().node);
        },
      });
    this.statements.append(form().node);
  }

  // ---- questions of one object

  async loadObject(object) {
    const head = el('h3', { id: `tx-object-${object.id}` }, `Object #${object.id}`);
    const label = el('p', { class: 'tx-label muted' });
    const list = el('div', { class: 'tx-list' });
    const message = el('div', { class: 'tx-msg', role: 'alert' });
    const status = el('p', { class: 'tx-done', role: 'status' });
    const generate = el(
      'button',
      { type: 'button', 'aria-label': `Generate questions for object #${object.id}` },
      'Generate questions',
    );
    const add = el(
      'button',
      { type: 'button', 'aria-label': `New question for object #${object.id}` },
      'New question',
    );
    const box = el(
      'section',
      { class: 'tx-object', 'aria-labelledby': head.id },
      el('div', { class: 'tx-object-head' }, head, label, generate, add),
      message,
      status,
      list,
    );
    this.questions.append(box);

    const byId = new Map(); // question id -> {card, words}
    const options = (words) => ({
      heading: 'h4',
      extra: (card) => {
        const entry = byId.get(card.id) ?? { card };
        byId.set(card.id, entry);
        entry.words = new QuestionWords(this.api, card.id, entry.words?.words ?? words);
        return entry.words.node;
      },
      deleted: (card) => byId.delete(card.id),
    });
    const show = (question, etag) => {
      status.textContent = '';
      list.append(this.card('question', question, etag, options(wordsOf(question))).node);
    };
    const withEtags = async (questions) => {
      const reads = await Promise.all(
        questions.map((q) => this.api.get(`/api/cms/db-questions/${q.id}`).catch(() => null)),
      );
      reads.forEach((r, i) => r && !this.destroyed && show({ ...questions[i], ...r.body }, r.etag));
    };

    add.addEventListener('click', () => {
      const open = list.querySelector('.tx-card[data-id="new"]');
      if (open) return open.querySelector('textarea').focus();
      const card = this.card('question', null, null, {
        ...options([]),
        create: { object_id: object.id },
      });
      status.textContent = '';
      list.append(card.node);
      card.node.querySelector('textarea').focus();
    });

    const generateQuestions = async () => {
      message.replaceChildren();
      status.textContent = MSG.generatingQuestions;
      try {
        const r = await this.api.send('POST', `/api/objects/${object.id}/generate-questions`, {});
        const fresh = r.body.questions.filter((q) => !byId.has(q.id));
        for (const q of r.body.questions) byId.get(q.id)?.words?.show(wordsOf(q));
        await withEtags(fresh);
        status.textContent = MSG.questionsGenerated(r.body.questions.length, fresh.length);
      } catch (e) {
        status.textContent = '';
        // An object without a label: said for an editor (the API's text names its route).
        if (e.status === 409) {
          const [before, link, after] = MSG.noLabelForQuestions;
          message.append(
            before,
            el('a', { href: `#/pictures/${this.pictureId}/words?object=${object.id}` }, link),
            after,
          );
        } else message.append(errorText(e));
      }
    };
    generate.addEventListener('click', () => busy(generate, generateQuestions));

    try {
      const [words, questions] = await Promise.all([
        this.api.get(`/api/cms/db-objects/${object.id}/words`).then((r) => r.body),
        this.api.get(`/api/object/${object.id}/questions`).then((r) => r.body),
      ]);
      const labelWord = words.find((w) => w.is_label);
      if (labelWord) head.textContent = `Object #${object.id}: ${labelWord.title_de}`;
      else {
        const [before, link] = MSG.noLabelWordYet;
        label.replaceChildren(
          before,
          el('a', { href: `#/pictures/${this.pictureId}/words` }, link),
        );
      }
      await withEtags(questions);
      if (!questions.length) status.textContent = MSG.noQuestions;
    } catch (e) {
      message.textContent = MSG.couldNot('The questions', 'read', errorText(e));
    }
  }
}

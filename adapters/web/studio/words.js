// The Words screen (#/pictures/<id>/words, docs/studio.md "Words"): the picture and its objects
// (each with its label word and notes) beside the chosen one's words and their actions (edit,
// publish, make label, remove the link), the generator's suggestions (words-suggestions.js) and
// "Add a word". The chosen object stays in the hash (?object=<id>) for a reload or a link.
import { busy, notOpened } from './dom.js';
import { LANGUAGES } from './languages.js';
import { MSG, errorText } from './messages.js';
import { el, loadStylesheet } from './workspace-dom.js';
import { pictureHead } from './picture-tabs.js';
import { linkedAsStored, openWordEditor, wordFields } from './words-editor.js';
import { Suggestions } from './words-suggestions.js';
import { skipLinks } from './skip-links.js';

// The titles (German first, the word's own title), then the level, status and categories.
const COLUMNS = [...LANGUAGES.map((l) => l.name), 'Level', 'Status', 'Categories'];

export function mount(container, ctx) {
  const screen = new WordsScreen(container, ctx);
  screen.start();
  return () => {
    screen.token = -1; // late answers find another token and are dropped
  };
}

class WordsScreen {
  constructor(container, ctx) {
    this.container = container;
    this.api = ctx.api;
    this.pictureId = Number(ctx.params?.id);
    this.subject = { object: Number(ctx.params?.object) || 0 }; // object 0: the picture itself
    this.objects = [];
    this.labels = new Map(); // object id -> its label word's title_de, or null
    this.words = [];
    this.editor = null; // the open word editor (words-editor.js)
    this.token = 0; // counts subject changes: answers for an earlier subject are dropped
  }

  get name() {
    return this.subject.object ? `object #${this.subject.object}` : 'the picture';
  }

  path(wordId = '') {
    const base = this.subject.object
      ? `/api/cms/db-objects/${this.subject.object}/words`
      : `/api/cms/pictures/${this.pictureId}/words`;
    return wordId ? `${base}/${wordId}` : base;
  }

  async start() {
    const token = this.token;
    this.container.replaceChildren(el('p', { role: 'status' }, MSG.loading('the words')));
    try {
      const styles = loadStylesheet('words.css');
      const [picture, categories] = await Promise.all([
        this.api.get(`/api/pictures/${this.pictureId}`),
        this.api.get('/api/categories'),
        this.loadObjects(),
      ]);
      await styles;
      this.picture = picture.body;
      this.categories = categories.body;
    } catch (e) {
      if (token === this.token)
        this.container.replaceChildren(
          ...notOpened(MSG.couldNot("The picture's words", 'opened', errorText(e))),
        );
      return;
    }
    if (token !== this.token) return;
    if (!this.labels.has(this.subject.object)) this.subject = { object: 0 };
    this.subjects = el('ul', { class: 'wd-subjects' });
    this.heading = el('h2', { id: 'wd-heading', tabindex: '-1' });
    this.labelLine = el('p', { class: 'wd-note' });
    this.table = el('div', { class: 'wd-words' });
    this.announcer = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.suggestions = new Suggestions(this);
    this.adding = this.addForm();
    this.container.replaceChildren(
      el(
        'section',
        { class: 'wd' },
        skipLinks([{ label: 'the word list', target: this.heading }]),
        pictureHead(
          this.picture,
          'words',
          this.api,
          (name) => `Words · ${name} · langlearn studio`,
        ),
        el(
          'div',
          { class: 'wd-body' },
          el(
            'section',
            { class: 'wd-panel', 'aria-labelledby': 'wd-side-h' },
            el('h2', { id: 'wd-side-h' }, 'Picture and objects'),
            this.subjects,
          ),
          el(
            'section',
            { class: 'wd-main', 'aria-labelledby': 'wd-heading' },
            this.heading,
            this.labelLine,
            this.table,
            this.announcer,
            el('div', { class: 'wd-columns' }, this.suggestions.element, this.adding.element),
          ),
        ),
      ),
    );
    this.select(this.subject, false);
  }

  async loadObjects() {
    this.objects.push(...(await this.api.all(`/api/cms/db-objects?picture_id=${this.pictureId}`)));
    // Each object's label for the list (one deleted meanwhile shows none).
    const lists = await Promise.all(
      this.objects.map((o) =>
        this.api.get(`/api/cms/db-objects/${o.id}/words`).then(
          (r) => r.body,
          () => [],
        ),
      ),
    );
    lists.forEach((words, i) => this.noteLabel(this.objects[i].id, words));
  }

  noteLabel(objectId, words) {
    this.labels.set(objectId, words.find((w) => w.is_label)?.title_de ?? null);
  }

  renderSubjects() {
    const focused = document.activeElement?.dataset?.subject;
    const item = (object, name, detail) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: 'wd-subject',
            'data-subject': object,
            onclick: () => this.select({ object }),
            'aria-current': this.subject.object === object ? 'true' : null,
          },
          el('span', {}, name),
          detail && el('span', { class: 'wd-detail' }, detail),
        ),
      );
    this.subjects.replaceChildren(
      item(0, 'The picture', this.objects.length ? null : MSG.noObjectsInWords),
      ...this.objects.map((o) =>
        item(o.id, `Object #${o.id} · ${this.labels.get(o.id) ?? 'no label'}`, o.user_notes),
      ),
    );
    if (focused) this.subjects.querySelector(`[data-subject="${focused}"]`)?.focus();
  }

  async select(subject, remember = true) {
    const token = ++this.token;
    this.subject = subject;
    this.editor = null;
    if (remember)
      history.replaceState(
        null,
        '',
        `#/pictures/${this.pictureId}/words${subject.object ? `?object=${subject.object}` : ''}`,
      );
    this.renderSubjects();
    this.heading.textContent = `Words of ${this.name}`;
    this.labelLine.textContent = '';
    this.suggestions.reset();
    this.adding.reset();
    this.table.replaceChildren(el('p', { role: 'status' }, MSG.loading()));
    try {
      const { body } = await this.api.get(this.path());
      if (token !== this.token) return;
      this.setWords(body);
      this.adding.asLabel.checked = subject.object && !this.labels.get(subject.object);
    } catch (e) {
      if (token === this.token)
        this.table.replaceChildren(
          el(
            'p',
            { role: 'alert', class: 'error' },
            MSG.couldNot('The words', 'read', errorText(e)),
          ),
        );
    }
  }

  setWords(words, focusKey) {
    this.words = words;
    const { object } = this.subject;
    if (object) {
      this.noteLabel(object, words);
      const label = this.labels.get(object);
      this.renderSubjects();
      this.labelLine.textContent = label ? MSG.labelWord(label) : MSG.noLabelWord;
      if (label) this.suggestions.labelled();
    }
    this.renderWords(focusKey);
  }

  renderWords(focusKey) {
    this.rows = new Map(); // word id -> its table row
    const rows = this.words.flatMap((w) => {
      this.rows.set(w.id, this.row(w));
      return [
        this.rows.get(w.id),
        this.editor?.wordId === w.id &&
          el(
            'tr',
            { class: 'wd-edit-row' },
            el('td', { colspan: COLUMNS.length + 1 }, this.editor.element),
          ),
      ];
    });
    this.table.replaceChildren(
      rows.length
        ? el(
            'table',
            { class: 'wd-table' },
            el('caption', { class: 'visually-hidden' }, `Words of ${this.name}`),
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                COLUMNS.map((c) => el('th', { scope: 'col' }, c)),
                el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Actions')),
              ),
            ),
            el('tbody', {}, rows),
          )
        : el('p', { class: 'muted' }, MSG.noWordsLinked(this.name)),
    );
    if (focusKey) (this.table.querySelector(`[data-focus="${focusKey}"]`) ?? this.heading).focus();
  }

  row(w) {
    const t = w.title_de;
    const msg = el('span', { class: 'error', role: 'alert' });
    const action = (text, label, key, fn) => {
      const b = el(
        'button',
        { type: 'button', class: 'wd-act', 'aria-label': label, 'data-focus': `${key}-${w.id}` },
        text,
      );
      b.addEventListener('click', () => {
        msg.textContent = '';
        return busy(b, () => fn(w).catch((e) => (msg.textContent = errorText(e))));
      });
      return b;
    };
    const edit = action('Edit', `Edit ${t}`, 'edit', () => this.toggleEditor(w));
    edit.setAttribute('aria-expanded', String(this.editor?.wordId === w.id));
    const to = w.status === 'published' ? 'Unpublish' : 'Publish';
    const text = (value, lang) =>
      value ? el('span', { lang }, value) : el('span', { class: 'muted' }, '—');
    return el(
      'tr',
      {},
      el(
        'td',
        {},
        el('strong', { lang: 'de' }, t),
        w.is_label && el('span', { class: 'badge wd-label' }, 'Label'),
      ),
      LANGUAGES.filter(({ code }) => code !== 'de').map(({ code }) =>
        el('td', {}, text(w[`title_${code}`], code)),
      ),
      el('td', {}, String(w.level)),
      el('td', {}, el('span', { class: `badge wd-${w.status}` }, w.status)),
      el('td', {}, w.categories.map((c) => c.label).join(', ') || text()),
      el(
        'td',
        {},
        el(
          'div',
          { class: 'wd-row-actions' },
          edit,
          action(to, `${to} ${t}`, 'status', () => this.publish(w, to.toLowerCase())),
          !!this.subject.object &&
            !w.is_label &&
            action('Make label', `Make label: ${t}`, 'label', () => this.makeLabel(w)),
          action('Remove', `Remove ${t} from ${this.name}`, 'remove', () => this.remove(w)),
          msg,
        ),
      ),
    );
  }

  announce(text) {
    this.announcer.textContent = text;
  }

  // A changed word replaces its row (the link's is_label and link_id stay).
  updateWord(word, focusKey) {
    const entry = this.words.find((w) => w.id === word.id);
    const old = this.rows?.get(word.id);
    if (!entry || !old) return;
    const row = this.row(Object.assign(entry, word));
    old.replaceWith(row);
    this.rows.set(word.id, row);
    if (focusKey) row.querySelector(`[data-focus="${focusKey}"]`)?.focus();
  }

  // Finds or creates the word and links it (for an object: as its label when isLabel).
  async link(values, isLabel) {
    const token = this.token;
    const body = this.subject.object ? { ...values, is_label: isLabel } : values;
    const { body: words } = await this.api.send('POST', this.path(), body);
    if (token === this.token) this.setWords(words);
  }

  async toggleEditor(w) {
    if (this.editor?.wordId === w.id) return this.closeEditor();
    const token = this.token;
    const editor = await openWordEditor({
      api: this.api,
      wordId: w.id,
      categories: this.categories,
      onSaved: (word) => this.updateWord(word),
      onClose: () => this.closeEditor(),
    });
    if (token !== this.token || !this.words.some((x) => x.id === w.id)) return;
    this.editor = editor;
    this.renderWords();
    editor.focus();
  }

  closeEditor() {
    const id = this.editor?.wordId;
    this.editor = null;
    this.renderWords(id && `edit-${id}`);
  }

  async publish(w, to) {
    const answer = await this.api.send('POST', `/api/cms/db-words/${w.id}/${to}`);
    if (this.editor?.wordId === w.id) this.editor.refreshed(answer.etag, answer.body);
    this.updateWord(answer.body, `status-${w.id}`);
    this.announce(MSG.wordIsNow(w.title_de, answer.body.status));
  }

  // The API unlinks the former label (the word itself stays).
  async makeLabel(w) {
    const former = this.labels.get(this.subject.object);
    await this.link({ title_de: w.title_de }, true);
    this.renderWords(`edit-${w.id}`);
    this.announce(MSG.labelMade(w.title_de, this.name, former));
  }

  // Only the link goes: the word stays for other pictures, objects and pairs.
  async remove(w) {
    const token = this.token;
    await this.api.send('DELETE', this.path(w.id));
    if (token !== this.token) return;
    const at = this.words.indexOf(w);
    if (this.editor?.wordId === w.id) this.editor = null;
    const rest = this.words.filter((x) => x !== w);
    const next = rest[Math.min(at, rest.length - 1)];
    this.setWords(rest, next ? `edit-${next.id}` : 'none');
    this.announce(MSG.wordRemoved(w.title_de, this.name));
  }

  addForm() {
    const fields = wordFields({ level: 1 });
    const asLabel = el('input', { type: 'checkbox', id: 'wd-as-label' });
    const labelBox = el(
      'div',
      { class: 'wd-actions' },
      asLabel,
      el('label', { for: 'wd-as-label' }, "As the object's label"),
    );
    const msg = el('span', { class: 'error', role: 'alert' });
    // A word that existed already is linked as it is stored: said here, with its level.
    const existed = el('p', { class: 'wd-note wd-existed', role: 'status' });
    const submit = el('button', { type: 'submit', class: 'primary' }, 'Add word');
    const form = el(
      'form',
      { class: 'wd-panel', 'aria-labelledby': 'wd-add-h', novalidate: true },
      el('h3', { id: 'wd-add-h' }, 'Add a word'),
      fields.rows,
      labelBox,
      el('div', { class: 'wd-actions' }, submit, msg),
      existed,
    );
    const reset = () => {
      fields.fill({ level: 1 });
      asLabel.checked = false;
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const token = this.token;
      const values = fields.values();
      fields.showError(null, msg);
      existed.textContent = '';
      return busy(submit, async () => {
        try {
          await this.link(values, !!this.subject.object && asLabel.checked);
          if (token !== this.token) return;
          reset();
          const w = linkedAsStored(values, this.words);
          if (w) {
            existed.textContent = MSG.linkedExisting(w, this.name); // a status: read out
            this.renderWords(`edit-${w.id}`);
            return;
          }
          this.announce(MSG.wordAdded(values.title_de, this.name));
          fields.inputs.title_de.focus();
        } catch (e) {
          if (token === this.token) fields.showError(e, msg);
        }
      });
    });
    return {
      element: form,
      asLabel,
      reset: () => {
        reset();
        fields.showError(null, msg);
        existed.textContent = '';
        labelBox.hidden = !this.subject.object;
      },
      focus: () => fields.inputs.title_de.focus(),
    };
  }

  // The 409's offer: "Add a word" as the label (or "Make label" on a word in the list).
  offerLabel() {
    this.adding.asLabel.checked = true;
    this.adding.focus();
  }
}

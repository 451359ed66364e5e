// The Words screen (#/pictures/<id>/words, docs/studio.md "Words"): beside the list of the
// picture and its objects (each object with its label word and notes), the chosen one's words
// with status and categories and their actions (edit, publish or unpublish, make label, remove
// the link), the generator's suggestions to accept or drop (words-suggestions.js) and a form to
// add a word by hand. The chosen object is kept in the hash (?object=<id>), so a reload comes
// back to it. mount(container, ctx) as every screen (studio.js).
import { el, errorText, loadStylesheet } from './workspace-dom.js';
import { pictureHead } from './picture-tabs.js';
import { openWordEditor } from './words-editor.js';
import { wordFields } from './words-fields.js';
import { Suggestions } from './words-suggestions.js';

const PAGE = 200; // the objects list's largest page (docs/openapi-authoring.yaml, Limit)
const COLUMNS = ['German', 'English', 'Swedish', 'Level', 'Status', 'Categories'];

export function mount(container, ctx) {
  const screen = new WordsScreen(container, ctx);
  screen.start();
  return () => {
    screen.destroyed = true;
  };
}

class WordsScreen {
  constructor(container, ctx) {
    this.container = container;
    this.api = ctx.api;
    this.pictureId = Number(ctx.params?.id);
    const object = Number(ctx.params?.object);
    this.subject = object > 0 ? { object } : {}; // {object: id}, or {} for the picture
    this.objects = [];
    this.labels = new Map(); // object id -> its label word's title_de, or null
    this.words = [];
    this.rows = new Map(); // word id -> its table row
    this.editor = null; // the open word editor (words-editor.js)
    this.token = 0; // counts subject changes: answers for an earlier subject are dropped
    this.destroyed = false;
  }

  get subjectName() {
    return this.subject.object ? `object #${this.subject.object}` : 'the picture';
  }

  wordsPath(wordId) {
    const base = this.subject.object ? `/api/cms/db-objects/${this.subject.object}/words`
                                     : `/api/cms/pictures/${this.pictureId}/words`;
    return wordId ? `${base}/${wordId}` : base;
  }

  // ---- loading

  async start() {
    this.container.replaceChildren(el('section', { class: 'screen', 'aria-busy': 'true' },
      el('p', { role: 'status' }, 'Loading the words…')));
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
      if (this.destroyed) return;
      this.container.replaceChildren(el('section', { class: 'screen' },
        el('p', {}, el('a', { href: '#/pictures' }, '← Pictures')),
        el('p', { role: 'alert', class: 'error' }, `The picture's words could not be opened: ${errorText(e)}`)));
      return;
    }
    if (this.destroyed) return;
    if (!this.objects.some((o) => o.id === this.subject.object)) this.subject = {};
    this.build();
    this.select(this.subject, false);
  }

  async loadObjects() {
    for (let after = 0; ; ) {
      const q = `picture_id=${this.pictureId}&limit=${PAGE}${after ? `&after=${after}` : ''}`;
      const page = (await this.api.get(`/api/cms/db-objects?${q}`)).body;
      this.objects.push(...page);
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
    // Each object's label for the list (an object deleted meanwhile just shows none).
    const lists = await Promise.all(this.objects.map((o) =>
      this.api.get(`/api/cms/db-objects/${o.id}/words`).then((r) => r.body, () => [])));
    lists.forEach((words, i) => this.noteLabel(this.objects[i].id, words));
  }

  noteLabel(objectId, words) {
    this.labels.set(objectId, words.find((w) => w.is_label)?.title_de ?? null);
  }

  // ---- layout

  build() {
    const p = this.picture;
    document.title = `Words · ${p.title || `Picture ${p.id}`} · langlearn studio`;
    this.subjectList = el('ul', { class: 'wd-subjects' });
    this.heading = el('h2', { id: 'wd-heading', tabindex: '-1' });
    this.labelLine = el('p', { class: 'wd-note' });
    this.table = el('div', { class: 'wd-words' });
    this.announcer = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.suggestions = new Suggestions(this);
    this.adding = this.buildAddForm();
    this.container.replaceChildren(el('section', { class: 'screen wd' },
      pictureHead(p, 'words'),
      el('div', { class: 'wd-body' },
        el('section', { class: 'wd-side', 'aria-labelledby': 'wd-side-h' },
          el('h2', { id: 'wd-side-h' }, 'Picture and objects'), this.subjectList),
        el('section', { class: 'wd-main', 'aria-labelledby': 'wd-heading' },
          this.heading, this.labelLine, this.table, this.announcer,
          el('div', { class: 'wd-columns' }, this.suggestions.element, this.adding.element)))));
  }

  renderSubjects() {
    const focused = document.activeElement?.dataset?.subject;
    const item = (id, name, detail) => el('li', {},
      el('button', { type: 'button', class: 'wd-subject', 'data-subject': id,
                     'aria-current': (this.subject.object ?? 0) === id ? 'true' : null,
                     onclick: () => this.select(id ? { object: id } : {}) },
        el('span', { class: 'wd-subject-name' }, name),
        detail ? el('span', { class: 'wd-subject-detail' }, detail) : null));
    this.subjectList.replaceChildren(
      item(0, 'The picture', this.objects.length ? null : 'no objects yet: mark them under Objects'),
      this.objects.map((o) => item(o.id, `Object #${o.id} · ${this.labels.get(o.id) ?? 'no label'}`, o.user_notes)));
    if (focused !== undefined) this.subjectList.querySelector(`[data-subject="${focused}"]`)?.focus();
  }

  // ---- the chosen subject

  async select(subject, remember = true) {
    const token = ++this.token;
    this.subject = subject;
    this.editor = null;
    if (remember) {
      const query = subject.object ? `?object=${subject.object}` : '';
      history.replaceState(null, '', `#/pictures/${this.pictureId}/words${query}`);
    }
    this.renderSubjects();
    this.heading.textContent = subject.object ? `Words of object #${subject.object}` : 'Words of the picture';
    this.labelLine.textContent = '';
    this.suggestions.reset();
    this.adding.reset();
    this.table.replaceChildren(el('p', { role: 'status' }, 'Loading…'));
    try {
      const { body } = await this.api.get(this.wordsPath());
      if (token !== this.token || this.destroyed) return;
      this.setWords(body);
      this.adding.suggestLabel(subject.object && !this.labels.get(subject.object));
    } catch (e) {
      if (token !== this.token || this.destroyed) return;
      this.table.replaceChildren(el('p', { role: 'alert', class: 'error' }, `The words could not be read: ${errorText(e)}`));
    }
  }

  setWords(words, focusKey) {
    this.words = words;
    const object = this.subject.object;
    if (object) {
      this.noteLabel(object, words);
      const label = this.labels.get(object);
      this.renderSubjects();
      this.labelLine.textContent = label ? `Label word: ${label}`
        : 'No label word yet: choose one with "Make label" or add a word as the label.';
      if (label) this.suggestions.labelled();
    }
    this.renderWords(focusKey);
  }

  renderWords(focusKey) {
    this.rows.clear();
    if (!this.words.length) {
      this.table.replaceChildren(el('p', { class: 'muted' }, `No words linked to ${this.subjectName} yet.`));
    } else {
      const rows = [];
      for (const w of this.words) {
        const row = this.wordRow(w);
        this.rows.set(w.id, row);
        rows.push(row);
        if (this.editor?.wordId === w.id)
          rows.push(el('tr', { class: 'wd-edit-row' }, el('td', { colspan: COLUMNS.length + 1 }, this.editor.element)));
      }
      this.table.replaceChildren(el('table', { class: 'wd-table' },
        el('caption', { class: 'visually-hidden' }, `Words of ${this.subjectName}`),
        el('thead', {}, el('tr', {}, COLUMNS.map((c) => el('th', { scope: 'col' }, c)),
          el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Actions')))),
        el('tbody', {}, rows)));
    }
    if (focusKey) (this.table.querySelector(`[data-focus="${focusKey}"]`) ?? this.heading).focus();
  }

  wordRow(w) {
    const t = w.title_de;
    const msg = el('span', { class: 'error', role: 'alert' });
    const action = (text, name, key, fn) => {
      const button = el('button', { type: 'button', class: 'wd-act', 'aria-label': name, 'data-focus': `${key}-${w.id}` }, text);
      button.addEventListener('click', () => this.run(button, msg, () => fn(w)));
      return button;
    };
    const edit = action('Edit', `Edit ${t}`, 'edit', () => this.toggleEditor(w));
    edit.setAttribute('aria-expanded', String(this.editor?.wordId === w.id));
    const published = w.status === 'published';
    const text = (value, lang) => (value ? el('span', { lang }, value) : el('span', { class: 'muted' }, '—'));
    return el('tr', {},
      el('td', {}, el('strong', { lang: 'de' }, t), w.is_label ? el('span', { class: 'badge wd-label' }, 'Label') : null),
      el('td', {}, text(w.title_en, 'en')),
      el('td', {}, text(w.title_sv, 'sv')),
      el('td', {}, String(w.level)),
      el('td', {}, el('span', { class: `badge wd-status-${w.status}` }, published ? 'published' : 'draft')),
      el('td', {}, w.categories.length ? w.categories.map((c) => c.label).join(', ') : el('span', { class: 'muted' }, '—')),
      el('td', { class: 'wd-row-actions' },
        edit,
        action(published ? 'Unpublish' : 'Publish', `${published ? 'Unpublish' : 'Publish'} ${t}`, 'status', () => this.publish(w)),
        this.subject.object && !w.is_label ? action('Make label', `Make ${t} the label`, 'label', () => this.makeLabel(w)) : null,
        action('Remove', `Remove ${t} from ${this.subjectName}`, 'remove', () => this.remove(w)),
        msg));
  }

  // Runs a row's action with its button busy; a refusal is shown beside the row's buttons.
  async run(button, msg, fn) {
    if (button.disabled) return;
    button.disabled = true;
    msg.textContent = '';
    try {
      await fn();
    } catch (e) {
      msg.textContent = errorText(e);
    } finally {
      button.disabled = false;
    }
  }

  announce(text) {
    this.announcer.textContent = text;
  }

  // A changed word replaces its row (its links, is_label and link_id, stay as they were).
  updateWord(word, focusKey) {
    const entry = this.words.find((w) => w.id === word.id);
    const row = this.rows.get(word.id);
    if (!entry || !row) return;
    Object.assign(entry, word);
    const next = this.wordRow(entry);
    row.replaceWith(next);
    this.rows.set(word.id, next);
    if (focusKey) next.querySelector(`[data-focus="${focusKey}"]`)?.focus();
  }

  // ---- actions

  // Finds or creates the word and links it to the subject (an object's label when isLabel).
  async link(values, isLabel) {
    const token = this.token;
    const body = this.subject.object ? { ...values, is_label: isLabel } : values;
    const { body: words } = await this.api.send('POST', this.wordsPath(), body);
    if (token === this.token) this.setWords(words);
  }

  async toggleEditor(w) {
    if (this.editor?.wordId === w.id) return this.closeEditor();
    const token = this.token;
    const editor = await openWordEditor({
      api: this.api, wordId: w.id, categories: this.categories,
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
    this.renderWords(id ? `edit-${id}` : null);
  }

  async publish(w) {
    const to = w.status === 'published' ? 'unpublish' : 'publish';
    const answer = await this.api.send('POST', `/api/cms/db-words/${w.id}/${to}`);
    if (this.editor?.wordId === w.id) this.editor.refreshed(answer.etag, answer.body);
    this.updateWord(answer.body, `status-${w.id}`);
    this.announce(`${w.title_de} is ${answer.body.status === 'published' ? 'published' : 'a draft again'}.`);
  }

  async makeLabel(w) {
    await this.link({ title_de: w.title_de }, true);
    this.renderWords(`edit-${w.id}`);
    this.announce(`${w.title_de} is now the label of ${this.subjectName}.`);
  }

  // Only the link goes; the word stays (other pictures, objects and pairs may use it).
  async remove(w) {
    const token = this.token;
    await this.api.send('DELETE', this.wordsPath(w.id));
    if (token !== this.token) return;
    const at = this.words.findIndex((x) => x.id === w.id);
    if (this.editor?.wordId === w.id) this.editor = null;
    const rest = this.words.filter((x) => x.id !== w.id);
    const next = rest[Math.min(at, rest.length - 1)];
    this.setWords(rest, next ? `edit-${next.id}` : 'none');
    this.announce(`${w.title_de} removed from ${this.subjectName} (the word itself stays).`);
  }

  // "Add a word": the three titles and the level; for an object, optionally as its label.
  buildAddForm() {
    const fields = wordFields({ level: 1 });
    const asLabel = el('input', { type: 'checkbox', id: 'wd-as-label' });
    const labelBox = el('div', { class: 'wd-check' }, asLabel, el('label', { for: 'wd-as-label' }, "As the object's label"));
    const msg = el('p', { class: 'error', role: 'alert' });
    const submit = el('button', { type: 'submit', class: 'primary' }, 'Add word');
    const form = el('form', { class: 'wd-panel wd-add', 'aria-labelledby': 'wd-add-h', novalidate: true },
      el('h3', { id: 'wd-add-h' }, 'Add a word'), fields.rows, labelBox, el('div', { class: 'wd-actions' }, submit), msg);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (submit.disabled) return;
      submit.disabled = true;
      fields.showError(null, msg);
      const token = this.token;
      const values = fields.values();
      try {
        await this.link(values, !!this.subject.object && asLabel.checked);
        if (token !== this.token) return;
        fields.fill({ level: 1 });
        asLabel.checked = false;
        this.announce(`${values.title_de} added to ${this.subjectName}.`);
        fields.inputs.title_de.focus();
      } catch (e) {
        if (token === this.token) fields.showError(e, msg);
      } finally {
        submit.disabled = false;
      }
    });
    return {
      element: form,
      reset: () => {
        fields.fill({ level: 1 });
        fields.showError(null, msg);
        labelBox.hidden = !this.subject.object;
        asLabel.checked = false;
      },
      suggestLabel: (yes) => {
        asLabel.checked = !!yes;
      },
      offerLabel: () => {
        asLabel.checked = true;
        fields.inputs.title_de.focus();
      },
    };
  }

  // The 409's offer: the label is set with "Add a word" (or "Make label" on a linked word).
  offerLabel() {
    this.adding.offerLabel();
    this.announce('Type the label word and press "Add word", or press "Make label" on a word in the list.');
  }
}

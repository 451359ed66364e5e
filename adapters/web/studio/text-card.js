// One statement or question as an editable card on the Texts screen (docs/studio.md "Texts"):
// the three languages side by side (a question also has a short answer under each text, and a
// level), audio for every text field, Save with If-Match (412: the API's message and "Reload"),
// review / publish / unpublish (a refusal's message beside the buttons) and Delete. A card
// without an item is the form for a new one: "Create" posts it and the card becomes the item's.
import { busy, el } from './dom.js';
import { LANGUAGES } from './languages.js';
import { MSG, errorText, isAudioStale } from './messages.js';
import { audioControls } from './audio-field.js';
import { mergeField, storedNote } from './reload-merge.js';

const KINDS = {
  statement: { table: 'statements', path: '/api/cms/db-statements', title: 'Statement' },
  question: { table: 'questions', path: '/api/cms/db-questions', title: 'Question' },
};

let serial = 0;

// A 400 that names a field ("level must be ...", "object_id: no such object") belongs beside it.
export function fieldOf(message) {
  return /^([a-z_]+)(?: must|:)/.exec(message || '')?.[1] ?? null;
}

export class TextCard {
  // kind: 'statement' | 'question'; item: the stored item or null (the new-item form); etag of
  // the read; options: {api, heading ('h3'...), create: extra fields of a new item (object_id),
  // created(card), deleted(card), note(item) -> a text beside the heading, extra(card) -> a node
  // below the fields (the question's words)}.
  constructor(kind, item, etag, options) {
    this.kind = KINDS[kind];
    this.options = options;
    this.api = options.api;
    this.waiting = false; // a request of this card runs
    this.node = el('article', { class: 'tx-card' });
    // Ctrl+S (Cmd+S) in a card saves (or creates) that card, as Ctrl+S saves in the workspace.
    this.node.addEventListener('keydown', (e) => {
      if (
        (e.ctrlKey || e.metaKey) &&
        e.key.toLowerCase() === 's' &&
        e.target.closest('.tx-langs, .tx-level')
      ) {
        e.preventDefault();
        if (this.dirty) this.save();
      }
    });
    // The fields, each {key, label, lang, type}: the texts, a question's short answers and level.
    this.fields = LANGUAGES.flatMap((l) => [
      { key: `text_${l.code}`, label: l.name, lang: l.code, type: 'long' },
      kind === 'question' && {
        key: l.shortAnswer,
        label: `${l.name} short answer`,
        lang: l.code,
        type: 'short',
      },
    ]).filter(Boolean);
    if (kind === 'question') this.fields.push({ key: 'level', label: 'Level', type: 'level' });
    this.show(item, etag);
  }

  get id() {
    return this.item?.id ?? null;
  }

  // "Statement #5": the heading, and what the card's buttons act on.
  get name() {
    return this.item ? `${this.kind.title} #${this.item.id}` : null;
  }

  // (Re)builds the card for the item (null: the empty form).
  show(item, etag) {
    this.item = item;
    this.answered = null;
    this.etag = etag;
    this.inputs = new Map();
    this.errors = new Map();
    const name = item ? `${this.kind.title} #${item.id}` : `New ${this.kind.title.toLowerCase()}`;
    const headingId = `tx-h-${++serial}`;
    this.node.setAttribute('aria-labelledby', headingId);
    this.node.dataset.id = item ? item.id : 'new';
    this.state = el('span', { class: 'tx-state', 'aria-live': 'polite' });
    this.badge = el('span', { class: 'badge' });
    this.message = el('div', { class: 'tx-msg', role: 'alert', tabindex: '-1' });
    const level = this.fields.find((f) => f.type === 'level');
    this.node.replaceChildren(
      ...[
        el(
          'div',
          { class: 'tx-card-head' },
          el(this.options.heading || 'h3', { id: headingId }, name),
          item ? this.badge : null,
          this.state,
          item && this.options.note
            ? el('span', { class: 'tx-note' }, this.options.note(item))
            : null,
        ),
        el('div', { class: 'tx-langs' }, this.languageRows()),
        level ? this.field(level) : null,
        item && this.options.extra ? this.options.extra(this) : null,
        el('div', { class: 'tx-actions' }, this.actions(name)),
        this.message,
      ].filter(Boolean),
    );
    this.fill(item);
    if (item) this.loadAudio(name);
  }

  // The fields of each language side by side, in rows (the texts, then the short answers): in
  // that order in the page too, so Tab goes along a row as the eye does, German to English to
  // Swedish, and never from a German text down into the German short answer.
  languageRows() {
    const perLanguage = LANGUAGES.map((l) => this.fields.filter((f) => f.lang === l.code));
    const rows = Math.max(...perLanguage.map((fields) => fields.length));
    const cells = [];
    for (let row = 0; row < rows; row += 1)
      for (const fields of perLanguage)
        cells.push(fields[row] ? this.field(fields[row]) : el('div', { class: 'tx-empty' }));
    return cells;
  }

  field(f) {
    const id = `tx-f-${++serial}`;
    const described = { id, 'aria-describedby': `${id}-msg` };
    const input =
      f.type === 'long'
        ? el('textarea', { ...described, rows: '3', maxlength: '2000', lang: f.lang })
        : f.type === 'short'
          ? el('input', { ...described, type: 'text', maxlength: '200', lang: f.lang })
          : el('input', { ...described, type: 'number', min: '1', max: '100', class: 'tx-level' });
    input.addEventListener('input', () => this.refresh());
    const error = el('p', { class: 'tx-field-msg', role: 'alert', id: `${id}-msg` });
    this.inputs.set(f.key, input);
    this.errors.set(f.key, error);
    return el(
      'div',
      { class: `tx-field tx-${f.type}` },
      el('label', { for: id }, f.label),
      input,
      error,
      f.lang && this.item ? el('div', { class: 'tx-audio', 'data-field': f.key }) : null,
    );
  }

  actions(name) {
    const button = (text, fn, extra = {}) => {
      const b = el(
        'button',
        { type: 'button', 'aria-label': this.item ? `${text} ${name}` : null, ...extra },
        text,
      );
      b.addEventListener('click', () => fn.call(this));
      return b;
    };
    const keys = { 'aria-keyshortcuts': 'Control+S', title: 'Ctrl+S in a field of this card' };
    this.saveBtn = this.item
      ? button('Save', this.save, keys)
      : button(`Create ${this.kind.title.toLowerCase()}`, this.save, { class: 'primary', ...keys });
    if (!this.item) return [this.saveBtn];
    return [
      this.saveBtn,
      ...['Review', 'Publish', 'Unpublish'].map((step) =>
        button(step, () => this.transition(step.toLowerCase())),
      ),
      button('Delete', this.remove, { class: 'tx-delete' }),
    ];
  }

  // Read again after each save and publish; only the latest read is shown.
  async loadAudio(name) {
    const mine = (this.audioReads = (this.audioReads ?? 0) + 1);
    let make;
    try {
      make = await audioControls(this.api, this.kind.table, this.item.id, {
        // The texts as last answered (this.item may keep an older version: move()).
        stored: () => this.answered ?? this.item,
      });
    } catch (e) {
      if (mine === this.audioReads) this.message.textContent = MSG.audioNotLoaded(errorText(e));
      return;
    }
    if (mine !== this.audioReads) return;
    for (const slot of this.node.querySelectorAll('.tx-audio')) {
      const f = this.fields.find((x) => x.key === slot.dataset.field);
      slot.replaceChildren(make(f.key, f.lang, `${name} ${f.label}`));
    }
  }

  clearStored() {
    for (const note of this.node.querySelectorAll('.tx-stored')) note.remove();
  }

  fill(item) {
    this.clearStored();
    for (const [key, input] of this.inputs) {
      const value = item ? item[key] : key === 'level' ? 1 : null;
      input.value = value === null || value === undefined ? '' : String(value);
    }
    this.refresh();
  }

  // What the inputs hold, as the API takes it: "" clears a text; a level that is not a whole
  // number goes as typed, so the API's message says what is wrong with it.
  values() {
    const out = {};
    for (const [key, input] of this.inputs) {
      const v = input.value;
      if (key === 'level') out.level = /^[0-9]+$/.test(v) ? Number(v) : v === '' ? null : v;
      else out[key] = v === '' ? null : v;
    }
    return out;
  }

  get dirty() {
    if (!this.item)
      return [...this.inputs].some(([key, input]) => key !== 'level' && input.value !== '');
    const now = this.values();
    return Object.keys(now).some((key) => (now[key] ?? null) !== (this.item[key] ?? null));
  }

  refresh() {
    const dirty = this.dirty;
    this.saveBtn.disabled = this.waiting || !dirty;
    if (this.item) {
      this.saveBtn.classList.toggle('primary', dirty);
      if (dirty) this.state.textContent = MSG.unsavedChanges;
      else if (this.state.textContent === MSG.unsavedChanges) this.state.textContent = '';
      this.badge.textContent = this.item.status;
      this.badge.className = `badge review-${this.item.status}`;
    }
  }

  // Clears the messages; shows an error beside the field it names, else beside the actions
  // (and a 412 with the reload offer).
  report(error) {
    for (const [key, e] of this.errors) {
      e.textContent = '';
      this.inputs.get(key).removeAttribute('aria-invalid');
    }
    this.message.replaceChildren();
    if (!error) return;
    const field = error.status === 400 ? fieldOf(error.message) : null;
    if (field && this.errors.has(field)) {
      this.errors.get(field).textContent = errorText(error);
      this.inputs.get(field).setAttribute('aria-invalid', 'true');
      return;
    }
    this.message.append(errorText(error));
    if (error.status === 412) {
      const reload = el('button', { type: 'button', class: 'tx-reload' }, 'Reload');
      reload.addEventListener('click', () => this.reload());
      this.message.append(' ', reload);
    }
    if (isAudioStale(error)) {
      const both = el(
        'button',
        { type: 'button', 'aria-label': `Make audio and publish ${this.name}` },
        'Make audio and publish',
      );
      both.addEventListener('click', () => this.transition('publish', true));
      this.message.append(' ', both);
    }
  }

  // Runs a request of the card with its action buttons waiting (Save stays disabled while it
  // runs, also when the typing goes on: refresh()).
  async run(work) {
    if (this.waiting) return;
    this.waiting = true;
    this.report(null);
    try {
      await busy(
        this.node.querySelectorAll('.tx-actions button'),
        () => work().catch((e) => this.report(e)),
        this.node,
      );
    } finally {
      this.waiting = false;
      if (this.node.isConnected) this.refresh();
    }
  }

  save() {
    return this.run(async () => {
      if (!this.item) {
        const r = await this.api.send('POST', this.kind.path, {
          ...this.options.create,
          ...this.values(),
        });
        this.show(r.body, r.etag);
        this.options.created?.(this);
        return;
      }
      const sent = JSON.stringify(this.values());
      const r = await this.api.send('PATCH', `${this.kind.path}/${this.item.id}`, this.values(), {
        ifMatch: this.etag,
      });
      this.item = this.answered = r.body;
      this.etag = r.etag;
      this.clearStored();
      // What was typed while the request ran stays (and counts as unsaved).
      if (JSON.stringify(this.values()) === sent) this.fill(r.body);
      this.state.textContent = MSG.savedState;
      this.loadAudio(this.name); // a changed text leaves its audio speaking the older one
    });
  }

  // makeAudio: publish with make_audio=true (the offer beside a 409 audio_stale). Its audio is
  // read again afterwards, also when it failed half-way (some texts spoken), and the focus, lost
  // with the offer's button, goes to the reason of a refusal or else to the card's next step.
  async transition(step, makeAudio = false) {
    await this.move(step, makeAudio ? '?make_audio=true' : '');
    if (!makeAudio || !this.node.isConnected) return;
    this.loadAudio(this.name);
    const next = [...this.node.querySelectorAll('.tx-actions button')].find(
      (b) => b.textContent === 'Unpublish',
    );
    (this.message.textContent ? this.message : next)?.focus();
  }

  move(step, query) {
    return this.run(async () => {
      const r = await this.api.send('POST', `${this.kind.path}/${this.item.id}/${step}${query}`);
      this.answered = r.body;
      // Local edits stay; the new version is taken only if nobody changed the texts meanwhile
      // (otherwise the next save meets the 412 and its reload offer, as it should).
      const same = Object.keys(this.values()).every(
        (k) => (r.body[k] ?? null) === (this.item[k] ?? null),
      );
      const dirty = this.dirty;
      if (dirty && !same) {
        this.item = { ...this.item, status: r.body.status };
        return;
      }
      this.item = r.body;
      this.etag = r.etag;
      if (!dirty) this.fill(r.body);
    });
  }

  // The item as stored now, with what the editor changed from the version they started on kept
  // in the fields and the stored text shown under each of those where it differs; a field the
  // editor left alone takes the stored value (docs/studio.md "Texts"). Save then writes the
  // editor's over the new version.
  reload() {
    return this.run(async () => {
      try {
        const mine = this.values();
        const was = this.item;
        const r = await this.api.get(`${this.kind.path}/${this.item.id}`);
        this.item = this.answered = r.body;
        this.etag = r.etag;
        this.clearStored();
        let kept = 0;
        for (const [key, input] of this.inputs) {
          const stored = r.body[key] ?? null;
          const { keep, conflict } = mergeField(mine[key], was[key], stored);
          if (!keep) input.value = stored === null ? '' : String(stored);
          if (conflict) {
            storedNote(input, stored, 'tx-stored');
            kept += 1;
          }
        }
        this.state.textContent = MSG.reloadedState;
        if (kept) this.message.textContent = MSG.keptOnReloadText;
      } catch (e) {
        if (e.status !== 404) throw e;
        this.message.textContent = MSG.deletedElsewhere(`${this.kind.title} #${this.item.id}`);
      }
    });
  }

  remove() {
    const name = `${this.kind.title.toLowerCase()} #${this.item.id}`;
    if (!window.confirm(MSG.confirmDeleteText(name))) return Promise.resolve();
    return this.run(async () => {
      await this.api.send('DELETE', `${this.kind.path}/${this.item.id}`, undefined, {
        ifMatch: this.etag,
      });
      this.node.remove();
      this.options.deleted?.(this);
    });
  }
}

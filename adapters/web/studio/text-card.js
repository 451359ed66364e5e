// One statement or question as an editable card on the Texts screen (docs/studio.md "Texts"):
// the three languages side by side (a question also has a short answer under each text, and a
// level), audio for every text field, Save with If-Match (412: the API's message and "Reload"),
// review / publish / unpublish (a refusal's message beside the buttons) and Delete. A card
// without an item is the form for a new one: "Create" posts it and the card becomes the item's.
// A text that learners see keeps a change as its draft (text-drafts.js): the card then shows
// the published texts beside the draft's, its fields hold the draft, and Review changes,
// Publish changes and Discard changes act on the draft.
// "History" opens the item's changes (change-history.js), each text change with "Restore the
// version before this change".
import { busy, el } from './dom.js';
import { LANGUAGES } from './languages.js';
import { MSG, errorText, isAudioStale } from './messages.js';
import { audioControls } from './audio-field.js';
import { mergeField, storedNote } from './reload-merge.js';
import { draftBox, liveNote, withDraft } from './text-drafts.js';
import { ChangeHistory } from './change-history.js';

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
  // below the fields (the question's words), live(item) -> whether a published pair shows it,
  // me: the signed-in editor's account id (their changes in the history say "you")}.
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

  // "statement #5", inside a sentence ("Publish changes to statement #5").
  get lowerName() {
    return this.item ? `${this.kind.title.toLowerCase()} #${this.item.id}` : null;
  }

  // Learners see the item: it is published, or a published pair shows it (the server keeps a
  // draft only then).
  get live() {
    const item = this.item;
    return Boolean(
      item && (item.status === 'published' || item.draft || this.options.live?.(item)),
    );
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
    this.draftSlot = el('div', { class: 'tx-draft' });
    this.liveNote = liveNote();
    this.liveNote.hidden = true;
    this.drawn = null; // what the draft box and the steps were last drawn for
    this.stepButtons = [];
    const level = this.fields.find((f) => f.type === 'level');
    this.history = item
      ? new ChangeHistory(this.api, {
          table: this.kind.table,
          id: item.id,
          name: this.lowerName,
          me: this.options.me,
          restored: () => this.restored(),
          beforeRestore: () =>
            !this.dirty || window.confirm(MSG.confirmRestoreUnsaved(this.lowerName)),
          version: () => this.etag,
        })
      : null;
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
        item ? this.draftSlot : null,
        el('div', { class: 'tx-langs' }, this.languageRows()),
        level ? this.field(level) : null,
        item && this.options.extra ? this.options.extra(this) : null,
        item ? this.liveNote : null,
        el('div', { class: 'tx-actions' }, this.actions(name)),
        this.message,
        this.history?.panel,
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
      button('Delete', this.remove, { class: 'tx-delete' }),
      this.history.button,
    ];
  }

  // The steps between Save and Delete: Review, Publish, Unpublish; with a draft, Review changes,
  // Publish changes, Discard changes and Unpublish (which folds the draft in). Each named with
  // the item ("Publish changes to statement #5").
  steps() {
    const button = (text, name, fn) => {
      const b = el('button', { type: 'button', 'aria-label': name }, text);
      b.addEventListener('click', () => fn.call(this));
      return b;
    };
    const plain = (step) =>
      button(step, `${step} ${this.name}`, () => this.transition(step.toLowerCase()));
    const changes = (step, fn) =>
      button(`${step} changes`, `${step} changes to ${this.lowerName}`, fn);
    if (!this.item.draft) return ['Review', 'Publish', 'Unpublish'].map(plain);
    return [
      changes('Review', () => this.transition('review')),
      changes('Publish', () => this.transition('publish')),
      changes('Discard', this.discard),
      plain('Unpublish'),
    ];
  }

  // The item's next step, by its state: the draft's review or publish, else the item's.
  nextStep() {
    const item = this.item;
    const text = item.draft
      ? item.draft.status === 'reviewed'
        ? 'Publish changes'
        : 'Review changes'
      : { draft: 'Review', reviewed: 'Publish', published: 'Unpublish' }[item.status];
    return this.stepButtons.find((b) => b.textContent === text) ?? this.stepButtons[0];
  }

  // The draft box, the note of a live item and the steps, drawn anew only when the item's state
  // changed them (so a button that has the focus is not replaced for nothing).
  drawState() {
    const item = this.item;
    const key = JSON.stringify([item.draft, item.status, this.live]);
    if (key === this.drawn) return;
    this.drawn = key;
    const live = item.status === 'published' ? MSG.livePublished : MSG.liveShown;
    const box = draftBox(this.lowerName, [{ what: null, item }], live);
    this.draftSlot.replaceChildren(...(box ? [box] : []));
    this.liveNote.hidden = !this.live;
    const texts = this.stepButtons.map((b) => b.textContent).join();
    const steps = this.steps();
    if (steps.map((b) => b.textContent).join() === texts) return;
    for (const b of this.stepButtons) b.remove();
    this.stepButtons = steps;
    this.saveBtn.after(...steps);
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

  // The fields from the item as its editor sees it: the draft, when it has one.
  fill(item) {
    this.clearStored();
    const shown = withDraft(item);
    for (const [key, input] of this.inputs) {
      const value = shown ? shown[key] : key === 'level' ? 1 : null;
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
    const shown = withDraft(this.item);
    return Object.keys(now).some((key) => (now[key] ?? null) !== (shown[key] ?? null));
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
      this.drawState();
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
      const what = this.item.draft ? `changes to ${this.lowerName}` : this.name;
      const both = el(
        'button',
        { type: 'button', 'aria-label': `Make audio and publish ${what}` },
        'Make audio and publish',
      );
      both.addEventListener('click', () => this.transition('publish', true));
      this.message.append(' ', both);
    }
  }

  // Runs a request of the card with its action buttons waiting (Save stays disabled while it
  // runs, also when the typing goes on: refresh()). focus(): where the focus goes afterwards
  // when it was in the card (a review or publish: the reason of a refusal, else the next step),
  // so it never falls to the page with a button that is disabled or gone.
  async run(work, focus = null) {
    if (this.waiting) return;
    const hadFocus = this.node.contains(document.activeElement);
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
      if (this.node.isConnected) {
        this.refresh();
        if (hadFocus && focus) focus()?.focus();
      }
    }
  }

  // After a review, publish or unpublish: the reason of a refusal, else the item's next step.
  afterStep() {
    return this.message.textContent ? this.message : this.nextStep();
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
      this.history?.refresh();
    });
  }

  // review, publish, unpublish (of the item, or of its draft when it has one: the same
  // requests). makeAudio: publish with make_audio=true (the offer beside a 409 audio_stale). The
  // audio is read again after a publish or unpublish that changed the texts learners hear, and
  // after make_audio also when it failed half-way (some texts spoken). The focus, when it was in
  // the card (on the offer's button too, gone with the message), goes to the reason of a refusal
  // or else to the card's next step.
  async transition(step, makeAudio = false) {
    const before = this.liveTexts();
    await this.move(step, makeAudio ? '?make_audio=true' : '');
    if (this.node.isConnected && (makeAudio || this.liveTexts() !== before))
      this.loadAudio(this.name);
  }

  // The texts learners get now (the item's own, not its draft's), to compare.
  liveTexts() {
    const item = this.answered ?? this.item;
    return JSON.stringify(this.fields.map((f) => item?.[f.key] ?? null));
  }

  move(step, query) {
    return this.run(
      async () => {
        const r = await this.api.send('POST', `${this.kind.path}/${this.item.id}/${step}${query}`);
        this.answered = r.body;
        // Local edits stay; the new version is taken only if nobody changed the texts meanwhile
        // (otherwise the next save meets the 412 and its reload offer, as it should). The texts
        // compared are the editor's version: the draft's, where there is one.
        const was = withDraft(this.item);
        const now = withDraft(r.body);
        const same = Object.keys(this.values()).every((k) => (now[k] ?? null) === (was[k] ?? null));
        const dirty = this.dirty;
        if (dirty && !same) {
          this.item = { ...this.item, status: r.body.status };
          return;
        }
        this.item = r.body;
        this.etag = r.etag;
        if (!dirty) this.fill(r.body);
        this.history?.refresh();
      },
      () => this.afterStep(),
    );
  }

  // DELETE .../draft (asks first): the draft goes, the fields show the published texts again
  // (unsaved typing goes with it) and the focus goes to the first of them.
  discard() {
    if (!window.confirm(MSG.confirmDiscard(this.lowerName))) return Promise.resolve();
    let discarded = false;
    return this.run(
      async () => {
        const r = await this.api.send(
          'DELETE',
          `${this.kind.path}/${this.item.id}/draft`,
          undefined,
          {
            ifMatch: this.etag,
          },
        );
        this.item = this.answered = r.body;
        this.etag = r.etag;
        this.fill(r.body);
        this.state.textContent = MSG.changesDiscarded;
        this.history?.refresh();
        discarded = true;
      },
      () => (discarded ? this.inputs.values().next().value : this.message),
    );
  }

  // The item as stored now, with what the editor changed from the version they started on kept
  // in the fields and the stored text shown under each of those where it differs; a field the
  // editor left alone takes the stored value (docs/studio.md "Texts"). Save then writes the
  // editor's over the new version.
  reload() {
    return this.run(async () => {
      try {
        const mine = this.values();
        const was = withDraft(this.item); // the version the editor changed: the draft's, if any
        const r = await this.api.get(`${this.kind.path}/${this.item.id}`);
        this.item = this.answered = r.body;
        this.etag = r.etag;
        this.clearStored();
        const now = withDraft(r.body);
        let kept = 0;
        for (const [key, input] of this.inputs) {
          const stored = now[key] ?? null;
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

  // After a restore (change-history.js): the item as stored now, in the fields too (unsaved
  // typing goes: the editor was asked first); true when it keeps the restored version as its
  // draft (a live text).
  async restored() {
    const r = await this.api.get(`${this.kind.path}/${this.item.id}`);
    this.item = this.answered = r.body;
    this.etag = r.etag;
    this.report(null);
    this.fill(r.body);
    this.state.textContent = '';
    this.loadAudio(this.name);
    return Boolean(r.body.draft);
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

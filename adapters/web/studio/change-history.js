// One item's history on its card (docs/studio.md "History"): the "History" toggle of a
// statement, question or pair card and the panel it opens, the item's changes newest first
// (GET /api/content/changes?item=&item_id=), each with when, who, what and its fields before
// and after; "Older changes" pages back. A text's change that has an earlier version offers
// "Restore the version before this change" (POST /api/content/changes/<id>/restore): the card reads the item
// again, and the focus goes to the message that says what happened (or to the reason it did
// not).
import { busy, el, showError } from './dom.js';
import { MSG } from './messages.js';
import { actionText, changeRows, changesPath, restorable, whenText, whoText } from './changes.js';
import { loadStylesheet } from './workspace-dom.js';

const PAGE = 20;
let serial = 0;

// A field's value in a cell: an em dash for none, a list for a list, else the text.
export function valueCell(value, lang) {
  if (value === null) return el('td', {}, el('span', { class: 'muted' }, MSG.none));
  if (Array.isArray(value))
    return el(
      'td',
      {},
      el(
        'ul',
        { class: 'ch-values' },
        value.map((v) => el('li', { lang }, v)),
      ),
    );
  return el('td', { lang }, value);
}

export class ChangeHistory {
  // api; table ('statements', 'questions', 'pairs') and id of the item; name: what the buttons
  // say they act on ("statement #5"); me: the signed-in editor's account id; restored(): after
  // a restore, reads the item into the card again and resolves to whether it keeps the
  // restored version as its draft (a live text); null: no restore (a pair). beforeRestore():
  // false stops a restore (the card asks first when it has unsaved changes). version(): the ETag
  // of the item as the card shows it, sent as If-Match.
  constructor(
    api,
    { table, id, name, me, restored = null, beforeRestore = () => true, version = () => null },
  ) {
    this.api = api;
    this.item = { table, id };
    this.name = name;
    this.me = me;
    this.restored = restored;
    this.beforeRestore = beforeRestore;
    this.version = version;
    this.next = null; // the cursor of the older changes (next_before), null at the end
    this.reads = 0; // only the latest read is shown
    const panelId = `ch-panel-${++serial}`;
    this.button = el(
      'button',
      {
        type: 'button',
        class: 'ch-toggle',
        'aria-expanded': 'false',
        'aria-controls': panelId,
        'aria-label': `History of ${name}`,
        onclick: () => this.toggle(),
      },
      'History',
    );
    this.state = el('p', { class: 'ch-state muted', role: 'status' });
    // The outcome of a restore takes the focus; a refusal's reason too.
    this.note = el('p', { class: 'ch-done', role: 'status', tabindex: '-1' });
    this.alert = el('p', { class: 'ch-error', role: 'alert', tabindex: '-1' });
    this.list = el('ol', { class: 'ch-list', 'aria-label': `Changes to ${name}` });
    this.older = el(
      'button',
      {
        type: 'button',
        hidden: true,
        'aria-label': `Older changes to ${name}`,
        onclick: () => this.more(),
      },
      'Older changes',
    );
    this.panel = el(
      'section',
      { id: panelId, class: 'ch-panel', 'aria-label': `History of ${name}`, hidden: true },
      this.note,
      this.alert,
      this.state,
      this.list,
      this.older,
    );
  }

  get open() {
    return this.button.getAttribute('aria-expanded') === 'true';
  }

  // Opens the panel (reading the changes afresh: a save since adds one) or closes it.
  async toggle() {
    const open = !this.open;
    this.button.setAttribute('aria-expanded', String(open));
    this.panel.hidden = !open;
    if (!open) return;
    this.note.textContent = '';
    showError(this.alert, null);
    await Promise.all([loadStylesheet('changes.css'), this.load()]);
  }

  // After the card wrote the item: an open panel reads its newest changes again, so the write
  // shows at once; a closed one reads them when it opens.
  refresh() {
    if (this.open) this.load();
  }

  // The newest page (reset), or the page before the cursor; resolves to the entries added.
  async load(reset = true) {
    const mine = ++this.reads;
    if (reset) this.state.textContent = MSG.loading('the changes');
    try {
      const path = changesPath({ item: this.item }, reset ? null : this.next, PAGE);
      const { body } = await this.api.get(path);
      if (mine !== this.reads) return [];
      this.next = body.next_before ?? null;
      const entries = body.changes.map((c) => this.entry(c));
      if (reset) this.list.replaceChildren(...entries);
      else this.list.append(...entries);
      this.older.hidden = this.next === null;
      const n = this.list.children.length;
      this.state.textContent = n ? '' : MSG.noChanges;
      return entries;
    } catch (e) {
      if (mine !== this.reads) return [];
      this.state.textContent = '';
      showError(this.alert, e);
      return [];
    }
  }

  // "Older changes": the page before; the focus goes to the first change it brought.
  async more() {
    const added = await busy(this.older, () => this.load(false));
    (added?.[0] ?? this.alert).focus();
  }

  // One change: when, who, what, its fields before and after, and its restore.
  entry(change) {
    const rows = changeRows(change).map((r) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, r.field),
        valueCell(r.before, r.lang),
        valueCell(r.after, r.lang),
      ),
    );
    const restore = this.restored && restorable(change) ? this.restoreButton(change) : null;
    return el(
      'li',
      { class: 'ch-entry', tabindex: '-1', 'data-change': change.id },
      el(
        'p',
        { class: 'ch-head' },
        el('time', { datetime: change.at }, whenText(change.at)),
        ' · ',
        el('span', { class: 'ch-who' }, whoText(change, this.me)),
        ' · ',
        el('strong', {}, actionText(change)),
        el('span', { class: 'ch-id muted' }, ` (change ${change.id})`),
      ),
      rows.length
        ? el(
            'table',
            { class: 'ch-fields', 'aria-label': `Change ${change.id}: fields before and after` },
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                ['Field', 'Before', 'After'].map((t) => el('th', { scope: 'col' }, t)),
              ),
            ),
            el('tbody', {}, rows),
          )
        : null,
      restore,
    );
  }

  restoreButton(change) {
    const button = el(
      'button',
      {
        type: 'button',
        class: 'ch-restore',
        // The caption first (a name must hold what the button shows), then what it acts on.
        'aria-label': `Restore the version before this change to ${this.name} (change ${change.id})`,
      },
      'Restore the version before this change',
    );
    button.addEventListener('click', () => this.restore(change, button));
    return button;
  }

  // Writes the item's fields as they were before the change (the API's ordinary edit: a live
  // text keeps them as its draft); the card shows the item as stored then, the list gets the
  // restore as its newest change, and the focus goes to what happened.
  async restore(change, button) {
    if (!this.beforeRestore()) return;
    this.note.textContent = '';
    showError(this.alert, null);
    let target = this.alert;
    await busy(
      button,
      async () => {
        try {
          // If-Match: the item as the card shows it; changed since by someone else: 412.
          await this.api.send('POST', `/api/content/changes/${change.id}/restore`, null, {
            ifMatch: this.version(),
          });
          const asDraft = await this.restored();
          this.note.textContent = asDraft ? MSG.restoredAsDraft : MSG.restored;
          target = this.note;
        } catch (e) {
          showError(this.alert, e);
          return;
        }
        await this.load();
      },
      this.panel,
    );
    target.focus();
  }
}

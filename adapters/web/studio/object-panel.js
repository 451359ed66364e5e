// The object list beside the picture (docs/studio.md "Picture workspace"): the picture's objects
// nested by parent, the chosen object's parent and notes, creating and deleting objects, and
// saving every unsaved object with If-Match; a 412 offers to reload that object, and only the
// editor's click on "Reload" discards the local changes.
import { busy } from './dom.js';
import { MSG, errorText } from './messages.js';
import { linkedAsStored, wordFields } from './words-editor.js';
import { el } from './workspace-dom.js';

const CONFLICT = 412;

export class ObjectPanel {
  constructor(root, ws) {
    this.root = root;
    this.ws = ws;
    this.problems = new Map(); // object id -> { text, conflict } of its last failed save

    this.saveBtn = el(
      'button',
      {
        type: 'button',
        class: 'ws-save',
        'aria-keyshortcuts': 'Control+S',
        title: 'Save (Ctrl+S)',
      },
      ['Save ', el('kbd', {}, 'Ctrl+S')],
    );
    this.unsaved = el('span', { class: 'ws-unsaved' });
    this.saveMsg = el('div', { class: 'ws-save-msg', role: 'alert' });
    this.newBtn = el('button', { type: 'button', class: 'ws-new' }, 'New object');
    this.newMsg = el('p', { class: 'ws-msg', role: 'alert' });
    this.tree = el('ul', { class: 'ws-tree', 'aria-label': 'Objects of this picture' });

    this.detail = el('fieldset', { class: 'ws-detail' });
    this.legend = el('legend');
    this.labelForm = this.labelWordForm();
    this.parent = el('select', { id: 'ws-parent' });
    this.notes = el('textarea', { id: 'ws-notes', rows: '4', maxlength: '5000' });
    this.selCount = el('p', { class: 'ws-count' });
    // Adding a shape to an existing object is asked for: otherwise a shape makes a new object.
    this.addShapeBtn = el('button', { type: 'button', class: 'ws-add-shape' });
    this.deleteBtn = el('button', { type: 'button', class: 'ws-delete-object' }, 'Delete object');
    this.deleteMsg = el('p', { class: 'ws-msg', role: 'alert' });
    this.detail.append(
      this.legend,
      this.labelForm.element,
      el('label', { for: 'ws-parent' }, 'Parent'),
      this.parent,
      el('label', { for: 'ws-notes' }, 'Notes'),
      this.notes,
      this.selCount,
      this.addShapeBtn,
      this.deleteBtn,
      this.deleteMsg,
    );

    root.append(
      el('div', { class: 'ws-panel-head' }, [el('h2', {}, 'Objects'), this.newBtn]),
      this.newMsg,
      this.tree,
      this.detail,
      el('div', { class: 'ws-savebar' }, [this.saveBtn, this.unsaved]),
      this.saveMsg,
    );

    this.saveBtn.addEventListener('click', () => this.save());
    this.newBtn.addEventListener('click', () => this.createObject());
    this.deleteBtn.addEventListener('click', () => this.deleteObject());
    this.addShapeBtn.addEventListener('click', () => this.ws.addShapeTo(this.ws.activeId));
    this.parent.addEventListener('change', () => {
      const id = ws.activeId;
      const value = this.parent.value === '' ? null : Number(this.parent.value);
      ws.edit(id, (d) => ({ ...d, parent_id: value }), MSG.parentSet(value));
    });
    // Notes follow the typing (the field's own undo works while typing); leaving the field
    // records the whole change as one step of the workspace's undo.
    this.notes.addEventListener(
      'focus',
      () => (this.notesBefore = ws.drafts.draft(ws.activeId).user_notes),
    );
    this.notes.addEventListener('input', () => {
      const id = ws.activeId;
      ws.drafts.setDraft(id, { ...ws.drafts.draft(id), user_notes: this.notes.value });
      this.renderStatus();
      this.renderTree();
    });
    this.notes.addEventListener('change', () => {
      const id = ws.activeId;
      const after = ws.drafts.draft(id);
      ws.history.push({
        key: id,
        before: { ...after, user_notes: this.notesBefore ?? '' },
        after,
        label: MSG.notesChanged,
      });
      this.notesBefore = after.user_notes;
      ws.refreshTools();
    });
  }

  // The object's label word, named here while drawing: its German, English and Swedish title
  // and level at once (docs/studio.md "Picture workspace"). The Words tab has the rest.
  labelWordForm() {
    const fields = wordFields({ level: 1 });
    const current = el('p', { class: 'ws-count', id: 'ws-label-now' });
    const msg = el('span', { class: 'error', role: 'alert' });
    const note = el('p', { class: 'ws-note', role: 'status' });
    const submit = el('button', { type: 'submit' }, 'Set label');
    const form = el(
      'form',
      { class: 'ws-label-form', 'aria-labelledby': 'ws-label-h', novalidate: true },
      [
        el('h3', { id: 'ws-label-h' }, 'Label word'),
        current,
        ...fields.rows,
        el('div', { class: 'ws-actions' }, [submit, msg]),
        note,
      ],
    );
    let shownFor = null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const id = this.ws.activeId;
      const values = fields.values();
      fields.showError(null, msg);
      note.textContent = '';
      let linked = false;
      return busy(submit, async () => {
        const former = this.ws.labels.get(id)?.title_de;
        try {
          const { body: words } = await this.ws.api.send(
            'POST',
            `/api/cms/db-objects/${id}/words`,
            { ...values, is_label: true },
          );
          const label = words.find((w) => w.is_label) ?? null;
          this.ws.labels.set(id, label);
          const existed = linkedAsStored(values, words);
          const said = existed
            ? MSG.linkedExisting(existed, `object #${id}`, 'on the Words tab')
            : MSG.labelMade(
                label?.title_de ?? values.title_de,
                `object #${id}`,
                former !== label?.title_de && former,
              );
          if (this.ws.activeId !== id) {
            // Another object was chosen meanwhile: its form is left as the editor has it.
            this.ws.announce(said);
            this.ws.refresh();
            return;
          }
          fields.fill({ level: 1 });
          note.textContent = said; // a status: read out once, not announced again
          this.ws.refresh();
          linked = true;
        } catch (e) {
          if (this.ws.activeId === id) fields.showError(e, msg);
          else this.ws.announce(MSG.not('linked', errorText(e)));
        }
      }).then(() => linked && submit.focus()); // once busy() has given the button back
    });
    return {
      element: form,
      // The chosen object's label, and fresh fields when another object was chosen.
      show: (id) => {
        const label = this.ws.labels.get(id);
        current.textContent = label ? MSG.labelNow(label) : MSG.noLabelYet;
        submit.textContent = label ? 'Change label' : 'Set label';
        submit.setAttribute('aria-label', `${submit.textContent} of ${this.ws.name(id)}`);
        if (shownFor === id) return;
        shownFor = id;
        fields.fill({ level: 1 });
        fields.showError(null, msg);
        note.textContent = '';
      },
    };
  }

  // ---- rendering

  render() {
    this.renderTree();
    this.renderDetail();
    this.renderStatus();
  }

  // "#5 Hund · the front door" : the object's name (number and label word) and its notes' first
  // line.
  label(id) {
    const name = this.ws.name(id);
    const notes = this.ws.drafts.draft(id).user_notes.trim().split('\n')[0];
    return notes ? `${name} · ${notes.length > 40 ? `${notes.slice(0, 40)}…` : notes}` : name;
  }

  renderTree() {
    const { drafts, activeId } = this.ws;
    const item = (node) => {
      const id = node.id;
      const n = drafts.draft(id).selections.length;
      const dirty = drafts.isDirty(id);
      const b = el(
        'button',
        {
          type: 'button',
          class: 'ws-obj',
          'aria-pressed': String(id === activeId),
          'data-object': id,
        },
        [
          el('span', { class: 'ws-obj-name' }, this.label(id)),
          el('span', { class: 'ws-obj-count' }, MSG.count(n, 'selection')),
          dirty
            ? el('span', { class: 'ws-dot', title: 'unsaved' }, [
                el('span', { class: 'visually-hidden' }, '(unsaved)'),
              ])
            : '',
        ],
      );
      b.addEventListener('click', () => this.ws.activate(id));
      const li = el('li', {}, [b]);
      if (node.children.length) li.append(el('ul', {}, node.children.map(item)));
      return li;
    };
    const forest = drafts.tree();
    this.tree.replaceChildren(...forest.map(item));
    if (!forest.length) this.tree.append(el('li', { class: 'ws-empty' }, MSG.noObjects));
  }

  renderDetail() {
    const { drafts, activeId } = this.ws;
    this.detail.hidden = activeId === null;
    if (activeId === null) return;
    const draft = drafts.draft(activeId);
    this.legend.textContent = `Object ${this.ws.name(activeId)}`;
    this.labelForm.show(activeId);
    const options = [el('option', { value: '' }, 'None (top level)')];
    for (const c of drafts.parentChoices(activeId))
      options.push(el('option', { value: c }, this.label(c)));
    this.parent.replaceChildren(...options);
    this.parent.value = draft.parent_id === null ? '' : String(draft.parent_id);
    if (document.activeElement !== this.notes) this.notes.value = draft.user_notes;
    const n = draft.selections.length;
    this.selCount.textContent = MSG.selectionsOfObject(n);
    this.addShapeBtn.textContent = MSG.addShapeTo(this.ws.name(activeId));
    this.addShapeBtn.setAttribute('aria-pressed', String(this.ws.addTo === activeId));
    this.addShapeBtn.disabled = !this.ws.stage;
    // Named with the object it acts on, as the legend is (docs/studio.md "Keyboard and screen
    // readers").
    this.deleteBtn.setAttribute('aria-label', `Delete object ${this.ws.name(activeId)}`);
    if (this.deleteFor !== activeId) this.deleteMsg.textContent = '';
  }

  renderStatus() {
    const dirty = this.ws.drafts.dirtyIds();
    this.saveBtn.disabled = dirty.length === 0 || this.saving;
    this.saveBtn.classList.toggle('ws-save-dirty', dirty.length > 0);
    this.unsaved.textContent = dirty.length
      ? MSG.unsavedObjects(dirty.length)
      : this.saving
        ? MSG.saving
        : MSG.allSaved;
    this.renderProblems();
  }

  renderProblems() {
    const rows = [];
    for (const [id, p] of this.problems) {
      const row = el('p', { class: 'ws-problem' }, MSG.objectNotSaved(id, p.text));
      if (p.conflict) {
        const reload = el('button', { type: 'button', class: 'ws-reload' }, `Reload object #${id}`);
        reload.addEventListener('click', () => this.reload(id));
        row.append(' ', reload);
      }
      rows.push(row);
    }
    this.saveMsg.replaceChildren(...rows);
  }

  // ---- actions

  // Saves every unsaved object; true when all were saved.
  async save() {
    const { drafts, api } = this.ws;
    if (this.saving) return false;
    const ids = drafts.dirtyIds();
    if (!ids.length) return true;
    this.saving = true;
    this.renderStatus();
    let ok = true;
    for (const id of ids) {
      const sent = drafts.draft(id);
      const etag = drafts.etag(id);
      try {
        const r = await api.send(
          'PATCH',
          `/api/cms/objects/${id}`,
          drafts.patchBody(id),
          etag ? { ifMatch: etag } : {},
        );
        drafts.saved(id, r.body, r.etag, sent);
        this.problems.delete(id);
      } catch (e) {
        ok = false;
        this.problems.set(id, { text: errorText(e), conflict: e?.status === CONFLICT });
      }
    }
    this.saving = false;
    if (this.ws.destroyed) return ok;
    this.ws.announce(ok ? MSG.saved : MSG.someObjectsNotSaved);
    this.ws.refresh();
    return ok;
  }

  // The reload the 412 offers: the object as stored now replaces the local draft.
  async reload(id) {
    const { drafts, api, history } = this.ws;
    try {
      const r = await api.get(`/api/cms/objects/${id}`);
      drafts.put(r.body, r.etag);
      history.forget(id);
      this.problems.delete(id);
      if (this.ws.activeId === id) this.ws.selectedIndex = null;
      this.ws.announce(MSG.done(`Object #${id}`, 'reloaded'));
    } catch (e) {
      if (e?.status === 404) {
        drafts.remove(id);
        history.forget(id);
        this.problems.delete(id);
        if (this.ws.activeId === id) this.ws.activate(drafts.ids()[0] ?? null);
        this.ws.announce(MSG.deletedElsewhere(`Object #${id}`));
      } else {
        this.problems.set(id, { text: MSG.reloadFailed(errorText(e)), conflict: true });
      }
    }
    this.ws.refresh();
  }

  // Creates an object on the picture and makes it the one new drawings go to; its id, or null
  // when the API refused (the message is shown beside "New object").
  async createObject() {
    const { drafts, api, pictureId } = this.ws;
    this.newMsg.textContent = '';
    try {
      let r = await api.send('POST', '/api/cms/objects', { picture_id: pictureId });
      if (!r.etag) r = await api.get(`/api/cms/objects/${r.body.id}`);
      drafts.put(r.body, r.etag);
      this.ws.activate(r.body.id);
      this.ws.announce(MSG.done(`Object #${r.body.id}`, 'created'));
      this.ws.refresh();
      return r.body.id;
    } catch (e) {
      this.newMsg.textContent = MSG.noObjectCreated(errorText(e));
      return null;
    }
  }

  async deleteObject() {
    const { drafts, api, history } = this.ws;
    const id = this.ws.activeId;
    if (id === null || !window.confirm(MSG.confirmDeleteObject(id))) return;
    this.deleteFor = id;
    this.deleteMsg.textContent = '';
    const etag = drafts.etag(id);
    try {
      await api.send('DELETE', `/api/cms/objects/${id}`, undefined, etag ? { ifMatch: etag } : {});
    } catch (e) {
      this.deleteMsg.textContent = MSG.not('deleted', errorText(e));
      return;
    }
    drafts.remove(id);
    history.forget(id);
    this.problems.delete(id);
    // The API moved its children to the top level, which changed them: read them again (for
    // their new ETags) and keep the editor's unsaved changes to them.
    for (const c of drafts.ids()) {
      if (drafts.server(c).parent_id !== id) continue;
      const draft = drafts.draft(c);
      try {
        const r = await api.get(`/api/cms/objects/${c}`);
        drafts.put(r.body, r.etag);
      } catch {
        drafts.put({ ...drafts.server(c), parent_id: null }, drafts.etag(c));
      }
      drafts.setDraft(c, { ...draft, parent_id: draft.parent_id === id ? null : draft.parent_id });
    }
    this.ws.activate(drafts.ids()[0] ?? null);
    this.ws.announce(MSG.done(`Object #${id}`, 'deleted'));
    this.ws.refresh();
  }
}

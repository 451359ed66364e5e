// The picture workspace (#/pictures/<id>, docs/studio.md "Picture workspace"): the picture with
// zoom and pan, drawing tools for boxes and polygons, the picture's objects beside it (nesting,
// notes), saving through the API with If-Match (412: the reload offer), undo and redo, and
// "Finish" along the picture's flow. mount(container, ctx) as every screen (studio.js).
import { translate } from './geometry.js';
import { History } from './history.js';
import { ObjectDrafts } from './object-drafts.js';
import { Stage } from './stage.js';
import { ObjectPanel } from './object-panel.js';
import { MSG, errorText } from './messages.js';
import { notOpened } from './dom.js';
import { el, loadStylesheet } from './workspace-dom.js';
import { pictureTabs, retitleTabs } from './picture-tabs.js';
import { pictureName, pictureTitle } from './picture-title.js';

const TOOL_BUTTONS = [
  { tool: 'select', label: 'Select', key: 'V' },
  { tool: 'box', label: 'Box', key: 'B' },
  { tool: 'polygon', label: 'Polygon', key: 'P' },
  { tool: 'hand', label: 'Pan', key: 'H' },
];
const TOOL_KEYS = { v: 'select', b: 'box', p: 'polygon', h: 'hand' };

// The transition "Finish" takes from each status (docs/authoring-guide.md): the older flow
// finishes the annotation, the newer one the objects; the other statuses have none.
const FINISH = {
  new: { path: 'finish-annotation', label: 'Finish annotation' },
  draft: { path: 'finish', label: 'Finish' },
};

function isTyping(target) {
  return (
    target instanceof Element && !!target.closest('input, textarea, select, [contenteditable]')
  );
}

export function mount(container, ctx) {
  const ws = new Workspace(container, ctx);
  ws.start(loadStylesheet('workspace.css'));
  return () => ws.destroy();
}

class Workspace {
  constructor(container, ctx) {
    this.container = container;
    this.api = ctx.api;
    this.navigate = ctx.navigate;
    this.pictureId = Number(ctx.params?.id);
    this.drafts = new ObjectDrafts();
    this.history = new History();
    this.activeId = null;
    // The object the next shape joins when the editor asked for it ("Add a shape to ..."); else
    // a shape makes a new object, unless the chosen one has none yet (docs/studio.md "Picture
    // workspace").
    this.addTo = null;
    this.labels = new Map(); // object id -> its label word (GET .../words), or null
    this.selectedIndex = null;
    this.saving = false;
    this.conflicts = new Map(); // object id -> error message of its last failed save
    this.destroyed = false;
    this.cleanups = [];
  }

  listen(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    this.cleanups.push(() => target.removeEventListener(type, fn, options));
  }

  destroy() {
    this.destroyed = true;
    this.stage?.destroy();
    for (const c of this.cleanups) c();
  }

  get dirty() {
    return this.drafts.dirtyIds().length > 0;
  }

  // ---- loading

  async start(styles) {
    this.container.replaceChildren(
      el('section', { class: 'ws', 'aria-busy': 'true' }, [
        el('p', { role: 'status' }, MSG.loading('the picture')),
      ]),
    );
    let picture;
    try {
      picture = (await this.api.get(`/api/pictures/${this.pictureId}`)).body;
      await this.loadObjects();
      await styles;
    } catch (e) {
      if (this.destroyed) return;
      this.container.replaceChildren(
        el(
          'section',
          { class: 'ws' },
          notOpened(MSG.couldNot('The picture', 'opened', errorText(e)), 'ws-error'),
        ),
      );
      return;
    }
    if (this.destroyed) return;
    this.picture = picture;
    this.build();
  }

  async loadObjects() {
    const ids = (await this.api.all(`/api/cms/objects?picture_id=${this.pictureId}`)).map(
      (o) => o.id,
    );
    // Each object's own read carries the ETag a save sends back as If-Match.
    const reads = await Promise.all(ids.map((id) => this.api.get(`/api/cms/objects/${id}`)));
    for (const r of reads) this.drafts.put(r.body, r.etag);
    // Each object's label word, shown on its shapes and in the list (none when it cannot be
    // read: the object is still shown by its number).
    const words = await Promise.all(
      ids.map((id) =>
        this.api.get(`/api/cms/db-objects/${id}/words`).then(
          (r) => r.body,
          () => [],
        ),
      ),
    );
    ids.forEach((id, i) => this.labels.set(id, words[i].find((w) => w.is_label) ?? null));
    this.activeId = this.drafts.ids()[0] ?? null;
  }

  // ---- layout

  build() {
    const p = this.picture;
    this.statusEl = el('span', { class: 'badge' });
    this.finishBtn = el('button', { type: 'button', class: 'ws-finish' });
    this.finishMsg = el('p', { class: 'ws-msg', role: 'alert' });
    this.finishNext = el(
      'p',
      { class: 'ws-next', hidden: true },
      'Next: ',
      el('a', { href: `#/pictures/${this.pictureId}/words` }, 'name the objects on the Words tab'),
      '.',
    );
    this.announcer = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.zoomEl = el(
      'output',
      { class: 'ws-zoom', 'aria-live': 'off', 'aria-label': 'Zoom' },
      '100%',
    );

    this.toolButtons = new Map();
    const tools = TOOL_BUTTONS.map(({ tool, label, key }) => {
      const b = el(
        'button',
        {
          type: 'button',
          class: 'ws-tool',
          'aria-pressed': 'false',
          'aria-keyshortcuts': key,
          title: `${label} (${key})`,
        },
        [label, ' ', el('kbd', {}, key)],
      );
      b.addEventListener('click', () => this.stage?.setTool(tool));
      this.toolButtons.set(tool, b);
      return b;
    });
    // A toolbar button: its name, with the key written on it (or the key is its face).
    const button = (label, key, shortcut, fn, face) => {
      const b = el(
        'button',
        {
          type: 'button',
          class: 'ws-tool',
          'aria-keyshortcuts': shortcut,
          title: `${label} (${key})`,
          'aria-label': face ? label : null,
        },
        face ? el('span', { class: 'ws-face' }, face) : [label, ' ', el('kbd', {}, key)],
      );
      b.addEventListener('click', fn);
      return b;
    };
    const zoomOut = button('Zoom out', '−', '-', () => this.stage?.zoomOut(), '−');
    const zoomIn = button('Zoom in', '+', '+', () => this.stage?.zoomIn(), '+');
    const fit = button('Fit', '0', '0', () => this.stage?.fit());
    this.undoBtn = button('Undo', 'Ctrl+Z', 'Control+Z', () => this.undo());
    this.redoBtn = button('Redo', 'Ctrl+Shift+Z', 'Control+Shift+Z Control+Y', () => this.redo());
    this.deleteBtn = button('Delete', 'Del', 'Delete Backspace', () => this.deleteSelected());

    const toolbar = el(
      'div',
      { class: 'ws-toolbar', role: 'toolbar', 'aria-label': 'Drawing tools' },
      [
        el('div', { class: 'ws-group' }, tools),
        el('div', { class: 'ws-group' }, [zoomOut, this.zoomEl, zoomIn, fit]),
        el('div', { class: 'ws-group' }, [this.undoBtn, this.redoBtn, this.deleteBtn]),
      ],
    );

    this.stageEl = el('div', { class: 'ws-stage', 'data-tool': 'select' });
    this.hint = el('p', { class: 'ws-hint', id: 'ws-hint' });
    const tabs = pictureTabs(p, 'objects');
    const head = el('div', { class: 'ws-head' }, [
      el('a', { href: '#/pictures', class: 'ws-back' }, '← Pictures'),
      pictureTitle(p, this.api, () => named()),
      this.statusEl,
      el('div', { class: 'ws-finish-box' }, [this.finishBtn, this.finishMsg, this.finishNext]),
      tabs,
    ]);
    this.panelEl = el('aside', { class: 'ws-panel', 'aria-label': 'Objects' });
    const body = el('div', { class: 'ws-body' }, [
      el('div', { class: 'ws-main' }, [toolbar, this.stageEl, this.hint]),
      this.panelEl,
    ]);
    const section = el('section', { class: 'ws' }, [head, body, this.announcer]);
    // The page's title and the section's name follow the picture's (again after a rename).
    const named = () => {
      document.title = `${pictureName(p)} · langlearn studio`;
      section.setAttribute('aria-label', `Workspace: ${pictureName(p)}`);
      retitleTabs(tabs, p);
    };
    named();
    this.container.replaceChildren(section);

    this.finishBtn.addEventListener('click', () => this.finish());
    this.panel = new ObjectPanel(this.panelEl, this);

    if (!p.width || !p.height || !(p.phone_url || p.image_url)) {
      this.stageEl.append(el('p', { class: 'ws-noimage' }, MSG.noImageToDrawOn));
    } else {
      this.stage = new Stage(
        this.stageEl,
        { width: p.width, height: p.height, imageUrl: p.phone_url || p.image_url },
        {
          shapes: () =>
            this.drafts.ids().map((id) => ({
              objectId: id,
              label: this.name(id),
              active: id === this.activeId,
              selections: this.drafts.draft(id).selections,
            })),
          selected: () =>
            this.selectedIndex === null
              ? null
              : { objectId: this.activeId, index: this.selectedIndex },
          select: (objectId, index) => this.select(objectId, index),
          add: (sel) => this.addSelection(sel),
          change: (index, sel, label) => this.changeSelection(index, sel, label),
          toolChanged: () => this.refreshTools(),
          viewChanged: (scale) => (this.zoomEl.textContent = `${Math.round(scale * 100)}%`),
          announce: (text) => this.announce(text),
        },
      );
    }

    this.listen(document, 'keydown', (e) => this.keyDown(e));
    this.listen(document, 'keyup', (e) => e.key === ' ' && this.stage?.setSpace(false));
    this.listen(window, 'blur', () => this.stage?.setSpace(false));
    this.listen(window, 'beforeunload', (e) => {
      if (this.dirty) {
        e.preventDefault();
        e.returnValue = '';
      }
    });
    // Leaving for another screen with unsaved changes asks first, before the hash changes
    // (the Navigation API's cancelable "navigate" event; the shell's router only sees the
    // change once it happened). Without that API, link clicks are asked about instead.
    const leave = () => !this.dirty || window.confirm(MSG.confirmLeavePicture);
    if (window.navigation) {
      this.listen(window.navigation, 'navigate', (e) => {
        if (e.hashChange && e.cancelable && !leave()) e.preventDefault();
      });
    } else {
      this.listen(
        document,
        'click',
        (e) => {
          const link = e.target instanceof Element && e.target.closest('a[href^="#"]');
          if (link && !leave()) e.preventDefault();
        },
        { capture: true },
      );
    }
    this.refresh();
  }

  // ---- state changes

  refresh() {
    this.refreshTools();
    this.refreshFinish();
    this.panel.render();
    this.stage?.render();
  }

  refreshTools() {
    const tool = this.stage?.tool;
    for (const [t, b] of this.toolButtons) {
      b.setAttribute('aria-pressed', String(t === tool));
      b.disabled = !this.stage;
    }
    this.undoBtn.disabled = !this.history.canUndo;
    this.redoBtn.disabled = !this.history.canRedo;
    this.deleteBtn.disabled = this.selectedIndex === null;
    const target = this.drawTarget();
    this.hint.textContent = tool
      ? MSG.toolHint(tool, target && { ...target, name: this.name(target.id) })
      : '';
  }

  refreshFinish() {
    const status = this.picture.status;
    this.statusEl.textContent = MSG.pictureStatus(status);
    this.statusEl.className = `badge status-${status}`;
    const step = FINISH[status];
    this.finishBtn.textContent = step ? step.label : 'Finished';
    this.finishBtn.disabled = !step || this.finishing;
  }

  announce(text) {
    this.announcer.textContent = text;
  }

  select(objectId, index) {
    if (objectId !== null && objectId !== this.activeId) this.choose(objectId);
    this.selectedIndex = index;
    this.refresh();
  }

  // The chosen object; a shape asked to join another one no longer will.
  choose(id) {
    if (this.addTo !== id) this.addTo = null;
    this.activeId = id;
  }

  activate(id) {
    if (id === this.activeId) return;
    this.choose(id);
    this.selectedIndex = null;
    this.stage?.cancelPolygon();
    this.refresh();
  }

  // Every edit goes through here: the object's draft before and after is recorded for undo.
  edit(id, change, label) {
    const before = this.drafts.draft(id);
    const after = change(before);
    this.drafts.setDraft(id, after);
    if (this.history.push({ key: id, before, after, label })) this.announce(label);
    this.refresh();
  }

  // An object's short name: its number and its label word ("#5 Hund"), or the number alone.
  name(id) {
    const label = this.labels.get(id);
    return label ? `#${id} ${label.title_de}` : `#${id}`;
  }

  // Where the next shape goes: { id, asked } for an object (asked: "Add a shape to" was
  // pressed), or null for a new object.
  drawTarget() {
    if (this.addTo !== null && this.drafts.has(this.addTo)) return { id: this.addTo, asked: true };
    const id = this.activeId;
    if (id !== null && this.drafts.draft(id).selections.length === 0) return { id, asked: false };
    return null;
  }

  // "Add a shape to #5 Hund": the next shape drawn joins that object, once; pressed again,
  // not.
  addShapeTo(id) {
    if (this.addTo === id) return this.cancelAddShape();
    this.activate(id);
    this.addTo = id;
    const tool = this.stage?.tool;
    if (tool !== 'box' && tool !== 'polygon') this.stage?.setTool('box');
    this.announce(MSG.nextShapeJoins(this.name(id)));
    this.refresh();
  }

  cancelAddShape() {
    if (this.addTo === null) return false;
    this.addTo = null;
    this.announce(MSG.addShapeCancelled);
    this.refresh();
    return true;
  }

  async addSelection(sel) {
    const target = this.drawTarget();
    this.addTo = null;
    if (target === null) {
      if ((await this.panel.createObject()) === null) return;
    } else {
      this.activate(target.id);
    }
    const id = this.activeId;
    const index = this.drafts.draft(id).selections.length;
    this.edit(
      id,
      (d) => ({ ...d, selections: [...d.selections, sel] }),
      sel.type === 'bbox' ? MSG.boxAdded : MSG.polygonAdded,
    );
    this.selectedIndex = index;
    this.refresh();
  }

  changeSelection(index, sel, label) {
    const id = this.activeId;
    this.edit(
      id,
      (d) => ({ ...d, selections: d.selections.map((s, i) => (i === index ? sel : s)) }),
      label,
    );
  }

  deleteSelected() {
    if (this.activeId === null || this.selectedIndex === null) return;
    const index = this.selectedIndex;
    this.selectedIndex = null;
    this.edit(
      this.activeId,
      (d) => ({ ...d, selections: d.selections.filter((_, i) => i !== index) }),
      MSG.selectionDeleted,
    );
  }

  nudge(dx, dy) {
    if (this.activeId === null || this.selectedIndex === null || !this.stage) return;
    const sel = this.drafts.draft(this.activeId).selections[this.selectedIndex];
    const { width: W, height: H } = this.stage.picture;
    this.changeSelection(this.selectedIndex, translate(sel, dx, dy, W, H), MSG.selectionMoved);
  }

  // Selects the chosen object's next (or previous) selection: selecting without a pointer.
  cycle(step) {
    if (this.activeId === null) return;
    const n = this.drafts.draft(this.activeId).selections.length;
    if (!n) return;
    const from = this.selectedIndex === null ? (step > 0 ? -1 : n) : this.selectedIndex;
    this.select(null, (from + step + n) % n);
    this.announce(MSG.selectionSelected(this.selectedIndex + 1, n, this.activeId));
  }

  undo() {
    const entry = this.history.undo();
    if (entry) this.restore(entry.key, entry.before, MSG.undone(entry.label));
  }

  redo() {
    const entry = this.history.redo();
    if (entry) this.restore(entry.key, entry.after, MSG.redone(entry.label));
  }

  restore(id, draft, text) {
    if (!this.drafts.has(id)) return;
    this.drafts.setDraft(id, draft);
    this.choose(id);
    if (this.selectedIndex !== null && this.selectedIndex >= draft.selections.length)
      this.selectedIndex = null;
    this.announce(text);
    this.refresh();
  }

  // ---- keys

  keyDown(e) {
    if (!this.container.isConnected) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (mod && key === 's') {
      e.preventDefault();
      this.panel.save();
      return;
    }
    if (isTyping(e.target) || e.altKey) return;
    if (mod) {
      if (key === 'z' && !e.shiftKey) this.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') this.redo();
      else return;
      e.preventDefault();
      return;
    }
    const stage = this.stage;
    if (!stage) return;
    if (e.key === ' ') {
      // Space held pans, except on a button, where it presses the button.
      if (e.target instanceof Element && e.target.closest('button, a')) return;
      e.preventDefault();
      stage.setSpace(true);
      return;
    }
    const step = e.shiftKey ? 10 : 1;
    const actions = {
      '+': () => stage.zoomIn(),
      '=': () => stage.zoomIn(),
      '-': () => stage.zoomOut(),
      0: () => stage.fit(),
      Enter: () => stage.finishPolygon(),
      Escape: () =>
        stage.cancelPolygon() ||
        this.cancelAddShape() ||
        (this.selectedIndex !== null && this.select(null, null)),
      Delete: () => stage.removeLastPoint() || this.deleteSelected(),
      Backspace: () => stage.removeLastPoint() || this.deleteSelected(),
      ']': () => this.cycle(1),
      '[': () => this.cycle(-1),
      ArrowLeft: () => this.nudge(-step, 0),
      ArrowRight: () => this.nudge(step, 0),
      ArrowUp: () => this.nudge(0, -step),
      ArrowDown: () => this.nudge(0, step),
    };
    if (TOOL_KEYS[key] && !e.shiftKey) {
      stage.setTool(TOOL_KEYS[key]);
    } else if (actions[key]) {
      if (key === 'Enter' && !stage.drawing()) return; // Enter on a button presses it
      if (key.startsWith('Arrow') && this.selectedIndex === null) return;
      actions[key]();
    } else {
      return;
    }
    e.preventDefault();
  }

  // ---- finishing

  async finish() {
    const step = FINISH[this.picture.status];
    if (!step || this.finishing) return;
    this.finishMsg.textContent = '';
    if (this.dirty && !(await this.panel.save())) {
      this.finishMsg.textContent = MSG.not('finished', MSG.saveObjectsFirst);
      return;
    }
    this.finishing = true;
    this.refreshFinish();
    try {
      this.picture = (
        await this.api.send('POST', `/api/pictures/${this.pictureId}/${step.path}`)
      ).body;
      this.announce(MSG.pictureFinished(this.picture.status));
      // What comes next in the walk (docs/studio.md "From photo to feed").
      this.finishNext.hidden = false;
    } catch (e) {
      this.finishMsg.textContent = MSG.not('finished', errorText(e));
      // A refusal means the status moved meanwhile: show the current one.
      try {
        this.picture = (await this.api.get(`/api/pictures/${this.pictureId}`)).body;
      } catch {
        // The message above already says what went wrong.
      }
    } finally {
      this.finishing = false;
      if (!this.destroyed) this.refreshFinish();
    }
  }
}

// The picture stage of the workspace: the picture and its objects' selections in one SVG whose
// viewBox is in picture pixels, so what is drawn at any zoom is stored in picture pixels
// (docs/studio.md "Picture workspace"). It handles the pointer (drawing, selecting, moving,
// resizing, panning, wheel zoom); the workspace owns the objects, the undo history and the keys.
import * as g from './geometry.js';
import { MSG } from './messages.js';
import { selectionShape, svg } from './workspace-dom.js';

const HANDLE_PX = 10; // handle size on the screen, whatever the zoom
const CLOSE_PX = 8; // a click this near the polygon's first point closes it
const TOOLS = ['select', 'box', 'polygon', 'hand'];

export class Stage {
  // picture: { width, height, imageUrl, title }; hooks: {
  //   shapes() -> [{ objectId, active, selections }], selected() -> { objectId, index } | null,
  //   select(objectId, index | null), add(selection), change(index, selection, label),
  //   toolChanged(tool), announce(text) }
  constructor(root, picture, hooks) {
    this.root = root;
    this.picture = picture;
    this.hooks = hooks;
    this.tool = 'select';
    this.view = { scale: 1, x: 0, y: 0 };
    this.fitted = true; // follows the stage's size until the editor zooms or pans
    this.spaceHeld = false;
    this.drag = null; // the pointer gesture under way
    this.polygon = null; // points of the polygon being drawn
    this.hover = null; // the pointer's picture point while drawing a polygon
    this.preview = null; // { index, sel }: a selection being moved or resized

    this.el = svg('svg', { class: 'ws-svg', 'aria-hidden': 'true', focusable: 'false' });
    this.image = svg('image', {
      href: picture.imageUrl,
      x: 0,
      y: 0,
      width: picture.width,
      height: picture.height,
      preserveAspectRatio: 'none',
    });
    this.frame = svg('rect', {
      class: 'ws-frame',
      x: 0,
      y: 0,
      width: picture.width,
      height: picture.height,
      'vector-effect': 'non-scaling-stroke',
    });
    this.shapes = svg('g', { class: 'ws-shapes' });
    this.overlay = svg('g', { class: 'ws-overlay' });
    this.el.append(this.frame, this.image, this.shapes, this.overlay);
    root.append(this.el);

    this.listeners = [];
    this.on(this.el, 'pointerdown', (e) => this.pointerDown(e));
    this.on(this.el, 'pointermove', (e) => this.pointerMove(e));
    this.on(this.el, 'pointerup', (e) => this.pointerUp(e));
    this.on(this.el, 'pointercancel', () => this.cancelDrag());
    this.on(this.el, 'dblclick', (e) => {
      if (this.tool === 'polygon') {
        e.preventDefault();
        this.finishPolygon();
      }
    });
    this.on(this.el, 'wheel', (e) => this.wheel(e), { passive: false });
    // The middle button's auto-scroll would fight the pan.
    this.on(this.el, 'mousedown', (e) => e.button === 1 && e.preventDefault());
    this.on(this.el, 'contextmenu', (e) => this.polygon && e.preventDefault());
    this.resizeObserver = new ResizeObserver(() => this.resized());
    this.resizeObserver.observe(root);
    this.resized();
  }

  on(target, type, fn, options) {
    target.addEventListener(type, fn, options);
    this.listeners.push([target, type, fn, options]);
  }

  destroy() {
    this.resizeObserver.disconnect();
    for (const [t, type, fn, o] of this.listeners) t.removeEventListener(type, fn, o);
  }

  size() {
    return [Math.max(1, this.root.clientWidth), Math.max(1, this.root.clientHeight)];
  }

  resized() {
    if (this.fitted) this.fit();
    else this.applyView();
  }

  // ---- view

  applyView() {
    const [w, h] = this.size();
    this.el.setAttribute('viewBox', g.viewBox(this.view, w, h));
    this.el.setAttribute('width', w);
    this.el.setAttribute('height', h);
    this.root.dataset.scale = String(this.view.scale);
    this.render();
    this.hooks.viewChanged?.(this.view.scale);
  }

  fit() {
    const [w, h] = this.size();
    this.view = g.fitView(w, h, this.picture.width, this.picture.height);
    this.fitted = true;
    this.applyView();
  }

  zoom(factor, stagePoint) {
    const [w, h] = this.size();
    const [sx, sy] = stagePoint || [w / 2, h / 2];
    const [px, py] = g.stageToPicture(this.view, sx, sy);
    this.view = g.zoomAt(this.view, factor, px, py);
    this.fitted = false;
    this.applyView();
  }

  zoomIn() {
    this.zoom(1.25);
  }

  zoomOut() {
    this.zoom(0.8);
  }

  wheel(e) {
    e.preventDefault();
    const [sx, sy] = this.stagePoint(e);
    this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), [sx, sy]);
  }

  stagePoint(e) {
    const r = this.el.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  picturePoint(e) {
    const [sx, sy] = this.stagePoint(e);
    return g.stageToPicture(this.view, sx, sy);
  }

  // ---- tools

  setTool(tool) {
    if (!TOOLS.includes(tool) || tool === this.tool) return;
    this.cancelPolygon();
    this.tool = tool;
    this.root.dataset.tool = tool;
    this.hooks.toolChanged(tool);
    this.render();
  }

  setSpace(held) {
    this.spaceHeld = held;
    this.root.classList.toggle('ws-panning', held);
  }

  drawing() {
    return this.polygon !== null;
  }

  cancelPolygon() {
    if (!this.polygon) return false;
    this.polygon = null;
    this.hover = null;
    this.render();
    return true;
  }

  removeLastPoint() {
    if (!this.polygon) return false;
    this.polygon.pop();
    if (this.polygon.length === 0) this.polygon = null;
    this.render();
    return true;
  }

  finishPolygon() {
    if (!this.polygon) return false;
    const sel = g.polygonFromPoints(this.polygon, this.picture.width, this.picture.height);
    this.polygon = null;
    this.hover = null;
    if (sel) this.hooks.add(sel);
    else this.hooks.announce(MSG.polygonTooSmall);
    this.render();
    return true;
  }

  // ---- pointer

  pointerDown(e) {
    if (e.button !== 0 && e.button !== 1) return;
    const p = this.picturePoint(e);
    if (e.button === 1 || this.spaceHeld || this.tool === 'hand') {
      this.startDrag(e, { kind: 'pan', last: [e.clientX, e.clientY] });
      return;
    }
    if (this.tool === 'box') {
      this.startDrag(e, { kind: 'box', from: p, to: p });
    } else if (this.tool === 'polygon') {
      this.addPolygonPoint(p);
    } else {
      const handle = e.target.closest('[data-handle]');
      const shape = e.target.closest('[data-object]');
      const selected = this.hooks.selected();
      if (handle && selected) {
        const sel = this.selectionAt(selected.index);
        this.startDrag(e, {
          kind: 'handle',
          handle: handle.dataset.handle,
          index: selected.index,
          sel,
        });
      } else if (shape) {
        const objectId = Number(shape.dataset.object);
        const index = Number(shape.dataset.index);
        this.hooks.select(objectId, index);
        const sel = this.selectionAt(index);
        if (sel) this.startDrag(e, { kind: 'move', from: p, index, sel });
      } else {
        this.hooks.select(null, null);
      }
    }
  }

  selectionAt(index) {
    const active = this.hooks.shapes().find((s) => s.active);
    return active ? active.selections[index] : undefined;
  }

  startDrag(e, drag) {
    e.preventDefault();
    this.drag = drag;
    this.el.setPointerCapture(e.pointerId);
    this.root.classList.toggle('ws-grabbing', drag.kind === 'pan');
  }

  addPolygonPoint(at) {
    const p = g.clampPoint(at[0], at[1], this.picture.width, this.picture.height);
    const pts = this.polygon || [];
    const near = (q) => Math.hypot(q[0] - p[0], q[1] - p[1]) * this.view.scale <= CLOSE_PX;
    if (pts.length >= 3 && near(pts[0])) {
      this.finishPolygon();
      return;
    }
    // The clicks of a double-click land on the last point: they add nothing.
    if (pts.length > 0 && near(pts[pts.length - 1])) return;
    this.polygon = [...pts, p];
    if (pts.length === 0) this.hooks.announce(MSG.polygonStarted);
    this.render();
  }

  pointerMove(e) {
    if (this.polygon && !this.drag) {
      const [x, y] = this.picturePoint(e);
      this.hover = g.clampPoint(x, y, this.picture.width, this.picture.height);
      this.renderOverlay();
      return;
    }
    const d = this.drag;
    if (!d) return;
    const p = this.picturePoint(e);
    const { width: W, height: H } = this.picture;
    if (d.kind === 'pan') {
      this.view = g.panBy(this.view, e.clientX - d.last[0], e.clientY - d.last[1]);
      d.last = [e.clientX, e.clientY];
      this.fitted = false;
      this.applyView();
    } else if (d.kind === 'box') {
      d.to = p;
      this.renderOverlay();
    } else if (d.kind === 'move') {
      this.preview = {
        index: d.index,
        sel: g.translate(d.sel, p[0] - d.from[0], p[1] - d.from[1], W, H),
      };
      this.render();
    } else if (d.kind === 'handle') {
      const sel =
        d.sel.type === 'bbox'
          ? g.resizeBox(d.sel, d.handle, p[0], p[1], W, H)
          : g.moveVertex(d.sel, Number(d.handle), p[0], p[1], W, H);
      this.preview = { index: d.index, sel };
      this.render();
    }
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.root.classList.remove('ws-grabbing');
    const preview = this.preview;
    this.preview = null;
    if (d.kind === 'box') {
      const p = this.picturePoint(e);
      const sel = g.boxFromCorners(
        d.from[0],
        d.from[1],
        p[0],
        p[1],
        this.picture.width,
        this.picture.height,
      );
      if (sel) this.hooks.add(sel);
    } else if ((d.kind === 'move' || d.kind === 'handle') && preview) {
      this.hooks.change(
        preview.index,
        preview.sel,
        d.kind === 'move' ? MSG.selectionMoved : MSG.selectionResized,
      );
    }
    this.render();
  }

  cancelDrag() {
    this.drag = null;
    this.preview = null;
    this.root.classList.remove('ws-grabbing');
    this.render();
  }

  // ---- drawing

  render() {
    const scale = this.view.scale;
    const selected = this.hooks.selected();
    const shapes = this.hooks.shapes();
    this.shapes.replaceChildren();
    // The active object's selections last, so they lie on top and take the clicks.
    for (const shape of [...shapes].sort((a, b) => Number(a.active) - Number(b.active))) {
      shape.selections.forEach((stored, index) => {
        const isPreview = shape.active && this.preview && this.preview.index === index;
        const sel = isPreview ? this.preview.sel : stored;
        const isSelected = shape.active && selected && selected.index === index;
        const cls = [
          'ws-sel',
          shape.active ? 'ws-sel-active' : '',
          isSelected ? 'ws-sel-selected' : '',
        ].join(' ');
        const attrs = {
          class: cls.trim(),
          'data-object': shape.objectId,
          'data-index': index,
          'vector-effect': 'non-scaling-stroke',
        };
        this.shapes.append(selectionShape(sel, attrs));
        const b = g.bounds(sel);
        const label = svg('text', {
          class: shape.active ? 'ws-label ws-label-active' : 'ws-label',
          // Above the shape (inside it at the picture's top edge), clear of its handles.
          x: b.minX,
          y: b.minY >= 16 / scale ? b.minY - 5 / scale : b.minY + 14 / scale,
          'font-size': 12 / scale,
        });
        label.textContent = shape.label;
        this.shapes.append(label);
        if (isSelected) this.renderHandles(sel);
      });
    }
    this.renderOverlay();
  }

  renderHandles(sel) {
    const size = HANDLE_PX / this.view.scale;
    const corners =
      sel.type === 'bbox'
        ? g.CORNERS.map((c) => [c, g.cornerPoint(sel, c)])
        : sel.points.map((p, i) => [String(i), p]);
    for (const [name, [x, y]] of corners) {
      this.shapes.append(
        svg('rect', {
          class: `ws-handle ws-handle-${sel.type === 'bbox' ? name : 'vertex'}`,
          'data-handle': name,
          x: x - size / 2,
          y: y - size / 2,
          width: size,
          height: size,
          'vector-effect': 'non-scaling-stroke',
        }),
      );
    }
  }

  renderOverlay() {
    this.overlay.replaceChildren();
    const d = this.drag;
    if (d && d.kind === 'box') {
      const x = Math.min(d.from[0], d.to[0]);
      const y = Math.min(d.from[1], d.to[1]);
      this.overlay.append(
        svg('rect', {
          class: 'ws-drawing',
          x,
          y,
          width: Math.abs(d.to[0] - d.from[0]),
          height: Math.abs(d.to[1] - d.from[1]),
          'vector-effect': 'non-scaling-stroke',
        }),
      );
    }
    if (this.polygon) {
      const pts = this.hover ? [...this.polygon, this.hover] : this.polygon;
      this.overlay.append(
        svg('polyline', {
          class: 'ws-drawing',
          points: g.pointsAttribute(pts),
          'vector-effect': 'non-scaling-stroke',
        }),
      );
      const r = 4 / this.view.scale;
      for (const [x, y] of this.polygon)
        this.overlay.append(svg('circle', { class: 'ws-vertex', cx: x, cy: y, r }));
    }
  }
}

// The objects of one picture as the workspace edits them: for each object the version last read
// from the API (with its ETag, sent back as If-Match) and the editor's draft of the fields the
// workspace changes (parent, notes, selections). An object is unsaved while its draft differs
// from the server's version. Pure data, no DOM or network, so node --test checks it.
import { normalizeSelection } from './geometry.js';

// The editable part of an object as the API returns it (docs/openapi-authoring.yaml,
// ContentObject); notes are "" rather than null so a cleared text area compares equal.
export function editable(object) {
  return {
    parent_id: object.parent_id ?? null,
    user_notes: object.user_notes ?? '',
    selections: (object.selections || []).map(normalizeSelection),
  };
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class ObjectDrafts {
  constructor() {
    this.items = new Map(); // id -> { server, etag, draft }
  }

  // Adds or replaces an object with the version the API just gave, dropping any draft.
  put(object, etag) {
    this.items.set(object.id, { server: object, etag: etag || null, draft: editable(object) });
  }

  remove(id) {
    this.items.delete(id);
  }

  has(id) {
    return this.items.has(id);
  }

  ids() {
    return [...this.items.keys()].sort((a, b) => a - b);
  }

  server(id) {
    return this.items.get(id).server;
  }

  etag(id) {
    return this.items.get(id).etag;
  }

  draft(id) {
    return this.items.get(id).draft;
  }

  setDraft(id, draft) {
    this.items.get(id).draft = draft;
  }

  isDirty(id) {
    const item = this.items.get(id);
    return !!item && !same(item.draft, editable(item.server));
  }

  dirtyIds() {
    return this.ids().filter((id) => this.isDirty(id));
  }

  // The PATCH body for an object: only the fields the editor changed, so a save never writes
  // back a field someone else may have changed meanwhile.
  patchBody(id) {
    const { draft, server } = this.items.get(id);
    const base = editable(server);
    const body = {};
    for (const field of ['parent_id', 'user_notes', 'selections']) {
      if (!same(draft[field], base[field])) body[field] = draft[field];
    }
    return body;
  }

  // A save of `sent` (the draft when the request left) answered with the stored object: the
  // draft follows the server unless the editor changed it while the request was under way.
  saved(id, object, etag, sent) {
    const item = this.items.get(id);
    if (!item) return;
    const keepDraft = !same(item.draft, sent);
    item.server = object;
    item.etag = etag || null;
    if (!keepDraft) item.draft = editable(object);
  }

  // Child ids of each object by the drafts' parents, roots first; an unknown parent (another
  // picture's object, or one deleted meanwhile) makes the object a root, and a loop (which the
  // parent choices prevent) cannot hide objects.
  tree() {
    const ids = this.ids();
    const children = new Map(ids.map((id) => [id, []]));
    const roots = [];
    for (const id of ids) {
      const parent = this.draft(id).parent_id;
      if (parent !== null && children.has(parent) && parent !== id) children.get(parent).push(id);
      else roots.push(id);
    }
    const seen = new Set();
    const build = (id) => {
      seen.add(id);
      return {
        id,
        children: children
          .get(id)
          .filter((c) => !seen.has(c))
          .map(build),
      };
    };
    const forest = roots.map(build);
    // Objects in a loop of parents (not reachable from a root) are shown as roots too.
    for (const id of ids) if (!seen.has(id)) forest.push(build(id));
    return forest;
  }

  descendants(id) {
    const out = new Set();
    const walk = (parent) => {
      for (const c of this.ids()) {
        if (!out.has(c) && c !== id && this.draft(c).parent_id === parent) {
          out.add(c);
          walk(c);
        }
      }
    };
    walk(id);
    return out;
  }

  // The objects that may become id's parent: any other object that is not below it
  // (the API refuses "parent_id must not be the object itself or one of its children").
  parentChoices(id) {
    const below = this.descendants(id);
    return this.ids().filter((c) => c !== id && !below.has(c));
  }
}

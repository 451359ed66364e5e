// Undo and redo for the picture workspace: every edit is recorded as the edited object's
// state before and after (snapshots, not commands), so undoing is putting the "before" back.
// A new edit after some undos drops the undone ones, as in every editor.

export class History {
  constructor(limit = 500) {
    this.limit = limit;
    this.done = [];
    this.undone = [];
  }

  // entry: { key, before, after, label }; an edit that changed nothing is not recorded.
  push(entry) {
    if (JSON.stringify(entry.before) === JSON.stringify(entry.after)) return false;
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
    return true;
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  // The entry to undo, or null: the caller puts entry.before back.
  undo() {
    const entry = this.done.pop();
    if (!entry) return null;
    this.undone.push(entry);
    return entry;
  }

  // The entry to redo, or null: the caller puts entry.after back.
  redo() {
    const entry = this.undone.pop();
    if (!entry) return null;
    this.done.push(entry);
    return entry;
  }

  // Forgets every entry of one key: after an object is reloaded from the server its old
  // snapshots no longer describe what an undo would overwrite.
  forget(key) {
    this.done = this.done.filter((e) => e.key !== key);
    this.undone = this.undone.filter((e) => e.key !== key);
  }

  clear() {
    this.done = [];
    this.undone = [];
  }
}

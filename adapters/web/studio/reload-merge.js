// After a reload on a 412 (docs/studio.md "Saving and the reload offer"), every edit form
// merges three versions of each field: the one it was opened on (`started`), the one stored now
// (`stored`) and the editor's (`typed`). A field the editor left alone takes the stored value; a
// field they changed keeps theirs, and where the other editor changed it too, differently, what
// is stored now is shown under it.
import { el } from './dom.js';
import { MSG } from './messages.js';

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// { keep: the editor's value stays, conflict: show the stored one beside it }
export function mergeField(typed, started, stored) {
  const keep = !same(typed, started);
  return { keep, conflict: keep && !same(stored, started) && !same(typed, stored) };
}

// "Stored now: …" under `control` (styled by studio.css's .stored-now; `className` names the
// screen's notes, which each screen clears on Save, Cancel and the next reload).
export function storedNote(control, value, className) {
  control.after(el('p', { class: `stored-now ${className}` }, MSG.storedNow(value)));
}

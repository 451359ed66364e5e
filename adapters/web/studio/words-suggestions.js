// The generator's suggestions on the Words screen (docs/studio.md "Words"): POST
// /api/word-suggestions proposes words for the picture or the chosen object and stores nothing;
// the editor accepts each (the word is found or created and linked), drops it (it only leaves
// the list), or accepts them all. An object without a label word gets none: the API's 409 is
// shown with an offer to set the label first.
import { el, errorText } from './workspace-dom.js';

export class Suggestions {
  // screen: {api, subject, pictureId, token, link(values, isLabel), offerLabel(), announce(text)}
  constructor(screen) {
    this.screen = screen;
    this.items = []; // the suggestions, each with `error` (its last failed accept) and `busy`
    this.count = el('input', { type: 'number', id: 'wd-count', class: 'wd-count', min: 1, max: 50, value: 10 });
    this.generateBtn = el('button', { type: 'button', class: 'primary', onclick: () => this.generate() },
      'Generate suggestions');
    this.msg = el('span', { class: 'error', role: 'alert' });
    this.labelBtn = el('button', { type: 'button', hidden: true, onclick: () => screen.offerLabel() },
      'Set the label first');
    this.status = el('p', { class: 'muted wd-note', role: 'status' });
    this.list = el('ul', { class: 'wd-suggestions', 'aria-label': 'Suggestions' });
    this.acceptAllBtn = el('button', { type: 'button', hidden: true, onclick: () => this.acceptAll() }, 'Accept all');
    this.element = el('section', { class: 'wd-panel', 'aria-labelledby': 'wd-sugg-h' },
      el('h3', { id: 'wd-sugg-h' }, 'Suggestions'),
      el('div', { class: 'wd-actions' }, el('label', { for: 'wd-count' }, 'How many'), this.count, this.generateBtn),
      el('div', { class: 'wd-actions' }, this.msg, this.labelBtn),
      this.status, this.list, this.acceptAllBtn);
  }

  // Another subject was chosen: its suggestions start empty.
  reset() {
    this.items = [];
    this.msg.textContent = this.status.textContent = '';
    this.labelBtn.hidden = true;
    this.render();
  }

  // The object got its label: the 409's offer is done.
  labelled() {
    if (this.labelBtn.hidden) return;
    this.labelBtn.hidden = true;
    this.msg.textContent = '';
  }

  async generate() {
    const s = this.screen;
    const token = s.token;
    const body = s.subject.object ? { object_id: s.subject.object } : { picture_id: s.pictureId };
    const count = this.count.value.trim();
    if (count) body.count = /^\d+$/.test(count) ? Number(count) : count;
    this.generateBtn.disabled = true;
    this.generateBtn.setAttribute('aria-busy', 'true');
    this.msg.textContent = '';
    this.labelBtn.hidden = true;
    this.status.textContent = 'Asking the generator…';
    try {
      const { body: answer } = await s.api.send('POST', '/api/word-suggestions', body);
      if (token !== s.token) return;
      this.items = answer.words.map((w) => ({ ...w, error: '', busy: false }));
      this.status.textContent = this.items.length
        ? `${this.items.length} suggestion${this.items.length === 1 ? '' : 's'} from ${answer.generator}: nothing is stored until accepted.`
        : `The generator (${answer.generator}) has no suggestions.`;
      this.render();
    } catch (e) {
      if (token !== s.token) return;
      this.status.textContent = '';
      this.msg.textContent = errorText(e);
      // An object without a label word: the editor sets one, then asks again.
      if (e.status === 409 && s.subject.object) this.labelBtn.hidden = false;
    } finally {
      this.generateBtn.disabled = false;
      this.generateBtn.removeAttribute('aria-busy');
    }
  }

  // Stores the suggestion's word and link; true when it was stored (else its error is shown).
  async accept(item) {
    const token = this.screen.token;
    item.busy = true;
    item.error = '';
    this.render();
    try {
      const { title_de, title_en, title_sv, level } = item;
      await this.screen.link({ title_de, title_en, title_sv, level }, false);
      if (token !== this.screen.token) return false;
      this.drop(item, `${title_de} accepted.`);
      return true;
    } catch (e) {
      item.busy = false;
      item.error = errorText(e);
      this.render();
      return false;
    }
  }

  drop(item, announcement = `${item.title_de} dropped.`) {
    this.items = this.items.filter((i) => i !== item);
    this.render();
    this.screen.announce(announcement);
  }

  // Accepts every suggestion in turn (the linked ones are stored already: they just leave the
  // list); stops at the first refusal, which stays shown beside its suggestion.
  async acceptAll() {
    const token = this.screen.token;
    this.acceptAllBtn.disabled = true;
    for (const item of [...this.items]) {
      if (token !== this.screen.token) return;
      if (item.linked) this.drop(item, '');
      else if (!(await this.accept(item))) break;
    }
    this.acceptAllBtn.disabled = false;
    if (!this.items.length) {
      this.screen.announce('Every suggestion accepted.');
      this.generateBtn.focus();
    }
  }

  // Rebuilds the list, keeping the keyboard focus on the same kind of button of the item now at
  // the same place (the next one after an accept or a drop), else on "Generate suggestions".
  render() {
    const active = document.activeElement;
    const inList = this.list.contains(active);
    const kind = inList ? active.dataset.key : null;
    const at = inList ? [...this.list.children].indexOf(active.closest('li')) : -1;
    this.list.replaceChildren(...this.items.map((item) => this.row(item)));
    this.acceptAllBtn.hidden = this.items.length < 2;
    if (!inList) return;
    const li = this.list.children[Math.min(at, this.list.children.length - 1)];
    (li?.querySelector(`[data-key="${kind}"]:not(:disabled)`) || li?.querySelector('button:not(:disabled)') ||
      this.generateBtn).focus();
  }

  row(item) {
    const t = item.title_de;
    const note = item.linked ? 'linked already' : item.word_id ? 'an existing word' : 'a new word';
    const accept = item.linked ? null : el('button', {
      type: 'button', 'data-key': 'accept', 'aria-label': `Accept ${t}`, disabled: item.busy,
      onclick: () => this.accept(item),
    }, 'Accept');
    const drop = el('button', { type: 'button', 'data-key': 'drop', 'aria-label': `Drop ${t}`, disabled: item.busy,
      onclick: () => this.drop(item) }, 'Drop');
    return el('li', { class: 'wd-sugg' },
      el('span', { class: 'wd-sugg-text' },
        el('strong', { lang: 'de' }, t),
        item.title_en ? [' · ', el('span', { lang: 'en' }, item.title_en)] : null,
        item.title_sv ? [' · ', el('span', { lang: 'sv' }, item.title_sv)] : null,
        el('span', { class: 'muted' }, ` · level ${item.level} · ${note}`)),
      el('span', { class: 'wd-sugg-actions' }, accept, drop),
      el('span', { class: 'error wd-sugg-error', role: 'alert' }, item.error));
  }
}

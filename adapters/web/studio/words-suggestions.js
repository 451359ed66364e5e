// The generator's suggestions on the Words screen (docs/studio.md "Words"): POST
// /api/word-suggestions stores nothing; "Accept" links the word (found or created), "Drop" only
// takes it off the list. An object without a label word gets none: the API's 409 is shown with
// an offer to set the label first.
import { busy, el } from './dom.js';
import { LANGUAGES } from './languages.js';
import { MSG, errorText } from './messages.js';

// A suggestion's titles as the API takes a word ({title_de, title_en, ...}) and its level.
const wordOf = (item) => ({
  ...Object.fromEntries(LANGUAGES.map(({ code }) => [`title_${code}`, item[`title_${code}`]])),
  level: item.level,
});

export class Suggestions {
  // screen: {api, subject, pictureId, token, link(values, isLabel), offerLabel(), announce(text)}
  constructor(screen) {
    this.screen = screen;
    this.items = []; // each with `error`: its last refused accept
    this.count = el('input', {
      type: 'number',
      id: 'wd-count',
      class: 'wd-level-input',
      min: 1,
      max: 50,
      value: 10,
    });
    this.generateBtn = el(
      'button',
      { type: 'button', class: 'primary', onclick: () => this.generate() },
      'Generate suggestions',
    );
    this.msg = el('span', { class: 'error', role: 'alert' });
    this.labelBtn = el(
      'button',
      { type: 'button', hidden: true, onclick: () => screen.offerLabel() },
      'Set the label first',
    );
    this.status = el('p', { class: 'wd-note', role: 'status' });
    this.list = el('ul', { class: 'wd-suggestions', 'aria-label': 'Suggestions' });
    this.allBtn = el(
      'button',
      { type: 'button', hidden: true, onclick: () => busy(this.allBtn, () => this.acceptAll()) },
      'Accept all',
    );
    this.element = el(
      'section',
      { class: 'wd-panel', 'aria-labelledby': 'wd-sugg-h' },
      el('h3', { id: 'wd-sugg-h' }, 'Suggestions'),
      el(
        'div',
        { class: 'wd-actions' },
        el('label', { for: 'wd-count' }, 'How many'),
        this.count,
        this.generateBtn,
        this.msg,
        this.labelBtn,
      ),
      this.status,
      this.list,
      this.allBtn,
    );
  }

  // Another subject was chosen.
  reset() {
    this.items = [];
    this.status.textContent = '';
    this.labelled();
    this.render();
  }

  // The object has its label now: the 409's offer is done.
  labelled() {
    this.msg.textContent = '';
    this.labelBtn.hidden = true;
  }

  generate() {
    const s = this.screen;
    const token = s.token;
    const count = this.count.value.trim();
    const body = s.subject.object ? { object_id: s.subject.object } : { picture_id: s.pictureId };
    if (count) body.count = /^\d+$/.test(count) ? Number(count) : count;
    this.labelled();
    this.status.textContent = MSG.askingGenerator;
    return busy(this.generateBtn, async () => {
      try {
        const { body: answer } = await s.api.send('POST', '/api/word-suggestions', body);
        if (token !== s.token) return;
        this.items = answer.words.map((w) => ({ ...w, error: '' }));
        const n = this.items.length;
        this.status.textContent = n
          ? MSG.suggestions(n, answer.generator)
          : MSG.noSuggestions(answer.generator);
        this.render();
      } catch (e) {
        if (token !== s.token) return;
        this.status.textContent = '';
        // An object without a label: said for an editor (the API's text names its route).
        const noLabel = e.status === 409 && s.subject.object;
        this.msg.textContent = noLabel ? MSG.noLabelForSuggestions : errorText(e);
        this.labelBtn.hidden = !noLabel;
      }
    });
  }

  // Links the suggested word; true when stored, else its error is shown beside it.
  async accept(item) {
    try {
      await this.screen.link(wordOf(item), false);
      this.drop(item, MSG.done(item.title_de, 'accepted'));
      return true;
    } catch (e) {
      item.error = errorText(e);
      this.render();
      return false;
    }
  }

  drop(item, announcement = MSG.done(item.title_de, 'dropped')) {
    this.items = this.items.filter((i) => i !== item);
    this.render();
    this.screen.announce(announcement);
  }

  // Each in turn (a linked one is stored already: it just leaves the list); stops at a refusal.
  async acceptAll() {
    const token = this.screen.token;
    for (const item of [...this.items]) {
      if (token !== this.screen.token) return;
      if (item.linked) this.drop(item, '');
      else if (!(await this.accept(item))) return;
    }
    this.screen.announce(MSG.allAccepted);
    this.generateBtn.focus();
  }

  // Keeps the focus on the same kind of button at the same place (the next suggestion after an
  // accept or a drop), else on "Generate suggestions".
  render() {
    const active = document.activeElement;
    const at = this.list.contains(active)
      ? [...this.list.children].indexOf(active.closest('li'))
      : -1;
    this.list.replaceChildren(...this.items.map((item) => this.row(item)));
    this.allBtn.hidden = this.items.length < 2;
    if (at < 0) return;
    const li = this.list.children[Math.min(at, this.list.children.length - 1)];
    (
      li?.querySelector(`[data-key="${active.dataset.key}"]`) ||
      li?.querySelector('button') ||
      this.generateBtn
    ).focus();
  }

  row(item) {
    const t = item.title_de;
    const button = (key, text, fn) => {
      const b = el(
        'button',
        { type: 'button', 'data-key': key, 'aria-label': `${text} ${t}` },
        text,
      );
      b.addEventListener('click', () => busy(b, fn));
      return b;
    };
    return el(
      'li',
      { class: 'wd-sugg' },
      el(
        'span',
        { class: 'wd-sugg-text' },
        el('strong', { lang: 'de' }, t),
        LANGUAGES.filter(({ code }) => code !== 'de').map(({ code }) => {
          const title = item[`title_${code}`];
          return title && [' · ', el('span', { lang: code }, title)];
        }),
        el('span', { class: 'muted' }, MSG.suggestionDetail(item)),
      ),
      item.linked ? null : button('accept', 'Accept', () => this.accept(item)),
      button('drop', 'Drop', () => this.drop(item)),
      el('span', { class: 'error wd-sugg-error', role: 'alert' }, item.error),
    );
  }
}

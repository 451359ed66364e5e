// A question's words on the Texts screen (docs/studio.md "Texts"): its answer word(s) and
// distractors (plausible wrong answers), each with "Remove" (the link goes, the word stays), and
// a field to add a word by its German title in either role (found or created as a draft by
// POST /api/cms/db-questions/<id>/words). Refusals are shown beside the field.
import { busy, el } from './dom.js';
import { MSG, errorText } from './messages.js';
import { fieldOf } from './text-card.js';

let serial = 0;

// The words of a QuestionWithWords (answer_words, distractor_words), as the words route lists them.
export function wordsOf(question) {
  return [
    ...(question.answer_words || []).map((w) => ({ ...w, role: 'answer' })),
    ...(question.distractor_words || []).map((w) => ({ ...w, role: 'distractor' })),
  ];
}

export class QuestionWords {
  constructor(api, questionId, words) {
    this.api = api;
    this.path = `/api/cms/db-questions/${questionId}/words`;
    this.name = `question #${questionId}`;
    const id = `tx-w-${++serial}`;
    this.list = el('ul', { class: 'tx-words', 'aria-label': `Words of ${this.name}` });
    this.title = el('input', {
      id,
      type: 'text',
      maxlength: '200',
      lang: 'de',
      'aria-describedby': `${id}-msg`,
    });
    this.role = el(
      'select',
      { id: `${id}-role`, 'aria-label': `Role of the new word (${this.name})` },
      el('option', { value: 'distractor' }, 'as distractor'),
      el('option', { value: 'answer' }, 'as answer'),
    );
    this.addBtn = el(
      'button',
      { type: 'button', 'aria-label': `Add word to ${this.name}` },
      'Add word',
    );
    this.message = el('p', { class: 'tx-field-msg', role: 'alert', id: `${id}-msg` });
    this.addBtn.addEventListener('click', () => this.add());
    this.title.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.add();
      }
    });
    this.node = el(
      'div',
      { class: 'tx-words-box' },
      el('span', { class: 'tx-words-head' }, 'Answer and distractors'),
      this.list,
      el(
        'div',
        { class: 'tx-word-add' },
        el('label', { for: id }, 'Word (German)'),
        this.title,
        this.role,
        this.addBtn,
      ),
      this.message,
    );
    this.show(words);
  }

  show(words) {
    this.words = words;
    const items = words.map((w) => {
      const remove = el(
        'button',
        { type: 'button', class: 'tx-remove', 'aria-label': `Remove ${w.role} ${w.title_de}` },
        'Remove',
      );
      remove.addEventListener('click', () => this.remove(w, remove));
      return el(
        'li',
        { class: `tx-word tx-${w.role}` },
        el('span', { class: 'tx-role' }, w.role),
        el('span', { lang: 'de' }, w.title_de),
        remove,
      );
    });
    this.list.replaceChildren(...items);
    if (!items.length) this.list.append(el('li', { class: 'muted' }, MSG.noWords));
  }

  async add() {
    const title = this.title.value.trim();
    this.message.textContent = '';
    this.title.removeAttribute('aria-invalid');
    if (!title) {
      this.message.textContent = MSG.typeGermanWord;
      this.title.focus();
      return;
    }
    await busy(this.addBtn, async () => {
      try {
        const r = await this.api.send('POST', this.path, {
          title_de: title,
          role: this.role.value,
        });
        this.show(r.body);
        this.title.value = '';
      } catch (e) {
        this.message.textContent = errorText(e);
        if (fieldOf(e.message) === 'title_de') this.title.setAttribute('aria-invalid', 'true');
      }
    });
  }

  async remove(word, button) {
    this.message.textContent = '';
    await busy(button, async () => {
      try {
        await this.api.send('DELETE', `${this.path}/${word.id}`);
        this.show(this.words.filter((w) => w.id !== word.id));
      } catch (e) {
        this.message.textContent = errorText(e);
      }
    });
  }
}

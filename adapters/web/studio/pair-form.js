// The "New pair" form of the pairs screen (docs/studio.md "Pairs"): object, answer type, level,
// a new statement in three languages or one of the picture's statements, no question, one of
// the object's questions or a new one with its short answers, and the words to link to the
// question, the statement or both: one POST /api/cms/db-pairs. The API's 400 message is shown
// beside the part of the form it names.
import { busy, el } from './dom.js';
import { LANGUAGES, SHORT_ANSWER_FIELD, TEXT_FIELD } from './languages.js';
import { MSG, errorText } from './messages.js';
import {
  LINK_TO,
  answerTypeSelect,
  anyText,
  field,
  langGroup,
  levelInput,
  radios,
  select,
  uid,
} from './pair-fields.js';

const clip = (text, n = 60) => (text && text.length > n ? `${text.slice(0, n)}…` : text || '');
// An item's text in the first language that has one.
const textOf = (item) => LANGUAGES.map(({ code }) => item[TEXT_FIELD[code]]).find(Boolean) ?? '';

export class PairForm {
  constructor(screen) {
    this.screen = screen;
    this.object = select([]);
    this.object.addEventListener('change', () => this.refresh());
    this.type = answerTypeSelect();
    this.level = levelInput();
    this.alerts = Object.fromEntries(
      ['statement', 'question', 'words', 'level', 'general'].map((k) => [
        k,
        el('p', { class: 'pf-error', role: 'alert', tabindex: '-1' }),
      ]),
    );

    this.statementMode = radios(
      'statement',
      [
        ['new', 'Write a new statement'],
        ['existing', 'Use a statement of this picture'],
      ],
      'new',
      () => this.showModes(),
    );
    this.statementTexts = langGroup('New statement', TEXT_FIELD, null);
    this.existing = select([]);
    this.existingField = field('Statement to share', this.existing);

    this.questionMode = radios(
      'question',
      [
        ['none', 'No question'],
        ['object', "One of the object's questions"],
        ['new', 'Write a new question'],
      ],
      'none',
      () => this.showModes(),
    );
    this.objectQuestion = select([]);
    this.objectQuestionField = field("Object's question", this.objectQuestion);
    this.questionTexts = langGroup('New question', TEXT_FIELD, null);
    this.shortAnswers = langGroup('Short answer', SHORT_ANSWER_FIELD, null, { multiline: false });
    this.questionHint = el('p', { class: 'muted' });

    this.wordRows = el('div', { class: 'pf-words' });
    this.create = el('button', { type: 'submit', class: 'primary' }, 'Create pair');
    this.done = el('p', { class: 'pf-ok', role: 'status', tabindex: '-1' });

    this.node = el(
      'form',
      { class: 'pf', id: uid('new-pair'), 'aria-labelledby': 'new-pair-heading' },
      el('h2', { id: 'new-pair-heading' }, 'New pair'),
      el(
        'div',
        { class: 'pf-row' },
        field('Object', this.object),
        field('Answer type', this.type),
        field('Level', this.level),
        this.alerts.level,
      ),
      el(
        'fieldset',
        {},
        el('legend', {}, 'Statement'),
        this.statementMode.node,
        this.statementTexts.node,
        this.existingField,
        this.alerts.statement,
      ),
      el(
        'fieldset',
        {},
        el('legend', {}, 'Question'),
        this.questionMode.node,
        this.questionHint,
        this.objectQuestionField,
        this.questionTexts.node,
        this.shortAnswers.node,
        this.alerts.question,
      ),
      el(
        'fieldset',
        {},
        el('legend', {}, 'Words'),
        el(
          'p',
          { class: 'muted' },
          "The picture's words and the chosen object's: link each to the question, the statement or both.",
        ),
        this.wordRows,
        this.alerts.words,
      ),
      el('div', { class: 'pc-actions' }, this.create, this.done, this.alerts.general),
    );
    // An error under a part of the form goes as soon as the editor changes that part.
    const parts = [...this.node.querySelectorAll(':scope > .pf-row, :scope > fieldset')];
    [this.alerts.level, this.alerts.statement, this.alerts.question, this.alerts.words].forEach(
      (alert, i) => {
        for (const type of ['input', 'change'])
          parts[i].addEventListener(type, () => (alert.textContent = ''));
      },
    );
    this.node.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
  }

  // The choices that depend on the screen's data (objects, statements, questions, words).
  async refresh() {
    const s = this.screen;
    const chosen = this.object.value;
    this.object.replaceChildren(
      ...[
        ['', 'None (the whole picture)'],
        ...s.objects.map((o) => [o.id, s.objectName(o.id)]),
      ].map(([v, t]) => el('option', { value: v }, t)),
    );
    this.object.value = chosen;
    const statements = s.statements();
    this.existing.replaceChildren(
      ...statements.map((st) =>
        el(
          'option',
          { value: st.id },
          `#${st.id}: ${clip(textOf(st))} (${st.pairs.length ? `pair ${st.pairs.map((id) => `#${id}`).join(', ')}` : 'no pair yet'})`,
        ),
      ),
    );
    const existing = this.statementMode.node.querySelector('input[value="existing"]');
    existing.disabled = !statements.length;
    if (existing.disabled && existing.checked)
      this.statementMode.node.querySelector('input[value="new"]').click();
    this.renderWords();
    const objectId = Number(this.object.value) || null;
    let questions = [];
    if (objectId) {
      try {
        questions = await s.questionsOf(objectId);
      } catch (e) {
        this.alerts.question.textContent = MSG.couldNot(
          "The object's questions",
          'read',
          errorText(e),
        );
      }
    }
    if (objectId !== (Number(this.object.value) || null)) return; // another object was chosen meanwhile
    this.objectQuestion.replaceChildren(
      ...questions.map((q) => el('option', { value: q.id }, `#${q.id}: ${clip(textOf(q))}`)),
    );
    const none = !objectId ? MSG.chooseObject : questions.length ? '' : MSG.objectHasNoQuestions;
    this.questionHint.textContent = none;
    const objectRadio = this.questionMode.node.querySelector('input[value="object"]');
    objectRadio.disabled = !questions.length;
    if (objectRadio.disabled && objectRadio.checked)
      this.questionMode.node.querySelector('input[value="none"]').click();
    this.showModes();
  }

  showModes() {
    const st = this.statementMode.value();
    this.statementTexts.node.hidden = st !== 'new';
    this.existingField.hidden = st !== 'existing';
    const q = this.questionMode.value();
    this.objectQuestionField.hidden = q !== 'object';
    this.questionTexts.node.hidden = this.shortAnswers.node.hidden = q !== 'new';
    for (const s of this.wordRows.querySelectorAll('select'))
      for (const o of s.options)
        o.disabled = q === 'none' && (o.value === 'question' || o.value === 'both');
  }

  renderWords() {
    const kept = new Map(
      [...this.wordRows.querySelectorAll('select')].map((s) => [s.dataset.word, s.value]),
    );
    const words = this.screen.wordsFor(Number(this.object.value) || null);
    this.wordRows.replaceChildren(
      ...words.map((w) => {
        const s = select([['', 'Not linked'], ...LINK_TO], kept.get(String(w.id)) ?? '', {
          'data-word': w.id,
        });
        return field(w.title_de, s, 'pf-word');
      }),
    );
    if (!words.length) this.wordRows.append(el('p', { class: 'muted' }, MSG.noWordsOnTab));
  }

  body() {
    const body = {
      picture_id: this.screen.pictureId,
      object_id: Number(this.object.value) || null,
      answer_type: this.type.value,
      level: this.level.value === '' ? null : Number(this.level.value),
    };
    if (this.statementMode.value() === 'existing') body.statement_id = Number(this.existing.value);
    else body.statement = this.statementTexts.read();
    const q = this.questionMode.value();
    if (q === 'object') body.question_id = Number(this.objectQuestion.value);
    if (q === 'new') body.question = { ...this.questionTexts.read(), ...this.shortAnswers.read() };
    body.words_add = [...this.wordRows.querySelectorAll('select')]
      .filter((s) => s.value)
      .map((s) => ({ word_id: Number(s.dataset.word), link_to: s.value }));
    return body;
  }

  // The part of the form an API message names (its first word is the field).
  alertFor(message) {
    const field = /^(\w+)/.exec(message)?.[1] ?? '';
    if (field.startsWith('statement')) return this.alerts.statement;
    if (field.startsWith('question')) return this.alerts.question;
    if (field === 'words_add') return this.alerts.words;
    if (field === 'level' || field === 'answer_type' || field === 'object_id')
      return this.alerts.level;
    return this.alerts.general;
  }

  async submit() {
    for (const a of Object.values(this.alerts)) a.textContent = '';
    this.done.textContent = '';
    const body = this.body();
    if (body.statement && !anyText(body.statement)) {
      this.alerts.statement.textContent = MSG.statementNeeded;
      return;
    }
    // Where the focus goes once the button is given back (it was disabled meanwhile, which
    // dropped the focus to the page): the message saying what happened.
    let said = null;
    await busy(this.create, async () => {
      try {
        const r = await this.screen.api.send('POST', '/api/cms/db-pairs', body);
        if (body.question && body.object_id) this.screen.questions.delete(body.object_id);
        this.screen.update(r.body, r.etag);
        this.reset();
        this.done.textContent = MSG.done(`Pair #${r.body.id}`, 'created');
        said = this.done;
        this.refresh();
      } catch (e) {
        const text = errorText(e);
        said = this.alertFor(text);
        said.textContent = MSG.not('created', text);
      }
    });
    said?.focus();
  }

  // Ready for the next pair: the texts and links go; object, answer type and level stay.
  reset() {
    for (const group of [this.statementTexts, this.questionTexts, this.shortAnswers])
      for (const input of Object.values(group.inputs)) input.value = '';
    for (const s of this.wordRows.querySelectorAll('select')) s.value = '';
  }
}

// What a card asks of a learner, in the learner preview (docs/studio.md "What each answer type
// asks of a learner"): the `exercise` of GET /api/cms/db-pairs/<id>/preview, which is the
// practice queue's exercise for that language, shown with what a learner never sees: which
// choice is right and which typed answers pass. Says so when learners of the language cannot
// answer the card at all.
import { el, selectionShape, svg } from './workspace-dom.js';

const TASK = {
  word: 'Name the marked object: pick a word, or type it.',
  question: 'Answer the question: pick an answer, or type it.',
  yes_no: 'Answer yes or no: pick one, or type it.',
  text: 'Read the statement, then rate how well they understood it.',
};

// The self-rating a text card asks for (docs/learning.md "Ratings").
const RATINGS = ['1 Again', '2 Hard', '3 Good', '4 Easy'];

// Why a learner of `language` cannot answer, or answers only part of the way; null when all is
// well. The server answers such a card with 409 card_has_no_answer.
function warning(exercise, language) {
  const { type, choices, accepted_texts: typed } = exercise;
  if (type === 'text') return null;
  if (type === 'yes_no' && !choices.length)
    return `Learners of ${language} cannot answer this card: it has no short answer in ${language} or German.`;
  if (!choices.length && !typed.length)
    return `Learners of ${language} cannot answer this card: it has no answer in ${language}.`;
  if (!choices.length)
    return `No choices in ${language}: no answer word with a ${language} title is linked, so learners can only type the answer.`;
  if (choices.length === 1)
    return 'Only the right answer is offered: link distractor words to the question, or publish words of the same category.';
  return null;
}

// The task, the choices (the right one marked), the typed answers that pass, the self-rating.
export function exerciseSection(exercise, lang, language) {
  const parts = [
    el('h2', { id: 'pv-task-title' }, 'What the learner is asked'),
    el('p', {}, TASK[exercise.type]),
  ];
  if (exercise.prompt)
    parts.push(
      el(
        'p',
        {},
        el('span', { class: 'pv-key' }, 'Prompt: '),
        el('span', { lang }, exercise.prompt),
      ),
    );
  if (exercise.choices.length) {
    const right = new Set(exercise.right_choice_ids);
    parts.push(
      el(
        'p',
        { class: 'pv-key', id: 'pv-choices-title' },
        'Choices (each learner gets them in another order each day):',
      ),
      el(
        'ul',
        { class: 'pv-choices', 'aria-labelledby': 'pv-choices-title' },
        exercise.choices.map((c) =>
          el(
            'li',
            { class: right.has(c.id) ? 'pv-right' : null },
            el('span', { lang }, c.text),
            right.has(c.id) ? el('span', { class: 'pv-mark' }, ' ✓ right') : null,
          ),
        ),
      ),
    );
  }
  if (exercise.accepts_text && exercise.accepted_texts.length)
    parts.push(
      el(
        'p',
        {},
        el('span', { class: 'pv-key' }, 'Typed answers graded right: '),
        el('span', { lang }, exercise.accepted_texts.join(' · ')),
      ),
    );
  if (exercise.self_rated)
    parts.push(
      el(
        'ul',
        { class: 'pv-choices', 'aria-label': 'Ratings' },
        RATINGS.map((r) => el('li', {}, r)),
      ),
    );
  const problem = warning(exercise, language);
  if (problem) parts.push(el('p', { class: 'pv-warning' }, problem));
  return el('section', { class: 'pv-task', 'aria-labelledby': 'pv-task-title' }, parts);
}

// The picture with a word card's object outlined, as the learner's app marks it: the shapes
// are in pixels of the picture, drawn over the image the way it is cropped (cover, centred).
export function outlinedImage(image, outline) {
  const frame = svg('svg', {
    class: 'pv-outline',
    viewBox: `0 0 ${outline.width} ${outline.height}`,
    preserveAspectRatio: 'xMidYMid slice',
    'aria-hidden': 'true',
  });
  for (const shape of outline.shapes)
    frame.append(selectionShape(shape, { 'vector-effect': 'non-scaling-stroke' }));
  return el('div', { class: 'pv-figure' }, image, frame);
}

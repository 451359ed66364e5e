// The Cards screen (#/cards?lang=&category=&level=, docs/studio.md "Cards"): how learners of one
// language fare with each answered card, from GET /api/analytics/cards, hardest first as the
// server orders them; a header's button sorts by its column (aria-sort on the header). A card
// with too few answers for a rate says so instead of showing one (card-figures.js). The filters
// live in the address, so a reload or a shared link shows the same table.
import { el, showError } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { ANSWER_NAME, uid, levelFilter } from './pair-fields.js';
import {
  ariaSort,
  difficultyText,
  distractorText,
  nextSort,
  passRateText,
  previousText,
  recallText,
  sinceText,
  sortCards,
} from './card-figures.js';
import { skipLinks } from './skip-links.js';
import { fillCategories } from './category-filter.js';

const LIMIT = 500; // the API's largest page: the hardest 500 cards of the filters
const DEFAULT_LANG = 'sv';

// [sort key, header]
const COLUMNS = [
  ['pair', 'Pair'],
  ['answer_type', 'Answer type'],
  ['level', 'Level'],
  ['answers', 'Answers'],
  ['pass_rate', 'Pass rate'],
  ['mean_difficulty', 'Mean difficulty'],
  ['mean_retrievability', 'Recall at review'],
  ['learners', 'Learners'],
  ['distractor', 'Most-picked wrong choice'],
];
const COLUMN_NAME = Object.fromEntries(COLUMNS);

const isLevel = (text) => /^[1-9][0-9]?$|^100$/.test(text);
const isId = (text) => /^[1-9][0-9]*$/.test(text);

function hashFor({ lang, category, level }) {
  const query = new URLSearchParams({ lang });
  if (category) query.set('category', category);
  if (level) query.set('level', level);
  return `#/cards?${query}`;
}

export async function mount(container, ctx) {
  const { api } = ctx;
  document.title = 'Cards · langlearn studio';
  const state = {
    lang: LANGUAGE_NAME[ctx.params.lang] ? ctx.params.lang : DEFAULT_LANG,
    category: isId(ctx.params.category ?? '') ? ctx.params.category : '',
    level: isLevel(ctx.params.level ?? '') ? ctx.params.level : '',
  };
  let sort = { key: null, direction: 'asc' }; // null: the server's order, hardest first
  let cards = [];
  let alive = true;
  let latest = 0; // only the newest answer is shown

  // The filters
  const control = (label, node) => {
    node.id = uid('cards');
    return el('div', { class: 'cards-field' }, el('label', { for: node.id }, label), node);
  };
  const language = el(
    'select',
    {},
    LANGUAGES.map(({ code, name }) => el('option', { value: code }, name)),
  );
  language.value = state.lang;
  const category = el('select', {}, el('option', { value: '' }, 'All categories'));
  const level = levelFilter(state.level, 'All');
  const filterError = el('p', { class: 'error', role: 'alert' });
  const filters = el(
    'form',
    { class: 'cards-filters', 'aria-label': 'Filters', novalidate: true },
    control('Language', language),
    control('Category', category),
    control('Level', level),
    el('button', { type: 'submit' }, 'Show'),
  );

  // The table
  const listStatus = el('p', { class: 'muted', role: 'status' }, MSG.loading('the card figures'));
  const listError = el('p', { class: 'error', role: 'alert' });
  const caption = el('caption', { class: 'visually-hidden' });
  const headers = COLUMNS.map(([key, name]) =>
    el(
      'th',
      { scope: 'col', 'data-sort': key },
      el(
        'button',
        { type: 'button', class: 'cards-sort', onclick: () => sortBy(key) },
        name,
        el('span', { class: 'cards-arrow', 'aria-hidden': 'true' }),
      ),
    ),
  );
  const body = el('tbody');
  const table = el(
    'table',
    { class: 'cards-table', hidden: true },
    caption,
    el('thead', {}, el('tr', {}, headers)),
    body,
  );

  container.replaceChildren(
    el(
      'section',
      { class: 'screen cards-screen' },
      // With no cards the table is hidden: the line saying so instead.
      skipLinks([{ label: 'the card table', target: () => (table.hidden ? listStatus : table) }]),
      el('div', { class: 'screen-head' }, el('h1', {}, 'Cards')),
      el(
        'p',
        { class: 'muted' },
        'How learners fare with each card since its last edit, per language; the hardest first.',
      ),
      filters,
      filterError,
      listStatus,
      listError,
      el('div', { class: 'cards-scroll' }, table),
    ),
  );

  function statusText() {
    const name = LANGUAGE_NAME[state.lang];
    const order = sort.key
      ? MSG.sortedBy(COLUMN_NAME[sort.key], sort.direction === 'asc' ? 'ascending' : 'descending')
      : MSG.hardestFirst;
    if (!cards.length) return state.category || state.level ? MSG.noAnswersMatch : MSG.noAnswersIn;
    return (
      MSG.cardsShown(cards.length, name, order) +
      (cards.length >= LIMIT ? ` ${MSG.cardsLimited(LIMIT)}` : '')
    );
  }

  function show() {
    for (const th of headers) {
      const value = ariaSort(sort, th.dataset.sort);
      if (value === 'none') th.removeAttribute('aria-sort');
      else th.setAttribute('aria-sort', value);
      th.querySelector('.cards-arrow').textContent =
        value === 'ascending' ? ' ▲' : value === 'descending' ? ' ▼' : '';
    }
    caption.textContent = `Card figures in ${LANGUAGE_NAME[state.lang]}`;
    body.replaceChildren(...sortCards(cards, sort.key, sort.direction).map(row));
    table.hidden = !cards.length;
    listStatus.textContent = statusText();
  }

  function row(f) {
    const previous = previousText(f);
    const since = sinceText(f);
    const distractor = distractorText(f);
    const statement = f.statement
      ? el('span', { class: 'cards-statement', lang: f.lang }, f.statement)
      : el('span', { class: 'cards-statement muted' }, '—');
    return el(
      'tr',
      { 'data-pair': f.pair_id },
      el(
        'th',
        { scope: 'row' },
        f.picture_id
          ? el(
              'a',
              { href: `#/pictures/${f.picture_id}/pairs?pair=${f.pair_id}` },
              `#${f.pair_id}`,
              el('span', { class: 'visually-hidden' }, ' on its picture’s Pairs tab'),
            )
          : `#${f.pair_id}`,
        ' ',
        statement,
      ),
      el('td', {}, ANSWER_NAME[f.answer_type] ?? f.answer_type),
      el('td', { class: 'cards-number' }, f.level),
      el('td', { class: 'cards-number' }, f.answers),
      el(
        'td',
        { class: 'cards-rate' },
        el('span', { class: f.small_sample ? 'cards-few' : 'cards-main' }, passRateText(f)),
        since ? el('span', { class: 'cards-note' }, since) : null,
        previous ? el('span', { class: 'cards-note' }, previous) : null,
      ),
      el('td', { class: 'cards-number' }, difficultyText(f.mean_difficulty)),
      el('td', { class: 'cards-number' }, recallText(f.mean_retrievability)),
      el('td', { class: 'cards-number' }, f.learners),
      el('td', {}, distractor ?? el('span', { class: 'muted' }, '—')),
    );
  }

  function sortBy(key) {
    sort = nextSort(sort, key);
    show();
  }

  async function load() {
    const mine = ++latest;
    const query = new URLSearchParams({ lang: state.lang, limit: String(LIMIT) });
    if (state.category) query.set('category_id', state.category);
    if (state.level) query.set('level', state.level);
    showError(listError, null);
    listStatus.textContent = MSG.loading('the card figures');
    table.setAttribute('aria-busy', 'true');
    try {
      const answer = (await api.get(`/api/analytics/cards?${query}`)).body;
      if (!alive || mine !== latest) return;
      cards = answer.cards;
      show();
    } catch (e) {
      if (!alive || mine !== latest) return;
      cards = [];
      show();
      listStatus.textContent = '';
      listError.textContent = MSG.couldNot('The card figures', 'read', errorText(e));
    } finally {
      if (mine === latest) table.removeAttribute('aria-busy');
    }
  }

  // The filters as chosen: shown at once, kept in the address (without a new history entry).
  function apply() {
    const typed = level.value.trim();
    if (typed && !isLevel(typed)) {
      filterError.textContent = MSG.levelRange;
      return;
    }
    filterError.textContent = '';
    const next = { lang: language.value, category: category.value, level: typed };
    if (next.lang === state.lang && next.category === state.category && next.level === state.level)
      return;
    Object.assign(state, next);
    history.replaceState(null, '', hashFor(state));
    load();
  }
  filters.addEventListener('change', apply);
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });

  const categories = fillCategories(api, category, state.category, filterError).then((id) => {
    state.category = id;
  });

  await Promise.all([loadStylesheet('cards.css'), categories]);
  await load();
  return () => {
    alive = false;
  };
}

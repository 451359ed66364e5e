// The Content screen (docs/studio.md "Content"): every pair (#/content?q=&status=&...&page=),
// word, statement or question (#/content/words?..., /statements, /questions) across pictures,
// from GET /api/content/<list>,
// searched in German, English and Swedish, filtered, ordered and paged by the server, with a box
// per row and bulk actions (POST .../bulk) that report what was refused and why. The search,
// filters, order and page live in the address, so a reload or a shared link shows the same list.
import { busy, el } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import {
  ANSWER_NAME,
  ANSWER_TYPES,
  STATUS_NAME,
  field,
  select,
  levelFilter,
} from './pair-fields.js';
import { skipLinks } from './skip-links.js';
import { fillCategories } from './category-filter.js';

const PAGE = 50;
const LAST_PAGE = 1_000_000 / PAGE + 1; // the API's largest offset, 1,000,000
const MIN_SEARCH = 3; // characters; the API's trigram search needs three
const ORDERS = [
  ['id', 'Number, lowest first'],
  ['-id', 'Number, highest first'],
  ['-updated', 'Changed most recently'],
  ['updated', 'Changed least recently'],
  ['level', 'Level, lowest first'],
  ['-level', 'Level, highest first'],
  ['text', 'German text, A to Z'],
  ['-text', 'German text, Z to A'],
];
const LANGUAGE_FILTER = [
  ['', 'No filter'],
  ['any', 'Any language'],
  ...LANGUAGES.map(({ code, name }) => [code, name]),
];
// [action, button caption, what the summary says was done (n items), verb for a failure]
const ACTIONS = {
  review: ['Review', (n, kind) => MSG.bulkDone(n, kind, 'reviewed'), 'reviewed'],
  publish: ['Publish', (n, kind) => MSG.bulkDone(n, kind, 'published'), 'published'],
  unpublish: ['Unpublish', (n, kind) => MSG.bulkDone(n, kind, 'unpublished'), 'unpublished'],
  audio: ['Make audio', (n, kind) => MSG.bulkAudio(n, kind), 'spoken'],
};
// The most ids one bulk request takes (the API's; audio is spoken while it waits).
const CHUNK = { audio: 20, other: 200 };

const isLevel = (text) => /^[1-9][0-9]?$|^100$/.test(text);
const isId = (text) => /^[1-9][0-9]*$/.test(text);
const oneOf = (options, value) => (options.some(([v]) => v === value) ? value : '');
const languageNames = (codes) => codes.map((c) => LANGUAGE_NAME[c] ?? c).join(', ');

// Lines of an item's texts in its languages: German first, the others in grey.
function textLines(item, field, label = '') {
  if (!item) return [];
  return LANGUAGES.filter(({ code }) => item[`${field}_${code}`]).map(({ code }) =>
    el(
      'span',
      { class: code === 'de' ? 'content-text' : 'content-text muted', lang: code },
      label && code === 'de' ? `${label}: ${item[`${field}_${code}`]}` : item[`${field}_${code}`],
    ),
  );
}

// A pair's statement, then its question; "No text" when it has none.
function pairTexts(r) {
  const lines = [...textLines(r.statement, 'text'), ...textLines(r.question, 'text', 'Question')];
  return lines.length ? lines : el('span', { class: 'muted' }, 'No text');
}

// What each list is: its API, name, statuses, filters beyond the common ones, columns, actions.
const KINDS = {
  pairs: {
    path: '#/content',
    api: '/api/content/pairs',
    one: 'pair',
    many: 'pairs',
    german: (r) => r.statement?.text_de,
    // Changes waiting beside the live texts (docs/studio.md "Drafts of published content").
    drafted: (r) => Boolean(r.statement?.draft || r.question?.draft),
    intro: 'Every pair across pictures: search, filter, and act on many at once.',
    tab: 'Pairs',
    searched: 'statement or question',
    textWord: 'Text',
    statuses: Object.entries(STATUS_NAME),
    answerTypes: true,
    levels: true,
    categories: true,
    actions: ['review', 'publish', 'unpublish', 'audio'],
    columns: ['Pair', 'Texts', 'Answer type'],
    cells: (r) => [
      el(
        'th',
        { scope: 'row' },
        r.picture
          ? el(
              'a',
              { href: `#/pictures/${r.picture.id}/pairs?pair=${r.id}` },
              `#${r.id}`,
              el('span', { class: 'visually-hidden' }, ' on its picture’s Pairs tab'),
            )
          : `#${r.id}`,
        r.picture
          ? el(
              'span',
              { class: 'content-picture muted' },
              `on ${r.picture.title || `picture ${r.picture.id}`}`,
            )
          : null,
      ),
      el('td', {}, pairTexts(r)),
      el('td', {}, ANSWER_NAME[r.answer_type] ?? r.answer_type),
    ],
  },
  words: {
    path: '#/content/words',
    api: '/api/content/words',
    one: 'word',
    many: 'words',
    german: (r) => r.title_de,
    drafted: null, // words have no drafts
    intro: 'Every word: search, filter, and publish or give audio to many at once.',
    tab: 'Words',
    searched: 'title',
    textWord: 'Title',
    statuses: [
      ['draft', 'Draft'],
      ['published', 'Published'],
    ],
    answerTypes: false,
    levels: true,
    categories: true,
    actions: ['publish', 'unpublish', 'audio'],
    columns: ['Word', 'Titles', 'Categories'],
    cells: (r) => [
      el('th', { scope: 'row' }, `#${r.id}`),
      el('td', {}, textLines(r, 'title')),
      el(
        'td',
        {},
        r.categories.length
          ? r.categories.map((c) => c.label).join(', ')
          : el('span', { class: 'muted' }, '—'),
      ),
    ],
  },
  statements: {
    path: '#/content/statements',
    api: '/api/content/statements',
    one: 'statement',
    many: 'statements',
    german: (r) => r.text_de,
    drafted: (r) => Boolean(r.draft),
    intro: 'Every statement: search, filter, and review, publish or give audio to many at once.',
    tab: 'Statements',
    searched: 'text',
    textWord: 'Text',
    statuses: Object.entries(STATUS_NAME),
    answerTypes: false,
    levels: false, // a statement has none (its pairs do)
    categories: false,
    actions: ['review', 'publish', 'unpublish', 'audio'],
    columns: ['Statement', 'Texts'],
    cells: (r) => [el('th', { scope: 'row' }, `#${r.id}`), el('td', {}, textLines(r, 'text'))],
  },
  questions: {
    path: '#/content/questions',
    api: '/api/content/questions',
    one: 'question',
    many: 'questions',
    german: (r) => r.text_de,
    drafted: (r) => Boolean(r.draft),
    intro: 'Every question: search, filter, and review, publish or give audio to many at once.',
    tab: 'Questions',
    searched: 'question (not its short answers)',
    textWord: 'Text',
    statuses: Object.entries(STATUS_NAME),
    answerTypes: false,
    levels: true,
    categories: false,
    actions: ['review', 'publish', 'unpublish', 'audio'],
    columns: ['Question', 'Texts', 'Short answers'],
    cells: (r) => [
      el('th', { scope: 'row' }, `#${r.id}`),
      el('td', {}, textLines(r, 'text')),
      el(
        'td',
        {},
        LANGUAGES.filter(({ shortAnswer }) => r[shortAnswer]).map(({ code, shortAnswer }) =>
          el('span', { class: 'content-text', lang: code }, r[shortAnswer]),
        ),
      ),
    ],
  },
};
const FILTER_KEYS = [
  'q',
  'status',
  'level',
  'category',
  'answer_type',
  'missing_text',
  'missing_audio',
  'has_draft',
];
const DRAFT_FILTER = [
  ['', 'Any'],
  ['true', 'Changes in draft'],
  ['false', 'No changes in draft'],
];

// The orders a list offers: by level only where its items have one.
const ordersOf = (kind) => ORDERS.filter(([key]) => kind.levels || !key.endsWith('level'));

function stateOf(kind, params) {
  return {
    q: (params.q ?? '').trim(),
    status: oneOf(kind.statuses, params.status ?? ''),
    level: kind.levels && isLevel(params.level ?? '') ? params.level : '',
    category: kind.categories && isId(params.category ?? '') ? params.category : '',
    answer_type:
      kind.answerTypes && Object.hasOwn(ANSWER_NAME, params.answer_type ?? '')
        ? params.answer_type
        : '',
    missing_text: oneOf(LANGUAGE_FILTER, params.missing_text ?? ''),
    missing_audio: oneOf(LANGUAGE_FILTER, params.missing_audio ?? ''),
    has_draft: kind.drafted ? oneOf(DRAFT_FILTER, params.has_draft ?? '') : '',
    sort: oneOf(ordersOf(kind), params.sort ?? '') || 'id',
    page: Math.min(LAST_PAGE, Math.max(1, Number.parseInt(params.page, 10) || 1)),
  };
}

function hashFor(kind, state) {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (state[key]) query.set(key, state[key]);
  if (state.sort !== 'id') query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return text ? `${kind.path}?${text}` : kind.path;
}

function apiPath(kind, state) {
  const query = new URLSearchParams({
    sort: state.sort,
    offset: String((state.page - 1) * PAGE),
    limit: String(PAGE),
  });
  for (const key of FILTER_KEYS) {
    if (!state[key]) continue;
    query.set(key === 'category' ? 'category_id' : key, state[key]);
  }
  return `${kind.api}?${query}`;
}

export async function mount(container, ctx) {
  const { api } = ctx;
  const kindName = Object.hasOwn(KINDS, ctx.params.kind ?? '') ? ctx.params.kind : 'pairs';
  const kind = KINDS[kindName];
  document.title = `${kind.tab} · Content · langlearn studio`;
  const state = stateOf(kind, ctx.params);
  // What the address asked for that this list does not take is dropped from it too.
  const asked = location.hash;
  if (asked.startsWith('#/content') && asked !== hashFor(kind, state))
    history.replaceState(null, '', hashFor(kind, state));
  let rows = [];
  // Every item shown since the screen opened, by id: a refusal names the item by its text too
  // ("Pair #12 “Die Katze schläft.”"), also when it was selected on another page.
  const seen = new Map();
  let total = 0;
  const selected = new Set();
  let alive = true;
  let latest = 0;

  // The lists
  const tabs = el(
    'nav',
    { class: 'content-tabs', 'aria-label': 'Content lists' },
    Object.entries(KINDS).map(([name, k]) =>
      el('a', { href: k.path, 'aria-current': name === kindName ? 'page' : null }, k.tab),
    ),
  );

  // The search and the filters
  const search = el('input', {
    type: 'search',
    name: 'q',
    value: state.q,
    maxlength: 200,
    'aria-describedby': 'content-search-hint',
  });
  const status = select([['', 'Any status'], ...kind.statuses], state.status);
  const answerType = kind.answerTypes
    ? select([['', 'Any answer type'], ...ANSWER_TYPES], state.answer_type)
    : null;
  const level = levelFilter(state.level, 'Any');
  const category = el('select', {}, el('option', { value: '' }, 'Any category'));
  const missingText = select(LANGUAGE_FILTER, state.missing_text);
  const missingAudio = select(LANGUAGE_FILTER, state.missing_audio);
  const hasDraft = kind.drafted ? select(DRAFT_FILTER, state.has_draft) : null;
  const order = select(ordersOf(kind), state.sort);
  const filterError = el('p', { class: 'error', role: 'alert' });
  const filters = el(
    'form',
    {
      class: 'content-filters',
      role: 'search',
      'aria-label': 'Search and filters',
      novalidate: true,
    },
    el(
      'div',
      { class: 'content-search' },
      field('Search the texts', search, 'content-field'),
      el(
        'p',
        { id: 'content-search-hint', class: 'muted' },
        `At least ${MIN_SEARCH} letters, found in the German, English or Swedish ${kind.searched}.`,
      ),
    ),
    field('Status', status, 'content-field'),
    answerType ? field('Answer type', answerType, 'content-field') : null,
    kind.levels ? field('Level', level, 'content-field') : null,
    kind.categories ? field('Category', category, 'content-field') : null,
    field(`${kind.textWord} missing in`, missingText, 'content-field'),
    field('Audio missing in', missingAudio, 'content-field'),
    hasDraft ? field('Drafts', hasDraft, 'content-field') : null,
    field('Order', order, 'content-field'),
    el('button', { type: 'submit' }, 'Search'),
  );

  // The bulk actions
  const selectedCount = el('span', { class: 'content-count' });
  const actionButtons = kind.actions.map((action) =>
    el(
      'button',
      { type: 'button', 'data-action': action, onclick: () => act(action) },
      ACTIONS[action][0],
    ),
  );
  const summary = el('div', { class: 'content-summary', tabindex: '-1' });
  const bulkBar = el(
    'div',
    { class: 'content-bulk', role: 'group', 'aria-label': `Selected ${kind.many}` },
    selectedCount,
    actionButtons,
  );

  // The table
  const listStatus = el('p', { class: 'muted', role: 'status' }, MSG.loading(`the ${kind.many}`));
  const listError = el('p', { class: 'error', role: 'alert' });
  const selectPage = el('input', {
    type: 'checkbox',
    'aria-label': `Select every ${kind.one} on this page`,
    onchange: () => {
      for (const r of rows) {
        if (selectPage.checked) selected.add(r.id);
        else selected.delete(r.id);
      }
      show();
    },
  });
  const body = el('tbody');
  const listName = kind.tab;
  const table = el(
    'table',
    { class: 'content-table', hidden: true, 'aria-labelledby': 'content-list-heading' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col', class: 'content-pick' }, selectPage),
        [...kind.columns, ...(kind.levels ? ['Level'] : []), 'Status', 'Missing'].map((name) =>
          el('th', { scope: 'col' }, name),
        ),
      ),
    ),
    body,
  );
  const previous = el('a', { class: 'button' }, 'Previous page');
  const next = el('a', { class: 'button' }, 'Next page');
  const pager = el('nav', { class: 'content-pager', 'aria-label': 'Pages' }, previous, next);
  const listHeading = el('h2', { id: 'content-list-heading', tabindex: '-1' }, listName);

  container.replaceChildren(
    el(
      'section',
      { class: 'screen content-screen' },
      skipLinks([{ label: `the ${kind.one} list`, target: () => listHeading }]),
      el('div', { class: 'screen-head' }, el('h1', {}, 'Content')),
      tabs,
      el('p', { class: 'muted' }, kind.intro),
      filters,
      filterError,
      listHeading,
      bulkBar,
      summary,
      listStatus,
      listError,
      el('div', { class: 'content-scroll' }, table),
      pager,
    ),
  );

  function missing(r) {
    const notes = [];
    if (r.missing_text.length) notes.push(`${kind.textWord}: ${languageNames(r.missing_text)}`);
    if (r.missing_audio.length) notes.push(`Audio: ${languageNames(r.missing_audio)}`);
    if (!notes.length) return el('span', { class: 'muted' }, 'Nothing');
    return notes.map((n) => el('span', { class: 'content-missing' }, n));
  }

  function row(r) {
    const pick = el('input', {
      type: 'checkbox',
      'aria-label': `Select ${kind.one} ${r.id}`,
      checked: selected.has(r.id),
      onchange: () => {
        if (pick.checked) selected.add(r.id);
        else selected.delete(r.id);
        showSelection();
      },
    });
    return el(
      'tr',
      { 'data-id': r.id },
      el('td', { class: 'content-pick' }, pick),
      kind.cells(r),
      kind.levels ? el('td', { class: 'content-number' }, r.level) : null,
      el(
        'td',
        {},
        el('span', { class: `badge status-${r.status}` }, STATUS_NAME[r.status] ?? r.status),
        kind.drafted?.(r) ? el('span', { class: 'content-drafted' }, 'Changes in draft') : null,
      ),
      el('td', {}, missing(r)),
    );
  }

  function showSelection() {
    const n = selected.size;
    selectedCount.textContent = n ? MSG.selected(n, kind.one) : MSG.nothingSelected(kind.many);
    for (const b of actionButtons) {
      const caption = ACTIONS[b.dataset.action][0];
      b.disabled = n === 0;
      b.setAttribute('aria-label', n ? `${caption} ${MSG.selected(n, kind.one)}` : caption);
    }
    const onPage = rows.filter((r) => selected.has(r.id)).length;
    selectPage.checked = rows.length > 0 && onPage === rows.length;
    selectPage.indeterminate = onPage > 0 && onPage < rows.length;
  }

  function show() {
    body.replaceChildren(...rows.map(row));
    table.hidden = !rows.length;
    const first = (state.page - 1) * PAGE + 1;
    const lastPage = Math.max(1, Math.ceil(total / PAGE));
    listStatus.textContent = rows.length
      ? MSG.itemsShown(kind.tab, first, first + rows.length - 1, total)
      : total
        ? MSG.pageBeyond(total, kind.one)
        : MSG.nothingMatches(kind.many);
    previous.hidden = state.page <= 1;
    next.hidden = state.page >= Math.min(lastPage, LAST_PAGE);
    // Past the last page, Previous leads to the last one.
    previous.href = hashFor(kind, { ...state, page: Math.min(state.page - 1, lastPage) });
    next.href = hashFor(kind, { ...state, page: state.page + 1 });
    showSelection();
  }

  async function load() {
    const mine = ++latest;
    listError.textContent = '';
    listStatus.textContent = MSG.loading(`the ${kind.many}`);
    table.setAttribute('aria-busy', 'true');
    try {
      const answer = (await api.get(apiPath(kind, state))).body;
      if (!alive || mine !== latest) return;
      rows = answer.items;
      for (const r of rows) seen.set(r.id, r);
      total = answer.total;
      show();
    } catch (e) {
      if (!alive || mine !== latest) return;
      rows = [];
      total = 0;
      show();
      listStatus.textContent = '';
      listError.textContent = MSG.couldNot(`The ${kind.many}`, 'read', errorText(e));
    } finally {
      if (mine === latest) table.removeAttribute('aria-busy');
    }
  }

  // "Pair #12 “Die Katze schläft.”", or "Pair #12" when its text is not known.
  function named(id) {
    const one = `${kind.one[0].toUpperCase()}${kind.one.slice(1)} #${id}`;
    const text = seen.has(id) ? kind.german(seen.get(id)) : null;
    return text ? `${one} “${text}”` : one;
  }

  // One action on every selected item, as many requests as the API's limit asks; the summary
  // says what was done and what was refused, and takes the focus. The refused stay selected, to
  // be fixed and tried again.
  async function act(action) {
    const ids = [...selected];
    if (!ids.length) return;
    const [, done, verb] = ACTIONS[action];
    const size = action === 'audio' ? CHUNK.audio : CHUNK.other;
    await busy(actionButtons, async () => {
      summary.replaceChildren();
      const result = { done: [], refused: [] };
      let failure = null;
      for (let at = 0; at < ids.length && !failure; at += size) {
        try {
          const { body: part } = await api.send('POST', `${kind.api}/bulk`, {
            action,
            ids: ids.slice(at, at + size),
          });
          result.done.push(...part.done);
          result.refused.push(...part.refused);
        } catch (e) {
          failure = e;
        }
      }
      for (const id of result.done) selected.delete(id);
      const refused = result.refused.length
        ? [
            el('p', {}, MSG.bulkRefused(result.refused.length, kind.one)),
            el(
              'ul',
              { class: 'content-refused' },
              result.refused.map((r) =>
                el(
                  'li',
                  {},
                  `${named(r.id)}: ${errorText({ status: r.status, message: r.error, body: r })}`,
                ),
              ),
            ),
          ]
        : [];
      const stopped = failure
        ? [
            el(
              'p',
              { class: 'error' },
              MSG.couldNot(`The other ${kind.many}`, verb, errorText(failure)),
            ),
          ]
        : [];
      summary.replaceChildren(
        el('p', {}, done(result.done.length, kind.one)),
        ...refused,
        ...stopped,
      );
      await load();
    });
    showSelection(); // busy() enabled the buttons again, whatever is selected now
    summary.focus();
  }

  // The filters as chosen; a new search starts at the first page with nothing selected.
  function apply() {
    const typedLevel = level.value.trim();
    const q = search.value.trim();
    if (typedLevel && !isLevel(typedLevel)) {
      filterError.textContent = MSG.levelRange;
      return;
    }
    if (q && [...q].length < MIN_SEARCH) {
      filterError.textContent = MSG.searchTooShort(MIN_SEARCH);
      return;
    }
    filterError.textContent = '';
    const chosen = {
      q,
      status: status.value,
      level: kind.levels ? typedLevel : '',
      category: kind.categories ? category.value : '',
      answer_type: answerType ? answerType.value : '',
      missing_text: missingText.value,
      missing_audio: missingAudio.value,
      has_draft: hasDraft ? hasDraft.value : '',
      sort: order.value,
    };
    if (Object.entries(chosen).every(([k, v]) => state[k] === v)) return;
    Object.assign(state, chosen, { page: 1 });
    selected.clear();
    summary.replaceChildren();
    history.replaceState(null, '', hashFor(kind, state));
    load();
  }
  filters.addEventListener('change', (event) => {
    if (event.target !== search) apply();
  });
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });

  const categories = kind.categories
    ? fillCategories(api, category, state.category, filterError).then((id) => {
        state.category = id;
      })
    : null;

  await Promise.all([loadStylesheet('content.css'), categories]);
  await load();
  return () => {
    alive = false;
  };
}

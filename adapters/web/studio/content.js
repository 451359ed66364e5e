// The Content screen (#/content?q=&status=&...&page=, docs/studio.md "Content lists"): every
// pair across pictures from GET /api/content/pairs, searched in its German, English and Swedish
// texts, filtered, ordered and paged by the server, with a box per row and bulk Review,
// Publish, Unpublish and Make audio (POST /api/content/pairs/bulk) that report what was refused
// and why. The search, filters, order and page live in the address, so a reload or a shared
// link shows the same list.
import { busy, el } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { ANSWER_NAME, ANSWER_TYPES, STATUS_NAME, field, select } from './pair-fields.js';
import { skipLinks } from './skip-links.js';
import { fillCategories } from './category-filter.js';

const PAGE = 50;
const MIN_SEARCH = 3; // characters; the API's trigram search needs three
const ORDERS = [
  ['id', 'Pair number, lowest first'],
  ['-id', 'Pair number, highest first'],
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
// [action, button caption, what the summary says was done (n pairs), verb for a failure]
const ACTIONS = [
  ['review', 'Review', (n) => MSG.bulkDone(n, 'reviewed'), 'reviewed'],
  ['publish', 'Publish', (n) => MSG.bulkDone(n, 'published'), 'published'],
  ['unpublish', 'Unpublish', (n) => MSG.bulkDone(n, 'unpublished'), 'unpublished'],
  ['audio', 'Make audio', (n) => MSG.bulkAudio(n), 'spoken'],
];
const FILTER_KEYS = [
  'q',
  'status',
  'level',
  'category',
  'answer_type',
  'missing_text',
  'missing_audio',
];

const isLevel = (text) => /^[1-9][0-9]?$|^100$/.test(text);
const isId = (text) => /^[1-9][0-9]*$/.test(text);
const oneOf = (options, value) => (options.some(([v]) => v === value) ? value : '');

function stateOf(params) {
  return {
    q: (params.q ?? '').trim(),
    status: Object.hasOwn(STATUS_NAME, params.status ?? '') ? params.status : '',
    level: isLevel(params.level ?? '') ? params.level : '',
    category: isId(params.category ?? '') ? params.category : '',
    answer_type: Object.hasOwn(ANSWER_NAME, params.answer_type ?? '') ? params.answer_type : '',
    missing_text: oneOf(LANGUAGE_FILTER, params.missing_text ?? ''),
    missing_audio: oneOf(LANGUAGE_FILTER, params.missing_audio ?? ''),
    sort: oneOf(ORDERS, params.sort ?? '') || 'id',
    page: Math.max(1, Number.parseInt(params.page, 10) || 1),
  };
}

function hashFor(state) {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (state[key]) query.set(key, state[key]);
  if (state.sort !== 'id') query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return text ? `#/content?${text}` : '#/content';
}

function apiPath(state) {
  const query = new URLSearchParams({
    sort: state.sort,
    offset: String((state.page - 1) * PAGE),
    limit: String(PAGE),
  });
  for (const key of FILTER_KEYS) {
    if (!state[key]) continue;
    query.set(key === 'category' ? 'category_id' : key, state[key]);
  }
  return `/api/content/pairs?${query}`;
}

const languageNames = (codes) => codes.map((c) => LANGUAGE_NAME[c] ?? c).join(', ');

export async function mount(container, ctx) {
  const { api } = ctx;
  document.title = 'Content · langlearn studio';
  const state = stateOf(ctx.params);
  let rows = [];
  let total = 0;
  const selected = new Set();
  let alive = true;
  let latest = 0;

  // The search and the filters
  const search = el('input', {
    type: 'search',
    name: 'q',
    value: state.q,
    maxlength: 200,
    'aria-describedby': 'content-search-hint',
  });
  const status = select([['', 'Any status'], ...Object.entries(STATUS_NAME)], state.status);
  const answerType = select([['', 'Any answer type'], ...ANSWER_TYPES], state.answer_type);
  const level = el('input', {
    type: 'number',
    min: '1',
    max: '100',
    step: '1',
    inputmode: 'numeric',
    placeholder: 'Any',
    value: state.level,
  });
  const category = el('select', {}, el('option', { value: '' }, 'Any category'));
  const missingText = select(LANGUAGE_FILTER, state.missing_text);
  const missingAudio = select(LANGUAGE_FILTER, state.missing_audio);
  const order = select(ORDERS, state.sort);
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
        `At least ${MIN_SEARCH} letters, found in the German, English or Swedish statement or question.`,
      ),
    ),
    field('Status', status, 'content-field'),
    field('Answer type', answerType, 'content-field'),
    field('Level', level, 'content-field'),
    field('Category', category, 'content-field'),
    field('Text missing in', missingText, 'content-field'),
    field('Audio missing in', missingAudio, 'content-field'),
    field('Order', order, 'content-field'),
    el('button', { type: 'submit' }, 'Search'),
  );

  // The bulk actions
  const selectedCount = el('span', { class: 'content-count' });
  const actionButtons = ACTIONS.map(([action, caption, done, verb]) =>
    el(
      'button',
      { type: 'button', 'data-action': action, onclick: () => act(action, done, verb) },
      caption,
    ),
  );
  const summary = el('div', { class: 'content-summary', role: 'status', tabindex: '-1' });
  const bulkBar = el(
    'div',
    { class: 'content-bulk', role: 'group', 'aria-label': 'Selected pairs' },
    selectedCount,
    actionButtons,
  );

  // The table
  const listStatus = el('p', { class: 'muted', role: 'status' }, MSG.loading('the pairs'));
  const listError = el('p', { class: 'error', role: 'alert' });
  const selectPage = el('input', {
    type: 'checkbox',
    'aria-label': 'Select every pair on this page',
    onchange: () => {
      for (const r of rows) {
        if (selectPage.checked) selected.add(r.id);
        else selected.delete(r.id);
      }
      show();
    },
  });
  const body = el('tbody');
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
        el('th', { scope: 'col' }, 'Pair'),
        el('th', { scope: 'col' }, 'Texts'),
        el('th', { scope: 'col' }, 'Answer type'),
        el('th', { scope: 'col' }, 'Level'),
        el('th', { scope: 'col' }, 'Status'),
        el('th', { scope: 'col' }, 'Missing'),
      ),
    ),
    body,
  );
  const previous = el('a', { class: 'button' }, 'Previous page');
  const next = el('a', { class: 'button' }, 'Next page');
  const pager = el('nav', { class: 'content-pager', 'aria-label': 'Pages' }, previous, next);
  const listHeading = el('h2', { id: 'content-list-heading', tabindex: '-1' }, 'Pairs');

  container.replaceChildren(
    el(
      'section',
      { class: 'screen content-screen' },
      skipLinks([{ label: 'the pair list', target: () => listHeading }]),
      el('div', { class: 'screen-head' }, el('h1', {}, 'Content')),
      el(
        'p',
        { class: 'muted' },
        'Every pair across pictures: search, filter, and act on many at once.',
      ),
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

  function texts(r) {
    const lines = [];
    const add = (label, item) => {
      if (!item) return;
      for (const { code } of LANGUAGES) {
        const text = item[`text_${code}`];
        if (text)
          lines.push(
            el(
              'span',
              { class: code === 'de' ? 'content-text' : 'content-text muted', lang: code },
              label && code === 'de' ? `${label}: ${text}` : text,
            ),
          );
      }
    };
    add('', r.statement);
    add('Question', r.question);
    return lines.length ? lines : el('span', { class: 'muted' }, 'No text');
  }

  function missing(r) {
    const notes = [];
    if (r.missing_text.length) notes.push(`Text: ${languageNames(r.missing_text)}`);
    if (r.missing_audio.length) notes.push(`Audio: ${languageNames(r.missing_audio)}`);
    if (!notes.length) return el('span', { class: 'muted' }, 'Nothing');
    return notes.map((n) => el('span', { class: 'content-missing' }, n));
  }

  function row(r) {
    const pick = el('input', {
      type: 'checkbox',
      'aria-label': `Select pair ${r.id}`,
      checked: selected.has(r.id),
      onchange: () => {
        if (pick.checked) selected.add(r.id);
        else selected.delete(r.id);
        showSelection();
      },
    });
    const picture = r.picture
      ? el(
          'span',
          { class: 'content-picture muted' },
          `on ${r.picture.title || `picture ${r.picture.id}`}`,
        )
      : null;
    return el(
      'tr',
      { 'data-pair': r.id },
      el('td', { class: 'content-pick' }, pick),
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
        ' ',
        picture,
      ),
      el('td', {}, texts(r)),
      el('td', {}, ANSWER_NAME[r.answer_type] ?? r.answer_type),
      el('td', { class: 'content-number' }, r.level),
      el(
        'td',
        {},
        el('span', { class: `badge status-${r.status}` }, STATUS_NAME[r.status] ?? r.status),
      ),
      el('td', {}, missing(r)),
    );
  }

  function showSelection() {
    const n = selected.size;
    selectedCount.textContent = n ? MSG.selectedPairs(n) : MSG.nothingSelected;
    for (const b of actionButtons) {
      const caption = b.textContent;
      b.disabled = n === 0;
      b.setAttribute('aria-label', n ? `${caption} ${MSG.selectedPairs(n)}` : caption);
    }
    const onPage = rows.filter((r) => selected.has(r.id)).length;
    selectPage.checked = rows.length > 0 && onPage === rows.length;
    selectPage.indeterminate = onPage > 0 && onPage < rows.length;
  }

  function show() {
    body.replaceChildren(...rows.map(row));
    table.hidden = !rows.length;
    const first = (state.page - 1) * PAGE + 1;
    listStatus.textContent = rows.length
      ? MSG.pairsShown(first, first + rows.length - 1, total)
      : total
        ? MSG.pageBeyond(total)
        : MSG.noPairsMatch;
    previous.hidden = state.page <= 1;
    next.hidden = state.page * PAGE >= total;
    previous.href = hashFor({ ...state, page: state.page - 1 });
    next.href = hashFor({ ...state, page: state.page + 1 });
    showSelection();
  }

  async function load() {
    const mine = ++latest;
    listError.textContent = '';
    listStatus.textContent = MSG.loading('the pairs');
    table.setAttribute('aria-busy', 'true');
    try {
      const answer = (await api.get(apiPath(state))).body;
      if (!alive || mine !== latest) return;
      rows = answer.items;
      total = answer.total;
      show();
    } catch (e) {
      if (!alive || mine !== latest) return;
      rows = [];
      total = 0;
      show();
      listStatus.textContent = '';
      listError.textContent = MSG.couldNot('The pairs', 'read', errorText(e));
    } finally {
      if (mine === latest) table.removeAttribute('aria-busy');
    }
  }

  // One action on every selected pair; the summary says what was done and what was refused,
  // and takes the focus. The refused stay selected, to be fixed and tried again.
  async function act(action, done, verb) {
    const ids = [...selected];
    if (!ids.length) return;
    await busy(actionButtons, async () => {
      summary.replaceChildren();
      try {
        const { body: result } = await api.send('POST', '/api/content/pairs/bulk', {
          action,
          ids,
        });
        for (const id of result.done) selected.delete(id);
        const refused = result.refused.length
          ? [
              el('p', {}, MSG.bulkRefused(result.refused.length)),
              el(
                'ul',
                { class: 'content-refused' },
                result.refused.map((r) => el('li', {}, `#${r.id}: ${r.error}`)),
              ),
            ]
          : [];
        summary.replaceChildren(el('p', {}, done(result.done.length)), ...refused);
      } catch (e) {
        summary.replaceChildren(
          el('p', { class: 'error' }, MSG.couldNot('The pairs', verb, errorText(e))),
        );
      }
      await load();
    });
    summary.focus();
  }

  // The filters as chosen; a new search starts at the first page.
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
      level: typedLevel,
      category: category.value,
      answer_type: answerType.value,
      missing_text: missingText.value,
      missing_audio: missingAudio.value,
      sort: order.value,
    };
    if (Object.entries(chosen).every(([k, v]) => state[k] === v)) return;
    Object.assign(state, chosen, { page: 1 });
    history.replaceState(null, '', hashFor(state));
    load();
  }
  filters.addEventListener('change', (event) => {
    if (event.target !== search) apply();
  });
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });

  const categories = fillCategories(api, category, state.category, filterError).then((id) => {
    state.category = id;
  });

  await Promise.all([loadStylesheet('content.css'), categories]);
  await load();
  return () => {
    alive = false;
  };
}

// The Maintenance screen (docs/studio.md "Maintenance"), for admins: the categories (add,
// rename, delete) and the orphan purge with the counts it removed. Editors get a plain refusal
// and no controls; the API refuses them too (403), so hiding the screen is a courtesy, not the
// protection.
import { busy, el } from './dom.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';

// The purge's tables in words (POST /api/purge-all-orphans answers a count per table).
const TABLES = {
  word_categories: 'Categories of words',
  picture_words: 'Words of pictures',
  object_words: 'Words of objects',
  question_words: 'Words of questions',
  statement_words: 'Words of statements',
  pair_categories: 'Categories of pairs',
  audios: 'Audios',
};

export async function mount(container, { api, session }) {
  document.title = 'Maintenance · langlearn studio';
  if (session.user.role !== 'admin') {
    container.replaceChildren(
      el(
        'section',
        { class: 'screen' },
        el('h1', {}, 'Maintenance'),
        el('p', {}, MSG.maintenanceForAdmins),
      ),
    );
    return;
  }
  await loadStylesheet('maintenance.css');
  const categories = categoriesSection(api);
  container.replaceChildren(
    el(
      'section',
      { class: 'screen maintenance' },
      el('h1', {}, 'Maintenance'),
      categories.node,
      purgeSection(api),
    ),
  );
  await categories.load();
}

// A question asked in the page (not a browser dialog): the action's own button confirms.
function confirmation(question, action, onConfirm, onCancel) {
  const cancel = el('button', { type: 'button', onclick: onCancel }, 'Cancel');
  const box = el(
    'div',
    { class: 'confirm', role: 'group', 'aria-label': question },
    el('span', {}, question),
    el('button', { type: 'button', class: 'danger', onclick: onConfirm }, action),
    cancel,
  );
  queueMicrotask(() => cancel.focus());
  return box;
}

function categoriesSection(api) {
  const list = el('ul', { class: 'category-list', 'aria-label': 'Categories' });
  const listError = el('p', { class: 'error', role: 'alert' });
  const name = el('input', {
    type: 'text',
    id: 'new-category',
    maxlength: 200,
    autocomplete: 'off',
  });
  const addError = el('span', { class: 'error', role: 'alert', id: 'new-category-error' });
  const add = el('button', { type: 'submit', class: 'primary' }, 'Add');
  const form = el(
    'form',
    { class: 'category-add' },
    el('label', { for: 'new-category' }, 'New category'),
    name,
    add,
    addError,
  );
  let rows = [];

  async function load() {
    try {
      rows = (await api.get('/api/categories')).body;
      listError.textContent = '';
    } catch (e) {
      listError.textContent = MSG.couldNot('The categories', 'read', errorText(e));
    }
    show();
  }

  // focusId: the category whose Rename button gets the focus (the line it was in is rebuilt).
  function show(focusId) {
    const sorted = [...rows].sort((a, b) => a.titel_de.localeCompare(b.titel_de, 'de'));
    list.replaceChildren(...sorted.map(row));
    if (!rows.length && !listError.textContent)
      list.append(el('li', { class: 'muted' }, MSG.noCategories));
    if (focusId) list.querySelector(`[data-id="${focusId}"] button`)?.focus();
  }

  // One category: its name with Rename and Delete; each turns the line into its own small form.
  function row(category) {
    const line = el('li', { class: 'category', 'data-id': category.id });
    const error = el('span', {
      class: 'error',
      role: 'alert',
      id: `category-${category.id}-error`,
    });
    // The English and Swedish titles the statistics show learners of those languages, each
    // marked with its language ("EN Cars · SV Bilar"), so a screen reader speaks it in its own.
    const translations = () =>
      [
        ['en', 'EN', 'English', category.titel_en],
        ['sv', 'SV', 'Swedish', category.titel_sv],
      ]
        .filter(([, , , title]) => title)
        .flatMap(([lang, short, language, title], i) => [
          ...(i ? [' · '] : []),
          el('abbr', { title: language }, short),
          ' ',
          el('span', { lang }, title),
        ]);
    const reading = () => {
      line.replaceChildren(
        el(
          'span',
          { class: 'category-names' },
          el('span', { class: 'category-name', lang: 'de' }, category.titel_de),
          el('span', { class: 'category-translations muted' }, ...translations()),
        ),
        el(
          'button',
          { type: 'button', 'aria-label': `Rename ${category.titel_de}`, onclick: renaming },
          'Rename',
        ),
        el(
          'button',
          { type: 'button', 'aria-label': `Delete ${category.titel_de}`, onclick: deleting },
          'Delete',
        ),
        error,
      );
    };
    // The line's controls wait while its request runs.
    const waiting = (fn) => busy(line.querySelectorAll('button, input'), fn);
    function renaming() {
      const id = `category-${category.id}`;
      const input = el('input', {
        type: 'text',
        id,
        value: category.titel_de,
        maxlength: 200,
        autocomplete: 'off',
        lang: 'de',
        'aria-label': `German name of ${category.titel_de}`,
      });
      // An empty English or Swedish title is none: the statistics then show the German one.
      const title = (lang, language) =>
        el('input', {
          type: 'text',
          id: `${id}-${lang}`,
          value: category[`titel_${lang}`] ?? '',
          maxlength: 200,
          autocomplete: 'off',
          lang,
          'aria-label': `${language} name of ${category.titel_de}`,
        });
      const english = title('en', 'English');
      const swedish = title('sv', 'Swedish');
      // Each field under its language's name; the screen reader hears the whole label.
      const field = (input, language) =>
        el('span', { class: 'category-title' }, el('label', { for: input.id }, language), input);
      const save = async (event) => {
        event.preventDefault();
        error.textContent = '';
        const saved = await waiting(async () => {
          try {
            const { body } = await api.send('PATCH', `/api/categories/${category.id}`, {
              titel_de: input.value,
              titel_en: english.value.trim() || null,
              titel_sv: swedish.value.trim() || null,
            });
            Object.assign(category, body);
            show(category.id);
            return true;
          } catch (e) {
            error.textContent = errorText(e);
            return false;
          }
        });
        if (saved === false) {
          // The field the API names ("titel_en must be ..."), else the German name.
          const named = { titel_en: english, titel_sv: swedish }[error.textContent.split(' ')[0]];
          const wrong = named ?? input;
          for (const f of [input, english, swedish]) f.removeAttribute('aria-invalid');
          wrong.setAttribute('aria-invalid', 'true');
          wrong.setAttribute('aria-describedby', error.id);
          wrong.focus();
        }
      };
      line.replaceChildren(
        el(
          'form',
          { class: 'category-rename', onsubmit: save },
          field(input, 'German'),
          field(english, 'English'),
          field(swedish, 'Swedish'),
          el('button', { type: 'submit', class: 'primary' }, 'Save'),
          el(
            'button',
            {
              type: 'button',
              onclick: () => {
                error.textContent = '';
                show(category.id);
              },
            },
            'Cancel',
          ),
          error,
        ),
      );
      input.focus();
      input.select();
    }
    function deleting() {
      error.textContent = '';
      line.replaceChildren(
        confirmation(
          MSG.confirmDeleteCategory(category.titel_de),
          'Delete',
          () =>
            waiting(async () => {
              try {
                await api.send('DELETE', `/api/categories/${category.id}`);
                rows = rows.filter((r) => r.id !== category.id);
                show();
                name.focus();
              } catch (e) {
                reading();
                error.textContent = errorText(e);
              }
            }),
          () => show(category.id),
        ),
        error,
      );
    }
    reading();
    return line;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    addError.textContent = '';
    return busy(add, async () => {
      try {
        const { body } = await api.send('POST', '/api/categories', { titel_de: name.value });
        rows.push(body);
        name.value = '';
        show();
      } catch (e) {
        addError.textContent = errorText(e);
        name.setAttribute('aria-invalid', 'true');
      }
    });
  });
  name.setAttribute('aria-describedby', 'new-category-error');
  name.addEventListener('input', () => name.removeAttribute('aria-invalid'));

  const node = el(
    'section',
    { class: 'maint-block', 'aria-labelledby': 'categories-title' },
    el('h2', { id: 'categories-title' }, 'Categories'),
    el(
      'p',
      { class: 'muted' },
      'Editors pick these for words; a pair gets the categories of its words when it is published.',
    ),
    form,
    listError,
    list,
  );
  return { node, load };
}

function purgeSection(api) {
  const slot = el('div', { class: 'purge-actions' });
  const error = el('p', { class: 'error', role: 'alert' });
  const result = el('div', { class: 'purge-result' });
  const start = el('button', { type: 'button', onclick: asking }, 'Purge orphans…');

  function idle() {
    slot.replaceChildren(start);
  }
  function asking() {
    error.textContent = '';
    slot.replaceChildren(
      confirmation(MSG.confirmPurge, 'Purge', purge, () => {
        idle();
        start.focus();
      }),
    );
  }
  async function purge() {
    await busy(slot.querySelectorAll('button'), purgeNow);
    idle();
    start.focus();
  }
  async function purgeNow() {
    try {
      const { body } = await api.send('POST', '/api/purge-all-orphans');
      const counts = Object.entries(body.removed);
      const total = counts.reduce((sum, [, n]) => sum + n, 0);
      result.replaceChildren(
        el(
          'table',
          { class: 'purge-table' },
          el('caption', {}, total ? MSG.orphansRemoved(total) : MSG.noOrphans),
          el(
            'thead',
            {},
            el('tr', {}, el('th', { scope: 'col' }, 'What'), el('th', { scope: 'col' }, 'Removed')),
          ),
          el(
            'tbody',
            {},
            counts.map(([table, n]) =>
              el(
                'tr',
                {},
                el('th', { scope: 'row' }, TABLES[table] ?? table.replaceAll('_', ' ')),
                el('td', {}, String(n)),
              ),
            ),
          ),
        ),
      );
    } catch (e) {
      error.textContent = MSG.purgeFailed(errorText(e));
    }
  }
  idle();
  return el(
    'section',
    { class: 'maint-block', 'aria-labelledby': 'purge-title' },
    el('h2', { id: 'purge-title' }, 'Orphan purge'),
    el(
      'p',
      { class: 'muted' },
      'Removes the links (word to category, picture, object, question or statement; pair to category) and the audios ' +
        'whose item no longer exists. Nothing that is still in use is touched.',
    ),
    slot,
    error,
    result,
  );
}

// The pictures screen (docs/studio.md "Pictures"): a grid of thumbnails with title and status,
// a filter per flow status, a title search, pages of 50, and uploads by file picker or
// drag-and-drop with progress and the API's refusal. The state lives in the hash
// (#/pictures?status=draft&q=cat&page=2), so a reload or a shared link shows the same page.
import { el, showError } from './dom.js';
import { MSG, errorText } from './messages.js';
import { skipLinks } from './skip-links.js';

const PAGE = 50;
const STATUSES = [
  ['', 'All'],
  ['new', 'New'],
  ['drawing_created', 'Drawing created'],
  ['draft', 'Draft'],
  ['objects_created', 'Objects created'],
];
const statusLabel = Object.fromEntries(STATUSES);
const ACCEPT = ['image/png', 'image/jpeg', 'image/webp'];

function hashFor({ status = '', q = '', page = 1 }) {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `#/pictures?${text}` : '#/pictures';
}

function listPath(status, q, limit, after) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  if (after) query.set('after', String(after));
  return `/api/pictures?${query}`;
}

// Page `page` (from 1) of the pictures with `status` whose title contains `q`, by id as the API lists them (keyset
// paging by `after`): skips the earlier pages in steps of 200, then asks for one more than a
// page to know whether another follows.
async function loadPage(api, status, q, page) {
  let after = 0;
  for (let skip = (page - 1) * PAGE; skip > 0;) {
    const step = Math.min(200, skip);
    const { body } = await api.get(listPath(status, q, step, after));
    if (body.length === 0) return { pictures: [], more: false };
    after = body[body.length - 1].id;
    skip -= body.length;
    if (body.length < step) return { pictures: [], more: false };
  }
  const { body } = await api.get(listPath(status, q, PAGE + 1, after));
  return { pictures: body.slice(0, PAGE), more: body.length > PAGE };
}

function card(picture) {
  const title = picture.title || `Untitled picture ${picture.id}`;
  const thumb = picture.thumbnail_url
    ? el('img', {
        class: 'thumb',
        src: picture.thumbnail_url,
        alt: '',
        loading: 'lazy',
        decoding: 'async',
      })
    : el('span', { class: 'thumb placeholder', 'aria-hidden': 'true' });
  return el(
    'li',
    { class: 'card' },
    el(
      'a',
      { href: `#/pictures/${picture.id}`, 'data-picture-id': picture.id },
      thumb,
      el('span', { class: 'card-title', title }, title),
      el(
        'span',
        { class: `badge status-${picture.status}` },
        statusLabel[picture.status] || picture.status,
      ),
    ),
  );
}

export function mount(container, ctx) {
  document.title = 'Pictures · langlearn studio';
  const status = STATUSES.some(([value]) => value && value === ctx.params.status)
    ? ctx.params.status
    : '';
  const q = (ctx.params.q || '').trim();
  const page = Math.max(1, Number.parseInt(ctx.params.page, 10) || 1);
  let alive = true;

  // Filters and search
  const filters = el(
    'nav',
    { class: 'filters', 'aria-label': 'Filter by status' },
    STATUSES.map(([value, label]) =>
      el(
        'a',
        {
          href: hashFor({ status: value, q }),
          'aria-current': value === status ? 'page' : null,
        },
        label,
      ),
    ),
  );
  const searchBox = el('input', {
    id: 'picture-search',
    type: 'search',
    name: 'q',
    value: q,
    placeholder: 'Words in the title',
  });
  const searchForm = el(
    'form',
    {
      class: 'search',
      role: 'search',
      onsubmit(event) {
        event.preventDefault();
        ctx.navigate(hashFor({ status, q: searchBox.value.trim() }));
      },
    },
    el('label', { for: 'picture-search' }, 'Search titles'),
    searchBox,
    el('button', { type: 'submit' }, 'Search'),
  );

  // Uploads
  // The input sits inside its label, which looks like a button and shows the keyboard focus.
  const picker = el('input', {
    class: 'visually-hidden',
    type: 'file',
    multiple: true,
    accept: ACCEPT.join(','),
  });
  const uploads = el('ul', { class: 'uploads', 'aria-label': 'Uploads' });
  const drop = el(
    'section',
    { class: 'drop', 'aria-labelledby': 'upload-heading' },
    el('h2', { id: 'upload-heading' }, 'Upload pictures'),
    el(
      'p',
      {},
      'Drop PNG, JPEG or WebP images here (up to 10 MiB each), or ',
      el('label', { class: 'button' }, 'Choose files…', picker),
    ),
    uploads,
  );

  // Grid and paging
  const listStatus = el('p', { class: 'muted', role: 'status' }, MSG.loading('pictures'));
  const listError = el('p', { class: 'error', role: 'alert' });
  const grid = el('ul', { class: 'grid', 'aria-label': 'Pictures' });
  const previous = el(
    'a',
    { class: 'button', href: hashFor({ status, q, page: page - 1 }) },
    'Previous page',
  );
  const next = el(
    'a',
    { class: 'button', href: hashFor({ status, q, page: page + 1 }) },
    'Next page',
  );
  const pager = el(
    'nav',
    { class: 'pager', 'aria-label': 'Pages', hidden: true },
    previous,
    el('span', {}, `Page ${page}`),
    next,
  );

  container.append(
    skipLinks([{ label: 'the picture list', target: grid }]),
    el('div', { class: 'screen-head' }, el('h1', {}, 'Pictures'), searchForm),
    filters,
    drop,
    listStatus,
    listError,
    grid,
    pager,
  );

  let latest = 0; // uploads refresh the grid too: only the newest answer is shown
  async function refresh() {
    const mine = ++latest;
    showError(listError, null);
    try {
      const { pictures, more } = await loadPage(ctx.api, status, q, page);
      if (!alive || mine !== latest) return;
      grid.replaceChildren(...pictures.map(card));
      const what = [status && statusLabel[status].toLowerCase(), q && `matching “${q}”`]
        .filter(Boolean)
        .join(' ');
      listStatus.textContent = pictures.length
        ? MSG.picturesPage(page, pictures.length, what)
        : MSG.noPictures(what, page);
      previous.hidden = page <= 1;
      next.hidden = !more;
      pager.hidden = page <= 1 && !more;
    } catch (e) {
      if (!alive || mine !== latest) return;
      listStatus.textContent = '';
      showError(listError, e);
    }
  }

  function upload(file) {
    const progress = el('progress', {
      max: '100',
      value: '0',
      'aria-label': `Uploading ${file.name}`,
    });
    const message = el('span', { class: 'upload-message', role: 'alert' });
    const row = el(
      'li',
      { class: 'upload' },
      el('span', { class: 'upload-name' }, file.name),
      progress,
      message,
    );
    uploads.prepend(row);
    const title = file.name.replace(/\.[^.]+$/, '').slice(0, 200);
    const path = `/api/pictures?${new URLSearchParams({ title })}`;
    ctx.api
      .upload(path, file, (fraction) => {
        progress.value = Math.round(fraction * 100);
      })
      .then(
        ({ body }) => {
          progress.value = 100;
          row.classList.add('done');
          message.removeAttribute('role');
          message.textContent = MSG.uploaded(body.id);
          // The grid lists by id, so a new picture may be on a later page: a way to it from here.
          row.append(
            el(
              'a',
              { href: `#/pictures/${body.id}`, 'aria-label': `Open ${body.title || file.name}` },
              'Open',
            ),
          );
          if (alive) refresh();
        },
        (e) => {
          progress.remove();
          row.classList.add('failed');
          message.textContent = MSG.not('uploaded', errorText(e));
        },
      );
  }

  function uploadAll(files) {
    for (const file of files) upload(file);
  }

  picker.addEventListener('change', () => {
    uploadAll([...picker.files]);
    picker.value = '';
  });
  drop.addEventListener('dragover', (event) => {
    if (![...event.dataTransfer.types].includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', (event) => {
    if (!drop.contains(event.relatedTarget)) drop.classList.remove('over');
  });
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    uploadAll([...event.dataTransfer.files]);
  });

  refresh();
  return () => {
    alive = false;
  };
}

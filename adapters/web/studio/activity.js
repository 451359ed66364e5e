// The Activity screen (#/activity?picture=&editor=, docs/studio.md "History"): the content's
// changes newest first (GET /api/content/changes), all of them, one picture's (with the
// picture's tabs above) or one editor's; each with when, who, what, the item (a link to where
// an editor works on it) and the fields it changed. "Only my changes" keeps the signed-in
// editor's; "Older changes" pages back. The scope lives in the address.
import { busy, el, showError } from './dom.js';
import { MSG } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';
import { pictureHead } from './picture-tabs.js';
import { skipLinks } from './skip-links.js';
import {
  actionText,
  activityHash,
  changesPath,
  fieldList,
  itemName,
  itemPlace,
  keptBy,
  whenText,
  whoText,
} from './changes.js';

const PAGE = 50;
const MAX_PAGES_PER_CLICK = 10; // an editor's changes within a picture's: pages read for one
const isId = (text) => /^[1-9][0-9]*$/.test(text ?? '');

export async function mount(container, ctx) {
  const { api } = ctx;
  const me = ctx.session.user.id;
  const scope = {
    picture: isId(ctx.params.picture) ? Number(ctx.params.picture) : null,
    editor: isId(ctx.params.editor) ? Number(ctx.params.editor) : null,
  };
  const pageTitle = (name) => (name ? `Activity: ${name}` : 'Activity') + ' · langlearn studio';
  document.title = pageTitle(null);
  let next = null; // the cursor of the older changes (next_before)
  let alive = true;
  let latest = 0;

  const mine = el('input', {
    type: 'checkbox',
    id: 'activity-mine',
    checked: scope.editor === me,
    onchange: () => {
      scope.editor = mine.checked ? me : null;
      history.replaceState(null, '', activityHash(scope));
      describe();
      load();
    },
  });
  const scopeLine = el('p', { class: 'muted' });
  const listHeading = el('h2', { id: 'activity-heading', tabindex: '-1' }, 'Changes');
  const listStatus = el('p', { class: 'muted', role: 'status' });
  const listError = el('p', { class: 'error', role: 'alert', tabindex: '-1' });
  const body = el('tbody');
  const table = el(
    'table',
    { class: 'activity-table', hidden: true, 'aria-labelledby': 'activity-heading' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ['When', 'Who', 'What', 'Item', 'Fields'].map((t) => el('th', { scope: 'col' }, t)),
      ),
    ),
    body,
  );
  const older = el(
    'button',
    { type: 'button', hidden: true, onclick: () => more() },
    'Older changes',
  );

  // The head: the picture's, with its tabs (Activity the current one), or the screen's own.
  let head = el('div', { class: 'screen-head' }, el('h1', {}, 'Activity'));
  const [picture] = await Promise.all([
    scope.picture
      ? api.get(`/api/pictures/${scope.picture}`).then(
          (r) => r.body,
          () => null, // deleted: its changes are still listed
        )
      : null,
    loadStylesheet('changes.css'),
  ]);
  if (picture) head = pictureHead(picture, 'activity', api, pageTitle);

  function describe() {
    const who = scope.editor === me ? 'your' : scope.editor ? `account #${scope.editor}’s` : null;
    const of = scope.picture ? `picture #${scope.picture}` : null;
    scopeLine.replaceChildren(
      ...[
        `Newest first: ${who ? `${who} changes` : 'every change'}` +
          `${of ? ` to ${of} and its objects, texts and pairs` : ' to the content'}.`,
        scope.picture || scope.editor
          ? el('span', {}, ' ', el('a', { href: activityHash() }, 'Every change'))
          : null,
      ].filter(Boolean),
    );
  }

  container.replaceChildren(
    el(
      'section',
      { class: 'screen activity-screen' },
      skipLinks([{ label: 'the change list', target: () => listHeading }]),
      head,
      scope.picture && !picture ? el('h1', {}, `Activity of picture #${scope.picture}`) : null,
      scopeLine,
      el(
        'p',
        { class: 'activity-filter' },
        mine,
        ' ',
        el('label', { for: 'activity-mine' }, 'Only my changes'),
      ),
      listHeading,
      listStatus,
      listError,
      el('div', { class: 'content-scroll' }, table),
      older,
    ),
  );
  describe();

  function row(change) {
    const place = itemPlace(change);
    const name = itemName(change);
    return el(
      'tr',
      { 'data-change': change.id },
      el(
        'th',
        { scope: 'row', tabindex: '-1' },
        el('time', { datetime: change.at }, whenText(change.at)),
      ),
      el('td', {}, whoText(change, me)),
      el('td', {}, actionText(change)),
      el(
        'td',
        {},
        place && change.action !== 'delete'
          ? el(
              'a',
              { href: place.href },
              name,
              el('span', { class: 'visually-hidden' }, place.where),
            )
          : name,
        change.picture_id && change.item !== 'pictures'
          ? el('span', { class: 'activity-picture muted' }, `picture #${change.picture_id}`)
          : null,
      ),
      el('td', {}, fieldList(change)),
    );
  }

  // Reads pages until one brings a change of the scope (an editor's among a picture's are kept
  // by the page) or none is left; reset: from the newest. Resolves to the rows added.
  async function read(reset) {
    const mineRead = ++latest;
    if (reset) {
      next = null;
      listStatus.textContent = MSG.loading('the changes');
    }
    showError(listError, null);
    table.setAttribute('aria-busy', 'true');
    const rows = [];
    try {
      for (let pages = 0; pages < MAX_PAGES_PER_CLICK; pages += 1) {
        const { body: answer } = await api.get(changesPath(scope, reset ? null : next, PAGE));
        if (!alive || mineRead !== latest) return [];
        if (reset && pages === 0) body.replaceChildren();
        reset = false;
        next = answer.next_before ?? null;
        rows.push(...answer.changes.filter(keptBy(scope)).map(row));
        if (rows.length || next === null) break;
      }
      body.append(...rows);
    } catch (e) {
      if (!alive || mineRead !== latest) return [];
      showError(listError, e);
    } finally {
      if (mineRead === latest) table.removeAttribute('aria-busy');
    }
    const n = body.children.length;
    table.hidden = !n;
    older.hidden = next === null;
    listStatus.textContent = n
      ? MSG.changesShown(n, next !== null)
      : scope.editor
        ? MSG.noChangesOfEditor
        : MSG.noChanges;
    return rows;
  }

  const load = () => read(true);

  // "Older changes": the focus goes to the first change they brought (or to why not).
  async function more() {
    const rows = await busy(older, () => read(false));
    if (listError.textContent) listError.focus();
    else (rows?.[0]?.querySelector('th') ?? listHeading).focus();
  }

  await load();
  return () => {
    alive = false;
  };
}

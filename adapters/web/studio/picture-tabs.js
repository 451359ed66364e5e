// The tab bar of a picture's screens (docs/studio.md "The walk from photo to feed"): objects
// (the workspace), words, texts, pairs, in the order an editor works through them, then the
// picture's activity (its changes, activity.js).
import { el } from './dom.js';
import { pictureName, pictureTitle } from './picture-title.js';

// [key, caption, address, said after the caption to a screen reader]: the Activity tab is
// told from the header's Activity link (every change) by its name.
const tabs = [
  ['objects', 'Objects', (id) => `#/pictures/${id}`],
  ['words', 'Words', (id) => `#/pictures/${id}/words`],
  ['texts', 'Texts', (id) => `#/pictures/${id}/texts`],
  ['pairs', 'Pairs', (id) => `#/pictures/${id}/pairs`],
  ['activity', 'Activity', (id) => `#/activity?picture=${id}`, ' of this picture'],
];

// picture: {id, title}; current: one of objects, words, texts, pairs, activity.
export function pictureTabs(picture, current) {
  return el(
    'nav',
    { class: 'picture-tabs', 'aria-label': tabsName(picture) },
    tabs.map(([key, text, href, more]) =>
      el(
        'a',
        {
          href: href(picture.id),
          'aria-current': key === current ? 'page' : null,
          'data-tab': key,
        },
        text,
        more ? el('span', { class: 'visually-hidden' }, more) : null,
      ),
    ),
  );
}

// The tab bar's name: "Picture Harbour", or "Picture 5" while it has no title.
const tabsName = (picture) => `Picture ${picture.title || picture.id}`;

// The top of a picture's screen: back to the grid, the title as the page heading (with Rename),
// the tabs. pageTitle(name): the browser tab's title, set here and again after a rename.
export function pictureHead(picture, current, api, pageTitle) {
  const tabs = pictureTabs(picture, current);
  const named = () => {
    document.title = pageTitle(pictureName(picture));
    tabs.setAttribute('aria-label', tabsName(picture));
  };
  named();
  return el(
    'div',
    { class: 'picture-head' },
    el('a', { href: '#/pictures', class: 'ws-back' }, '← Pictures'),
    pictureTitle(picture, api, named),
    tabs,
  );
}

// The tab bar's name after a rename (the workspace builds its own head).
export function retitleTabs(tabs, picture) {
  tabs.setAttribute('aria-label', tabsName(picture));
}

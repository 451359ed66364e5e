// The studio's shell (docs/studio.md "For developers"): asks who is signed in, shows the header
// (e-mail, role, "Sign out") and routes the hash to a screen module:
//   #/signin                      signin.js
//   #/pictures?status=&q=&page=   pictures.js
//   #/pictures/<id>               workspace.js (objects)
//   #/pictures/<id>/words         words.js
//   #/pictures/<id>/texts         texts.js (statements and questions)
//   #/pictures/<id>/pairs         pairs.js
//   #/pairs/<id>/preview?lang=    preview.js (the pair as the learner feed delivers it)
//   #/content?q=&status=&...&page= content.js (every pair across pictures, bulk actions)
//   #/content/words?q=&...        content.js (every word; /statements, /questions alike)
//   #/cards?lang=&category=&level= cards.js (how learners fare with each card)
//   #/audio                       audio.js (coverage, generate what is missing)
//   #/activity?picture=&editor=   activity.js (the content's changes, newest first)
//   #/maintenance                 maintenance.js (admins: categories, orphan purge)
// A screen module exports mount(container, ctx) and may return an unmount() function;
// ctx = { api, session, navigate(hash), params }, params = the route's id and hash query.
import { createApi } from './api.js';
import { busy } from './dom.js';
import { MSG, errorText } from './messages.js';

const main = document.getElementById('main');
const shellAlert = document.getElementById('shell-alert');
const header = {
  nav: document.getElementById('nav'),
  who: document.getElementById('who'),
  email: document.getElementById('who-email'),
  role: document.getElementById('who-role'),
  signOut: document.getElementById('sign-out'),
  admin: document.getElementById('nav-maintenance'),
};

let session = null;
let unmount = null;
let afterSignIn = '#/pictures';
let generation = 0; // the route being shown; an older one that finishes loading late is dropped

const api = createApi({
  onUnauthorized() {
    if (session) shellAlert.textContent = MSG.sessionEnded;
    setSession(null);
    const here = parseRoute(location.hash);
    if (here?.screen === 'signin') return;
    if (here) afterSignIn = location.hash; // back to it once signed in again
    navigate('#/signin');
  },
});

const screens = {
  signin: () => import('./signin.js'),
  pictures: () => import('./pictures.js'),
  workspace: () => import('./workspace.js'),
  words: () => import('./words.js'),
  texts: () => import('./texts.js'),
  pairs: () => import('./pairs.js'),
  preview: () => import('./preview.js'),
  content: () => import('./content.js'),
  cards: () => import('./cards.js'),
  audio: () => import('./audio.js'),
  activity: () => import('./activity.js'),
  maintenance: () => import('./maintenance.js'),
};

// The nav section each screen belongs to (its link is marked as the current page).
const sectionOf = {
  workspace: 'pictures',
  words: 'pictures',
  texts: 'pictures',
  pairs: 'pictures',
  preview: 'pictures',
};

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

const pictureTabs = { words: 'words', texts: 'texts', pairs: 'pairs' };
const contentLists = new Set(['pairs', 'words', 'statements', 'questions']); // #/content/<list>
const isId = (text) => /^[1-9][0-9]*$/.test(text);

// '#/pictures/12?x=1' -> {screen: 'workspace', params: {id: '12', x: '1'}}
export function parseRoute(hash) {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  const params = Object.fromEntries(new URLSearchParams(query));
  const parts = path.split('/').filter(Boolean);
  const single = {
    signin: 'signin',
    pictures: 'pictures',
    cards: 'cards',
    audio: 'audio',
    activity: 'activity',
    maintenance: 'maintenance',
  };
  if (parts.length === 1 && Object.hasOwn(single, parts[0]))
    return { screen: single[parts[0]], params };
  if (parts[0] === 'pictures' && isId(parts[1] ?? '')) {
    if (parts.length === 2) return { screen: 'workspace', params: { ...params, id: parts[1] } };
    if (parts.length === 3 && Object.hasOwn(pictureTabs, parts[2]))
      return { screen: pictureTabs[parts[2]], params: { ...params, id: parts[1] } };
  }
  if (parts[0] === 'content' && parts.length <= 2)
    return contentLists.has(parts[1] ?? 'pairs')
      ? { screen: 'content', params: { ...params, kind: parts[1] ?? 'pairs' } }
      : null;
  if (parts[0] === 'pairs' && isId(parts[1] ?? '') && parts[2] === 'preview' && parts.length === 3)
    return { screen: 'preview', params: { ...params, id: parts[1] } };
  return null;
}

function setSession(next) {
  session = next;
  api.setSession(next);
  header.nav.hidden = header.who.hidden = !next;
  header.email.textContent = next ? next.user.email : '';
  header.role.textContent = next ? next.user.role : '';
  // Maintenance is for admins (the API refuses editors too): editors do not see the link.
  header.admin.hidden = next?.user.role !== 'admin';
}

function signedIn(next) {
  shellAlert.textContent = '';
  setSession(next);
  const target = afterSignIn;
  afterSignIn = '#/pictures';
  navigate(target);
}

async function route() {
  const current = ++generation;
  let found = parseRoute(location.hash);
  if (!session && found?.screen !== 'signin') {
    if (found) afterSignIn = location.hash;
    return navigate('#/signin');
  }
  if (session && (!found || found.screen === 'signin')) return navigate('#/pictures');
  let module;
  try {
    module = await screens[found.screen]();
  } catch {
    shellAlert.textContent = MSG.screenNotLoaded;
    return;
  }
  if (current !== generation) return;
  if (unmount) unmount();
  unmount = null;
  main.replaceChildren();
  for (const link of header.nav.querySelectorAll('a')) {
    const here = link.dataset.section === (sectionOf[found.screen] ?? found.screen);
    if (here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const ctx = { api, session, navigate, params: found.params, signedIn };
  const result = await module.mount(main, ctx);
  if (current !== generation) {
    if (typeof result === 'function') result();
    return;
  }
  unmount = typeof result === 'function' ? result : null;
  // When each screen is up, for the load-time budget (docs/performance.md "Studio").
  performance.mark(`studio:${found.screen}`);
}

header.signOut.addEventListener('click', async () => {
  await busy(header.signOut, async () => {
    try {
      await api.send('DELETE', '/api/session');
    } catch (e) {
      // A session that had already ended is signed out too; anything else is worth saying.
      if (e.status !== 401) shellAlert.textContent = errorText(e);
    }
  });
  setSession(null);
  navigate('#/signin');
});

async function start() {
  try {
    const answer = await api.get('/api/session');
    setSession(answer.body);
  } catch (e) {
    setSession(null);
    if (e.status !== 401) shellAlert.textContent = errorText(e);
  }
  window.addEventListener('hashchange', route);
  route();
}

start();

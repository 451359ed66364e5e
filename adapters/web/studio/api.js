// The studio's one way to the API (docs/studio.md "For developers"): same-origin requests with
// the session cookie, the session's CSRF token on every request that changes something, and the
// API's {"error": "..."} text as ApiError.message. A 401 on any call (but signing in) means the
// session is gone: onUnauthorized sends the editor to the sign-in screen.
import { MSG } from './messages.js';

const PAGE = 200; // the lists' largest page

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function parse(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(status, body) {
  if (body && typeof body === 'object' && typeof body.error === 'string') return body.error;
  return status === 0 ? MSG.unreachable : MSG.serviceAnswered(status);
}

export function createApi({ onUnauthorized = () => {} } = {}) {
  let csrfToken = null;

  function settle(status, body, etag, path) {
    if (status >= 200 && status < 300) return { status, body, etag };
    // A refused sign-in is an answer for the sign-in form, not a lost session.
    if (status === 401 && path !== '/api/session') onUnauthorized();
    throw new ApiError(status, messageOf(status, body), body);
  }

  async function request(method, path, body, { ifMatch, headers = {} } = {}) {
    const all = { Accept: 'application/json', ...headers };
    if (method !== 'GET' && method !== 'HEAD' && csrfToken) all['X-CSRF-Token'] = csrfToken;
    if (ifMatch) all['If-Match'] = ifMatch;
    let payload;
    if (body !== undefined && body !== null) {
      all['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, {
        method,
        headers: all,
        body: payload,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, messageOf(0, null), null);
    }
    return settle(
      response.status,
      parse(await response.text()),
      response.headers.get('ETag'),
      path,
    );
  }

  // Every item of a paged list (docs/openapi-authoring.yaml: ordered by id, `limit` at most
  // 200, `after` the last id of the previous page). `path` has a query already.
  async function all(path) {
    const items = [];
    for (let after = 0; ;) {
      const page = (await request('GET', `${path}&limit=${PAGE}${after ? `&after=${after}` : ''}`))
        .body;
      items.push(...page);
      if (page.length < PAGE) return items;
      after = page[page.length - 1].id;
    }
  }

  return {
    all,
    // The session's CSRF token (null when signed out), sent as X-CSRF-Token.
    setSession(session) {
      csrfToken = session ? session.csrf_token : null;
    },
    get: (path, options) => request('GET', path, undefined, options),
    send: (method, path, body, options) => request(method, path, body, options),
    // The file as the raw body (the API reads the type from its bytes); onProgress(fraction 0..1)
    // while it is sent. XMLHttpRequest, since fetch reports no upload progress.
    upload(path, file, onProgress = () => {}) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', path);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
        if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          try {
            resolve(
              settle(xhr.status, parse(xhr.responseText), xhr.getResponseHeader('ETag'), path),
            );
          } catch (e) {
            reject(e);
          }
        };
        xhr.onerror = () => reject(new ApiError(0, messageOf(0, null), null));
        xhr.send(file);
      });
    },
  };
}

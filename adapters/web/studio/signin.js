// The sign-in screen: e-mail and password of a staff account; POST /api/session creates the
// session (cookie + CSRF token). A refusal (wrong password, an end-user account) is the API's
// own message under the form, and the editor stays here.
import { busy, el, showError } from './dom.js';

export function mount(container, ctx) {
  document.title = 'Sign in · langlearn studio';
  const email = el('input', {
    id: 'signin-email',
    name: 'email',
    type: 'email',
    autocomplete: 'username',
    required: true,
    'aria-describedby': 'signin-error',
  });
  const password = el('input', {
    id: 'signin-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
    'aria-describedby': 'signin-error',
  });
  const submit = el('button', { type: 'submit', class: 'primary' }, 'Sign in');
  const error = el('p', { id: 'signin-error', class: 'error', role: 'alert' });

  async function onSubmit(event) {
    event.preventDefault();
    showError(error, null);
    await busy(submit, async () => {
      try {
        const answer = await ctx.api.send('POST', '/api/session', {
          email: email.value,
          password: password.value,
        });
        ctx.signedIn(answer.body);
      } catch (e) {
        showError(error, e);
        password.select();
        password.focus();
      }
    });
  }

  const form = el(
    'form',
    { class: 'signin', novalidate: true, onsubmit: onSubmit },
    el('h1', {}, 'Sign in'),
    el('p', { class: 'muted' }, 'Use the e-mail and password of your editor or admin account.'),
    el('label', { for: 'signin-email' }, 'E-mail'),
    email,
    el('label', { for: 'signin-password' }, 'Password'),
    password,
    error,
    submit,
  );
  container.append(form);
  email.focus();
}

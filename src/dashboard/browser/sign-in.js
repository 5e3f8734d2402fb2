import { api } from './api.js';
import { busy, errorSlot, field, focusOn, h } from './dom.js';

/** Where to go after signing in: a dashboard page, never another site (the server checks it again). */
export function nextPage() {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/dashboard(?:[/?#]|$)/.test(next) && !next.includes('//') && !next.includes('\\') ? next : '/dashboard';
}

/** "14 minutes", "45 seconds": how long to wait, from Retry-After. */
export function waitWords(seconds) {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'a few minutes';
  if (seconds < 90) return `${String(seconds)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${String(minutes)} minutes`;
}

export function render({ content }) {
  const signedOut = new URLSearchParams(location.search).has('signed-out');
  const email = field('Email', { type: 'email', name: 'email', autocomplete: 'username', required: true, spellcheck: 'false' });
  const password = field('Password', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const error = errorSlot();
  const button = h('button', { type: 'submit' }, 'Sign in');
  const form = h(
    'form',
    { class: 'card narrow', novalidate: true },
    email.wrapper,
    password.wrapper,
    error.el,
    h('div', { class: 'actions' }, button),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    for (const f of [email, password]) f.input.removeAttribute('aria-invalid');
    const missing = [email, password].find((f) => f.input.value.trim() === '');
    if (missing) {
      missing.input.setAttribute('aria-invalid', 'true');
      error.show(missing === email ? 'Enter your email.' : 'Enter your password.');
      missing.input.focus();
      return;
    }
    await busy(button, 'Signing in…', form, async () => {
      try {
        await api('POST', '/session', { email: email.input.value.trim(), password: password.input.value });
        location.assign(nextPage());
      } catch (e) {
        if (e.code === 'invalid_credentials') {
          error.show('The email or password is wrong. Check both and try again.');
          password.input.value = '';
          password.input.setAttribute('aria-invalid', 'true');
          password.input.focus();
        } else if (e.code === 'rate_limited') {
          const wait = Number(e.headers?.get('retry-after'));
          error.show(`Too many failed sign-ins. Wait ${waitWords(wait)}, then try again.`);
        } else {
          error.show(e);
        }
      }
    });
  });
  // Offered only when anyone may sign up (SIGNUP=open); with SIGNUP=invite the invitation link leads to it.
  const next = new URLSearchParams(location.search).get('next');
  const signUp =
    document.body.dataset.signup === 'open'
      ? h(
          'p',
          { class: 'switch' },
          'New to Petstore? ',
          h('a', { href: `/dashboard/sign-up${next ? `?next=${encodeURIComponent(next)}` : ''}` }, 'Create an account'),
        )
      : '';
  content.replaceChildren(signedOut ? h('p', { class: 'notice', role: 'status' }, 'You are signed out.') : '', form, signUp);
  if (!signedOut) focusOn(email.input);
}

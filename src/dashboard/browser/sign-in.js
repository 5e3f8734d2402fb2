import { api } from './api.js';
import { busy, errorSlot, field, focusOn, h } from './dom.js';
import { passkeyProblem, passkeysAvailable, usePasskey } from './webauthn.js';

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

/** Why single sign-on sent the person back here (`?error=CODE`), in words. */
const SSO_ERRORS = {
  sso_failed: 'Single sign-on did not complete (it was cancelled, took longer than 10 minutes, or the answer did not match). Try again.',
  email_not_verified: 'Your identity provider has not verified your email address, so it cannot sign you in here.',
  signup_closed:
    'No account here has your email, and this service does not create one through single sign-on. Ask a project owner for an invitation.',
};

export function render({ content }) {
  const query = new URLSearchParams(location.search);
  const signedOut = query.has('signed-out');
  const ssoError = SSO_ERRORS[query.get('error') ?? ''];
  const email = field('Email', { type: 'email', name: 'email', autocomplete: 'username webauthn', required: true, spellcheck: 'false' });
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

  // The second step, for a person with an authenticator app: its code (or a recovery code).
  const code = field(
    'Authentication code',
    { name: 'code', autocomplete: 'one-time-code', inputmode: 'text', required: true, spellcheck: 'false', maxlength: '64' },
    'The 6-digit code your authenticator app shows now, or one of your recovery codes.',
  );
  const codeError = errorSlot();
  const verify = h('button', { type: 'submit' }, 'Verify');
  const back = h('button', { type: 'button', class: 'secondary' }, 'Back');
  const codeHeading = h('h2', { class: 'step-title' }, 'Two-step verification');
  const codeForm = h(
    'form',
    { class: 'card narrow', novalidate: true, hidden: true },
    codeHeading,
    code.wrapper,
    codeError.el,
    h('div', { class: 'actions' }, verify, back),
  );

  const signIn = async (body, errors, onSecondStep) => {
    try {
      await api('POST', '/session', body);
      location.assign(nextPage());
    } catch (e) {
      if (e.code === 'second_factor_required') onSecondStep(e);
      else if (e.code === 'invalid_credentials') {
        showStep('password');
        error.show('The email or password is wrong. Check both and try again.');
        password.input.value = '';
        password.input.setAttribute('aria-invalid', 'true');
        password.input.focus();
      } else if (e.code === 'invalid_code') {
        errors.show('That code is wrong or was already used. Wait for the next code and try again, or use a recovery code.');
        code.input.value = '';
        code.input.setAttribute('aria-invalid', 'true');
        code.input.focus();
      } else if (e.code === 'rate_limited') {
        errors.show(`Too many failed sign-ins. Wait ${waitWords(Number(e.headers?.get('retry-after')))}, then try again.`);
      } else errors.show(e);
    }
  };

  const showStep = (step) => {
    form.hidden = step !== 'password';
    codeForm.hidden = step !== 'code';
  };

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
    await busy(button, 'Signing in…', form, () =>
      signIn({ email: email.input.value.trim(), password: password.input.value }, error, (e) => {
        if (/passkey/i.test(e.message)) {
          error.show('Your password is right. This service also needs your second factor: sign in with your passkey below.');
          focusOn(passkeyButton);
          return;
        }
        showStep('code');
        focusOn(code.input);
      }),
    );
  });

  codeForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    codeError.clear();
    code.input.removeAttribute('aria-invalid');
    if (code.input.value.trim() === '') {
      code.input.setAttribute('aria-invalid', 'true');
      codeError.show('Enter the code from your authenticator app, or a recovery code.');
      code.input.focus();
      return;
    }
    await busy(verify, 'Verifying…', codeForm, () =>
      signIn(
        { email: email.input.value.trim(), password: password.input.value, code: code.input.value.trim() },
        codeError,
        () => undefined,
      ),
    );
  });
  back.addEventListener('click', () => {
    code.input.value = '';
    codeError.clear();
    showStep('password');
    focusOn(password.input);
  });

  // Other ways in: a passkey (no password), and the identity provider when single sign-on is set up. Both are
  // links, so that the one button whose name holds "Sign in" stays the form's (tests find it by that name).
  const passkeyError = errorSlot();
  const passkeyButton = h('a', { href: '#passkey', class: 'button secondary wide' }, 'Sign in with a passkey');
  passkeyButton.addEventListener('click', async (event) => {
    event.preventDefault();
    passkeyError.clear();
    await busy(passkeyButton, 'Waiting for your passkey…', null, async () => {
      try {
        const options = await api('POST', '/session/passkey/options');
        const response = await usePasskey(options);
        await api('POST', '/session/passkey', { response });
        location.assign(nextPage());
      } catch (e) {
        if (e.code === 'invalid_passkey')
          passkeyError.show('This passkey is not registered here (it may have been removed). Sign in with your password instead.');
        else passkeyError.show(passkeyProblem(e) ?? e);
      }
    });
  });
  const sso = document.body.dataset.sso;
  const ssoLink = sso
    ? h('a', { class: 'button secondary wide', href: `/api/v1/session/oidc?next=${encodeURIComponent(nextPage())}` }, `Sign in with ${sso}`)
    : '';
  const others = h(
    'div',
    { class: 'card narrow other-ways' },
    h('p', { class: 'or' }, 'Or'),
    passkeysAvailable() ? passkeyButton : '',
    passkeysAvailable() ? passkeyError.el : '',
    ssoLink,
  );

  // Offered only when anyone may sign up (SIGNUP=open); with SIGNUP=invite the invitation link leads to it.
  const next = query.get('next');
  const signUp =
    document.body.dataset.signup === 'open'
      ? h(
          'p',
          { class: 'switch' },
          'New to Petstore? ',
          h('a', { href: `/dashboard/sign-up${next ? `?next=${encodeURIComponent(next)}` : ''}` }, 'Create an account'),
        )
      : '';
  content.replaceChildren(
    signedOut ? h('p', { class: 'notice', role: 'status' }, 'You are signed out.') : '',
    ssoError ? h('p', { class: 'error', role: 'alert' }, ssoError) : '',
    form,
    codeForm,
    passkeysAvailable() || sso ? others : '',
    signUp,
  );
  if (!signedOut && !ssoError) focusOn(email.input);
}

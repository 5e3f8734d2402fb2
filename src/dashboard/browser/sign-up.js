// Sign up: when anyone may (SIGNUP=open), or through an invitation link (invitation.js uses the same form).
import { api } from './api.js';
import { busy, errorSlot, field, focusOn, h } from './dom.js';
import { nextPage, waitWords } from './sign-in.js';

export const MIN_PASSWORD = 12;

/**
 * The sign-up form: Email, Password (at least 12 characters) and "Sign up".
 * `invited`: the email an invitation is for (filled in, read-only); `send`
 * creates the account (POST /users by default) and `done` runs once it exists
 * and its session is open. `refused(e, error)` may say an answer in its own
 * words and return true.
 */
export function signUpForm({ invited, send = (body) => api('POST', '/users', body), done, refused = () => false }) {
  const email = field('Email', {
    type: 'email',
    name: 'email',
    autocomplete: 'username',
    required: true,
    spellcheck: 'false',
    value: invited ?? undefined,
    readonly: Boolean(invited),
  });
  const password = field(
    'Password',
    {
      type: 'password',
      name: 'password',
      autocomplete: 'new-password',
      required: true,
      minlength: String(MIN_PASSWORD),
      maxlength: '1024',
    },
    `At least ${String(MIN_PASSWORD)} characters. A few unrelated words make a strong one.`,
  );
  const error = errorSlot();
  const button = h('button', { type: 'submit' }, 'Sign up');
  const form = h(
    'form',
    { class: 'card narrow', novalidate: true },
    email.wrapper,
    password.wrapper,
    error.el,
    h('div', { class: 'actions' }, button),
  );
  const invalid = (f, text) => {
    f.input.setAttribute('aria-invalid', 'true');
    error.show(text);
    f.input.focus();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    for (const f of [email, password]) f.input.removeAttribute('aria-invalid');
    const address = email.input.value.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return invalid(email, 'Enter your email address, like name@example.com.');
    if (password.input.value.length < MIN_PASSWORD) {
      return invalid(password, `Choose a password of at least ${String(MIN_PASSWORD)} characters.`);
    }
    await busy(button, 'Signing up…', form, async () => {
      try {
        await send({ email: address, password: password.input.value });
        await done();
      } catch (e) {
        if (refused(e, error)) return;
        if (e.code === 'weak_password') invalid(password, e);
        else if (e.code === 'rate_limited')
          error.show(`Too many attempts. Wait ${waitWords(Number(e.headers?.get('retry-after')))}, then try again.`);
        else if (e.status === 400 || e.status === 409) invalid(email, e);
        else error.show(e);
      }
    });
  });
  return { form, focus: () => focusOn(email.input.value ? password.input : email.input) };
}

export function render({ content }) {
  const mode = document.body.dataset.signup;
  const signIn = h('p', { class: 'switch' }, 'Already have an account? ', h('a', { href: '/dashboard/sign-in' }, 'Sign in instead'));
  if (mode !== 'open') {
    content.replaceChildren(
      h(
        'div',
        { class: 'card narrow' },
        h(
          'p',
          null,
          mode === 'invite'
            ? 'This service creates accounts through invitations: ask the owner of a project to invite you, then open the link they send you.'
            : 'This service does not offer sign-up. Ask its administrator for an account (they run ',
          mode === 'invite' ? '' : [h('code', null, 'petstore users create EMAIL'), ').'],
        ),
      ),
      signIn,
    );
    return;
  }
  const { form, focus } = signUpForm({ done: () => location.assign(nextPage()) });
  content.replaceChildren(form, signIn);
  focus();
}

// An invitation link: a signed-in person accepts it; anyone else signs up through it (or signs in and comes back).
import { api } from './api.js';
import { busy, errorSlot, focusOn, h, time } from './dom.js';
import { signUpForm } from './sign-up.js';

const projectPage = (slug) => (slug ? `/dashboard/projects/${encodeURIComponent(slug)}` : '/dashboard');
const invitationPath = (token) => `/invitations/${encodeURIComponent(token)}`;

export async function render({ content }) {
  const { invitation: token, csrf, email: me, signup } = document.body.dataset;
  let invitation;
  try {
    invitation = await api('GET', invitationPath(token));
  } catch (e) {
    if (e.status === 404 || e.status === 410 || e.status === 400) {
      content.replaceChildren(
        h(
          'div',
          { class: 'card narrow' },
          h('p', { class: 'error', role: 'alert' }, e.message),
          h('p', null, 'Ask the project’s owner for a new invitation link.'),
        ),
      );
      return;
    }
    throw e;
  }
  const about = h(
    'p',
    null,
    'You are invited to the project ',
    h('strong', null, invitation.project),
    invitation.email ? [' as ', h('strong', null, invitation.email)] : '',
    invitation.expiresAt ? ['. The link works until ', time(invitation.expiresAt), '.'] : '.',
  );

  if (csrf) {
    const error = errorSlot();
    const accept = h('button', { type: 'button' }, 'Accept invitation');
    const wrong = invitation.email && me && invitation.email !== me;
    accept.addEventListener('click', () =>
      busy(accept, 'Accepting…', content, async () => {
        error.clear();
        try {
          const answer = await api('POST', `${invitationPath(token)}/accept`, {});
          location.assign(projectPage(answer?.project ?? invitation.project));
        } catch (e) {
          error.show(e);
        }
      }),
    );
    content.replaceChildren(
      h(
        'div',
        { class: 'card narrow' },
        about,
        wrong
          ? h(
              'p',
              { class: 'notice warning' },
              'You are signed in as ',
              h('strong', null, me),
              ': this invitation is for another address. Sign out, then open the link again.',
            )
          : '',
        error.el,
        h('div', { class: 'actions' }, accept),
      ),
    );
    focusOn(accept);
    return;
  }

  const signInHref = `/dashboard/sign-in?next=${encodeURIComponent(location.pathname)}`;
  const signIn = h('p', { class: 'switch' }, 'Already have an account? ', h('a', { href: signInHref }, 'Sign in to accept'));
  if (invitation.signupAllowed === false || (invitation.signupAllowed === undefined && signup === 'closed')) {
    content.replaceChildren(h('div', { class: 'card narrow' }, about, h('p', null, 'Sign in to accept it.')), signIn);
    return;
  }
  const { form, focus } = signUpForm({
    invited: invitation.email,
    // Accepting without a session creates the invited email's account with this password and signs it in.
    send: ({ password }) => api('POST', `${invitationPath(token)}/accept`, { password }),
    done: async () => location.assign(projectPage(invitation.project)),
    refused: (e, error) => {
      if (e.code !== 'user_exists') return false;
      error.show(
        h(
          'span',
          null,
          'There is already an account for this email. ',
          h('a', { href: signInHref }, 'Sign in'),
          ' to accept the invitation.',
        ),
      );
      return true;
    },
  });
  content.replaceChildren(h('div', { class: 'narrow intro' }, about, h('p', null, 'Create your account to accept it:')), form, signIn);
  focus();
}

// Sign-in and security: the person's authenticator app (with its recovery codes), their passkeys, and their own log.
import { api } from './api.js';
import { announce, busy, confirmAction, copyButton, errorSlot, field, focusOn, h, table, time } from './dom.js';
import { createPasskey, passkeyProblem, passkeysAvailable } from './webauthn.js';

const ACTIONS = {
  'session.create': 'Signed in',
  'totp.enable': 'Authenticator app turned on',
  'totp.disable': 'Authenticator app turned off',
  'recovery_codes.generate': 'New recovery codes',
  'recovery_code.use': 'Recovery code used',
  'passkey.add': 'Passkey added',
  'passkey.rename': 'Passkey renamed',
  'passkey.remove': 'Passkey removed',
  'second_factor.reset': 'Second factors reset by the operator',
};
const METHODS = {
  password: 'with a password',
  'password+totp': 'with a password and an authenticator code',
  'password+recovery_code': 'with a password and a recovery code',
  'password+passkey': 'with a password (then added a passkey)',
  passkey: 'with a passkey',
  oidc: 'with single sign-on',
};

/** The ten recovery codes, shown this once, with a copy button for all of them. */
function recoveryPanel(codes, onDone) {
  const heading = h('h3', { tabindex: '-1' }, 'Your recovery codes');
  const list = h(
    'ol',
    { class: 'recovery-codes' },
    codes.map((c) => h('li', null, h('code', null, c))),
  );
  const done = h('button', { type: 'button' }, 'I have saved them');
  done.addEventListener('click', onDone);
  const panel = h(
    'section',
    { class: 'card secret-panel', 'aria-label': 'Your recovery codes' },
    heading,
    h(
      'p',
      { class: 'warning' },
      h('strong', null, 'Save these now: '),
      'each signs you in once if you lose your authenticator app. They are not shown again; Petstore keeps only their hashes.',
    ),
    list,
    h('div', { class: 'actions' }, copyButton(codes.join('\n'), 'the recovery codes', list), done),
  );
  return { panel, heading };
}

export async function render({ content }) {
  const setupRequired = document.body.dataset.setupRequired;
  const notice =
    setupRequired === 'sign_in_again'
      ? h(
          'p',
          { class: 'notice warning', role: 'status' },
          'This service requires a second factor, and this session was started with a password alone. Sign out, then sign in again with your authenticator app or passkey.',
        )
      : setupRequired === 'set_up'
        ? h(
            'p',
            { class: 'notice warning', role: 'status' },
            'This service requires a second factor. Set up an authenticator app or a passkey to continue to your projects.',
          )
        : '';

  // --- Authenticator app
  const totpHeading = h('h2', { id: 'totp-heading' }, 'Authenticator app');
  const totpBody = h('div');
  const totpSection = h('section', { class: 'card', 'aria-labelledby': 'totp-heading' }, totpHeading, totpBody);

  const askCode = (label) =>
    field(label, { name: 'code', autocomplete: 'one-time-code', required: true, spellcheck: 'false', maxlength: '64' });

  async function showTotp() {
    const status = await api('GET', '/me/totp');
    if (!status.enabled) {
      const start = h('button', { type: 'button' }, 'Set up authenticator app');
      const error = errorSlot();
      start.addEventListener('click', () =>
        busy(start, 'Preparing…', totpBody, async () => {
          try {
            enrol(await api('POST', '/me/totp'));
          } catch (e) {
            error.show(e);
          }
        }),
      );
      totpBody.replaceChildren(
        h(
          'p',
          null,
          'Off. With an app such as 1Password, Google Authenticator or Aegis, sign-in asks for a 6-digit code after your password.',
        ),
        error.el,
        h('div', { class: 'actions' }, start),
      );
      return;
    }
    const off = h('button', { type: 'button', class: 'secondary' }, 'Turn off');
    const renew = h('button', { type: 'button', class: 'secondary' }, 'New recovery codes');
    const slot = h('div');
    off.addEventListener('click', () => {
      const code = askCode('Code from the app');
      void confirmAction({
        title: 'Turn off the authenticator app?',
        text: h('div', null, h('p', null, 'Sign-in will no longer ask for a code, and your recovery codes stop working.'), code.wrapper),
        action: 'Turn off',
        busyText: 'Turning off…',
        run: async () => {
          await api('DELETE', '/me/totp', { code: code.input.value.trim() });
          announce('The authenticator app is off.');
          await showTotp();
        },
        returnTo: () => totpHeading,
      });
    });
    renew.addEventListener('click', () => {
      const code = askCode('Code from the app');
      void confirmAction({
        title: 'Make new recovery codes?',
        text: h('div', null, h('p', null, 'Your current recovery codes stop working.'), code.wrapper),
        action: 'Make new codes',
        busyText: 'Making…',
        tone: '',
        run: async () => {
          const { recoveryCodes } = await api('POST', '/me/totp/recovery-codes', { code: code.input.value.trim() });
          const shown = recoveryPanel(recoveryCodes, () => {
            slot.replaceChildren();
            void showTotp();
          });
          slot.replaceChildren(shown.panel);
          queueMicrotask(() => focusOn(shown.heading));
        },
        returnTo: () => totpHeading,
      });
    });
    totpBody.replaceChildren(
      h(
        'p',
        null,
        h('span', { class: 'badge badge-ok' }, 'On'),
        ' since ',
        time(status.confirmedAt),
        '. ',
        `${String(status.recoveryCodesLeft)} of 10 recovery codes left.`,
      ),
      slot,
      h('div', { class: 'actions' }, renew, off),
    );
  }

  function enrol(setup) {
    const code = askCode('Code from the app');
    const error = errorSlot();
    const turnOn = h('button', { type: 'submit' }, 'Turn on');
    const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const secret = h('code', { class: 'secret' }, setup.secret.match(/.{1,4}/g).join(' '));
    const form = h(
      'form',
      { class: 'enrol', novalidate: true },
      h(
        'ol',
        { class: 'steps' },
        h(
          'li',
          null,
          'Scan this QR code with your authenticator app.',
          h('img', {
            class: 'qr',
            src: setup.qrCode,
            width: '200',
            height: '200',
            alt: 'QR code to add Petstore to your authenticator app',
          }),
        ),
        h(
          'li',
          null,
          'Or type this key into the app: ',
          h('span', { class: 'secret-row' }, secret, copyButton(setup.secret, 'the key', secret)),
        ),
        h('li', null, 'Enter the 6-digit code the app shows.', code.wrapper),
      ),
      error.el,
      h('div', { class: 'actions' }, turnOn, cancel),
    );
    cancel.addEventListener('click', () => void showTotp());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      error.clear();
      void busy(turnOn, 'Checking…', form, async () => {
        try {
          const { recoveryCodes } = await api('POST', '/me/totp/confirm', { code: code.input.value.trim() });
          announce('The authenticator app is on.');
          const shown = recoveryPanel(recoveryCodes, () => location.reload());
          totpBody.replaceChildren(shown.panel);
          focusOn(shown.heading);
        } catch (e) {
          code.input.setAttribute('aria-invalid', 'true');
          error.show(
            e.code === 'validation_failed'
              ? 'That code is not the one the app shows now. Check the app’s clock and try the current code.'
              : e,
          );
          code.input.focus();
        }
      });
    });
    totpBody.replaceChildren(form);
    focusOn(code.input);
  }

  // --- Passkeys
  const passkeyHeading = h('h2', { id: 'passkeys-heading' }, 'Passkeys');
  const passkeyList = h('div');
  const name = field(
    'Passkey name',
    { name: 'passkey-name', maxlength: '100', autocomplete: 'off', required: true },
    'To tell it apart later, e.g. “Work laptop”.',
  );
  const add = h('button', { type: 'submit' }, 'Add a passkey');
  const addError = errorSlot();
  const addForm = h('form', { class: 'inline-form', novalidate: true }, name.wrapper, addError.el, h('div', { class: 'actions' }, add));
  addForm.addEventListener('submit', (event) => {
    event.preventDefault();
    addError.clear();
    if (name.input.value.trim() === '') {
      name.input.setAttribute('aria-invalid', 'true');
      addError.show('Give the passkey a name.');
      name.input.focus();
      return;
    }
    void busy(add, 'Waiting for your passkey…', addForm, async () => {
      try {
        const options = await api('POST', '/me/passkeys/options');
        const response = await createPasskey(options);
        await api('POST', '/me/passkeys', { name: name.input.value.trim(), response });
        name.input.value = '';
        announce('Passkey added.');
        if (setupRequired) location.reload();
        else await showPasskeys();
      } catch (e) {
        addError.show(passkeyProblem(e) ?? e);
      }
    });
  });

  async function showPasskeys() {
    const passkeys = await api('GET', '/me/passkeys');
    if (passkeys.length === 0) {
      passkeyList.replaceChildren(
        h('p', null, 'None yet. A passkey signs you in with your fingerprint, face or device PIN: no password, no code.'),
      );
      return;
    }
    passkeyList.replaceChildren(
      table(
        'Your passkeys',
        ['Name', 'Added', 'Last used', ''],
        passkeys.map((p) => {
          const rename = h(
            'button',
            { type: 'button', class: 'secondary small' },
            'Rename',
            h('span', { class: 'visually-hidden' }, ` ${p.name}`),
          );
          const remove = h(
            'button',
            { type: 'button', class: 'secondary small' },
            'Remove',
            h('span', { class: 'visually-hidden' }, ` ${p.name}`),
          );
          rename.addEventListener('click', () => {
            const newName = field('New name', { name: 'new-name', maxlength: '100', value: p.name, required: true });
            void confirmAction({
              title: `Rename “${p.name}”`,
              text: newName.wrapper,
              action: 'Rename',
              busyText: 'Renaming…',
              tone: '',
              run: async () => {
                await api('PATCH', `/me/passkeys/${encodeURIComponent(p.id)}`, { name: newName.input.value.trim() });
                await showPasskeys();
              },
              returnTo: () => passkeyHeading,
            });
          });
          remove.addEventListener(
            'click',
            () =>
              void confirmAction({
                title: `Remove “${p.name}”?`,
                text: 'It will no longer sign you in. Remove it from the device or password manager that holds it too.',
                action: 'Remove',
                busyText: 'Removing…',
                run: async () => {
                  await api('DELETE', `/me/passkeys/${encodeURIComponent(p.id)}`);
                  announce(`Passkey ${p.name} removed.`);
                  await showPasskeys();
                },
                returnTo: () => passkeyHeading,
              }),
          );
          return [
            [p.name, p.backedUp ? h('span', { class: 'muted' }, ' (synced)') : ''],
            time(p.createdAt),
            p.lastUsedAt ? time(p.lastUsedAt) : 'Never',
            h('span', { class: 'row-actions' }, rename, remove),
          ];
        }),
        { class: 'passkey-list card-rows', captionHidden: true, labels: ['Added', 'Last used'] },
      ),
    );
  }

  const passkeySection = h(
    'section',
    { class: 'card', 'aria-labelledby': 'passkeys-heading' },
    passkeyHeading,
    passkeyList,
    passkeysAvailable() ? addForm : h('p', { class: 'muted' }, 'This browser cannot make passkeys here: they need HTTPS (or localhost).'),
  );

  // --- The person's own log
  const logHeading = h('h2', { id: 'log-heading' }, 'Recent sign-ins and changes');
  const log = await api('GET', '/me/security-log?limit=10');
  const logSection = h(
    'section',
    { class: 'card', 'aria-labelledby': 'log-heading' },
    logHeading,
    log.length === 0
      ? h('p', null, 'Nothing yet.')
      : table(
          'Your recent sign-ins and changes',
          ['When', 'What', 'From'],
          log.map((e) => [
            time(e.at),
            e.action === 'session.create' ? `Signed in ${METHODS[e.target] ?? e.target}` : `${ACTIONS[e.action] ?? e.action}: ${e.target}`,
            e.ip ?? (e.actor.type === 'operator' ? 'the operator' : ''),
          ]),
          { class: 'security-log card-rows', captionHidden: true, labels: ['From'] },
        ),
  );

  content.replaceChildren(notice, totpSection, passkeySection, logSection);
  await Promise.all([showTotp(), showPasskeys()]);
}

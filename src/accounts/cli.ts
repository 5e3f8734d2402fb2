import { readFileSync } from 'node:fs';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { OPERATOR } from '../audit/actor.js';
import { DomainError } from '../errors/domain-error.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import { isRole, ROLES } from './roles.js';

/** The service on the database, loaded when a command runs (other commands do not load it). */
async function service(ctx: CliContext) {
  const { composeAccounts } = await import('./compose.js');
  return composeAccounts(await cliGround(ctx), (await ctx.config()).passwordHashCost);
}

/** The password piped on stdin, without its final line break. */
function passwordFromStdin(): string {
  return readFileSync(0, 'utf8').replace(/\r?\n$/, '');
}

export const usersCommand: CliCommand = {
  name: 'users',
  subcommands: ['create', 'revoke-sessions', 'reset-second-factor'],
  usage: [
    'users create EMAIL [--admin] [--password-stdin] [--json]   prints a generated password once',
    'users revoke-sessions EMAIL                                signs the person out everywhere',
    'users reset-second-factor EMAIL [--json]                   removes their authenticator app, recovery codes and passkeys',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create') {
      const { values, positionals } = parse(
        rest,
        { admin: { type: 'boolean' }, 'password-stdin': { type: 'boolean' }, json: { type: 'boolean' } },
        1,
      );
      const password = values['password-stdin'] ? passwordFromStdin() : undefined;
      const user = orRefuse(await (await service(ctx)).createUser(positionals[0] ?? '', { admin: values.admin ?? false, password }));
      const out = { email: user.email, admin: user.admin, ...(user.generatedPassword ? { password: user.generatedPassword } : {}) };
      if (values.json) ctx.json(out);
      else {
        ctx.out(`created ${user.admin ? 'admin ' : ''}user ${user.email}`);
        if (user.generatedPassword) {
          ctx.out(user.generatedPassword);
          ctx.err('This is the generated password. Store it now: it is not shown again.');
        }
      }
    } else if (sub === 'reset-second-factor') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const email = positionals[0] ?? '';
      const user = orRefuse((await (await service(ctx)).findUser(email)) ?? new DomainError('not_found', `No user "${email}" exists.`));
      const { composeFactors } = await import('./compose.js');
      const { factors } = composeFactors(await cliGround(ctx), await ctx.config());
      const removed = await factors.reset(OPERATOR, user);
      if (values.json) ctx.json({ email: user.email, totp: removed.totp, passkeys: removed.passkeys });
      else
        ctx.out(
          `removed ${removed.totp ? 'the authenticator app and recovery codes and ' : ''}${String(removed.passkeys)} passkey(s) of ${user.email}: they sign in with their password, then set up a second factor again`,
        );
    } else {
      const { positionals } = parse(rest, {}, 1);
      const ended = orRefuse(await (await service(ctx)).revokeSessions(positionals[0] ?? ''));
      ctx.out(`ended ${String(ended)} session(s) of ${positionals[0] ?? ''}`);
    }
  },
};

export const membersCommand: CliCommand = {
  name: 'projects',
  subcommands: ['add-member', 'remove-member'],
  usage: [
    `projects add-member SLUG EMAIL [--role ${ROLES.join('|')}]   developer by default (--owner: --role owner)`,
    'projects remove-member SLUG EMAIL',
  ],
  async run([sub, ...rest], ctx) {
    const options: Parameters<typeof parse>[1] = sub === 'add-member' ? { owner: { type: 'boolean' }, role: { type: 'string' } } : {};
    const { positionals, values } = parse(rest, options, 2);
    const [slug = '', email = ''] = positionals;
    const given = values as { owner?: boolean; role?: string };
    const role = given.owner ? 'owner' : (given.role ?? 'developer');
    if (given.owner && given.role !== undefined && given.role !== 'owner')
      throw new UsageError('--owner is --role owner: give one of them');
    if (!isRole(role)) throw new UsageError(`unknown role ${role}; one of ${ROLES.join(', ')}`);
    const accounts = await service(ctx);
    if (sub === 'add-member') {
      const added = orRefuse(await accounts.addMember(OPERATOR, slug, email, role));
      ctx.out(added ? `${email} is now a member of ${slug} (${role})` : `${email} already is a member of ${slug}`);
    } else {
      orRefuse(await accounts.removeMember(OPERATOR, slug, email));
      ctx.out(`${email} is no longer a member of ${slug}`);
    }
  },
};

import { OPERATOR } from '../audit/actor.js';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { notSignedIn } from '../cli/remote.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import { isRole, ROLES, type Role } from './roles.js';

interface MemberOut {
  email: string;
  role: Role;
  createdAt: string;
}

const memberJson = (m: { email: string; role: Role; createdAt: Date | string }): MemberOut => ({
  email: m.email,
  role: m.role,
  createdAt: typeof m.createdAt === 'string' ? m.createdAt : m.createdAt.toISOString(),
});

const roleArg = (value: string | undefined, fallback?: Role): Role => {
  const role = value ?? fallback;
  if (role === undefined) throw new UsageError(`a role is required: one of ${ROLES.join(', ')}`);
  if (!isRole(role)) throw new UsageError(`unknown role ${role}; one of ${ROLES.join(', ')}`);
  return role;
};

/** The accounts and projects services on the database: the operator acts as an owner of every project. */
async function local(ctx: CliContext) {
  const [{ composeAccounts }, { composeProjects }, config] = await Promise.all([
    import('./compose.js'),
    import('../projects/compose.js'),
    ctx.config(),
  ]);
  const ground = await cliGround(ctx);
  const accounts = composeAccounts(ground, config.passwordHashCost);
  const projects = composeProjects(ground);
  return {
    accounts,
    projects,
    project: async (slug: string) => orRefuse(await projects.find(slug)),
  };
}

/** `members list|set-role|remove`: on the server signed in to (as the signed-in person's role allows), or on the database. */
export const memberRolesCommand: CliCommand = {
  name: 'members',
  remote: true,
  usage: [
    'members list SLUG [--json]                       the members and their roles, owners first',
    `members set-role SLUG EMAIL ${ROLES.join('|')} [--json]   only an owner makes or changes an owner`,
    'members remove SLUG EMAIL                        the last owner stays',
  ],
  async run([sub, ...rest], ctx) {
    const remote = ctx.remote();
    if (sub === 'list') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const slug = positionals[0] ?? '';
      const list = remote
        ? await overApi(remote, async () => (await managementClient(remote).listMembers(slug)).map(memberJson))
        : await (async () => {
            const l = await local(ctx);
            return (await l.accounts.members(await l.project(slug))).map(memberJson);
          })();
      if (values.json) ctx.json(list);
      else for (const m of list) ctx.out(`${m.email}\t${m.role}\t${m.createdAt}`);
    } else if (sub === 'set-role') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 3);
      const [slug = '', email = ''] = positionals;
      const role = roleArg(positionals[2]);
      const member = remote
        ? await overApi(remote, async () => memberJson(await managementClient(remote).updateMember(slug, email, role)))
        : await (async () => {
            const l = await local(ctx);
            return memberJson(orRefuse(await l.accounts.setRole(OPERATOR, 'owner', await l.project(slug), email, role)));
          })();
      if (values.json) ctx.json(member);
      else ctx.out(`${member.email} is now ${member.role} of ${slug}`);
    } else if (sub === 'remove') {
      const { positionals } = parse(rest, {}, 2);
      const [slug = '', email = ''] = positionals;
      if (remote) await overApi(remote, () => managementClient(remote).removeMember(slug, email));
      else {
        const l = await local(ctx);
        orRefuse(await l.accounts.removeMemberAs(OPERATOR, 'owner', await l.project(slug), email));
      }
      ctx.out(`${email} is no longer a member of ${slug}`);
    } else throw new UsageError(`unknown members command ${sub ?? ''}`);
  },
};

/** `invitations create`: a signed-in person's invitation (the link names who vouches for it), so remote only. */
export const invitationsCommand: CliCommand = {
  name: 'invitations',
  remote: true,
  usage: [`invitations create SLUG EMAIL [--role ${ROLES.join('|')}] [--json]   prints the one-time link (developer by default)`],
  async run([sub, ...rest], ctx) {
    if (sub !== 'create') throw new UsageError(`unknown invitations command ${sub ?? ''}`);
    const { values, positionals } = parse(rest, { role: { type: 'string' }, json: { type: 'boolean' } }, 2);
    const [slug = '', email = ''] = positionals;
    const role = roleArg(values.role, 'developer');
    const remote = ctx.remote();
    if (!remote) throw notSignedIn(' (the operator adds members with projects add-member SLUG EMAIL --role R)');
    const invitation = await overApi(remote, () => managementClient(remote).createInvitation(slug, email, role));
    if (values.json) ctx.json(invitation);
    else ctx.out(`invitation for ${invitation.email} as ${invitation.role} (until ${invitation.expiresAt}): ${invitation.url}`);
  },
};

/** `projects protect`: protected production on (or off with --off). */
export const protectCommand: CliCommand = {
  name: 'projects',
  subcommands: ['protect'],
  remote: true,
  usage: ['projects protect SLUG [--off] [--json]  only admins and owners change production; developers deploy previews'],
  async run([, ...rest], ctx) {
    const { values, positionals } = parse(rest, { off: { type: 'boolean' }, json: { type: 'boolean' } }, 1);
    const slug = positionals[0] ?? '';
    const on = values.off !== true;
    const remote = ctx.remote();
    const protectedNow = remote
      ? await overApi(
          remote,
          async () => (await managementClient(remote).updateProject(slug, { productionProtected: on })).productionProtected,
        )
      : await (async () => {
          const l = await local(ctx);
          return orRefuse(await l.projects.setProductionProtected(OPERATOR, await l.project(slug), on)).productionProtected;
        })();
    if (values.json) ctx.json({ project: slug, productionProtected: protectedNow });
    else ctx.out(`production of ${slug} is ${protectedNow ? 'protected: only admins and owners change it' : 'not protected'}`);
  },
};

// The page a group invitation's e-mailed link opens (under /oauth, where the browser session
// lives). The link names the invitation and its address; only a signed-in account whose
// verified address it is (or the profile the invitation was bound to) may accept or decline.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { verifiedEmailOf } from '../auth/accountEmails.ts';
import { HttpError } from '../http/errors.ts';
import { roleOf } from '../groups/groupStore.ts';
import { invitationParties, readInvitationLink } from '../groups/invitationEmails.ts';
import { answerInvitation, findInvitationById, isAddressedTo, isPending, type InvitationRow } from '../groups/invitationStore.ts';
import { isMember } from '../groups/membershipRules.ts';
import { stringFields } from './forms.ts';
import { formIsGenuine, pageContext, showSignIn, type SignedIn } from './pageContext.ts';
import { messagePage } from './pages/accountSettingsPages.ts';
import { invitationNotYoursPage, invitationPage } from './pages/invitationPages.ts';
import { sendPage } from './pages/layout.ts';
import type { SafeHtml } from './pages/html.ts';

const pageConfig = { auth: 'none', html: true } as const;
const BAD_LINK = 'This invitation link is not valid. Ask the group\u2019s owner or admins to send the invitation again.';
const EXPIRED_LINK = 'This invitation link has expired. Ask the group\u2019s owner or admins to resend it, or find the invitation in RefShelf under Groups.';
const EXPIRED_FORM = 'This form has expired or was not sent from this site. Please open the invitation link again.';

type LinkedInvitation = { ok: true; row: InvitationRow; groupName: string; inviterName: string } | { ok: false; status: number; message: string };

async function linkedInvitation(ctx: ServiceContext, token: string | undefined): Promise<LinkedInvitation> {
  const link = readInvitationLink(ctx, token);
  if (!link.ok) return { ok: false, status: 400, message: link.reason === 'expired' ? EXPIRED_LINK : BAD_LINK };
  const row = await findInvitationById(ctx.db, link.claims.id);
  if (!row || row.invitee_email !== link.claims.subject) return { ok: false, status: 400, message: BAD_LINK };
  const { groupName, inviterName } = await invitationParties(ctx.db, row.group_id, row.inviter_profile_id);
  if (groupName === undefined) return { ok: false, status: 404, message: 'The group of this invitation no longer exists.' };
  return { ok: true, row, groupName, inviterName };
}

interface PageToSend {
  status: number;
  page: SafeHtml;
}

export async function invitationPageRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const message = (reply: FastifyReply, status: number, title: string, text: string) => sendPage(reply, status, messagePage(title, text));

  /**
   * Whether the signed-in account may answer: the page to show instead when not. (A page to
   * send, not a sent reply: a reply is thenable, and awaiting it would lose the refusal.)
   */
  async function refusal(signedIn: SignedIn, linked: LinkedInvitation & { ok: true }): Promise<PageToSend | undefined> {
    const { row, groupName } = linked;
    const verified = await verifiedEmailOf(ctx.db, signedIn.profileId);
    if (!isAddressedTo(row, signedIn.profileId, verified ?? '')) {
      const account = await ctx.db.selectFrom('profiles').select('email').where('id', '=', signedIn.profileId).executeTakeFirstOrThrow();
      const unverified = verified === undefined && account.email.toLowerCase() === row.invitee_email;
      return { status: 403, page: invitationNotYoursPage({ header: signedIn.header, csrf: signedIn.csrf, inviteeEmail: row.invitee_email, signedInEmail: account.email, unverified }) };
    }
    if (!isPending(row)) {
      const member = isMember(await roleOf(ctx.db, row.group_id, signedIn.profileId));
      if (member) return { status: 200, page: messagePage('Invitation accepted', `You are a member of \u201c${groupName}\u201d.`) };
      return { status: 409, page: messagePage('Invitation closed', `This invitation to \u201c${groupName}\u201d was ${row.status.toLowerCase()}.`) };
    }
    return undefined;
  }

  app.get('/oauth/invitation', { config: pageConfig }, async (request, reply) => {
    const token = stringFields(request.query).token;
    const linked = await linkedInvitation(ctx, token);
    if (!linked.ok) return message(reply, linked.status, 'Invitation not found', linked.message);
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) {
      return showSignIn(reply, page, {
        returnTo: `/oauth/invitation?token=${token}`,
        intro: `Sign in with ${linked.row.invitee_email} to answer ${linked.inviterName}\u2019s invitation to \u201c${linked.groupName}\u201d. No account with this address yet? Create one, then follow the link we e-mail to confirm the address.`,
      });
    }
    const refused = await refusal(page.signedIn, linked);
    if (refused) return sendPage(reply, refused.status, refused.page);
    return sendPage(reply, 200, invitationPage({
      csrf: page.signedIn.csrf, header: page.signedIn.header, token: token ?? '',
      groupName: linked.groupName, inviterName: linked.inviterName, message: linked.row.message, inviteeEmail: linked.row.invitee_email,
    }));
  });

  app.post('/oauth/invitation', { config: pageConfig }, async (request, reply) => {
    const form = stringFields(request.body);
    const linked = await linkedInvitation(ctx, form.token);
    if (!linked.ok) return message(reply, linked.status, 'Invitation not found', linked.message);
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: `/oauth/invitation?token=${form.token ?? ''}`, status: 401 });
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return message(reply, 403, 'Invitation not answered', EXPIRED_FORM);
    const answer = form.answer;
    if (answer !== 'accept' && answer !== 'decline') return message(reply, 400, 'Invitation not answered', 'Choose Accept or Decline.');
    const refused = await refusal(page.signedIn, linked);
    if (refused) return sendPage(reply, refused.status, refused.page);
    try {
      await answerInvitation(ctx.db, linked.row, page.signedIn.profileId, await roleOf(ctx.db, linked.row.group_id, page.signedIn.profileId), answer);
    } catch (error) {
      // Answered meanwhile from another window or the app.
      if (error instanceof HttpError && error.statusCode === 409) return message(reply, 409, 'Invitation closed', error.message);
      throw error;
    }
    return answer === 'accept'
      ? message(reply, 200, 'Invitation accepted', `You are now a member of \u201c${linked.groupName}\u201d. It appears in RefShelf under Groups at the next sync.`)
      : message(reply, 200, 'Invitation declined', `You declined the invitation to \u201c${linked.groupName}\u201d.`);
  });
}

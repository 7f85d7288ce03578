// The page an e-mailed group invitation opens: the invitation with Accept and Decline for its
// signed-in, verified invitee; otherwise what to do first.
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface InvitationView {
  groupName: string;
  inviterName: string;
  message: string | null;
  inviteeEmail: string;
}

export function invitationPage(input: InvitationView & { csrf: string; header: SafeHtml; token: string }): SafeHtml {
  const answer = (value: 'accept' | 'decline', label: string, secondary: boolean) => html`<form method="post" action="/oauth/invitation">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<input type="hidden" name="token" value="${input.token}">
<input type="hidden" name="answer" value="${value}">
<button type="submit"${secondary ? html` class="secondary"` : ''}>${label}</button>
</form>`;
  return layout(
    'Group invitation',
    html`<h1>Join \u201c${input.groupName}\u201d?</h1>
<p>${input.inviterName} invites you (${input.inviteeEmail}) to join the group \u201c${input.groupName}\u201d.</p>
${input.message ? html`<blockquote>${input.message}</blockquote>` : ''}
<p class="muted">Members see the group's documents, files and notes, and add their own.</p>
<div class="actions">${answer('accept', 'Accept and join', false)}${answer('decline', 'Decline', true)}</div>`,
    { signOutForm: input.header },
  );
}

/** Signed in, but not (yet) as the verified holder of the invited address. */
export function invitationNotYoursPage(input: { header: SafeHtml; csrf: string; inviteeEmail: string; signedInEmail: string; unverified: boolean }): SafeHtml {
  return layout(
    'Group invitation',
    input.unverified
      ? html`<h1>Confirm your address first</h1>
<p>This invitation is for ${input.inviteeEmail}. Follow the link we e-mailed to that address to confirm it is yours, then open the invitation link again.</p>
<form method="post" action="/oauth/account/verification">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<div class="actions"><button type="submit" class="secondary">Send the confirmation link again</button></div>
</form>`
      : html`<h1>This invitation is for another address</h1>
<p>The invitation was sent to ${input.inviteeEmail}, and you are signed in as ${input.signedInEmail}. Sign out, then sign in with ${input.inviteeEmail} and open the link again.</p>`,
    { signOutForm: input.header },
  );
}

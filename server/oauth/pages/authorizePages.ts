// The consent page of the authorization endpoint, and the error page shown instead of a
// redirect when the client or its redirect URI cannot be trusted.
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface ConsentPageInput {
  csrf: string;
  applicationName: string;
  userName: string;
  scope: string;
  redirectHost: string;
  /** The authorization request, posted back unchanged with the decision. */
  hiddenFields: Record<string, string | undefined>;
  header: SafeHtml;
}

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  all: 'Read and change your whole library, your profile and your groups, on your behalf.',
};

export function consentPage(input: ConsentPageInput): SafeHtml {
  const hidden = Object.entries(input.hiddenFields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">\n`);
  return layout(
    'Allow access?',
    html`<h1>Allow <strong>${input.applicationName}</strong> to access your account?</h1>
<p>Signed in as ${input.userName}.</p>
<div class="notice">
<p><strong>${input.applicationName}</strong> asks for the scope <code>${input.scope}</code>:</p>
<p>${SCOPE_DESCRIPTIONS[input.scope] ?? input.scope}</p>
</div>
<p class="muted">After your decision you will be sent back to ${input.redirectHost}.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="csrf_token" value="${input.csrf}">
${hidden}<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>`,
    { signOutForm: input.header },
  );
}

export function errorPage(title: string, message: string, header?: SafeHtml): SafeHtml {
  return layout(
    title,
    html`<h1>${title}</h1>
<p class="error" role="alert">${message}</p>
<p class="muted">You can close this window. If an application sent you here, tell its developer about the problem.</p>`,
    { signOutForm: header },
  );
}

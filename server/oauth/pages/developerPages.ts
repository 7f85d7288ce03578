// The developer page (register and list client applications) and the token-display page.
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface ApplicationSummary {
  id: string;
  name: string;
  isPublic: boolean;
  redirectUris: string[];
  created: string;
}

export interface NewApplicationValues {
  name?: string;
  redirect_uris?: string;
  client_type?: string;
}

export interface ApplicationsPageInput {
  csrf: string;
  header: SafeHtml;
  applications: ApplicationSummary[];
  /** Just registered: its secret is shown this once and never again. */
  registered?: { id: string; name: string; secret?: string };
  values?: NewApplicationValues;
  error?: string;
}

function applicationRows(applications: ApplicationSummary[]): SafeHtml {
  if (applications.length === 0) return html`<p class="muted">You have not registered any application yet.</p>`;
  return html`<table>
<thead><tr><th>Name</th><th>Client id</th><th>Type</th><th>Redirect URIs</th><th>Registered</th></tr></thead>
<tbody>
${applications.map(
  (app) => html`<tr><td>${app.name}</td><td><code>${app.id}</code></td><td>${app.isPublic ? 'public (PKCE)' : 'confidential'}</td>
<td>${app.redirectUris.map((uri) => html`<code>${uri}</code><br>`)}</td><td>${app.created.slice(0, 10)}</td></tr>
`,
)}</tbody>
</table>`;
}

function registeredNotice(registered: NonNullable<ApplicationsPageInput['registered']>): SafeHtml {
  return html`<div class="notice" role="status">
<p><strong>${registered.name}</strong> is registered.</p>
<p>Client id:</p><code class="secret" id="client-id">${registered.id}</code>
${
  registered.secret
    ? html`<p>Client secret:</p><code class="secret" id="client-secret">${registered.secret}</code>
<p class="error"><strong>Copy the secret now.</strong> It is shown only this once and cannot be retrieved later; only a hash of it is kept.</p>`
    : html`<p>This is a public client: it has no secret and must use PKCE (code_challenge with S256).</p>`
}
</div>`;
}

export function applicationsPage(input: ApplicationsPageInput): SafeHtml {
  const values = input.values ?? {};
  const publicChecked = values.client_type === 'public';
  return layout(
    'Your applications',
    html`<h1>Your applications</h1>
${input.registered ? registeredNotice(input.registered) : ''}
${applicationRows(input.applications)}
<h2>Register an application</h2>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<form method="post" action="/oauth/applications">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<label for="name">Application name</label>
<input type="text" id="name" name="name" maxlength="255" required value="${values.name ?? ''}">
<label for="redirect_uris">Redirect URIs, one per line</label>
<textarea id="redirect_uris" name="redirect_uris" required>${values.redirect_uris ?? ''}</textarea>
<p class="muted">Desktop apps: register a loopback URI such as <code>http://127.0.0.1/callback</code>; any port is then accepted.</p>
<fieldset><legend>Client type</legend>
<input type="radio" id="type-confidential" name="client_type" value="confidential"${publicChecked ? '' : html` checked`}><label class="inline" for="type-confidential">Confidential (a server that can keep a secret)</label><br>
<input type="radio" id="type-public" name="client_type" value="public"${publicChecked ? html` checked` : ''}><label class="inline" for="type-public">Public (desktop or mobile app; no secret, PKCE required)</label>
</fieldset>
<div class="actions"><button type="submit">Register</button></div>
</form>
<p class="muted"><a href="/oauth/token-display">Get an access token for use with curl</a></p>`,
    { signOutForm: input.header, wide: true },
  );
}

export interface TokenDisplayPageInput {
  header: SafeHtml;
  userName: string;
  accessToken: string;
  expiresAt: Date;
  lifetimeSeconds: number;
  exampleUrl: string;
}

/** The page before a token is made: a GET must not mint tokens (prefetch, history, crawlers). */
export function tokenRequestPage(input: { csrf: string; header: SafeHtml; userName: string }): SafeHtml {
  return layout(
    'Get an access token',
    html`<h1>Get an access token</h1>
<p>Make an access token for ${input.userName}, to call the service from scripts or tools like curl.</p>
<form method="post" action="/oauth/token-display">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<div class="actions"><button type="submit">Make a token</button></div>
</form>`,
    { signOutForm: input.header },
  );
}

export function tokenDisplayPage(input: TokenDisplayPageInput): SafeHtml {
  const minutes = Math.round(input.lifetimeSeconds / 60);
  return layout(
    'Your access token',
    html`<h1>Your access token</h1>
<p>An access token for ${input.userName}:</p>
<code class="secret" id="access-token">${input.accessToken}</code>
<p>It expires at <time datetime="${input.expiresAt.toISOString()}">${input.expiresAt.toISOString()}</time> (in ${minutes} minutes). Go back to the previous page for a new one.</p>
<p>Use it with curl:</p>
<code class="secret">curl -H "Authorization: Bearer ${input.accessToken}" ${input.exampleUrl}</code>
<p class="muted">Anyone holding this token can act as you until it expires. Do not share it.</p>`,
    { signOutForm: input.header, wide: true },
  );
}

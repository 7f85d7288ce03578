// Pages around an account's e-mail address and password: the account page (verification
// status, new verification link, password change), the result of following a verification
// link, and the two steps of resetting a forgotten password.
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface AccountPageInput {
  csrf: string;
  header: SafeHtml;
  email: string;
  verified: boolean;
  notice?: string;
  error?: string;
  minPasswordLength: number;
}

export function accountPage(input: AccountPageInput): SafeHtml {
  return layout(
    'Your account',
    html`<h1>Your account</h1>
${input.notice ? html`<p class="notice" role="status">${input.notice}</p>` : ''}
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<h2>E-mail address</h2>
<p><code>${input.email}</code> ${input.verified ? 'is verified.' : 'is not verified yet.'}</p>
${input.verified
  ? ''
  : html`<p class="muted">Rights given to this address (a group invitation, a dataset draft you author) apply once you have followed the link we sent to it.</p>
<form method="post" action="/oauth/account/verification">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<div class="actions"><button type="submit" class="secondary">Send the verification link again</button></div>
</form>`}
<h2>Change your password</h2>
<form method="post" action="/oauth/account/password">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<label for="current_password">Current password</label>
<input type="password" id="current_password" name="current_password" autocomplete="current-password" required>
<label for="new_password">New password</label>
<input type="password" id="new_password" name="new_password" autocomplete="new-password" minlength="${input.minPasswordLength}" required>
<p class="muted">At least ${input.minPasswordLength} characters. Every application signed in to your account will have to sign in again.</p>
<div class="actions"><button type="submit">Change password</button></div>
</form>`,
    { signOutForm: input.header },
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): SafeHtml {
  return layout(title, html`<h1>${title}</h1>
<p>${message}</p>
${link ? html`<p><a href="${link.href}">${link.text}</a></p>` : ''}`);
}

export function forgotPasswordPage(input: { csrf: string; email?: string; notice?: string; error?: string }): SafeHtml {
  return layout(
    'Forgot your password?',
    html`<h1>Forgot your password?</h1>
${input.notice ? html`<p class="notice" role="status">${input.notice}</p>` : ''}
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<p>Enter the verified e-mail address of your account; we will send it a link to choose a new password.</p>
<form method="post" action="/oauth/forgot-password">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${input.email ?? ''}">
<div class="actions"><button type="submit">Send the link</button></div>
</form>
<p class="muted"><a href="/oauth/signin">Back to sign-in</a></p>`,
  );
}

export function resetPasswordPage(input: { csrf: string; token: string; error?: string; minPasswordLength: number }): SafeHtml {
  return layout(
    'Choose a new password',
    html`<h1>Choose a new password</h1>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<form method="post" action="/oauth/reset-password">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<input type="hidden" name="token" value="${input.token}">
<label for="new_password">New password</label>
<input type="password" id="new_password" name="new_password" autocomplete="new-password" minlength="${input.minPasswordLength}" required>
<p class="muted">At least ${input.minPasswordLength} characters.</p>
<div class="actions"><button type="submit">Set the password</button></div>
</form>`,
  );
}

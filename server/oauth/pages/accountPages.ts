// Sign-in and sign-up pages, and the sign-out button shown in the header once signed in.
import { html, type SafeHtml } from './html.ts';
import { layout } from './layout.ts';

export interface SignInPageInput {
  csrf: string;
  returnTo: string;
  email?: string;
  error?: string;
  /** Shown above the form, e.g. which application asks for access. */
  intro?: string;
}

export function signInPage(input: SignInPageInput): SafeHtml {
  const signUpHref = `/oauth/signup?return_to=${encodeURIComponent(input.returnTo)}`;
  return layout(
    'Sign in',
    html`<h1>Sign in</h1>
${input.intro ? html`<p>${input.intro}</p>` : ''}
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<form method="post" action="/oauth/signin">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<input type="hidden" name="return_to" value="${input.returnTo}">
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${input.email ?? ''}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<p class="muted">No account yet? <a href="${signUpHref}">Create an account</a> · <a href="/oauth/forgot-password">Forgot your password?</a></p>`,
  );
}

export interface SignUpValues {
  first_name?: string;
  last_name?: string;
  email?: string;
}

export type SignUpField = 'first_name' | 'last_name' | 'email' | 'password';

export interface SignUpPageInput {
  csrf: string;
  returnTo: string;
  values?: SignUpValues;
  errors?: Partial<Record<SignUpField, string>>;
  /** A problem not tied to one field. */
  error?: string;
  minPasswordLength: number;
}

function fieldError(message: string | undefined, id: string): SafeHtml | string {
  return message ? html`<p class="field-error" id="${id}-error">${message}</p>` : '';
}

export function signUpPage(input: SignUpPageInput): SafeHtml {
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const signInHref = `/oauth/signin?return_to=${encodeURIComponent(input.returnTo)}`;
  const invalid = (field: SignUpField) => (errors[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const count = Object.keys(errors).length;
  return layout(
    'Create an account',
    html`<h1>Create an account</h1>
${count > 0 ? html`<p class="error" role="alert">Please correct the ${count === 1 ? 'field' : 'fields'} marked below.</p>` : ''}
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
<form method="post" action="/oauth/signup">
<input type="hidden" name="csrf_token" value="${input.csrf}">
<input type="hidden" name="return_to" value="${input.returnTo}">
<label for="first_name">First name</label>
<input type="text" id="first_name" name="first_name" autocomplete="given-name" maxlength="255" required value="${values.first_name ?? ''}"${invalid('first_name')}>
${fieldError(errors.first_name, 'first_name')}
<label for="last_name">Last name</label>
<input type="text" id="last_name" name="last_name" autocomplete="family-name" maxlength="255" required value="${values.last_name ?? ''}"${invalid('last_name')}>
${fieldError(errors.last_name, 'last_name')}
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="email" maxlength="254" required value="${values.email ?? ''}"${invalid('email')}>
${fieldError(errors.email, 'email')}
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="new-password" minlength="${input.minPasswordLength}" required${invalid('password')}>
${fieldError(errors.password, 'password')}
<p class="muted">At least ${input.minPasswordLength} characters.</p>
<div class="actions"><button type="submit">Create account</button></div>
</form>
<p class="muted">Have an account already? <a href="${signInHref}">Sign in</a></p>`,
  );
}

export function signOutForm(csrf: string, name: string): SafeHtml {
  return html`<form method="post" action="/oauth/signout"><a class="muted" href="/oauth/account">${name}</a>
<input type="hidden" name="csrf_token" value="${csrf}">
<button type="submit" class="link">Sign out</button></form>`;
}

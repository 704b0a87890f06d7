// The built-in provider's own pages (sign-in, sign-out, errors): self-contained HTML with one inline
// <style> and no script at all, so they work under the site's `script-src 'self'` policy.
// Every value that reaches the markup goes through `escapeHtml`.

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";

export const messages = {
  incorrectCredentials: 'Incorrect email or password',
  deactivated: 'This account is deactivated. Ask an administrator of SimForge to activate it again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  missingFields: 'Enter your email and password',
  expired: 'This sign-in page has expired or was already used. Please start signing in again.',
} as const;

/** A form message (`This field must ...`) told by the field's label, as the page shows two fields. */
export function fieldMessage(label: string, message: string): string {
  return message.replace(/^This field/, label);
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  background:#f4f6f9;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:380px;margin:24px;padding:32px;background:#fff;border-radius:8px;
  box-shadow:0 2px 8px rgba(15,23,42,.12)}
h1{margin:0 0 4px;font-size:1.5rem;font-weight:600}
.brand{margin:0 0 24px;color:#52606d;font-size:.95rem}
label{display:block;margin:16px 0 4px;font-weight:500}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #9aa5b1;border-radius:4px}
input:focus{outline:2px solid #1565c0;outline-offset:1px;border-color:#1565c0}
button{width:100%;margin-top:24px;padding:10px 12px;font:inherit;font-weight:600;color:#fff;
  background:#1565c0;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#0d47a1}
.error{margin:0 0 8px;padding:10px 12px;color:#b71c1c;background:#fdecea;border-radius:4px}
.links{margin:20px 0 0;text-align:center}
a{color:#1565c0}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  /** Where the form posts (the interaction's login URL). */
  action: string;
  publicUrl: string;
  email?: string;
  error?: string;
}

export function loginPage(options: LoginPageOptions): string {
  const email = options.email ?? '';
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>\n` : '';
  return layout(
    'Sign in to SimForge',
    `<h1>Sign in to SimForge</h1>
<p class="brand">Use your SimForge account.</p>
${error}<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="255" value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128"${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="links"><a href="${escapeHtml(`${options.publicUrl}/recover-password`)}">Forgot password?</a></p>`,
  );
}

export function messagePage(options: { title: string; message: string; linkText: string; linkHref: string }): string {
  return layout(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p role="alert">${escapeHtml(options.message)}</p>
<p class="links"><a href="${escapeHtml(options.linkHref)}">${escapeHtml(options.linkText)}</a></p>`,
  );
}

/** `form` is oidc-provider's hidden form (id `op.logoutForm`, carrying the xsrf token). */
export function logoutPage(options: { form: string; publicUrl: string }): string {
  return layout(
    'Sign out of SimForge',
    `<h1>Sign out of SimForge</h1>
<p class="brand">Do you want to sign out of SimForge on this browser?</p>
${options.form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<p class="links"><a href="${escapeHtml(`${options.publicUrl}/`)}">Cancel</a></p>`,
  );
}

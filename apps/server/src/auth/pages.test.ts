import { describe, expect, it } from 'vitest';
import { escapeHtml, loginPage, logoutPage, messagePage } from './pages.js';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml(undefined)).toBe('');
  });
});

describe('loginPage', () => {
  const html = loginPage({
    action: '/oidc/interaction/"x"/login',
    publicUrl: 'https://simforge.example',
    email: '<b>ada</b>@example.com',
    error: 'Incorrect email or password',
  });

  it('labels the fields Email and Password and offers Sign in and Forgot password?', () => {
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<a href="https://simforge.example/recover-password">Forgot password?</a>');
    expect(html).toContain('<p class="error" role="alert">Incorrect email or password</p>');
  });

  it('escapes every value and carries no script', () => {
    expect(html).toContain('action="/oidc/interaction/&quot;x&quot;/login"');
    expect(html).toContain('value="&lt;b&gt;ada&lt;/b&gt;@example.com"');
    expect(html).not.toMatch(/<script/i);
  });

  it('focuses the password once the email is known', () => {
    expect(html).toMatch(/id="password"[^>]*autofocus/);
    expect(loginPage({ action: '/a', publicUrl: 'http://x' })).toMatch(/id="email"[^>]*autofocus/);
  });
});

describe('other pages', () => {
  it('escape their text and have no script', () => {
    const message = messagePage({ title: 'T<', message: 'M&', linkText: 'L"', linkHref: 'javascript"x' });
    expect(message).toContain('T&lt;');
    expect(message).toContain('M&amp;');
    expect(message).toContain('href="javascript&quot;x"');
    const logout = logoutPage({ form: '<form id="op.logoutForm"></form>', publicUrl: 'http://x' });
    expect(logout).toContain('>Sign out</button>');
    for (const html of [message, logout]) expect(html).not.toMatch(/<script/i);
  });
});

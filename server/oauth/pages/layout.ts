// The frame of every web page of the OAuth area, with its small inline stylesheet and the
// headers that keep the pages out of caches and frames (consent must not be clickjacked).
import type { FastifyReply } from 'fastify';
import { html, SafeHtml } from './html.ts';

const STYLE = `
:root { color-scheme: light dark; --accent: #2457c5; --muted: #666; --border: #ccc; --error: #b3261e; }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: Canvas; color: CanvasText; }
header { border-bottom: 1px solid var(--border); padding: .75rem 1.5rem; display: flex; justify-content: space-between; align-items: center; }
header .brand { font-weight: 600; }
header form { margin: 0; }
main { max-width: 34rem; margin: 2rem auto; padding: 0 1.5rem; }
main.wide { max-width: 52rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
label.inline { display: inline; font-weight: normal; margin: 0 1rem 0 .25rem; }
input[type=text], input[type=email], input[type=password], textarea { width: 100%; padding: .5rem; font: inherit; border: 1px solid var(--border); border-radius: 4px; }
textarea { min-height: 6rem; font-family: ui-monospace, monospace; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: var(--accent); }
button.link { background: none; border: none; color: var(--accent); padding: 0; text-decoration: underline; }
.actions { margin-top: 1.5rem; display: flex; gap: .75rem; }
.error { color: var(--error); }
.field-error { color: var(--error); font-size: .9rem; margin: .25rem 0 0; }
.notice { border: 1px solid var(--border); border-left: 4px solid var(--accent); padding: .75rem 1rem; margin: 1rem 0; }
.notice.warning { border-left-color: var(--error); }
.muted { color: var(--muted); }
code, .secret { font-family: ui-monospace, monospace; word-break: break-all; }
.secret { display: block; padding: .5rem; border: 1px dashed var(--border); margin: .25rem 0 .75rem; user-select: all; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--border); vertical-align: top; }
`;

// The stylesheet is a constant of this file, not user input: it goes in unescaped.
const STYLE_MARKUP = new SafeHtml(STYLE);

export function layout(title: string, body: SafeHtml, options: { signOutForm?: SafeHtml; wide?: boolean } = {}): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${STYLE_MARKUP}</style>
</head>
<body>
<header><span class="brand">RefShelf</span>${options.signOutForm}</header>
<main${options.wide ? html` class="wide"` : ''}>
${body}
</main>
</body>
</html>
`;
}

export function sendPage(reply: FastifyReply, status: number, page: SafeHtml): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
    .send(page.value);
}

// Notes are Markdown stored as text; this turns one into HTML to show. markdown-it with raw
// HTML off escapes every tag a note holds, so the result has only the elements Markdown makes:
// no script, no style, no iframe. Links go to the web or mail only and open outside the app
// window (target=_blank, which the main process hands to the system browser); images are off
// (a note must not fetch from the network when it is shown).
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
md.disable(['image']);
md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());

const renderToken = md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  tokens[i]!.attrSet('target', '_blank');
  tokens[i]!.attrSet('rel', 'noopener noreferrer');
  return renderToken(tokens, i, options, env, self);
};

/** The HTML of a note's Markdown, safe to put into the page. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}

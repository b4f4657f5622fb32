// Blog posts are written in Markdown and shown as HTML. The HTML is made here, on the server,
// by markdown-it (a maintained CommonMark renderer), configured so a post cannot carry script:
// - `html: false`: any HTML typed into a post is escaped and shows as text;
// - markdown-it's own validateLink (kept as is) refuses javascript:, vbscript:, file: and
//   data: links other than images, so `[x](javascript:...)` stays plain text;
// - every link gets rel="nofollow noopener noreferrer": posts link out, and the shop neither
//   vouches for those sites nor hands them a window reference or the referring page.
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const LINK_REL = 'nofollow noopener noreferrer';
markdown.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]?.attrSet('rel', LINK_REL);
  return self.renderToken(tokens, idx, options);
};

export function renderMarkdown(content: string): string {
  return markdown.render(content);
}

/** The words a reader sees, without Markdown syntax: for meta descriptions and list cards. */
export function plainText(content: string): string {
  const words: string[] = [];
  for (const block of markdown.parse(content, {})) {
    if (block.type !== 'inline') continue;
    const parts = (block.children ?? [])
      .filter((t) => t.type === 'text' || t.type === 'code_inline')
      .map((t) => t.content);
    words.push(parts.join(''));
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

/** About 160 characters, cut at a word, as search engines show descriptions. */
export function describe(content: string, max = 160): string {
  const plain = plainText(content);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

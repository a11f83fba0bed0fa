import { memo, type ReactNode } from 'react';

/**
 * A small, safe Markdown renderer for agent answers: paragraphs, line breaks, **bold**, *italic*,
 * `inline code`, fenced code blocks, bullet and numbered lists, [links](https://...) and bare
 * https addresses. It only ever builds elements from text: raw HTML in the answer stays text.
 * Links open in a new tab; mailto links, non-http links and e-mail-like link texts render as
 * plain text (mailto links and e-mail-like link texts are shown as plain text).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  // dir="auto": an English answer inside an Arabic widget keeps its own direction.
  return (
    <div className="aw-md" dir="auto">
      {renderBlocks(text)}
    </div>
  );
});

type Block =
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string };

const listItemPattern = /^\s{0,3}(?:([-*+])|(\d{1,3})[.)])\s+(.*)$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (/^\s*```/.test(line)) {
      flushParagraph();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !/^\s*```/.test(lines[index] ?? '')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const listMatch = listItemPattern.exec(line);
    if (listMatch) {
      flushParagraph();
      const ordered = !listMatch[1];
      const items: string[] = [listMatch[3] ?? ''];
      while (index + 1 < lines.length) {
        const next = listItemPattern.exec(lines[index + 1] ?? '');
        if (!next || !next[1] !== ordered) break;
        items.push(next[3] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      blocks.push({ kind: 'heading', text: heading[1] ?? '' });
      continue;
    }
    if (line.trim() === '') {
      flushParagraph();
      continue;
    }
    paragraph.push(line);
  }
  flushParagraph();
  return blocks;
}

function renderBlocks(source: string): ReactNode[] {
  return parseBlocks(source).map((block, index) => {
    switch (block.kind) {
      case 'code':
        return (
          <pre key={index} className="aw-md-pre">
            <code>{block.text}</code>
          </pre>
        );
      case 'list': {
        const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderInline(item)}</li>);
        return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      }
      case 'heading':
        return (
          <p key={index} className="aw-md-heading">
            <strong>{renderInline(block.text)}</strong>
          </p>
        );
      case 'paragraph':
        return <p key={index}>{renderLines(block.text)}</p>;
    }
  });
}

function renderLines(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) nodes.push(<br key={`br${index}`} />);
    nodes.push(<span key={`l${index}`}>{renderInline(line)}</span>);
  });
  return nodes;
}

// Order matters: code first (its content is literal), then links, bold, italic, bare URLs.
const inlinePattern =
  /(`[^`]+`)|(\[[^\]]+\]\([^)\s]+\))|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest.length > 0) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const token = match[0];
    key += 1;
    if (match[1]) nodes.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (match[2]) nodes.push(renderLink(token, key));
    else if (match[3]) nodes.push(<strong key={key}>{renderInline(token.slice(2, -2))}</strong>);
    else if (match[4]) nodes.push(<em key={key}>{renderInline(token.slice(1, -1))}</em>);
    else nodes.push(safeLink(token, token, key));
    rest = rest.slice(match.index + token.length);
  }
  return nodes;
}

function renderLink(token: string, key: number): ReactNode {
  const split = token.indexOf('](');
  const label = token.slice(1, split);
  const href = token.slice(split + 2, -1);
  return safeLink(label, href, key);
}

function safeLink(label: string, href: string, key: number): ReactNode {
  const isWebAddress = /^https?:\/\//i.test(href);
  if (!isWebAddress || emailPattern.test(label.trim())) return <span key={key}>{label}</span>;
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/// <reference types="@testing-library/jest-dom/vitest" />
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('keeps raw HTML as text', () => {
    const { container } = render(<Markdown text={'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('renders bold, italic, inline code, code blocks and lists', () => {
    const { container } = render(
      <Markdown
        text={
          '**bold** and *it* with `x < y`\nnext line\n\n```\nconst a = "<b>";\n```\n\n- one\n- two\n\n1. first\n2. second'
        }
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('it');
    expect(container.querySelector('p code')?.textContent).toBe('x < y');
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelector('pre code')?.textContent).toBe('const a = "<b>";');
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect([...container.querySelectorAll('ol li')].map((item) => item.textContent)).toEqual(['first', 'second']);
  });

  it('opens web links in a new tab without opener', () => {
    const { getByRole } = render(
      <Markdown text={'See [our docs](https://example.com/docs) or https://example.org/page.'} />,
    );
    const docs = getByRole('link', { name: 'our docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(getByRole('link', { name: 'https://example.org/page' })).toHaveAttribute('target', '_blank');
  });

  it('shows mailto links, e-mail-like link texts and script links as plain text', () => {
    const { container } = render(
      <Markdown
        text={
          'Write to [sales](mailto:sales@example.com), [help@example.com](https://example.com/contact) or [click](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('sales');
    expect(container.textContent).toContain('help@example.com');
    expect(container.textContent).not.toContain('javascript:');
  });
});

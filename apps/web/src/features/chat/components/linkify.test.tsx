import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.tsx';

describe('linkify', () => {
  it('shows markup as text and makes only http(s) links clickable, without the opener', () => {
    const { container } = render(
      <p>{linkify('<b>fett</b> javascript:alert(1) siehe https://verein.example/plan?x=1. Danke')}</p>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(
      '<b>fett</b> javascript:alert(1) siehe https://verein.example/plan?x=1. Danke',
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://verein.example/plan?x=1');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveAttribute('target', '_blank');
  });
});

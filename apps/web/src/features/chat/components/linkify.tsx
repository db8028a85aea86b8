import type { ReactNode } from 'react';

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * Plain text with its http(s) links as anchors: React renders the text as text nodes (never HTML), and only
 * http(s) URLs become links (no javascript:, data: …), opened in a new tab without the opener.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A sentence's final punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

import { createElement, type ReactNode } from 'react';

/** Elements an admin's HTML may use; everything else is dropped and only its text kept. */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span']);

/** Links may only leave for https pages or e-mail. */
const SAFE_HREF = /^(https:\/\/|mailto:)/i;

/** Converts one parsed node into React nodes: allowed tags without attributes, text as text. */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED.has(tag)) return children.length ? createElement('span', { key }, ...children) : null;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return createElement('span', { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Renders admin-written HTML (the investor's announcement) through an allow-list: the HTML is
 * parsed into an inert document (nothing runs or loads), then rebuilt as React elements with
 * no attributes except a vetted link target. Never uses dangerouslySetInnerHTML.
 */
export function SafeHtml({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <>{Array.from(body.childNodes, toReact)}</>;
}

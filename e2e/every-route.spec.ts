import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO, expect, openSignedIn, test } from './fixtures.ts';
import { PAGE_ROUTES, PERSONA_OF, SHOWN_PAGE, pathOf, settle } from './support/routes.ts';

/**
 * Issue 15: every route of the route table, at both viewports, as the person it is for (below): nothing wider
 * than the viewport, no text cut off inside its box or an element's shadow root, no sentence squeezed into a narrow
 * column (at 390 px), no amount of money under 14 px, a document title that names the page, controls named in the
 * page's language, and axe-core (WCAG 2.1 A/AA) without critical, serious or moderate violations. Routes
 * come from packages/contracts/src/routes.ts, so a new screen is checked without touching this file; a route with
 * a parameter needs a way to find an id in support/routes.ts (a type error until it has one).
 */

/** Elements reaching past the viewport's edge (outside a scrolling container that fits), and clipped text. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const name = (el: Element) => {
      const cls = [...el.classList]
        .filter((c) => !c.startsWith('sc-') && !c.startsWith('ion-color'))
        .slice(0, 3);
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls.length ? `.${cls.join('.')}` : ''} "${text}"`;
    };
    const shown = (el: Element) => {
      if (el.closest('.ion-page-hidden, ion-menu:not(.show-menu), [aria-hidden="true"], template'))
        return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
    };
    const insideFittingScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') {
          const r = p.getBoundingClientRect();
          return r.left >= -1 && r.right <= width + 1;
        }
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      // Zero-sized, or visually hidden for screen readers only (1 px, clipped).
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < -1 || r.right > width + 1) {
        if (shown(el) && !insideFittingScroller(el))
          problems.push(
            `wider than the viewport (${Math.round(r.left)}…${Math.round(r.right)} of ${width}): ${name(el)}`,
          );
        continue;
      }
      // Text cut off with an ellipsis (or hidden) inside its own box.
      const style = getComputedStyle(el);
      if (
        style.overflowX !== 'visible' &&
        style.overflowX !== 'auto' &&
        style.overflowX !== 'scroll' &&
        el.scrollWidth > el.clientWidth + 1 &&
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim()) &&
        shown(el)
      )
        problems.push(`text cut off (${el.scrollWidth} > ${el.clientWidth}): ${name(el)}`);
    }
    // Each element's own text, as laid out:
    // - clipped by a box around it, also one inside an Ionic element's shadow root that the text is slotted into (a
    //   toggle's or checkbox's label cuts its line without an ellipsis); scrolling boxes are left alone;
    // - squeezed into a narrow column on a phone (a hint beside its button, a switch's label beside a club's name):
    //   a sentence in a box under 40 % of the width, or a few words over three lines or more. A table's or a list of
    //   facts' columns are laid out so on purpose.
    const composedParent = (el: Element): Element | null =>
      el.assignedSlot ?? el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
    for (const el of document.querySelectorAll('body *')) {
      const texts = [...el.childNodes].filter(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim(),
      );
      if (!texts.length || !shown(el)) continue;
      // Visually hidden for screen readers only (1 px, clipped).
      const own = el.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      const range = document.createRange();
      range.setStartBefore(texts[0]!);
      range.setEndAfter(texts[texts.length - 1]!);
      const text = range.getBoundingClientRect();
      if (text.width <= 1 || text.height <= 1) continue;
      for (let box = composedParent(el); box && box !== document.body; box = composedParent(box)) {
        const style = getComputedStyle(box);
        if (['auto', 'scroll'].includes(style.overflowX)) break;
        if (style.overflowX === 'visible') continue;
        const r = box.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) break;
        if (text.right > r.right + 1 || text.left < r.left - 1) {
          problems.push(
            `text cut off by ${box.tagName.toLowerCase()}.${[...box.classList][0] ?? ''}: ${name(el)}`,
          );
          break;
        }
      }
      if (width >= 600 || text.width >= width * 0.4 || el.closest('dl, table')) continue;
      const chars = texts
        .map((n) => n.textContent ?? '')
        .join('')
        .trim().length;
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if ((chars >= 15 && lines >= 3) || chars >= 50)
        problems.push(`text squeezed into ${Math.round(text.width)} of ${width} px: ${name(el)}`);
    }
    // The page title: ion-title cuts its line with '…' inside its shadow root; the title may take three lines.
    for (const title of document.querySelectorAll('ion-title')) {
      const line = title.shadowRoot?.querySelector('.toolbar-title');
      const heading = title.querySelector('h1');
      if (!shown(title)) continue;
      if (
        (line && line.scrollWidth > line.clientWidth + 1) ||
        (heading && heading.scrollHeight > heading.clientHeight + 1)
      )
        problems.push(`title cut off: ${name(title)}`);
      // A word of the title broken across two lines ('Jahreshauptversammlu' / 'ng').
      const walker = document.createTreeWalker(heading ?? title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) problems.push(`title's word broken across lines: "${word[0]}"`);
        }
      }
    }
    return [...new Set(problems)].slice(0, 8);
  });
}

/** Amounts of money ('36,00 €', '€36.00') shown smaller than 14 px (issue 15 §7). */
function smallAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const money = /\d[\d.,\u00a0\u202f]*\s?€|€\s?\d/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!el || !money.test(text)) continue;
      if (
        el.closest(
          '.ion-page-hidden, ion-menu:not(.show-menu), [aria-hidden="true"], template, .vh-visually-hidden',
        )
      )
        continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      const size = parseFloat(style.fontSize);
      if (size < 14)
        problems.push(`amount at ${size} px: ${el.tagName.toLowerCase()} "${text.slice(0, 40)}"`);
    }
    return [...new Set(problems)].slice(0, 8);
  });
}

/**
 * The document's title names the shown page (WCAG 2.4.2), as the browser's tab, history and a screen reader read it:
 * '<the page's heading> – Vereinsheim'.
 */
function titleProblems(page: Page): Promise<string[]> {
  return page.evaluate((shownPage) => {
    const pages = document.querySelectorAll(shownPage);
    const heading = pages[pages.length - 1]?.querySelector('.vh-page-title');
    // A mark after the title (the chat's 'Beta', AppPage's badge) is not part of the page's name.
    const copy = heading?.cloneNode(true) as Element | undefined;
    copy?.querySelector('.vh-page-title__badge')?.remove();
    const name = copy?.textContent?.trim().replace(/\s+/g, ' ');
    if (!name) return ['no page heading (.vh-page-title) to name the document after'];
    const expected = `${name} – Vereinsheim`;
    return document.title === expected ? [] : [`document title "${document.title}", not "${expected}"`];
  }, SHOWN_PAGE);
}

/** The names Ionic gives its searchbar's field and clear button, in English whatever the page's language. */
const IONIC_ENGLISH_NAMES = ['search text', 'reset'];

/**
 * Every control is named in the page's language: none keeps one of Ionic's English names (axe accepts any name).
 */
function nameProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ shownPage, names }) => {
      const pages = document.querySelectorAll(shownPage);
      const scope = pages[pages.length - 1] ?? document.body;
      return [...scope.querySelectorAll('[aria-label]')]
        .filter((e) => names.includes(e.getAttribute('aria-label')!.trim().toLowerCase()))
        .map(
          (e) => `${e.tagName.toLowerCase()} named "${e.getAttribute('aria-label')}" by Ionic, in English`,
        );
    },
    { shownPage: SHOWN_PAGE, names: IONIC_ENGLISH_NAMES },
  );
}

/**
 * axe-core in the page itself (legacy mode): the default mode finishes every run in a new blank page, which cost
 * ~1.5 s of the ~3 s per route (ADR 0031). The app has no frames, so both modes see the same nodes.
 */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Ionic keeps the previous page in the DOM, hidden; it is not what the user sees.
    .exclude('.ion-page-hidden')
    .analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/**
 * Routes per test: a persona's routes in a few tests of about the same length, which the workers share (the file runs
 * in parallel mode), instead of demo@'s 29 routes in one test that kept one worker busy for 4 min at the end of the
 * run while the others had finished.
 */
const ROUTES_PER_TEST = 10;

test.describe('every route', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const persona of ['demo', 'vorstand', 'pruefer'] as const) {
    const all = PAGE_ROUTES.filter((id) => PERSONA_OF(id) === persona);
    const parts = Math.ceil(all.length / ROUTES_PER_TEST);
    for (let part = 0; part < parts; part++) {
      const routes = all.filter((_, i) => i % parts === part);
      const which = parts > 1 ? `, part ${part + 1} of ${parts}` : '';
      test(`fits the viewport, cuts no text and has no accessibility violation (${persona}@${which})`, async ({
        page,
      }, info) => {
        test.setTimeout(10 * 60_000);
        await openSignedIn(page, DEMO[persona].email, DEMO[persona].password, '/');
        const failures: string[] = [];
        for (const id of routes) {
          const path = await pathOf(page, id);
          await test.step(path, async () => {
            await page.goto(path);
            await settle(page);
            // The route itself is checked, not the page the app may have sent the person to instead.
            const shownAt = new URL(page.url()).pathname;
            const found = [
              ...(shownAt === path ? [] : [`shown at ${shownAt}, not at the route`]),
              ...(info.project.name === 'mobile' ? await layoutProblems(page) : []),
              ...(await smallAmounts(page)),
              ...(await titleProblems(page)),
              ...(await nameProblems(page)),
              ...(await axeProblems(page)),
            ];
            for (const problem of found) failures.push(`${path}: ${problem}`);
          });
        }
        expect(failures, `${routes.length} routes as ${persona}@ at ${info.project.name}`).toEqual([]);
      });
    }
  }
});

test('the route checks find what they look for', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
  // Planted on the signed-out start page: each one is something a check must report.
  await page.evaluate(() => {
    const add = (html: string) => document.body.insertAdjacentHTML('beforeend', html);
    add('<p style="color:#c8c8c8;background:#fff;font-size:16px">Kaum lesbar</p>');
    add('<div style="position:absolute;left:0;top:0;width:3000px;height:20px">Viel zu breit</div>');
    add('<p style="font-size:11px">36,00 €</p>');
    add('<p style="width:60px;overflow:hidden;white-space:nowrap">Eine Zeile, die abgeschnitten wird</p>');
    add('<input type="search" aria-label="search text" placeholder="Suchen">');
    // Text slotted into a shadow root whose box cuts its line, as a toggle's label did.
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<div class="clipping" style="width:120px;overflow:hidden;white-space:nowrap"><slot></slot></div>';
    host.innerHTML = '<span>Im Schatten abgeschnittener Text</span>';
    document.body.append(host);
  });
  expect(await nameProblems(page)).toEqual(['input named "search text" by Ionic, in English']);
  expect((await axeProblems(page)).join('\n')).toContain('serious: color-contrast');
  expect(await smallAmounts(page)).toEqual(['amount at 11 px: p "36,00 €"']);
  const layout = (await layoutProblems(page)).join('\n');
  expect(layout).toContain('wider than the viewport (0…3000 of 1280): div "Viel zu breit"');
  expect(layout).toContain('text cut off');
  expect(layout).toContain('"Eine Zeile, die abgeschnitten wird"');
  expect(layout).toContain('text cut off by div.clipping: span "Im Schatten abgeschnittener Text"');

  // On a phone: a hint squeezed into a narrow column beside its button, and a switch's short label over three lines.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    const add = (html: string) => document.body.insertAdjacentHTML('beforeend', html);
    add(
      '<div style="width:120px"><p>Ein Hinweis, der sich neben seinem Knopf in eine schmale Spalte drängt.</p></div>',
    );
    add('<div style="width:80px"><span>Interne Ansicht (Kontakt)</span></div>');
    add('<ion-title><h1 style="width:200px;overflow-wrap:anywhere">Jahreshauptversammlung</h1></ion-title>');
  });
  expect(await layoutProblems(page)).toContain('title\'s word broken across lines: "Jahreshauptversammlung"');
  const squeezed = (await layoutProblems(page)).filter((problem) => problem.startsWith('text squeezed'));
  expect(squeezed).toEqual([
    expect.stringMatching(/^text squeezed into 1\d\d of 390 px: p "Ein Hinweis, der sich/),
    expect.stringMatching(/^text squeezed into \d\d of 390 px: span "Interne Ansicht \(Kontakt\)"$/),
  ]);
});

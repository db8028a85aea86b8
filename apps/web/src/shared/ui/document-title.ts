/**
 * The document's title for a page (WCAG 2.4.2): the page's own title first, then the product's name, so that tabs,
 * history and screen readers tell the pages apart ('Kalender – Vereinsheim'); the product's name alone without one.
 */
export function documentTitle(pageTitle: string, appName: string): string {
  return pageTitle ? `${pageTitle} – ${appName}` : appName;
}

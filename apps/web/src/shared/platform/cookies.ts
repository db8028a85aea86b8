/** Expires every cookie the page can see, on this path and the root (sign-out, spec §4). */
export function clearCookies(doc: Document = document): void {
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of ['/', window.location.pathname]) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

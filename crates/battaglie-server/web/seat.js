// @ts-check
// A game page's seat token. Links carry it in the fragment (`/game/ID#token=T`),
// which a browser never sends: no request line, `Referer` or proxy log holds it.
// The page sends it in a header (or beside its socket's protocol) instead.

/**
 * The link to game `id`'s page, with the seat `token` if there is one.
 * @param {string} id
 * @param {string | null | undefined} token
 */
export function gameLink(id, token) {
  return `/game/${encodeURIComponent(id)}${token ? `#token=${encodeURIComponent(token)}` : ""}`;
}

/**
 * The seat token of the page of game `id`: from the link's fragment; from an
 * older link's query (then moved into the fragment, out of the address the
 * browser sends again); else the one this tab last read for the game (an
 * in-page link such as "skip to the game" replaces the fragment).
 * @param {string} id
 * @param {{search: string, hash: string, pathname: string}} [where]
 * @param {Pick<Storage, "getItem" | "setItem">} [kept]
 * @param {(url: string) => void} [rewrite] replaces the address bar's URL
 * @returns {string | null}
 */
export function seatToken(id, where = location, kept = sessionStorage, rewrite = (url) => history.replaceState(history.state, "", url)) {
  const fromHash = new URLSearchParams(where.hash.replace(/^#/, "")).get("token");
  const query = new URLSearchParams(where.search);
  const fromQuery = query.get("token");
  const token = fromHash || fromQuery || kept.getItem(`seat:${id}`);
  if (fromQuery) {
    query.delete("token");
    const rest = query.toString();
    rewrite(`${where.pathname}${rest ? `?${rest}` : ""}#token=${encodeURIComponent(fromQuery)}`);
  }
  if (token) kept.setItem(`seat:${id}`, token);
  return token || null;
}

/**
 * Forgets the seat token this tab kept for game `id` (one that opens no seat:
 * the page then offers to watch, and watches).
 * @param {string} id
 * @param {Pick<Storage, "removeItem">} [kept]
 */
export function forgetSeat(id, kept = sessionStorage) {
  kept.removeItem(`seat:${id}`);
}

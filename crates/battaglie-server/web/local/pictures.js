// @ts-check
// The offline edition's downloads: the links to a game's animated GIF (the replay's),
// to a position's PNG and to the game's records (the export panel's) name the server's
// addresses, which a static host does not have (and a download link does not pass
// through the service worker); here a click on them has the backend draw the picture
// or write the record in the engine's worker (the rules, battaglie-image, in
// WebAssembly), and the browser downloads it, network or not.

import { ApiError } from "../api.js";
import { download, toast } from "../dom.js";
import { errorText } from "../errors.js";

/** The downloads' addresses. */
const DOWNLOAD = /^\/api\/games\/[^/]+\/(gif|png|record)$/;

/**
 * Answers clicks on picture links with the picture drawn by `backend`. Listens where
 * the click ends (the document), after the link's own handler has set its address.
 * @param {import("../api.js").LocalBackend} backend
 */
export function drawPicturesHere(backend) {
  document.addEventListener("click", (e) => {
    const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href, location.origin);
    if (url.origin !== location.origin || !DOWNLOAD.test(url.pathname)) return;
    e.preventDefault();
    picture(backend, url.pathname + url.search).catch((err) => toast(errorText(err)));
  });
}

/**
 * @param {import("../api.js").LocalBackend} backend
 * @param {string} path
 */
async function picture(backend, path) {
  const res = await backend.fetch(path, { method: "GET" });
  if (!res.ok) {
    const body = await res.json();
    throw new ApiError(res.status, body.error, body.code, body.params);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "battaglie";
  download(name, await res.blob());
}

// @ts-check
// The offline edition's pictures: the links to a game's animated GIF (the replay's)
// and to a position's PNG (the export panel's) name the server's addresses, which a
// static host does not have; here a click on them has the backend draw the picture in
// the engine's worker (battaglie-image in WebAssembly), and the browser downloads it.

import { ApiError } from "../api.js";
import { download, toast } from "../dom.js";
import { errorText } from "../errors.js";

/** The pictures' addresses. */
const PICTURE = /^\/api\/games\/[^/]+\/(gif|png)$/;

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
    if (url.origin !== location.origin || !PICTURE.test(url.pathname)) return;
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

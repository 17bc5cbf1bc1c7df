// @ts-check
// Building elements, notices, the screen-reader live region, confirmations.

/**
 * @typedef {Record<string, any>} Attrs `on…` keys are listeners, `class`, `html`, others attributes
 * @typedef {Node | string | number | null | undefined | false | any[]} Children
 */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  append(e, children);
  return e;
}

/**
 * @param {Element} e
 * @param {Children[]} children
 */
function append(e, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(e, c);
    else e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * A form's refusal, said in its place below the form's buttons (where a toast could
 * cover them): hidden until there is one.
 */
export function formError() {
  return h("p", { class: "form-error", role: "alert", hidden: true });
}

/**
 * Says `text` in the form's refusal `box`; `""` hides it.
 * @param {HTMLElement} box
 * @param {string} text
 */
export function showError(box, text) {
  box.textContent = text;
  box.hidden = !text;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/**
 * A notice at the bottom of the screen (also read by screen readers).
 * @param {string} message
 * @param {"error" | "info"} [kind]
 */
export function toast(message, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: kind === "error" ? "alert" : "status" });
    document.body.append(box);
  }
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.textContent = message;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box && (box.className = ""), 6000);
}

/**
 * Says something to screen readers (moves, eliminations) without showing it.
 * @param {string} message
 */
export function announce(message) {
  let region = document.getElementById("announcer");
  if (!region) {
    region = h("div", { id: "announcer", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    document.body.append(region);
  }
  // A change of text is what gets read; the same text twice must still be read.
  region.textContent = "";
  const r = region;
  setTimeout(() => (r.textContent = message), 30);
}

/**
 * A modal question with two answers; resolves to whether the first was chosen.
 * @param {string} question
 * @param {string} yes
 * @param {string} no
 * @returns {Promise<boolean>}
 */
export function ask(question, yes, no) {
  return new Promise((resolve) => {
    const before = document.activeElement;
    const dialog = h("dialog", { class: "ask", "aria-labelledby": "ask-q" });
    /** @param {boolean} answer */
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      if (before instanceof HTMLElement) before.focus();
      resolve(answer);
    };
    dialog.append(
      h("p", { id: "ask-q" }, question),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", class: "primary yes", onclick: () => done(true) }, yes),
        h("button", { type: "button", class: "no", onclick: () => done(false) }, no),
      ),
    );
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      done(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    /** @type {HTMLElement | null} */ (dialog.querySelector(".no"))?.focus();
  });
}

/**
 * @param {string} name
 * @param {Blob} blob
 */
export function download(name, blob) {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}

// @ts-check
// The optional account on the home page: sign in or register (this browser's
// guest games join the account), then the account panel: my games, the
// notification settings (notifyform.js), change the password, log out,
// delete the account. The session is an HttpOnly cookie; the
// CSRF token that changes need comes from GET /api/account (see api.js).

import { h, toast } from "./dom.js";
import { api, setCsrf, mayBeSignedIn } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { recentGames } from "./recent.js";
import { notificationSettings } from "./notifyform.js";

/** @typedef {import("./types/AccountGame").AccountGame} HeldGame */
/** @typedef {import("./types/Account").Account} Account */

/**
 * The seats this browser plays, to claim at sign-in: each game's own token, never
 * the `otherToken` of an online game, which is the invited opponent's seat.
 */
function heldHere() {
  return recentGames()
    .filter((g) => g.token)
    .map((g) => ({ id: g.id, token: /** @type {string} */ (g.token) }))
    .slice(0, 64);
}

/** @returns {Promise<Account | null>} the signed-in account, or null */
export async function current() {
  if (!mayBeSignedIn()) {
    setCsrf(null);
    return null;
  }
  try {
    const account = await api("GET", "/api/account");
    setCsrf(account.csrf);
    return account;
  } catch (e) {
    setCsrf(null);
    if (/** @type {{status?: number}} */ (e).status !== 401) throw e;
    // The session ended (expired, or closed elsewhere): so does its hint.
    document.cookie = "battaglie_signed_in=; Path=/; Max-Age=0; SameSite=Lax";
    return null;
  }
}

/**
 * A labelled input.
 * @param {string} id
 * @param {string} label
 * @param {string} type
 * @param {string} autocomplete
 */
function field(id, label, type, autocomplete) {
  const input = h("input", { id, name: id, type, autocomplete, required: true });
  return { input, row: h("p", { class: "field" }, h("label", { for: id }, label), " ", input) };
}

/**
 * The sign-in form: one form, two buttons (sign in, register).
 * @param {() => void} reroute
 */
function signInForm(reroute) {
  const name = field("account-name", t("accountName"), "text", "username");
  const password = field("account-password", t("password"), "password", "current-password");
  /** @param {string} path */
  const submit = async (path) => {
    if (!name.input.value || !password.input.value) {
      (name.input.value ? password.input : name.input).focus();
      return;
    }
    try {
      await api("POST", path, { name: name.input.value, password: password.input.value, games: heldHere() });
      reroute();
    } catch (e) {
      toast(errorText(e));
    }
  };
  const form = h(
    "form",
    {
      class: "signin",
      id: "signin",
      hidden: true,
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        submit("/api/account/login");
      },
    },
    h("p", { class: "muted" }, t("accountHint")),
    name.row,
    password.row,
    h(
      "div",
      { class: "row" },
      h("button", { type: "submit", class: "primary", id: "signin-submit" }, t("signIn")),
      " ",
      h("button", { type: "button", id: "register-submit", onclick: () => submit("/api/account/register") }, t("register")),
    ),
  );
  const toggle = h(
    "button",
    {
      type: "button",
      class: "account-toggle",
      "aria-expanded": "false",
      "aria-controls": "signin",
      onclick: () => {
        form.hidden = !form.hidden;
        toggle.setAttribute("aria-expanded", String(!form.hidden));
        if (!form.hidden) name.input.focus();
      },
    },
    t("signInOrRegister"),
  );
  return [toggle, form];
}

/**
 * Whom a game of "My games" is against: the other player by name, the computer by
 * its level, a guest, or the two players at one screen.
 * @param {HeldGame} g
 */
export function opponentText(g) {
  if (g.opponent) return t("versus", { name: g.opponent });
  if (g.mode === "computer") return t("versus", { name: t("opponentComputer", { level: g.level ?? 0 }) });
  if (g.mode === "hotseat") return t("mode_hotseat");
  return t("versusGuest");
}

/**
 * The panel of a signed-in player.
 * @param {Account} account
 * @param {import("./types.js").Scenario[]} list
 * @param {() => void} reroute
 */
function panel(account, list, reroute) {
  const games = h("ul", { class: "my-games", id: "my-games" });
  for (const g of account.games) {
    const s = list.find((x) => x.id === g.scenario);
    const href = `${g.url}${g.token ? `#token=${encodeURIComponent(g.token)}` : ""}`;
    games.append(
      h(
        "li",
        {},
        h("a", { href }, s ? s.name : g.scenario),
        ` · ${opponentText(g)} · ${t(`seat_${g.seat}`)} · ${g.result ? t("finished") : t("inProgress")}`,
      ),
    );
  }
  const logOut = h(
    "button",
    {
      type: "button",
      id: "logout",
      onclick: async () => {
        try {
          await api("POST", "/api/account/logout");
          setCsrf(null);
          reroute();
        } catch (e) {
          toast(errorText(e));
        }
      },
    },
    t("logOut"),
  );

  const currentPw = field("password-current", t("currentPassword"), "password", "current-password");
  const newPw = field("password-new", t("newPassword"), "password", "new-password");
  const change = h(
    "details",
    { class: "change-password" },
    h("summary", {}, t("changePassword")),
    h(
      "form",
      {
        onsubmit: async (/** @type {Event} */ e) => {
          e.preventDefault();
          try {
            const next = await api("POST", "/api/account/password", { current: currentPw.input.value, password: newPw.input.value });
            setCsrf(next.csrf);
            currentPw.input.value = "";
            newPw.input.value = "";
            toast(t("passwordChanged"), "info");
          } catch (err) {
            toast(errorText(err));
          }
        },
      },
      currentPw.row,
      newPw.row,
      h("button", { type: "submit" }, t("changePassword")),
    ),
  );

  const confirmPw = field("delete-password", t("password"), "password", "current-password");
  const confirm = h(
    "form",
    {
      class: "delete-confirm",
      id: "delete-confirm",
      hidden: true,
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        try {
          await api("DELETE", "/api/account", { password: confirmPw.input.value });
          setCsrf(null);
          toast(t("accountDeleted"), "info");
          reroute();
        } catch (err) {
          toast(errorText(err));
        }
      },
    },
    h("p", {}, t("deleteConfirm")),
    confirmPw.row,
    h(
      "div",
      { class: "row" },
      h("button", { type: "submit", class: "danger" }, t("deleteForGood")),
      " ",
      h("button", { type: "button", onclick: () => { confirm.hidden = true; del.setAttribute("aria-expanded", "false"); del.focus(); } }, t("cancel")),
    ),
  );
  const del = h(
    "button",
    {
      type: "button",
      id: "delete-account",
      "aria-expanded": "false",
      "aria-controls": "delete-confirm",
      onclick: () => {
        confirm.hidden = false;
        del.setAttribute("aria-expanded", "true");
        confirmPw.input.focus();
      },
    },
    t("deleteAccount"),
  );

  return [
    h("p", { class: "signed-in" }, t("signedInAs", { name: account.name }), " ", logOut),
    h(
      "p",
      { class: "my-page" },
      h("a", { href: `/players/${encodeURIComponent(account.name)}` }, t("myPage")),
      account.rating ? ` · ${t("rating")} ${account.rating.rating} ±${account.rating.deviation}` : null,
    ),
    h("h3", { id: "my-games-h" }, t("myGames")),
    account.games.length ? games : h("p", { class: "muted" }, t("noMyGames")),
    notificationSettings(),
    change,
    h("p", {}, del),
    confirm,
  ];
}

/**
 * The account section of the home page, filled once the server has said who is signed in.
 * @param {import("./types.js").Scenario[]} list
 * @param {() => void} reroute
 */
export function accountSection(list, reroute) {
  const section = h("section", { class: "account", "aria-labelledby": "account-h" }, h("h2", { id: "account-h" }, t("account")));
  current()
    .then((account) => {
      section.append(...(account ? panel(account, list, reroute) : signInForm(reroute)));
      section.dataset.ready = account ? "signed-in" : "signed-out";
    })
    .catch((e) => toast(errorText(e)));
  return section;
}

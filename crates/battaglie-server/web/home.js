// @ts-check
// The home page: how to play (opponent, side, level), the battles (one tap starts
// one), the optional account, recent games, importing a record.

import { h, formError, showError } from "./dom.js";
import { sideNameOf } from "./sides.js";
import { clockChooser } from "./clock.js";
import { api, localBackend } from "./api.js";
import { gameLink } from "./seat.js";
import { t, lang, longDate } from "./i18n.js";
import { errorText } from "./errors.js";
import { importErrorText } from "./importerror.js";
import { drawBoard } from "./board.js";
import { bySquare, KINDS } from "./squares.js";
import { recentGames, saveRecent, forgetRecent, recentSummary } from "./recent.js";
import { battleNote } from "./notes.js";
import { accountSection } from "./account.js";
import { importedUrl } from "./rated.js";
import { isNewcomer, learnInvite } from "./learninvite.js";

/** @typedef {import("./types.js").Scenario} Scenario */

const CHOICE_KEY = "battaglie.choice";

/**
 * The opponents this edition can give: the offline edition has no server, so no
 * friend online and no rated game (its backend answers at one screen and against
 * the computer only).
 */
function modes() {
  return localBackend() ? ["computer", "hotseat"] : ["computer", "online", "hotseat"];
}

/** @returns {{mode: string, side: string, level: number, clock?: string}} */
function lastChoice() {
  let choice = { mode: "computer", side: "army", level: 1 };
  try {
    choice = { ...choice, ...JSON.parse(localStorage.getItem(CHOICE_KEY) || "{}") };
  } catch {
    // The defaults.
  }
  // A choice remembered from the other edition that this one cannot give.
  if (!modes().includes(choice.mode)) choice.mode = "computer";
  return choice;
}

/**
 * A battle's forces in words: "14 Mounted, 2 Foot".
 * @param {import("./squares.js").Counts} forces
 */
export function forcesText(forces) {
  return KINDS.filter((k) => forces[k] > 0)
    .map((k) => t(`count_${k}`, { n: forces[k] }))
    .join(", ");
}

/**
 * Starts a game and goes to it.
 * @param {{scenario: string, mode: string, side?: string, level?: number, rated?: boolean, clock?: string}} body
 */
export async function startGame(body) {
  const created = await api("POST", "/api/games", body);
  saveRecent({
    id: created.id,
    token: created.token,
    otherToken: created.other_token || null,
    scenario: body.scenario,
    mode: created.mode,
    seat: created.seat,
    level: body.level,
    created: Date.now(),
  });
  location.href = created.urls.play;
}

/**
 * @param {HTMLElement} root
 * @param {Scenario[]} list
 * @param {() => void} reroute
 */
export function homePage(root, list, reroute) {
  document.title = `battaglie · ${t("battles")}`;
  const choice = lastChoice();
  const remember = () => {
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
    } catch {
      // Not remembered.
    }
  };
  const main = h("main", { class: "home", id: "main" });
  root.append(main);

  const levelSelect = h(
    "select",
    { id: "level", onchange: (/** @type {Event} */ e) => { choice.level = Number(/** @type {HTMLSelectElement} */ (e.target).value); remember(); } },
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h("option", { value: n, selected: n === choice.level }, `${n} · ${t(`level${n}`)}`)),
  );
  const levelRow = h("label", { class: "level" }, t("level"), " ", levelSelect);
  // The computer's fixed rating beside each level (GET /api/levels).
  api("GET", "/api/levels")
    .then((/** @type {{levels: {level: number, rating: number}[]}} */ r) => {
      for (const l of r.levels) {
        const option = levelSelect.querySelector(`option[value="${l.level}"]`);
        if (option) option.textContent = `${l.level} · ${t(`level${l.level}`)} · ${t("levelRating", { rating: l.rating })}`;
      }
    })
    .catch(() => {});
  const sideSelect = h(
    "select",
    { id: "side", onchange: (/** @type {Event} */ e) => { choice.side = /** @type {HTMLSelectElement} */ (e.target).value; remember(); } },
    h("option", { value: "army", selected: choice.side === "army" }, t("army")),
    h("option", { value: "indians", selected: choice.side === "indians" }, t("indians")),
  );
  const sideRow = h("label", { class: "side" }, t("yourSide"), " ", sideSelect);
  // Rated games (online, both players signed in): the server refuses a guest's with a code.
  const ratedBox = h("input", { type: "checkbox", id: "rated" });
  const ratedRow = h("label", { class: "rated", for: "rated" }, ratedBox, " ", t("ratedChoice"));
  const clockRow = clockChooser(choice, remember);
  const shown = () => {
    clockRow.hidden = choice.mode !== "online";
    levelRow.hidden = choice.mode !== "computer";
    sideRow.hidden = choice.mode === "hotseat";
    ratedRow.hidden = choice.mode !== "online";
  };
  const modeSelect = h(
    "select",
    { id: "mode", onchange: (/** @type {Event} */ e) => { choice.mode = /** @type {HTMLSelectElement} */ (e.target).value; remember(); shown(); } },
    modes().map((m) => h("option", { value: m, selected: m === choice.mode }, t(`mode_${m}`))),
  );
  shown();
  // A refusal (a clock written wrong) is said below the choices, hiding none of them.
  const startError = formError();
  // A newcomer is offered the lessons before the battles.
  if (isNewcomer()) main.append(learnInvite());
  main.append(
    h("h1", {}, t("battles")),
    h("p", { class: "to-lobby" }, h("a", { href: "/lobby" }, t("lobbyFromHome"))),
    h("div", { class: "how", role: "group", "aria-label": t("newGame") }, h("label", { class: "mode" }, t("opponent"), " ", modeSelect), sideRow, levelRow, clockRow, ratedRow),
    startError,
  );

  const cards = h("div", { class: "cards" });
  for (const s of list) {
    const play = async (/** @type {Event} */ e) => {
      e.stopPropagation();
      const button = /** @type {HTMLButtonElement} */ (card.querySelector("button.play"));
      button.disabled = true;
      try {
        /** @type {{scenario: string, mode: string, side?: string, level?: number, rated?: boolean, clock?: string}} */
        const body = { scenario: s.id, mode: choice.mode };
        if (choice.mode === "online" && ratedBox.checked) body.rated = true;
        if (choice.mode === "online" && choice.clock && choice.clock !== "none") body.clock = choice.clock;
        if (choice.mode !== "hotseat") body.side = choice.side;
        if (choice.mode === "computer") body.level = choice.level;
        await startGame(body);
      } catch (err) {
        showError(startError, errorText(err));
        button.disabled = false;
      }
    };
    const summary = battleNote(s, "summary");
    const card = h(
      "article",
      { class: "card", "data-id": s.id, "aria-labelledby": `card-${s.id}`, onclick: play },
      h(
        "div",
        { class: "card-head" },
        h("div", {}, h("h2", { id: `card-${s.id}` }, s.name), h("p", { class: "date" }, longDate(s.date))),
        h("button", { type: "button", class: "primary play", "aria-label": t("playBattle", { name: s.name }), onclick: play }, t("play")),
      ),
      h("div", { class: "preview" }, drawBoard(s, { stacks: bySquare(s.stacks), compact: true, label: t("startOf", { name: s.name }) })),
      h(
        "dl",
        { class: "forces" },
        h("dt", { class: "army" }, `${sideNameOf(s, "army")} (${t("army")})`),
        h("dd", {}, forcesText(s.sides.army.forces)),
        h("dt", { class: "indians" }, `${sideNameOf(s, "indians")} (${t("indians")})`),
        h("dd", {}, forcesText(s.sides.indians.forces)),
      ),
      summary.text ? h("p", { class: "summary", lang: summary.lang === lang() ? null : summary.lang }, summary.text) : null,
    );
    cards.append(card);
  }
  main.append(cards);

  main.append(accountSection(list, reroute));

  // Recent games.
  const games = recentGames();
  const recent = h("section", { class: "recent", "aria-labelledby": "recent-h" }, h("h2", { id: "recent-h" }, t("recent")));
  if (games.length === 0) recent.append(h("p", { class: "muted" }, t("noRecent")));
  const ul = h("ul", {});
  for (const g of games) {
    const s = list.find((x) => x.id === g.scenario);
    const href = gameLink(g.id, g.token);
    ul.append(
      h(
        "li",
        {},
        h("a", { href }, `${s ? s.name : g.scenario}`),
        ` · ${recentSummary(g, (side) => (s ? sideNameOf(s, /** @type {import("./squares.js").Side} */ (side)) : t(side)))}`,
        ` · ${new Date(g.created).toLocaleDateString(lang())} `,
        h("button", { type: "button", class: "link", onclick: () => { forgetRecent(g.id); reroute(); } }, t("forget")),
      ),
    );
  }
  if (games.length) recent.append(ul);
  main.append(recent);

  // Import.
  const area = h("textarea", { id: "record-text", rows: 5, placeholder: '[Scenario "washita"] …' });
  const file = h("input", {
    type: "file",
    id: "record-file",
    accept: ".json,.txt,.pgn,text/plain,application/json",
    onchange: async (/** @type {Event} */ e) => {
      const f = /** @type {HTMLInputElement} */ (e.target).files?.[0];
      if (f) area.value = await f.text();
    },
  });
  // Said below the buttons, which stay in reach to try again.
  const importError = formError();
  main.append(
    h(
      "form",
      {
        class: "import",
        "aria-labelledby": "import-h",
        onsubmit: async (/** @type {SubmitEvent} */ e) => {
          e.preventDefault();
          // "Import and analyse" opens the game with its analysis already asked for.
          const analyse = /** @type {HTMLButtonElement | null} */ (e.submitter)?.value === "analyse";
          try {
            const created = await api("POST", "/api/records", area.value, true);
            saveRecent({ id: created.id, token: created.token, scenario: created.state.scenario, mode: "hotseat", seat: "both", created: Date.now() });
            location.href = importedUrl(created.urls.play, analyse);
          } catch (err) {
            showError(importError, importErrorText(err, area.value, list));
          }
        },
      },
      h("h2", { id: "import-h" }, t("importRecord")),
      h("label", { for: "record-text" }, t("importHint")),
      area,
      h("div", { class: "row" }, h("label", { for: "record-file" }, t("importFile")), " ", file, " ", h("button", { type: "submit", value: "import" }, t("importButton")), " ", h("button", { type: "submit", value: "analyse" }, t("importAnalyse"))),
      importError,
    ),
  );
}

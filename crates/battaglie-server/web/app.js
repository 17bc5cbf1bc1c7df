// battaglie in the browser: the home page (battles, new game, recent games, import)
// and the game page (board, moving, live updates, replay, export).

import { t, setLang, lang, LANGUAGES, longDate } from "./i18n.js";
import { drawBoard, parseBfen, parseSquare, squareName, pieceIcon } from "./board.js";

const root = document.getElementById("app");
let scenarios = null;
let teardown = () => {};

// ---------------------------------------------------------------- small helpers

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

async function api(method, path, body, raw = false) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers["content-type"] = raw ? "text/plain" : "application/json";
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  if (!res.ok) {
    const message = value && value.error ? value.error : `${res.status} ${res.statusText}`;
    const err = new Error(message);
    err.status = res.status;
    throw err;
  }
  return value;
}

function toast(message, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  box.textContent = message;
  box.className = `show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.className = ""), 6000);
}

async function loadScenarios() {
  if (!scenarios) scenarios = await api("GET", "/api/scenarios");
  return scenarios;
}

function realText(s) {
  return s && s.trim() && s.trim() !== "TODO" ? s.trim() : "";
}

function forcesText(forces) {
  const parts = ["F", "M", "V"].filter((k) => forces[k] > 0).map((k) => `${forces[k]} ${t(k)}`);
  return parts.join(", ");
}

const RECENT_KEY = "battaglie.games";

function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function saveRecent(entry) {
  const list = recentGames().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, 30)));
}

function updateRecent(id, patch) {
  const list = recentGames();
  const e = list.find((g) => g.id === id);
  if (e) {
    Object.assign(e, patch);
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  }
}

function download(name, blob) {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
}

// ---------------------------------------------------------------- header and routing

function header() {
  const select = h(
    "select",
    { "aria-label": t("language"), onchange: (e) => { setLang(e.target.value); route(); } },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === lang() }, name)),
  );
  return h(
    "header",
    { class: "top" },
    h("a", { href: "/", class: "logo" }, "battaglie"),
    h("span", { class: "tag" }, t("tagline")),
    h("label", { class: "lang" }, select),
  );
}

async function route() {
  teardown();
  teardown = () => {};
  document.documentElement.lang = lang();
  const m = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
  root.replaceChildren(header());
  try {
    if (m) await gamePage(m[1], new URLSearchParams(location.search).get("token"));
    else await homePage();
  } catch (e) {
    root.append(h("p", { class: "fatal" }, e.message));
  }
}

window.addEventListener("popstate", route);

// ---------------------------------------------------------------- home page

async function homePage() {
  document.title = "battaglie";
  const list = await loadScenarios();
  const main = h("main", { class: "home" });
  root.append(main);
  const choice = { scenario: list[0].id, side: "army", mode: "computer", level: 3 };

  const cards = h("div", { class: "cards" });
  const sideSelect = h("select", { id: "side", onchange: (e) => (choice.side = e.target.value) });
  const fillSides = () => {
    const s = list.find((x) => x.id === choice.scenario);
    sideSelect.replaceChildren(
      h("option", { value: "army", selected: choice.side === "army" }, `${s.sides.army.name} (${t("army")})`),
      h("option", { value: "indians", selected: choice.side === "indians" }, `${s.sides.indians.name} (${t("indians")})`),
    );
  };
  const battleSelect = h(
    "select",
    { id: "battle", onchange: (e) => { choice.scenario = e.target.value; fillSides(); markCards(); } },
    list.map((s) => h("option", { value: s.id }, s.name)),
  );
  const markCards = () => {
    for (const c of cards.children) c.classList.toggle("chosen", c.dataset.id === choice.scenario);
    battleSelect.value = choice.scenario;
  };
  for (const s of list) {
    const preview = drawBoard(s, { stacks: parseBfen(s.start, s.height).stacks, compact: true });
    const card = h(
      "article",
      {
        class: "card",
        tabindex: 0,
        "data-id": s.id,
        onclick: () => { choice.scenario = s.id; fillSides(); markCards(); },
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); card.click(); } },
      },
      h("div", { class: "preview" }, preview),
      h("h3", {}, s.name),
      h("p", { class: "date" }, longDate(s.date)),
      realText(s.notes.summary) ? h("p", { class: "summary" }, realText(s.notes.summary)) : null,
      h(
        "dl",
        { class: "forces" },
        h("dt", { class: "army" }, s.sides.army.name),
        h("dd", {}, forcesText(s.sides.army.forces)),
        h("dt", { class: "indians" }, s.sides.indians.name),
        h("dd", {}, forcesText(s.sides.indians.forces)),
      ),
    );
    cards.append(card);
  }
  main.append(h("h2", {}, t("battles")), cards);

  const levelText = (n) => `${n} · ${t(`level${n}`)}`;
  const level = h("input", { type: "range", min: 1, max: 8, value: choice.level, id: "level", oninput: (e) => { choice.level = Number(e.target.value); levelOut.textContent = levelText(choice.level); } });
  const levelOut = h("output", { for: "level" }, levelText(choice.level));
  const levelRow = h("label", { class: "level" }, `${t("level")} `, level, " ", levelOut);
  const modes = [
    ["computer", t("vsComputer")],
    ["online", t("vsFriend")],
    ["hotseat", t("hotseat")],
  ];
  const modeInputs = h(
    "fieldset",
    { class: "modes" },
    h("legend", {}, t("opponent")),
    modes.map(([value, label]) =>
      h(
        "label",
        {},
        h("input", { type: "radio", name: "mode", value, checked: value === choice.mode, onchange: () => { choice.mode = value; levelRow.hidden = value !== "computer"; sideRow.hidden = value === "hotseat"; } }),
        " ",
        label,
      ),
    ),
    levelRow,
  );
  const sideRow = h("label", {}, `${t("yourSide")} `, sideSelect);
  const startButton = h("button", { type: "submit", class: "primary" }, t("start"));
  const form = h(
    "form",
    {
      class: "new-game",
      onsubmit: async (e) => {
        e.preventDefault();
        startButton.disabled = true;
        try {
          const body = { scenario: choice.scenario, mode: choice.mode };
          if (choice.mode !== "hotseat") body.side = choice.side;
          if (choice.mode === "computer") body.level = choice.level;
          const created = await api("POST", "/api/games", body);
          saveRecent({ id: created.id, token: created.token, otherToken: created.other_token || null, scenario: choice.scenario, mode: created.mode, seat: created.seat, created: Date.now() });
          location.href = created.urls.play;
        } catch (err) {
          toast(err.message);
          startButton.disabled = false;
        }
      },
    },
    h("h2", {}, t("newGame")),
    h("label", {}, `${t("battle")} `, battleSelect),
    sideRow,
    modeInputs,
    startButton,
  );
  main.append(form);
  fillSides();
  markCards();

  // Recent games.
  const recent = h("section", { class: "recent" }, h("h2", {}, t("recent")));
  const games = recentGames();
  if (games.length === 0) recent.append(h("p", { class: "muted" }, t("noRecent")));
  const ul = h("ul", {});
  for (const g of games) {
    const s = list.find((x) => x.id === g.scenario);
    const href = `/game/${g.id}${g.token ? `?token=${g.token}` : ""}`;
    ul.append(
      h(
        "li",
        {},
        h("a", { href }, `${s ? s.name : g.scenario}`),
        ` · ${t(g.mode === "computer" ? "vsComputer" : g.mode === "online" ? "vsFriend" : "hotseat")}`,
        g.status ? ` · ${g.status}` : "",
        ` · ${new Date(g.created).toLocaleDateString(lang())} `,
        h("button", { class: "link", onclick: () => { localStorage.setItem(RECENT_KEY, JSON.stringify(recentGames().filter((x) => x.id !== g.id))); route(); } }, t("forget")),
      ),
    );
  }
  recent.append(ul);
  main.append(recent);

  // Import.
  const area = h("textarea", { rows: 5, placeholder: '[Scenario "washita"] …', "aria-label": t("importRecord") });
  const file = h("input", { type: "file", accept: ".json,.txt,.pgn,text/plain,application/json", onchange: async (e) => { const f = e.target.files[0]; if (f) area.value = await f.text(); } });
  main.append(
    h(
      "form",
      {
        class: "import",
        onsubmit: async (e) => {
          e.preventDefault();
          try {
            const created = await api("POST", "/api/records", area.value, true);
            saveRecent({ id: created.id, token: created.token, scenario: created.state.scenario, mode: "hotseat", seat: "both", created: Date.now() });
            location.href = created.urls.play;
          } catch (err) {
            toast(err.message);
          }
        },
      },
      h("h2", {}, t("importRecord")),
      h("p", { class: "muted" }, t("importHint")),
      area,
      h("div", {}, file, " ", h("button", { type: "submit" }, t("importButton"))),
    ),
  );
}

// ---------------------------------------------------------------- moves

function parseMove(text) {
  if (text === "pass") return { text, pass: true, src: null, groups: [] };
  const [src, rest] = text.split(":");
  const groups = rest.split(",").map((g) => {
    const m = /^([FMV]+)([-x])(.+)$/.exec(g);
    const c = { F: 0, M: 0, V: 0 };
    for (const k of m[1]) c[k] += 1;
    return { ...c, capture: m[2] === "x", dest: m[3] };
  });
  return { text, pass: false, src, groups };
}

function countsOf(c) {
  return ["F", "M", "V"].map((k) => k.repeat(c[k] || 0)).join("");
}

function total(c) {
  return (c.F || 0) + (c.M || 0) + (c.V || 0);
}

// ---------------------------------------------------------------- game page

async function gamePage(id, token) {
  const list = await loadScenarios();
  let game;
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  } catch (e) {
    root.append(h("main", {}, h("p", { class: "fatal" }, e.status === 404 ? t("notFound") : e.message), h("a", { href: "/" }, t("home"))));
    return;
  }
  const scenario = list.find((s) => s.id === game.scenario);
  const sideName = (side) => scenario.sides[side].name;
  document.title = `${scenario.name} · battaglie`;
  const recentEntry = recentGames().find((g) => g.id === id);

  const ui = {
    sel: null, // {src, pending: Map dest -> counts, choose: counts}
    cursor: null,
    replay: null, // ply shown, or null for live
    positions: null, // {positions, moves} for replay
    socketState: "connecting",
  };

  // Layout, built once.
  const banner = h("div", { class: "banner", role: "status", "aria-live": "polite" });
  const boardBox = h("div", { class: "board-box", tabindex: 0, "aria-label": scenario.name });
  const replayBar = h("div", { class: "replay-bar" });
  const mover = h("div", { class: "mover" });
  const notationInput = h("input", { type: "text", placeholder: "c3:FF-c4,Mxd3", autocomplete: "off", spellcheck: "false", "aria-label": t("typeMove") });
  const notation = h(
    "form",
    { class: "notation", onsubmit: (e) => { e.preventDefault(); if (notationInput.value.trim()) submitMove(notationInput.value.trim(), true); } },
    h("label", {}, t("typeMove"), " ", notationInput),
    h("button", { type: "submit" }, t("play")),
  );
  const actions = h("div", { class: "actions" });
  const invite = h("div", { class: "invite" });
  const tray = h("div", { class: "tray" });
  const moveList = h("div", { class: "move-list" });
  const exporter = h("div", { class: "export" });
  const notes = h("details", { class: "notes" }, h("summary", {}, t("notes")));
  const rules = h("details", { class: "rules", ontoggle: loadRules }, h("summary", {}, t("rules")));
  const main = h(
    "main",
    { class: "game" },
    banner,
    h(
      "div",
      { class: "layout" },
      h("div", { class: "board-col" }, boardBox, replayBar, h("p", { class: "help muted" }, t("moveHelp"))),
      h("aside", {}, mover, notation, actions, invite, tray, moveList, exporter, notes, rules, h("p", {}, h("a", { href: "/" }, `← ${t("home")}`))),
    ),
  );
  root.append(main);

  // Notes.
  for (const key of ["summary", "history", "sources"]) {
    const text = realText(scenario.notes[key]);
    if (text) notes.append(...text.split(/\n\s*\n/).map((p) => h("p", {}, p)));
  }
  notes.append(
    h("p", { class: "muted" }, `${longDate(scenario.date)} · ${scenario.width}×${scenario.height}`),
    h("p", {}, h("strong", { class: "army" }, sideName("army")), `: ${forcesText(scenario.sides.army.forces)}`),
    h("p", {}, h("strong", { class: "indians" }, sideName("indians")), `: ${forcesText(scenario.sides.indians.forces)}`),
  );

  let rulesLoaded = false;
  async function loadRules() {
    if (rulesLoaded || !rules.open) return;
    rulesLoaded = true;
    try {
      const res = await fetch("/rules.md");
      rules.append(h("div", { class: "md", html: markdown(await res.text()) }));
    } catch (e) {
      rules.append(h("p", {}, e.message));
    }
  }

  // ---------------- derived state

  const me = () => (game.you === "both" ? game.to_move : game.you);
  const canMove = () =>
    ui.replay === null &&
    game.status === "ongoing" &&
    game.you !== null &&
    (game.you === "both" || game.you === game.to_move) &&
    !game.thinking;
  const legal = () => game.legal_moves.map(parseMove);
  const sources = () => new Set(legal().filter((m) => !m.pass).map((m) => m.src));

  function currentPlacement() {
    if (ui.replay !== null && ui.positions) return parseBfen(ui.positions.positions[ui.replay], scenario.height).stacks;
    return parseBfen(game.bfen, scenario.height).stacks;
  }

  function fits(m, pending) {
    for (const [dest, c] of pending) {
      const g = m.groups.find((x) => x.dest === dest);
      if (!g || g.F < c.F || g.M < c.M || g.V < c.V) return false;
    }
    return true;
  }

  function withAdded(pending, dest, c) {
    const next = new Map([...pending].map(([d, v]) => [d, { ...v }]));
    const cur = next.get(dest) || { F: 0, M: 0, V: 0 };
    next.set(dest, { F: cur.F + c.F, M: cur.M + c.M, V: cur.V + c.V });
    return next;
  }

  function fromSel() {
    return legal().filter((m) => m.src === ui.sel.src);
  }

  function exactMove() {
    if (!ui.sel || ui.sel.pending.size === 0) return null;
    return (
      fromSel().find(
        (m) =>
          m.groups.length === ui.sel.pending.size &&
          m.groups.every((g) => {
            const c = ui.sel.pending.get(g.dest);
            return c && c.F === g.F && c.M === g.M && c.V === g.V;
          }),
      ) || null
    );
  }

  function remaining() {
    const stack = currentPlacement().get(ui.sel.src);
    const left = { F: stack.F, M: stack.M, V: stack.V };
    for (const c of ui.sel.pending.values()) for (const k of ["F", "M", "V"]) left[k] -= c[k];
    return left;
  }

  function targets() {
    const out = new Map();
    if (!ui.sel || total(ui.sel.choose) === 0) return out;
    const moves = fromSel();
    const dests = new Set(moves.flatMap((m) => m.groups.map((g) => g.dest)));
    for (const dest of dests) {
      const next = withAdded(ui.sel.pending, dest, ui.sel.choose);
      const fitting = moves.filter((m) => fits(m, next));
      if (fitting.length) out.set(dest, fitting.some((m) => m.groups.find((g) => g.dest === dest).capture));
    }
    return out;
  }

  // ---------------- actions

  function select(square) {
    const stack = currentPlacement().get(square);
    ui.sel = { src: square, pending: new Map(), choose: { F: stack.F, M: stack.M, V: stack.V } };
    ui.cursor = square;
    render();
  }

  function cancel() {
    ui.sel = null;
    render();
  }

  function assign(dest) {
    ui.sel.pending = withAdded(ui.sel.pending, dest, ui.sel.choose);
    ui.sel.choose = remaining();
    if (targets().size === 0) ui.sel.choose = { F: 0, M: 0, V: 0 };
    render();
  }

  function activate(square) {
    ui.cursor = square;
    if (!canMove()) return render();
    if (ui.sel) {
      if (square === ui.sel.src) return cancel();
      const tg = targets();
      if (tg.has(square)) return assign(square);
      if (ui.sel.pending.size === 0 && sources().has(square)) return select(square);
      return render();
    }
    if (sources().has(square)) return select(square);
    render();
  }

  async function submitMove(text, fromInput = false) {
    try {
      const next = await api("POST", `/api/games/${id}/moves`, { token, move: text });
      ui.sel = null;
      if (fromInput) notationInput.value = "";
      update(next);
    } catch (e) {
      toast(e.message);
    }
  }

  async function act(path, body = {}) {
    try {
      update(await api("POST", `/api/games/${id}/${path}`, { token, ...body }));
    } catch (e) {
      toast(e.message);
    }
  }

  // States can arrive out of order (an answer to a request and a push over the
  // socket): the one with the higher version wins.
  function update(next, force = false) {
    if (!force && next.version < game.version) return;
    if (next.ply !== game.ply || next.bfen !== game.bfen) {
      ui.positions = null;
      if (ui.sel && next.bfen !== game.bfen) ui.sel = null;
    }
    game = next;
    const status = game.status === "over" ? resultText() : "";
    updateRecent(id, { status });
    render();
  }

  function resultText() {
    const reason = t(`reason_${game.reason}`);
    return game.result === "draw" ? t("drawn", { reason }) : t("won", { side: sideName(game.result), reason });
  }

  async function showReplay(ply) {
    if (ply === null || ply >= game.ply) {
      ui.replay = null;
      return render();
    }
    if (!ui.positions) {
      try {
        ui.positions = await api("GET", `/api/games/${id}/positions`);
      } catch (e) {
        return toast(e.message);
      }
    }
    ui.sel = null;
    ui.replay = Math.max(0, Math.min(ply, ui.positions.positions.length - 1));
    render();
  }

  // ---------------- rendering

  function render() {
    renderBanner();
    renderBoard();
    renderMover();
    renderActions();
    renderInvite();
    renderTray();
    renderMoves();
    renderReplay();
    renderExport();
    notation.hidden = !canMove();
  }

  function renderBanner() {
    let text;
    let cls = "banner";
    const side = sideName(game.to_move);
    if (game.status === "over") {
      text = resultText();
      cls += " over";
    } else if (game.thinking) text = t("thinking", { side });
    else if (game.you === null) text = `${t("theirTurn", { side })} · ${t("spectating")}`;
    else if (game.you === "both" || game.you === game.to_move) {
      text = t("yourTurn", { side });
      cls += " mine";
    } else text = t("waitingOpponent", { side });
    if (ui.replay !== null) text = `${t("replayAt", { n: ui.replay, total: game.ply })} · ${text}`;
    if (ui.socketState === "lost") text += ` · ${t("connectionLost")}`;
    banner.className = `${cls} ${game.to_move}`;
    const shownBfen = ui.replay !== null && ui.positions ? ui.positions.positions[ui.replay] : game.bfen;
    banner.replaceChildren(h("strong", {}, scenario.name), " · ", t("turn", { n: parseBfen(shownBfen, scenario.height).turn }), " · ", text);
  }

  function renderBoard() {
    const overlays = [];
    const arrows = [];
    const lastText = ui.replay !== null ? (ui.replay > 0 ? ui.positions.moves[ui.replay - 1] : null) : game.last_move;
    if (lastText && lastText !== "pass") {
      const m = parseMove(lastText);
      overlays.push({ square: m.src, kind: "last" });
      for (const g of m.groups) {
        overlays.push({ square: g.dest, kind: "last" });
        arrows.push({ from: m.src, to: g.dest, kind: "last" });
      }
    }
    if (ui.sel) {
      overlays.push({ square: ui.sel.src, kind: "selected" });
      for (const [dest, capture] of targets()) overlays.push({ square: dest, kind: capture ? "capture" : "target" });
      for (const [dest, c] of ui.sel.pending) arrows.push({ from: ui.sel.src, to: dest, kind: "pending", label: countsOf(c) });
    } else if (canMove()) {
      for (const s of sources()) overlays.push({ square: s, kind: "source" });
    }
    if (ui.cursor) overlays.push({ square: ui.cursor, kind: "cursor" });
    const svg = drawBoard(scenario, { stacks: currentPlacement(), overlays, arrows });
    boardBox.replaceChildren(svg);
  }

  function renderMover() {
    mover.replaceChildren();
    if (!ui.sel) return;
    const left = remaining();
    const row = h("div", { class: "chooser" }, h("span", {}, t("selected", { square: ui.sel.src })));
    for (const k of ["F", "M", "V"]) {
      if (left[k] === 0) continue;
      row.append(
        h(
          "span",
          { class: "kind" },
          pieceIcon(k, game.to_move, 26),
          h("button", { type: "button", "aria-label": `− ${t(k)}`, onclick: () => { ui.sel.choose[k] = Math.max(0, ui.sel.choose[k] - 1); render(); } }, "−"),
          h("span", { class: "count", title: t(k) }, `${ui.sel.choose[k]}/${left[k]}`),
          h("button", { type: "button", "aria-label": `+ ${t(k)}`, onclick: () => { ui.sel.choose[k] = Math.min(left[k], ui.sel.choose[k] + 1); render(); } }, "+"),
        ),
      );
    }
    row.append(h("button", { type: "button", onclick: () => { ui.sel.choose = remaining(); render(); } }, t("all")));
    const exact = exactMove();
    mover.append(
      row,
      h("p", { class: "muted" }, t("remaining", { n: total(left) })),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", class: "primary confirm", disabled: !exact, onclick: () => exact && submitMove(exact.text) }, exact ? `${t("confirm")}: ${exact.text}` : t("confirm")),
        h("button", { type: "button", onclick: cancel }, t("cancel")),
      ),
    );
  }

  function renderActions() {
    actions.replaceChildren();
    if (game.you === null || ui.replay !== null) return;
    const ongoing = game.status === "ongoing";
    if ((game.mode === "computer" || game.mode === "hotseat") && game.ply > 0) {
      actions.append(h("button", { type: "button", onclick: () => act("undo") }, t("undo")));
    }
    if (!ongoing) return;
    if (game.legal_moves.length === 1 && game.legal_moves[0] === "pass" && canMove()) {
      actions.append(h("button", { type: "button", class: "primary", onclick: () => submitMove("pass") }, "pass"));
    }
    const mine = me();
    if (game.draw_offer && game.draw_offer !== mine && game.mode === "online") {
      actions.append(
        h("span", { class: "offer" }, t("drawOffered", { side: sideName(game.draw_offer) })),
        h("button", { type: "button", onclick: () => act("draw", { action: "accept" }) }, t("acceptDraw")),
        h("button", { type: "button", onclick: () => act("draw", { action: "decline" }) }, t("declineDraw")),
      );
    } else if (game.draw_offer === mine) {
      actions.append(h("span", { class: "offer" }, t("youOffered")));
    } else {
      actions.append(h("button", { type: "button", onclick: () => act("draw", { action: "offer" }) }, t("offerDraw")));
    }
    actions.append(h("button", { type: "button", class: "danger", onclick: () => confirm(t("confirmResign")) && act("resign") }, t("resign")));
  }

  function copyRow(label, url) {
    const input = h("input", { type: "text", readonly: true, value: url, onfocus: (e) => e.target.select() });
    return h(
      "div",
      { class: "copy-row" },
      h("label", {}, label, input),
      h("button", { type: "button", onclick: async (e) => { try { await navigator.clipboard.writeText(url); e.target.textContent = t("copied"); } catch { input.select(); } } }, t("copy")),
    );
  }

  function renderInvite() {
    invite.replaceChildren();
    if (game.mode !== "online") return;
    const other = recentEntry && recentEntry.otherToken;
    if (other && game.you !== null && game.ply < 2) invite.append(copyRow(t("invite"), `${location.origin}/game/${id}?token=${other}`));
    invite.append(copyRow(t("spectateLink"), `${location.origin}/game/${id}`));
  }

  function renderTray() {
    const part = (side) => {
      const e = game.eliminated[side];
      const items = ["F", "M", "V"].filter((k) => e[k] > 0).map((k) => h("span", { class: "tray-item", title: t(k) }, pieceIcon(k, side, 24), `×${e[k]}`));
      return h("div", {}, h("span", { class: `who ${side}` }, sideName(side)), " ", items.length ? items : h("span", { class: "muted" }, t("none")));
    };
    tray.replaceChildren(h("h3", {}, t("eliminated")), part("army"), part("indians"));
  }

  function renderMoves() {
    const ol = h("ol", { class: "moves" });
    const start = parseBfen(game.start, scenario.height);
    let turn = start.turn;
    let side = start.toMove;
    let li = null;
    game.moves.forEach((mv, i) => {
      if (side === "army" || li === null) {
        li = h("li", { value: turn });
        ol.append(li);
        if (side === "indians") li.append(h("span", { class: "mv" }, "…"));
      }
      const shown = ui.replay === null ? game.ply : ui.replay;
      li.append(h("button", { type: "button", class: `mv link ${i + 1 === shown ? "current" : ""}`, onclick: () => showReplay(i + 1) }, mv));
      if (side === "indians") turn += 1;
      side = side === "army" ? "indians" : "army";
    });
    moveList.replaceChildren(h("h3", {}, t("moves")), game.moves.length ? ol : h("p", { class: "muted" }, t("noMoves")));
    const current = ol.querySelector(".current");
    if (current) ol.scrollTop = current.offsetTop - ol.offsetTop - 40;
  }

  function renderReplay() {
    const shown = ui.replay === null ? game.ply : ui.replay;
    const slider = h("input", { type: "range", min: 0, max: game.ply, value: shown, "aria-label": t("replay"), oninput: (e) => showReplay(Number(e.target.value)) });
    const b = (label, title, ply, disabled) => h("button", { type: "button", title, "aria-label": title, disabled, onclick: () => showReplay(ply) }, label);
    replayBar.replaceChildren(
      h("span", {}, t("replay")),
      b("|◀", "first", 0, shown === 0),
      b("◀", "previous", shown - 1, shown === 0),
      slider,
      b("▶", "next", shown + 1, shown >= game.ply),
      b("▶|", "last", null, shown >= game.ply),
    );
    if (ui.replay !== null) replayBar.append(h("button", { type: "button", class: "primary", onclick: () => showReplay(null) }, t("live")));
  }

  function renderExport() {
    const base = `/api/games/${id}/record`;
    exporter.replaceChildren(
      h("h3", {}, t("export")),
      h("a", { href: `${base}?format=json`, download: `${game.scenario}-${id}.json` }, t("exportJson")),
      " · ",
      h("a", { href: `${base}?format=text`, download: `${game.scenario}-${id}.txt` }, t("exportText")),
      " · ",
      h("button", { type: "button", class: "link", onclick: () => download(`${game.scenario}-${id}.svg`, svgBlob()) }, t("exportSvg")),
      " · ",
      h("button", { type: "button", class: "link", onclick: exportPng }, t("exportPng")),
    );
  }

  function svgBlob() {
    const svg = drawBoard(scenario, { stacks: currentPlacement() });
    return new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" });
  }

  function exportPng() {
    const svg = drawBoard(scenario, { stacks: currentPlacement() });
    const [, , w, hgt] = svg.getAttribute("viewBox").split(" ").map(Number);
    const img = new Image();
    const url = URL.createObjectURL(svgBlob());
    img.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = w * 2;
      canvas.height = hgt * 2;
      canvas.getContext("2d").drawImage(img, 0, 0, w * 2, hgt * 2);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => download(`${game.scenario}-${id}.png`, blob), "image/png");
    };
    img.src = url;
  }

  // ---------------- input

  boardBox.addEventListener("click", (e) => {
    const square = e.target.closest("[data-square]")?.dataset.square;
    if (square) activate(square);
  });

  boardBox.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key;
    const start = ui.cursor || ui.sel?.src || [...sources()][0] || squareName(0, 1);
    const sq = parseSquare(start);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[key]) {
      e.preventDefault();
      const [df, dr] = moves[key];
      const file = Math.max(-1, Math.min(scenario.width - 1, sq.file + df));
      const rank = Math.max(1, Math.min(scenario.height, sq.rank + dr));
      ui.cursor = squareName(file, rank);
      return render();
    }
    if (key === "Enter" || key === " ") {
      e.preventDefault();
      const exact = exactMove();
      if (ui.sel && exact && (ui.cursor === ui.sel.src || total(remaining()) === 0)) return submitMove(exact.text);
      return activate(start);
    }
    if (key === "Escape") {
      e.preventDefault();
      if (ui.replay !== null) return showReplay(null);
      return cancel();
    }
    if (!ui.sel) return;
    const k = key.toUpperCase();
    if (k === "F" || k === "M" || k === "V") {
      e.preventDefault();
      const left = remaining();
      ui.sel.choose[k] = left[k] === 0 ? 0 : (ui.sel.choose[k] + 1) % (left[k] + 1);
      return render();
    }
    if (k === "A") {
      e.preventDefault();
      ui.sel.choose = remaining();
      return render();
    }
    if (k === "C") {
      e.preventDefault();
      const exact = exactMove();
      if (exact) submitMove(exact.text);
    }
  });

  document.addEventListener("keydown", globalKeys);
  function globalKeys(e) {
    if (e.target.closest("input, textarea, select")) return;
    if (ui.replay === null && !ui.sel && e.key === "ArrowLeft" && e.target === document.body) showReplay(game.ply - 1);
  }

  // ---------------- live updates

  let socket = null;
  let closed = false;
  let retry = 500;
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${token ? `?token=${encodeURIComponent(token)}` : ""}`);
    // The first state after (re)connecting is the truth, even after a server restart.
    let fresh = true;
    socket.onopen = () => {
      retry = 500;
      if (ui.socketState === "lost") {
        ui.socketState = "open";
        renderBanner();
      }
      ui.socketState = "open";
    };
    socket.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        update(msg, fresh);
        fresh = false;
      }
      else if (msg.type === "error") toast(msg.error);
    };
    socket.onclose = () => {
      if (closed) return;
      ui.socketState = "lost";
      renderBanner();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  connect();
  teardown = () => {
    closed = true;
    socket?.close();
    document.removeEventListener("keydown", globalKeys);
  };

  render();
  boardBox.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- a little Markdown

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function inline(s) {
  return escapeHtml(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");
}

/** Headings, paragraphs, lists, tables and code blocks: enough for RULES.md. */
export function markdown(text) {
  const out = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      i++;
      out.push(`<pre>${escapeHtml(code.join("\n"))}</pre>`);
    } else if (/^#{1,6} /.test(line)) {
      // Shifted two levels down: the rules sit inside a panel.
      const level = Math.min(6, line.indexOf(" ") + 2);
      out.push(`<h${level}>${inline(line.replace(/^#+ /, ""))}</h${level}>`);
      i++;
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && /^\s*([-*]|\d+\.) /.test(lines[i])) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.) /, "");
        for (i++; i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*([-*]|\d+\.) /.test(lines[i]); i++) item += " " + lines[i].trim();
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
    } else if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      const cells = (r) => r.replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const body = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
      out.push(
        `<table>${body.map((r, n) => `<tr>${cells(r).map((c) => (n === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join("")}</tr>`).join("")}</table>`,
      );
    } else if (line.trim() === "") {
      i++;
    } else if (/^ {4}/.test(line)) {
      const code = [];
      while (i < lines.length && (/^ {4}/.test(lines[i]) || lines[i].trim() === "")) code.push(lines[i++].slice(4));
      out.push(`<pre>${escapeHtml(code.join("\n").trimEnd())}</pre>`);
    } else {
      const para = [];
      // As in CommonMark, only a list starting at 1 interrupts a paragraph.
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|```|\||\s*([-*]|1\.) )/.test(lines[i])) para.push(lines[i++]);
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

route();

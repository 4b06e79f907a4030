// The warband web board. Plain JavaScript, no build step, no network but this server.
// Every position is in table units (inches, or spaces on a grid): the SVG's user unit is one
// table unit, so the browser scales the whole table and bases stay to scale at any zoom.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (sel) => document.querySelector(sel);
const GROUP_OVER = 16;

const app = {
  rulesets: [],
  gameId: null,
  view: null,        // the last /view answer
  group: null,       // the option group (heading) chosen in a long menu
  filter: null,      // options narrowed to one piece after a click on it
  poll: null,
  replay: null,      // {step, steps, timer, rounds}
  viewBox: null,     // [x, y, w, h] in table units
  table: null,
};

// -- talking to the server ----------------------------------------------------------------
function tokens(gameId) {
  const all = JSON.parse(localStorage.getItem("warband.tokens") || "{}");
  return all[gameId] || {};
}
function saveToken(gameId, seat, token) {
  const all = JSON.parse(localStorage.getItem("warband.tokens") || "{}");
  all[gameId] = Object.assign(all[gameId] || {}, { [seat]: token });
  localStorage.setItem("warband.tokens", JSON.stringify(all));
}
async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  const text = await res.text();
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = text; }
  if (!res.ok) {
    const err = new Error(detail(data) || res.statusText);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}
function detail(data) {
  if (!data) return "";
  const d = data.detail !== undefined ? data.detail : data;
  if (typeof d === "string") return d;
  if (Array.isArray(d)) return d.map((x) => (x.loc ? x.loc.join(".") + ": " : "") + x.msg).join("; ");
  if (d && d.violations) return d.message + ": " + d.violations.join("; ");
  return JSON.stringify(d);
}

// Every problem the server named (a list's violations, an odds query's bad values), one a line.
function listErrors(box, e) {
  const lines = e.data && e.data.detail && e.data.detail.violations ? e.data.detail.violations : [e.message];
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line;
    box.appendChild(li);
  }
}

// -- screens and routing ------------------------------------------------------------------
function show(id) {
  for (const s of document.querySelectorAll(".screen")) s.hidden = s.id !== id;
}
function route() {
  stopPolling();
  stopReplay();
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("game")) {
    const id = hash.get("game");
    if (hash.has("token") && hash.has("seat")) {
      saveToken(id, hash.get("seat"), hash.get("token"));
      history.replaceState(null, "", "#game=" + id);  // the token leaves the address bar
    }
    openGame(id);
  } else if (location.hash === "#games") {
    showGames();
  } else if (location.hash === "#odds") {
    showOddsPage();
  } else if (location.hash === "#simulate") {
    showSimulatePage();
  } else {
    show("screen-new");
  }
}
window.addEventListener("hashchange", route);

// -- starting a game ----------------------------------------------------------------------
async function loadRulesets() {
  app.rulesets = await api("GET", "/api/rulesets");
  const sel = $("#f-ruleset");
  sel.innerHTML = "";
  for (const r of app.rulesets) {
    const o = new Option(r.title + (r.playable ? "" : " (not playable yet)"), r.name);
    o.disabled = !r.playable;
    sel.add(o);
  }
  fillRulesetFields();
}
function fillRulesetFields() {
  const r = app.rulesets.find((x) => x.name === $("#f-ruleset").value);
  if (!r) return;
  for (const [i, side] of ["a", "b"].entries()) {
    const lists = $("#f-list-" + side);
    lists.innerHTML = "";
    for (const name of r.lists) lists.add(new Option(name.replace(/\.ya?ml$/, ""), name));
    lists.selectedIndex = Math.min(i, r.lists.length - 1);
    const seat = $("#f-seat-" + side);
    seat.innerHTML = "";
    seat.add(new Option("me", "me"));
    seat.add(new Option("a friend (a link to send)", "friend"));
    for (const ai of r.ais) seat.add(new Option("AI: " + ai, ai));
    seat.value = side === "a" ? "me" : (r.ais.includes("heuristic") ? "heuristic" : r.ais[0]);
  }
  $("#f-options").title = "options: " + r.options.join(", ");
}
$("#f-ruleset").addEventListener("change", fillRulesetFields);

function parseOptions(text) {
  const out = {};
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const [k, ...rest] = part.split("=");
    const v = rest.join("=");
    if (!k || rest.length === 0) throw new Error("options are NAME=VALUE: " + part);
    if (v === "true" || v === "false") out[k] = v === "true";
    else if (v !== "" && !isNaN(Number(v))) out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

$("#new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const errors = $("#new-errors");
  errors.innerHTML = "";
  try {
    const seats = {}, who = {};
    const lists = [];
    for (const side of ["a", "b"]) {
      const choice = $("#f-seat-" + side).value;
      who[side] = choice;
      seats[side] = choice === "me" || choice === "friend" ? "human" : choice;
      const yaml = $("#f-yaml-" + side).value.trim();
      lists.push(yaml ? { yaml } : $("#f-list-" + side).value);
    }
    const body = { ruleset: $("#f-ruleset").value, lists, seats, options: parseOptions($("#f-options").value) };
    if ($("#f-seed").value !== "") body.seed = Number($("#f-seed").value);
    const made = await api("POST", "/api/games", body);
    const friends = {};
    for (const [seat, token] of Object.entries(made.tokens)) {
      if (who[seat] === "friend") friends[seat] = token;
      else saveToken(made.id, seat, token);
    }
    sessionStorage.setItem("warband.friends." + made.id, JSON.stringify(friends));
    location.hash = "game=" + made.id;
  } catch (e) {
    listErrors(errors, e);
  }
});

for (const input of document.querySelectorAll(".list-file")) {
  // a list file is read here and sent as text: the server checks it like a pasted one
  input.addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) $("#f-yaml-" + input.dataset.side).value = await file.text();
  });
}

$("#f-record").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  const errors = $("#record-errors");
  errors.innerHTML = "";
  if (!file) return;
  try {
    const made = await api("POST", "/api/records", { record: await file.text() });
    location.hash = "game=" + made.id;
  } catch (e) {
    const li = document.createElement("li");
    li.textContent = e.message;
    errors.appendChild(li);
  }
});

// -- saved games --------------------------------------------------------------------------
async function showGames() {
  show("screen-games");
  const rows = await api("GET", "/api/games");
  const body = $("#games-table tbody");
  body.innerHTML = "";
  for (const g of rows) {
    const tr = document.createElement("tr");
    const cells = [
      new Date(g.created * 1000).toLocaleString(), g.ruleset, g.warbands.join(" vs "),
      Object.entries(g.seats).map(([s, w]) => s.toUpperCase() + ": " + w).join(", "),
      String(g.decisions), g.over ? "over" + (g.winner ? " (" + g.winner.toUpperCase() + " won)" : " (draw)") : "in play",
    ];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    const td = document.createElement("td");
    const a = document.createElement("a");
    a.href = "#game=" + g.id;
    a.textContent = g.over ? "watch" : "continue";
    td.appendChild(a);
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

// -- a game -------------------------------------------------------------------------------
async function openGame(id) {
  show("screen-game");
  app.gameId = id;
  app.group = null;
  app.filter = null;
  app.viewBox = null;
  $("#replay").hidden = true;
  $("#refusal").textContent = "";
  const friends = JSON.parse(sessionStorage.getItem("warband.friends." + id) || "{}");
  const box = $("#friend-links");
  box.innerHTML = "";
  for (const [seat, token] of Object.entries(friends)) {
    const div = document.createElement("div");
    div.className = "friend";
    const url = location.origin + "/#game=" + id + "&seat=" + seat + "&token=" + encodeURIComponent(token);
    div.textContent = "Send this link to your friend for side " + seat.toUpperCase() + ": " + url;
    div.dataset.link = url;
    box.appendChild(div);
  }
  const watch = document.createElement("div");
  watch.className = "watch-link";
  watch.textContent = "Spectators (public information only): " + location.origin + "/#game=" + id;
  box.appendChild(watch);
  await refresh();
}

// The seat to look through: one being asked now, else the first seat we hold a token for.
async function fetchView() {
  const mine = tokens(app.gameId);
  const seats = Object.keys(mine);
  let first = null;
  for (const seat of seats) {
    const v = await api("GET", "/api/games/" + app.gameId + "/view", undefined, mine[seat]);
    if (!first) first = v;
    if (v.pending) return v;
  }
  return first || api("GET", "/api/games/" + app.gameId + "/view");
}

async function refresh() {
  try {
    const v = await fetchView();
    app.view = v;
    render(v);
    schedulePoll(v);
  } catch (e) {
    $("#prompt").textContent = e.status === 404 ? "No such game." : "Cannot load the game: " + e.message;
  }
}

function schedulePoll(v) {
  stopPolling();
  if (!v.over && !v.pending) app.poll = setTimeout(refresh, 1500);  // the friend's turn
}
function stopPolling() {
  if (app.poll) clearTimeout(app.poll);
  app.poll = null;
}

function token() {
  const v = app.view;
  return v && v.seat ? tokens(app.gameId)[v.seat] : null;
}

function render(v) {
  // a counter tests (and anyone scripting the page) can wait on: the page has drawn anew
  document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
  $("#phase").textContent = v.board.phase + (v.board.sides.length ? " \u2014 " +
    v.board.sides.map((s) => s.label.toUpperCase() + ": " + s.name).join(" vs ") : "");
  $("#seat-info").textContent = v.seat ? "You play side " + v.seat.toUpperCase() + (Object.keys(tokens(app.gameId)).length > 1 ? " (hot seat)" : "")
    : "Watching (spectator)";
  $("#undo").hidden = !v.can_undo;
  drawBoard(v.board, v.pending);
  renderDecision(v);
  renderLog(v.log, v.board.effects_from);
  renderResult(v);
  if (v.over && !app.replay) setupReplay();
}

function renderResult(v) {
  const box = $("#result");
  if (!v.over || !v.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const o = v.outcome;
  const vp = Object.entries(o.vp || {}).map(([s, n]) => s.toUpperCase() + " " + n).join(", ");
  box.innerHTML = "";
  const p = document.createElement("p");
  p.className = "result";
  p.textContent = (o.winner ? "Side " + o.winner.toUpperCase() + " wins" : "A draw") + (vp ? " \u2014 VP " + vp : "");
  box.appendChild(p);
  const a = document.createElement("a");
  a.href = "/api/games/" + app.gameId + "/record";
  a.textContent = "Download the record";
  a.setAttribute("download", "game-" + app.gameId + ".jsonl");
  box.appendChild(a);
}

function lightEvent(index, on) {
  for (const node of document.querySelectorAll('#board [data-event="' + index + '"]')) node.classList.toggle("lit", on);
}

function renderLog(lines, from) {
  const log = $("#log");
  log.innerHTML = "";
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line.text;
    li.value = line.event + 1;
    li.dataset.event = line.event;
    if (line.event >= from) li.classList.add("recent");
    if (line.kind === "reason") li.classList.add("reason");
    // pointing at a log line lights up what that event did on the table
    li.onmouseenter = () => lightEvent(line.event, true);
    li.onmouseleave = () => lightEvent(line.event, false);
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

// -- the pending decision -----------------------------------------------------------------
function visibleOptions(p) {
  let opts = p.options;
  if (app.filter) opts = opts.filter((o) => (o.pieces || []).includes(app.filter));
  const groups = groupsOf(p);
  if (groups && app.group) opts = opts.filter((o) => o.group === app.group);
  return opts;
}
function groupsOf(p) {
  if (p.options.length <= GROUP_OVER || !p.options.every((o) => o.group)) return null;
  const names = [...new Set(p.options.map((o) => o.group))];
  return names.length > 1 && names.length < p.options.length ? names : null;
}

function renderDecision(v) {
  const p = v.pending;
  const list = $("#options");
  list.innerHTML = "";
  $("#odds").hidden = true;
  drawSight(null);
  $("#show-all").hidden = !(app.filter || app.group);
  if (!p) {
    $("#prompt").textContent = v.over ? "The game is over." :
      (v.seat ? "Waiting for " + v.waiting_for.map((s) => s.toUpperCase()).join(", ") + "\u2026" : "");
    $("#hint").textContent = "";
    return;
  }
  $("#prompt").textContent = p.prompt;
  const groups = groupsOf(p);
  if (groups && !app.group) {
    $("#hint").textContent = "Choose what to do first:";
    for (const g of groups) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.textContent = g + " (" + p.options.filter((o) => o.group === g).length + ")";
      b.className = "group";
      b.onclick = () => { app.group = g; render(app.view); };
      li.appendChild(b);
      list.appendChild(li);
    }
    return;
  }
  const opts = visibleOptions(p);
  const hints = [];
  if (opts.some((o) => o.point)) hints.push("click a yellow spot on the table");
  if (p.free_point) hints.push("or click anywhere on the table to go there");
  if (opts.some((o) => (o.pieces || []).length)) hints.push("click a highlighted model or unit");
  $("#hint").textContent = hints.length ? "Pick an option, " + hints.join(", ") + "." : "";
  for (const o of opts) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.className = "option";
    b.dataset.index = o.index;
    b.textContent = o.label;
    b.onclick = () => answer(o.index);
    b.onmouseenter = () => { highlight(o, true); oddsSoon(o.index); };
    b.onfocus = () => oddsSoon(o.index);
    b.onmouseleave = () => highlight(o, false);
    li.appendChild(b);
    list.appendChild(li);
  }
}

// The exact odds of an option, fetched when the player points at it (the same mechanics as
// `warband odds`); kept per decision so pointing again costs nothing.
const oddsCache = new Map();
let oddsTimer = null;
function oddsSoon(index) {
  // only when the pointer rests on an option (not on its way to clicking it)
  clearTimeout(oddsTimer);
  const v = app.view;
  oddsTimer = setTimeout(() => { if (app.view === v) showOdds(index); }, 250);
}
async function showOdds(index) {
  const v = app.view;
  if (!v || !v.pending) return;
  const key = app.gameId + ":" + v.decisions + ":" + index;
  let odds = oddsCache.get(key);
  if (odds === undefined) {
    try {
      odds = await api("GET", "/api/games/" + app.gameId + "/odds?choice=" + index, undefined, token());
    } catch (e) {
      return;
    }
    oddsCache.set(key, odds);
  }
  if (app.view !== v) return;  // the decision has moved on meanwhile
  const box = $("#odds");
  box.innerHTML = "";
  if (!odds) { box.hidden = true; return; }
  box.hidden = false;
  box.dataset.index = index;
  const h = document.createElement("h3");
  h.textContent = "Odds: " + odds.title;
  box.appendChild(h);
  const pct = (p) => (p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 1) + "%";
  for (const row of odds.summary) {
    const d = document.createElement("div");
    d.className = "headline";
    d.textContent = pct(row.p) + " " + row.label;
    box.appendChild(d);
  }
  for (const row of odds.rows) {
    const d = document.createElement("div");
    d.className = "bar";
    const label = document.createElement("span");
    label.textContent = row.label;
    const bar = document.createElement("i");
    bar.style.width = Math.max(1, row.p * 140) + "px";
    const n = document.createElement("span");
    n.textContent = pct(row.p);
    d.append(label, bar, n);
    box.appendChild(d);
  }
  for (const note of odds.notes) {
    const d = document.createElement("div");
    d.textContent = note;
    box.appendChild(d);
  }
  drawSight(odds.sight);
  if (odds.sight) {
    const d = document.createElement("div");
    const sg = odds.sight;
    d.className = "sight";
    d.textContent = (sg.visible ? "in sight" : "out of sight") + (sg.cover ? ", in Cover" : "") +
      (sg.hidden !== null ? " (" + Math.round(sg.hidden * 100) + "% hidden)" : "") +
      (sg.distance !== null ? ", " + sg.distance + (app.table.unit === "inch" ? '"' : "") + " away" : "");
    box.appendChild(d);
  }
  if (odds.query) {
    const c = document.createElement("code");
    c.textContent = odds.query;
    box.appendChild(c);
  }
}

// The line of sight of an Attack or a Shot, as the rules measure it: green in the open,
// orange through Cover, red when out of sight.
function drawSight(sight) {
  const svg = $("#board");
  const old = $("#sight");
  if (old) old.remove();
  if (!sight || !app.view) return;
  const by = Object.fromEntries(app.view.board.pieces.map((p) => [p.id, p]));
  const a = by[sight.source], b = by[sight.target];
  if (!a || !b) return;
  const g = el("g", { id: "sight" }, svg);
  const cls = !sight.visible ? "blocked" : sight.cover ? "cover" : "clear";
  el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "sight-line " + cls }, g);
  el("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 0.6, class: "sight-label " + cls, "text-anchor": "middle" }, g)
    .textContent = !sight.visible ? "out of sight" : sight.cover ? "Cover" : "clear";
}

function highlight(option, on) {
  if (on && option.point) guide(option.point);
  else if (on && option.pieces && option.pieces.length && app.view) {
    const focus = app.view.pending && app.view.pending.focus;
    const id = option.pieces.find((x) => !focus || x !== focus.piece);
    const t = id && app.view.board.pieces.find((p) => p.id === id);
    if (t) guide([t.x, t.y], t);
  } else if (!on) guide(null);
  for (const id of option.pieces || []) {
    const g = document.querySelector('.piece[data-id="' + CSS.escape(id) + '"]');
    if (g) g.classList.toggle("hot", on);
  }
  const dot = document.querySelector('.candidate[data-index="' + option.index + '"]');
  if (dot) dot.setAttribute("r", on ? 0.6 : 0.3);
}

async function answer(index, point) {
  const body = { choice: index };
  if (point) body.point = point;
  $("#refusal").textContent = "";
  try {
    const v = await api("POST", "/api/games/" + app.gameId + "/answer", body, token());
    app.group = null;
    app.filter = null;
    app.view = v;
    // with two seats held here (hot seat), look through the one being asked next
    if (!v.pending && !v.over && Object.keys(tokens(app.gameId)).length > 1) return refresh();
    render(v);
    schedulePoll(v);
  } catch (e) {
    $("#refusal").textContent = "Refused: " + e.message;
    document.body.dataset.refusals = String(Number(document.body.dataset.refusals || 0) + 1);
    if (e.status === 409) refresh();
  }
}

$("#undo").addEventListener("click", async () => {
  try {
    const v = await api("POST", "/api/games/" + app.gameId + "/undo", undefined, token());
    app.group = null;
    app.filter = null;
    app.view = v;
    render(v);
  } catch (e) {
    $("#refusal").textContent = "Cannot undo: " + e.message;
  }
});
$("#show-all").addEventListener("click", () => { app.group = null; app.filter = null; render(app.view); });

// -- drawing the table --------------------------------------------------------------------
function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}
function pts(list) { return list.map((p) => p[0] + "," + p[1]).join(" "); }
function sideClass(board, side) {
  const s = board.sides.find((x) => x.index === side);
  return s ? s.label : "n";
}

function defs(svg) {
  const d = el("defs", {}, svg);
  const hatch = el("pattern", { id: "hatch-difficult", width: 0.6, height: 0.6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, d);
  el("rect", { width: 0.6, height: 0.6, fill: "#8fae62" }, hatch);
  el("line", { x1: 0, y1: 0, x2: 0, y2: 0.6, stroke: "#4f6b2c", "stroke-width": 0.15 }, hatch);
  for (const [id, colour] of [["arrow", "#202020"], ["arrow-red", "#b3001b"]]) {
    const m = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, d);
    el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour }, m);
  }
}

function drawBoard(board, pending) {
  const svg = $("#board");
  const t = board.table;
  app.table = t;
  svg.innerHTML = "";
  if (!app.viewBox) app.viewBox = [-0.5, -0.5, t.width + 1, t.height + 1];
  svg.style.aspectRatio = (t.width + 1) + " / " + (t.height + 1);
  applyViewBox();
  defs(svg);
  el("rect", { x: 0, y: 0, width: t.width, height: t.height, fill: "#c9d9a8", stroke: "#5b4a32", "stroke-width": 0.12, class: "cloth" }, svg);
  if (t.grid) {
    const g = el("g", { class: "grid" }, svg);
    for (let c = 0; c <= t.grid.columns; c++) el("line", { x1: c, y1: 0, x2: c, y2: t.height, stroke: "#8a9a6a", "stroke-width": 0.03 }, g);
    for (let r = 0; r <= t.grid.rows; r++) el("line", { x1: 0, y1: r, x2: t.width, y2: r, stroke: "#8a9a6a", "stroke-width": 0.03 }, g);
  }
  const zones = el("g", { class: "zones" }, svg);
  for (const z of board.zones) {
    const poly = el("polygon", { points: pts(z.polygon), class: "zone zone-" + (z.side === null ? "n" : sideClass(board, z.side)) }, zones);
    el("title", {}, poly).textContent = z.label;
  }
  const terrain = el("g", { class: "terrain-layer" }, svg);
  for (const piece of board.terrain) {
    const cls = ["terrain", piece.kind, piece.cover ? "cover" : "", piece.blocks_sight ? "sight" : ""].join(" ");
    const poly = el("polygon", { points: pts(piece.polygon), class: cls }, terrain);
    poly.dataset.tip = piece.name + "\n" + piece.kind + (piece.blocks_sight ? ", blocks sight" : "") + (piece.cover ? ", cover" : "") + (piece.height ? ", height " + piece.height : "");
    const cx = piece.polygon.reduce((s, p) => s + p[0], 0) / piece.polygon.length;
    const cy = piece.polygon.reduce((s, p) => s + p[1], 0) / piece.polygon.length;
    el("text", { x: cx, y: cy, class: "terrain-label", "text-anchor": "middle" }, terrain).textContent = piece.name;
  }
  const markers = el("g", { class: "markers" }, svg);
  for (const m of board.markers) {
    if (m.radius) el("circle", { cx: m.x, cy: m.y, r: m.radius, class: "marker-range" }, markers);
    const held = m.side === null || m.side === undefined ? "" : " held-" + sideClass(board, m.side);
    const c = el("circle", { cx: m.x, cy: m.y, r: 0.4, class: "marker " + m.kind + held }, markers);
    c.dataset.tip = m.label + (held ? "\nheld by " + sideClass(board, m.side).toUpperCase() : "");
    el("text", { x: m.x, y: m.y - 0.6, class: "marker-label", "text-anchor": "middle" }, markers).textContent = m.label;
  }
  drawEffects(svg, board);
  drawReach(svg, board, pending);
  drawPieces(svg, board, pending);
  drawCandidates(svg, pending);
  el("line", { id: "tape", class: "tape", x1: 0, y1: 0, x2: 0, y2: 0, visibility: "hidden" }, svg);
  el("line", { id: "guide", class: "guide", x1: 0, y1: 0, x2: 0, y2: 0, visibility: "hidden" }, svg);
  el("line", { id: "guide-rest", class: "guide-rest", x1: 0, y1: 0, x2: 0, y2: 0, visibility: "hidden" }, svg);
  el("text", { id: "guide-label", class: "guide-label", x: 0, y: 0, visibility: "hidden" }, svg);
}

// The piece the pending decision is about, and how far it may move (drawn as a ring).
function focusPiece(pending) {
  const f = pending && pending.focus;
  if (!f || f.piece === null || !app.view) return null;
  const board = app.replay ? null : app.view.board;
  return board ? board.pieces.find((p) => p.id === f.piece) || null : null;
}
function drawReach(svg, board, pending) {
  const f = pending && pending.focus;
  if (!f || f.piece === null || f.reach === null) return;
  const p = board.pieces.find((x) => x.id === f.piece);
  if (!p) return;
  const ring = el("circle", { cx: p.x, cy: p.y, r: f.reach, class: "reach" }, svg);
  ring.dataset.tip = (f.label || "") + ": up to " + f.reach + (board.table.unit === "inch" ? '"' : " spaces") + " as the crow flies";
}
function radiusOf(p) {
  return p.footprint || (p.base.shape === "round" ? p.base.radius : Math.max(p.base.width, p.base.depth) / 2);
}
// A measuring line from the acting piece to a point or another piece, with the distance
// (centre to point for a move; edge to edge between pieces, as the rulebooks measure).
function guide(to, target) {
  const line = $("#guide"), label = $("#guide-label");
  const from = focusPiece(app.view && app.view.pending);
  if (!line || !from || !to) {
    for (const id of ["#guide", "#guide-label", "#guide-rest"]) if ($(id)) $(id).setAttribute("visibility", "hidden");
    return;
  }
  const d = Math.hypot(to[0] - from.x, to[1] - from.y);
  const shown = target ? Math.max(0, d - radiusOf(from) - radiusOf(target)) : d;
  const reach = app.view.pending.focus.reach;
  const unit = app.table.unit === "inch" ? '"' : " spaces";
  // a move toward a point further than its reach stops on the way (as the crow flies; the
  // engine finds the real route round terrain and bases)
  const short = !target && reach !== null && d > reach + 1e-6;
  const stop = short ? [from.x + ((to[0] - from.x) * reach) / d, from.y + ((to[1] - from.y) * reach) / d] : to;
  line.setAttribute("x1", from.x); line.setAttribute("y1", from.y);
  line.setAttribute("x2", stop[0]); line.setAttribute("y2", stop[1]);
  line.setAttribute("visibility", "visible");
  const rest = $("#guide-rest");
  rest.setAttribute("x1", stop[0]); rest.setAttribute("y1", stop[1]);
  rest.setAttribute("x2", to[0]); rest.setAttribute("y2", to[1]);
  rest.setAttribute("visibility", short ? "visible" : "hidden");
  label.setAttribute("x", (from.x + stop[0]) / 2); label.setAttribute("y", (from.y + stop[1]) / 2 - 0.3);
  label.textContent = (short ? reach : shown).toFixed(1) + (app.table.unit === "inch" ? '"' : "");
  label.setAttribute("visibility", "visible");
  $("#measure").textContent = target ? "edge to edge " + shown.toFixed(2) + unit
    : short ? "moves up to " + reach + unit + " toward a point " + d.toFixed(1) + unit + " away"
    : "distance " + shown.toFixed(2) + unit;
}

function drawPieces(svg, board, pending) {
  const layer = el("g", { class: "pieces" }, svg);
  const pickable = new Set();
  if (pending) for (const o of visibleOptions(pending)) for (const id of o.pieces || []) pickable.add(id);
  for (const p of board.pieces) {
    const flags = p.flags.map((f) => f.toLowerCase().replace(/\s+/g, "-"));
    const g = el("g", { class: ["piece", "side-" + sideClass(board, p.side), ...flags, pickable.has(p.id) ? "pickable" : ""].join(" ") }, layer);
    g.dataset.id = p.id;
    g.dataset.label = p.label;
    g.dataset.x = p.x;
    g.dataset.y = p.y;
    const r = p.base.shape === "round" ? p.base.radius : Math.max(p.base.width, p.base.depth) / 2;
    if (p.footprint && p.figures.length > 1) el("circle", { cx: p.x, cy: p.y, r: p.footprint, class: "footprint" }, g);
    const figures = p.figures.length ? p.figures : [[p.x, p.y]];
    for (const [fx, fy] of figures) {
      if (p.base.shape === "round") el("circle", { cx: fx, cy: fy, r: p.base.radius, class: "base" }, g);
      else {
        const rect = el("rect", { x: fx - p.base.width / 2, y: fy - p.base.depth / 2, width: p.base.width, height: p.base.depth, class: "base" }, g);
        if (p.facing !== null && p.facing !== undefined) rect.setAttribute("transform", "rotate(" + (90 - p.facing) + " " + fx + " " + fy + ")");
      }
    }
    if (p.facing !== null && p.facing !== undefined) {
      const a = (p.facing * Math.PI) / 180;
      el("line", { x1: p.x, y1: p.y, x2: p.x + Math.cos(a) * r, y2: p.y + Math.sin(a) * r, stroke: "#fff", "stroke-width": 0.08 }, g);
    }
    const top = p.y - (p.footprint || r) - 0.15;
    el("text", { x: p.x, y: top, class: "label", "text-anchor": "middle" }, g).textContent = p.label;
    if (p.hp !== null && p.hp_max) {
      const w = Math.max(0.8, r * 2), y = p.y + (p.footprint || r) + 0.1;
      el("rect", { x: p.x - w / 2, y, width: w, height: 0.16, class: "hp-back" }, g);
      el("rect", { x: p.x - w / 2, y, width: (w * Math.max(0, p.hp)) / p.hp_max, height: 0.16, class: "hp-fill" }, g);
    }
    const shown = p.flags.filter((f) => !["Commander", "Leader", "Activated", "Ready"].includes(f));
    if (shown.length) el("text", { x: p.x, y: p.y + (p.footprint || r) + 0.65, class: "flags", "text-anchor": "middle" }, g).textContent = shown.join(" ");
    const stats = Object.entries(p.stats).map(([k, v]) => k + " " + v).join(", ");
    g.setAttribute("role", "img");
    g.dataset.tip = p.label + (p.profile ? " (" + p.profile + ")" : "") + "\nside " + sideClass(board, p.side).toUpperCase() +
      (p.hp !== null ? "\nHP " + p.hp + "/" + p.hp_max : "") + (p.flags.length ? "\n" + p.flags.join(", ") : "") + (stats ? "\n" + stats : "") +
      "\nat (" + p.x.toFixed(1) + ", " + p.y.toFixed(1) + ")";
    g.setAttribute("aria-label", g.dataset.tip.replace(/\n/g, "; "));
    if (pickable.has(p.id)) g.addEventListener("click", (ev) => { ev.stopPropagation(); pickPiece(p.id); });
  }
}

function pickPiece(id) {
  const p = app.view && app.view.pending;
  if (!p) return;
  const opts = visibleOptions(p).filter((o) => (o.pieces || []).includes(id));
  if (opts.length === 1) return answer(opts[0].index);
  app.filter = id;
  render(app.view);
}

function drawCandidates(svg, pending) {
  if (!pending) return;
  const layer = el("g", { class: "candidates" }, svg);
  const opts = visibleOptions(pending).filter((o) => o.point);
  if (opts.length > 400) return;
  for (const o of opts) {
    const c = el("circle", { cx: o.point[0], cy: o.point[1], r: 0.3, class: "candidate" }, layer);
    c.dataset.index = o.index;
    c.dataset.tip = o.label;
    c.addEventListener("click", (ev) => { ev.stopPropagation(); answer(o.index); });
    c.addEventListener("mouseenter", () => guide(o.point));
  }
}

function drawEffects(svg, board) {
  const layer = el("g", { class: "effects" }, svg);
  const where = Object.fromEntries(board.pieces.map((p) => [p.id, p]));
  for (const e of board.effects) {
    let node = null;
    if (e.kind === "move") {
      node = el("polyline", { points: pts(e.path), class: "effect-move" }, layer);
    } else if (e.kind === "place") {
      const p = where[e.piece];
      node = el("circle", { cx: e.at[0], cy: e.at[1], r: p && p.base.radius ? p.base.radius + 0.2 : 0.6, class: "effect-place" }, layer);
    } else if (e.kind === "area") {
      if (e.polygon) node = el("polygon", { points: pts(e.polygon), class: "effect-area" }, layer);
      else if (e.centre) node = el("circle", { cx: e.centre[0], cy: e.centre[1], r: e.radius || 1, class: "effect-area" }, layer);
    } else {
      node = el("line", { x1: e.start[0], y1: e.start[1], x2: e.end[0], y2: e.end[1], class: "effect-" + e.kind }, layer);
      if (e.label) el("text", { x: (e.start[0] + e.end[0]) / 2, y: (e.start[1] + e.end[1]) / 2 - 0.2, class: "effect-label", "text-anchor": "middle" }, layer).textContent = e.label;
    }
    if (node) {
      node.dataset.event = e.event;
      node.dataset.tip = e.label;
    }
  }
}

// -- zoom, pan, measuring, clicking the table -----------------------------------------------
function applyViewBox() {
  $("#board").setAttribute("viewBox", app.viewBox.join(" "));
}
function toTable(ev) {
  const svg = $("#board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const m = svg.getScreenCTM();
  const p = pt.matrixTransform(m.inverse());
  return [p.x, p.y];
}
function zoom(factor, centre) {
  const [x, y, w, h] = app.viewBox;
  const [cx, cy] = centre || [x + w / 2, y + h / 2];
  app.viewBox = [cx - (cx - x) * factor, cy - (cy - y) * factor, w * factor, h * factor];
  applyViewBox();
}
$("#zoom-in").onclick = () => zoom(0.8);
$("#zoom-out").onclick = () => zoom(1.25);
$("#zoom-fit").onclick = () => { const t = app.table; app.viewBox = [-0.5, -0.5, t.width + 1, t.height + 1]; applyViewBox(); };

(function boardInput() {
  const svg = $("#board");
  let drag = null;
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); zoom(ev.deltaY > 0 ? 1.1 : 0.9, toTable(ev)); }, { passive: false });
  svg.addEventListener("pointerdown", (ev) => {
    drag = { start: toTable(ev), screen: [ev.clientX, ev.clientY], box: app.viewBox.slice(), tape: ev.shiftKey, moved: false };
  });
  svg.addEventListener("pointermove", (ev) => {
    const at = toTable(ev);
    tip(ev);
    if (!drag) {
      $("#measure").textContent = "(" + at[0].toFixed(1) + ", " + at[1].toFixed(1) + ")";
      const v = app.view;
      const onCandidate = ev.target.closest && ev.target.closest(".candidate, .piece");
      if (v && v.pending && v.pending.free_point && !onCandidate && !app.replay) guide(at);
      return;
    }
    const dx = ev.clientX - drag.screen[0], dy = ev.clientY - drag.screen[1];
    if (Math.hypot(dx, dy) > 4) drag.moved = true;
    if (!drag.moved) return;
    if (drag.tape) {
      const tape = $("#tape");
      tape.setAttribute("x1", drag.start[0]); tape.setAttribute("y1", drag.start[1]);
      tape.setAttribute("x2", at[0]); tape.setAttribute("y2", at[1]);
      tape.setAttribute("visibility", "visible");
      $("#measure").textContent = "tape: " + Math.hypot(at[0] - drag.start[0], at[1] - drag.start[1]).toFixed(2) + (app.table.unit === "inch" ? '"' : " spaces");
    } else {
      const scale = drag.box[2] / svg.clientWidth;
      app.viewBox = [drag.box[0] - dx * scale, drag.box[1] - dy * scale, drag.box[2], drag.box[3]];
      applyViewBox();
    }
  });
  svg.addEventListener("pointerup", (ev) => {
    const d = drag;
    drag = null;
    const tape = $("#tape");
    if (tape) tape.setAttribute("visibility", "hidden");
    // a spot or a model with its own click handler answers by itself, not as a table point
    const own = ev.target.closest && ev.target.closest(".candidate, .pickable");
    if (d && !d.moved && !own) {
      if (ev.pointerType === "touch") tip(ev);  // a tap shows what a mouse would hover
      clickTable(toTable(ev));
    }
  });
  svg.addEventListener("pointerleave", () => { $("#tooltip").hidden = true; });
})();

function clickTable(at) {
  const v = app.view;
  if (!v || !v.pending || !v.pending.free_point) return;
  const opts = visibleOptions(v.pending);
  const template = opts.find((o) => o.point) || opts[0];
  if (!template) return;
  if (groupsOf(v.pending) && !app.group) {
    $("#refusal").textContent = "Choose what to place first.";
    return;
  }
  answer(template.index, [Math.round(at[0] * 100) / 100, Math.round(at[1] * 100) / 100]);
}

function tip(ev) {
  const box = $("#tooltip");
  const target = ev.target.closest ? ev.target.closest("[data-tip]") : null;
  if (!target || !target.dataset.tip) { box.hidden = true; return; }
  box.textContent = target.dataset.tip;
  const wrap = $(".board-wrap").getBoundingClientRect();
  box.style.left = ev.clientX - wrap.left + 14 + "px";
  box.style.top = ev.clientY - wrap.top + 14 + "px";
  box.hidden = false;
}

// -- replays ------------------------------------------------------------------------------
async function setupReplay() {
  const first = await api("GET", "/api/games/" + app.gameId + "/replay?step=0");
  app.replay = { step: first.steps, steps: first.steps, timer: null, rounds: first.rounds || [] };
  $("#replay").hidden = false;
  const range = $("#r-step");
  range.max = first.steps;
  range.value = first.steps;
  const sel = $("#r-round");
  sel.innerHTML = "";
  sel.add(new Option("\u2014", ""));
  for (const r of app.replay.rounds) sel.add(new Option(r.label, r.step));
  $("#r-label").textContent = "decision " + first.steps + " of " + first.steps;
}
async function showStep(step) {
  const r = app.replay;
  if (!r) return;
  step = Math.max(0, Math.min(r.steps, step));
  r.step = step;
  $("#r-step").value = step;
  const f = await api("GET", "/api/games/" + app.gameId + "/replay?step=" + step);
  if (r.step !== step) return;  // a newer step was asked meanwhile
  drawBoard(f.board, null);
  renderLog(f.log, f.board.effects_from);
  $("#phase").textContent = f.board.phase;
  const who = f.decision ? " \u2014 " + f.decision.player.toUpperCase() + ": " + f.decision.kind + (f.decision.reason ? " (" + f.decision.reason + ")" : "") : "";
  $("#r-label").textContent = "decision " + step + " of " + r.steps + who;
}
function stopReplay() {
  if (app.replay && app.replay.timer) clearInterval(app.replay.timer);
  app.replay = null;
}
function playPause() {
  const r = app.replay;
  if (!r) return;
  if (r.timer) { clearInterval(r.timer); r.timer = null; $("#r-play").textContent = "\u25B6"; return; }
  if (r.step >= r.steps) r.step = 0;
  $("#r-play").textContent = "II";
  r.timer = setInterval(() => {
    if (r.step >= r.steps) { playPause(); return; }
    showStep(r.step + 1);
  }, Number($("#r-speed").value));
}
$("#r-step").addEventListener("input", (ev) => showStep(Number(ev.target.value)));
$("#r-start").onclick = () => showStep(0);
$("#r-back").onclick = () => showStep(app.replay.step - 1);
$("#r-next").onclick = () => showStep(app.replay.step + 1);
$("#r-end").onclick = () => showStep(app.replay.steps);
$("#r-play").onclick = playPause;
$("#r-round").addEventListener("change", (ev) => { if (ev.target.value !== "") showStep(Number(ev.target.value)); });

// -- the odds page ------------------------------------------------------------------------
let oddsCatalogue = null;
async function showOddsPage() {
  show("screen-odds");
  if (!oddsCatalogue) {
    oddsCatalogue = await api("GET", "/api/odds");
    const sel = $("#o-ruleset");
    for (const r of oddsCatalogue) sel.add(new Option(r.ruleset, r.ruleset));
    sel.addEventListener("change", fillQueries);
    $("#o-query").addEventListener("change", fillFields);
    fillQueries();
  }
}
function currentQuery() {
  const r = oddsCatalogue.find((x) => x.ruleset === $("#o-ruleset").value);
  return r ? r.queries.find((q) => q.name === $("#o-query").value) : null;
}
function fillQueries() {
  const r = oddsCatalogue.find((x) => x.ruleset === $("#o-ruleset").value);
  const sel = $("#o-query");
  sel.innerHTML = "";
  for (const q of r.queries) sel.add(new Option(q.name + " \u2014 " + q.summary, q.name));
  fillFields();
}
function fieldKind(spec) {
  const options = spec.anyOf ? spec.anyOf.filter((x) => x.type !== "null") : [spec];
  const main = options[0] || {};
  return { type: main.type, enum: main.enum, min: main.minimum, max: main.maximum, optional: !!spec.anyOf };
}
function fillFields() {
  const q = currentQuery();
  const box = $("#o-fields");
  box.innerHTML = "";
  $("#o-summary").textContent = q.summary + (q.rule_ids.length ? " (" + q.rule_ids.join(", ") + ")" : "");
  const props = q.schema.properties || {};
  const required = new Set(q.schema.required || []);
  for (const [name, spec] of Object.entries(props)) {
    const k = fieldKind(spec);
    const label = document.createElement("label");
    const title = document.createElement("span");
    title.textContent = "--" + name.replace(/_/g, "-") + (required.has(name) ? " *" : "");
    label.appendChild(title);
    let input;
    const value = name in q.example ? q.example[name] : spec.default;
    if (k.enum) {
      input = document.createElement("select");
      if (k.optional || !required.has(name)) input.add(new Option("", ""));
      for (const v of k.enum) input.add(new Option(v, v));
      input.value = value === null || value === undefined ? "" : value;
    } else if (k.type === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = !!value;
    } else {
      input = document.createElement("input");
      input.type = k.type === "integer" || k.type === "number" ? "number" : "text";
      if (k.min !== undefined) input.min = k.min;
      if (k.max !== undefined) input.max = k.max;
      if (k.type === "number") input.step = "any";
      input.value = value === null || value === undefined ? "" : value;
    }
    input.name = name;
    input.dataset.type = k.type || "string";
    label.appendChild(input);
    const help = document.createElement("small");
    help.textContent = spec.description || "";
    label.appendChild(help);
    box.appendChild(label);
  }
}
$("#odds-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const q = currentQuery();
  const params = {};
  for (const input of document.querySelectorAll("#o-fields input, #o-fields select")) {
    if (input.type === "checkbox") { if (input.checked) params[input.name] = true; continue; }
    if (input.value === "") continue;
    const t = input.dataset.type;
    params[input.name] = t === "integer" || t === "number" ? Number(input.value) : input.value;
  }
  const errors = $("#o-errors");
  errors.innerHTML = "";
  const out = $("#o-result");
  out.innerHTML = "";
  try {
    const res = await api("POST", "/api/odds/" + $("#o-ruleset").value + "/" + q.name, params);
    renderOddsResult(out, res);
  } catch (e) {
    listErrors(errors, e);
  }
});
function renderOddsResult(out, res) {
  const h = document.createElement("h2");
  h.textContent = res.title;
  out.appendChild(h);
  for (const chart of res.charts) out.appendChild(barChart(chart));
  for (const t of res.tables) {
    const table = document.createElement("table");
    const cap = document.createElement("caption");
    cap.textContent = t.title;
    table.appendChild(cap);
    const head = table.insertRow();
    for (const c of t.columns) { const th = document.createElement("th"); th.textContent = c; head.appendChild(th); }
    for (const row of t.rows) {
      const tr = table.insertRow();
      for (const c of row) tr.insertCell().textContent = String(c);
    }
    out.appendChild(table);
  }
  for (const n of res.notes) { const p = document.createElement("p"); p.textContent = n; out.appendChild(p); }
  const pre = document.createElement("pre");
  pre.id = "o-json";
  pre.textContent = JSON.stringify(res.json);
  pre.hidden = true;
  out.appendChild(pre);
}
function barChart(chart) {
  const n = chart.labels.length, h = 200, pad = 30;
  const w = pad * 2 + Math.min(560, n * 64);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 " + w + " " + (h + 40));
  svg.setAttribute("class", "chart");
  svg.setAttribute("width", w);
  const top = Math.max(...chart.values, 1e-9);
  const bw = (w - 2 * pad) / Math.max(1, n);
  el("text", { x: pad, y: 12 }, svg).textContent = chart.title;
  chart.values.forEach((v, i) => {
    const bh = (v / top) * (h - 30);
    const r = el("rect", { x: pad + i * bw + 1, y: h - bh, width: Math.max(1, bw - 2), height: bh, class: "bar" }, svg);
    el("title", {}, r).textContent = chart.labels[i] + ": " + (chart.percent ? (v * 100).toFixed(2) + "%" : v);
    if (n <= 30) el("text", { x: pad + i * bw + bw / 2, y: h + 14, "text-anchor": "middle" }, svg).textContent = chart.labels[i];
  });
  if (chart.xlabel) el("text", { x: w / 2, y: h + 34, "text-anchor": "middle" }, svg).textContent = chart.xlabel;
  return svg;
}

// -- the simulate page --------------------------------------------------------------------
let simTimer = null;
function showSimulatePage() {
  show("screen-simulate");
  const sel = $("#s-ruleset");
  if (sel.options.length) return;
  for (const r of app.rulesets.filter((x) => x.lists.length)) sel.add(new Option(r.title, r.name));
  sel.addEventListener("change", fillSimFields);
  fillSimFields();
}
function fillSimFields() {
  const r = app.rulesets.find((x) => x.name === $("#s-ruleset").value);
  for (const [i, side] of ["a", "b"].entries()) {
    const lists = $("#s-list-" + side), ais = $("#s-ai-" + side);
    lists.innerHTML = ""; ais.innerHTML = "";
    for (const n of r.lists) lists.add(new Option(n.replace(/\.ya?ml$/, ""), n));
    lists.selectedIndex = Math.min(i, r.lists.length - 1);
    for (const a of r.ais) ais.add(new Option(a, a));
  }
}
$("#sim-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("#s-errors").innerHTML = "";
  $("#s-result").innerHTML = "";
  try {
    const sim = await api("POST", "/api/simulations", {
      ruleset: $("#s-ruleset").value, lists: [$("#s-list-a").value, $("#s-list-b").value],
      ais: [$("#s-ai-a").value, $("#s-ai-b").value], games: Number($("#s-games").value), seed: Number($("#s-seed").value),
    });
    $("#s-stop").hidden = false;
    $("#s-stop").onclick = () => api("POST", "/api/simulations/" + sim.id + "/stop");
    pollSimulation(sim.id);
  } catch (e) {
    const li = document.createElement("li");
    li.textContent = e.message;
    $("#s-errors").appendChild(li);
  }
});
async function pollSimulation(id) {
  clearTimeout(simTimer);
  const sim = await api("GET", "/api/simulations/" + id);
  const bar = $("#s-progress");
  bar.hidden = false;
  bar.max = sim.total;
  bar.value = sim.done;
  $("#s-count").textContent = sim.done + " of " + sim.total + " games" + (sim.state === "running" ? "\u2026" : " (" + sim.state + ", " + sim.seconds + " s)");
  if (sim.state === "running") { simTimer = setTimeout(() => pollSimulation(id), 400); return; }
  $("#s-stop").hidden = true;
  if (sim.error) { $("#s-result").textContent = sim.error; return; }
  renderSimulation(sim);
}
function renderSimulation(sim) {
  const s = sim.summary, out = $("#s-result");
  out.innerHTML = "";
  const pct = (x) => (x === null || x === undefined ? "\u2014" : (x * 100).toFixed(1) + "%");
  const ci = (c) => (c ? " (" + pct(c[0]) + " \u2013 " + pct(c[1]) + ")" : "");
  const table = document.createElement("table");
  table.id = "s-table";
  const head = table.insertRow();
  for (const h of ["side", "warband", "AI", "wins", "win rate (95% interval)", "score (95% interval)", "mean VP"]) {
    const th = document.createElement("th"); th.textContent = h; head.appendChild(th);
  }
  s.sides.forEach((side, i) => {
    const tr = table.insertRow();
    for (const v of [side.toUpperCase(), sim.warbands[i], sim.ais[i], String(s.wins[side]),
      pct(s.win_rate[side]) + ci(s.ci95[side]), pct(s.score[side]) + ci(s.score_ci95[side]),
      s.mean_vp[side] === null ? "\u2014" : s.mean_vp[side].toFixed(2)]) tr.insertCell().textContent = v;
  });
  out.appendChild(table);
  const p = document.createElement("p");
  p.textContent = s.games + " games, " + s.draws + " draws (" + pct(s.draw_rate) + "), mean length " + (s.mean_rounds || 0).toFixed(2) + " rounds.";
  out.appendChild(p);
  out.appendChild(barChart({ title: "results", labels: [s.sides[0].toUpperCase() + " wins", "draws", s.sides[1].toUpperCase() + " wins"],
    values: [s.wins[s.sides[0]] / s.games, s.draws / s.games, s.wins[s.sides[1]] / s.games], percent: true, xlabel: "" }));
  const hist = s.rounds_histogram || {};
  const keys = Object.keys(hist);
  if (keys.length) out.appendChild(barChart({ title: "game length (rounds)", labels: keys, values: keys.map((k) => hist[k] / s.games), percent: true, xlabel: "rounds" }));
}

// -- start --------------------------------------------------------------------------------
loadRulesets().then(route).catch((e) => { $("#new-errors").textContent = "Cannot reach the server: " + e.message; });

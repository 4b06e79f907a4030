// The campaigns page: lists the campaigns, shows one (roster, last report, history), fights its
// next battle through the API and shows the battle's After Action Report for review: it is
// applied only when the user confirms it (or forgotten when discarded). Text only (textContent): nothing from the server is parsed
// as HTML.
"use strict";

async function api(path, options) {
  const res = await fetch(path, options);
  const body = await res.json();
  if (!res.ok) throw new Error(typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail));
  return body;
}

function show(c) {
  document.getElementById("campaign").hidden = false;
  document.getElementById("c-name").textContent = `${c.name} (${c.ruleset})`;
  document.getElementById("c-roster").textContent = c.roster.join("\n");
  document.getElementById("c-report").textContent = c.report ? c.report.join("\n") : "no battle yet";
  const ol = document.getElementById("c-history");
  ol.replaceChildren(...c.history.map((h) => {
    const li = document.createElement("li");
    li.textContent = `${h.step}. ${h.summary}`;
    return li;
  }));
  document.getElementById("c-battle").dataset.name = c.name;
  const p = c.pending;
  document.getElementById("c-pending").hidden = !p;
  document.getElementById("c-fight").disabled = !!p;
  if (p) {
    const also = p.also.length ? ` (also applied to ${p.also.join(", ")})` : "";
    document.getElementById("c-pending-summary").textContent = p.summary + also;
    document.getElementById("c-pending-report").textContent = p.report.join("\n");
    const watch = document.getElementById("c-watch");
    watch.hidden = !p.game;
    if (p.game) watch.href = "/#game=" + encodeURIComponent(p.game);
    document.getElementById("c-stale").hidden = !p.stale;
    document.getElementById("c-confirm").disabled = p.stale;
  }
}

async function post(action, body) {
  const name = document.getElementById("c-battle").dataset.name;
  try {
    show(await api(`/api/campaigns/${encodeURIComponent(name)}/${action}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    }));
    document.getElementById("c-error").textContent = "";
  } catch (e) {
    document.getElementById("c-error").textContent = e.message;
  }
}

async function open(name) {
  document.getElementById("c-error").textContent = "";
  show(await api(`/api/campaigns/${encodeURIComponent(name)}`));
}

async function load() {
  const list = await api("/api/campaigns");
  const ul = document.getElementById("campaign-list");
  ul.replaceChildren(...list.map((c) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#" + encodeURIComponent(c.name);
    a.textContent = `${c.name} (${c.ruleset})`;
    a.addEventListener("click", () => open(c.name));
    li.append(a);
    return li;
  }));
  if (!list.length) ul.textContent = "No campaigns yet.";
  if (location.hash.length > 1) open(decodeURIComponent(location.hash.slice(1)));
}

document.getElementById("c-battle").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const seed = document.getElementById("c-seed").value;
  const body = { against: document.getElementById("c-against").value };
  if (seed !== "") body.seed = Number(seed);
  await post("battle", body);
});
document.getElementById("c-confirm").addEventListener("click", () => post("confirm"));
document.getElementById("c-discard").addEventListener("click", () => post("discard"));

load();

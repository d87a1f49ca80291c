// Live table: one WebSocket; after every change the server sends the parts of this seat's
// rendered view that changed (board, actions, seats, log); a new connection gets them all.
import { chatHeard, chatStart } from "./chat.js";
import { notice } from "./notice.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;
const token = root.dataset.token;
const lang = root.dataset.lang;
let seatVersion = Number(root.dataset.seatVersion);
let socket = null;
let retry = 500;
let lastError = "";
const REFUSED = 4429;  // the server has as many connections as it takes: do not retry
const conn = document.getElementById("conn");
const flash = document.getElementById("flash");

function url() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams({ lang });
  if (token) params.set("token", token);
  return `${scheme}://${location.host}/t/${tableId}/ws?${params}`;
}

let fading = null;  // the timer that clears the current message, if it is not sticky

function show(message, kind, sticky = false) {
  clearTimeout(fading);
  flash.textContent = message;
  flash.className = `flash ${kind}`;
  if (message && !sticky) fading = setTimeout(() => show("", ""), 4000);
}

// A seat may ask its own browser to pass every magick window (or any window a game marks
// with data-auto-pass="ready", naming its pass action in data-auto-pass-action, else the
// "done" button) for it. The choice is the player's, not the hand's, so how fast the pass
// arrives tells the other seats nothing about what the seat holds.
const autoPassKey = `candlelit:auto-pass:${tableId}:${root.dataset.seat || ""}`;

function autoPass() {
  const toggle = document.querySelector("[data-auto-pass-toggle]");
  if (!toggle) return;
  toggle.checked = localStorage.getItem(autoPassKey) === "1";
  const ready = document.querySelector("[data-auto-pass='ready']");
  if (!toggle.checked || !ready) return;
  const named = ready.dataset.autoPassAction;
  const pass = document.querySelector(named === undefined
    ? "#actions button.act-done[data-action]"
    : `#actions button[data-action="${named}"]`);
  if (pass) pass.click();
}

document.addEventListener("change", (event) => {
  if (!event.target.matches("[data-auto-pass-toggle]")) return;
  localStorage.setItem(autoPassKey, event.target.checked ? "1" : "0");
  autoPass();
});

// Turn clocks and hand-over countdowns: the server sends absolute times in its own clock's
// seconds (data-deadline, data-until, data-after) and this page counts down between updates;
// data-now on the page says what the server's clock read when the page was made.
const skew = root.dataset.now ? Number(root.dataset.now) * 1000 - Date.now() : 0;

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tick() {
  const now = (Date.now() + skew) / 1000;
  for (const el of document.querySelectorAll("[data-deadline]")) {
    el.textContent = clockText(Number(el.dataset.deadline) - now);
  }
  for (const el of document.querySelectorAll("[data-until]")) {
    const left = Number(el.dataset.until) - now;
    el.hidden = left <= 0;
    el.textContent = el.dataset.label.replace("{time}", clockText(left));
  }
  for (const el of document.querySelectorAll("button[data-after]")) {
    el.hidden = Number(el.dataset.after) > now;
  }
}

function apply(msg) {
  if (msg.type === "state") {
    for (const part of ["board", "actions", "seats", "log"]) {
      if (part in msg) document.getElementById(part).innerHTML = msg[part];
    }
    if ("log" in msg) {
      const log = document.querySelector("#log .log");
      if (log) log.scrollTop = log.scrollHeight;
    }
    seatVersion = msg.seat_version;
    root.dataset.seatVersion = String(seatVersion);
    root.dataset.status = msg.status;
    if ("actions" in msg) busy = false;  // new buttons; a seats-only update keeps them
    tick();
    if ("actions" in msg || "board" in msg) autoPass();
    notice(Boolean(document.querySelector("#actions button[data-action]")));
  } else if (msg.type === "error" && msg.about === "chat") {
    chatHeard({ lines: [], refused: msg.message });
  } else if (msg.type === "error") {
    lastError = msg.message;
    show(msg.message, "error");
    busy = false;
  } else if (msg.type === "stale") {
    show(msg.message, "info");
  } else if (msg.type === "chat") {
    chatHeard(msg);
  }
}

function connect() {
  socket = new WebSocket(url());
  socket.addEventListener("open", () => { conn.className = "conn on"; conn.textContent = "●"; retry = 500; });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    apply(msg);
    document.dispatchEvent(new CustomEvent("candlelit:message", { detail: msg }));  // picks.js
  });
  socket.addEventListener("close", (event) => {
    conn.className = "conn off"; conn.textContent = "○";
    if (event.code === REFUSED) { show(lastError, "error", true); return; }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

let busy = false;
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action], button[data-bot-seat]");
  if (!button || !socket || socket.readyState !== WebSocket.OPEN) return;
  if (button.dataset.action !== undefined) {
    if (busy) return;  // one submission per view: a double click sends once
    busy = true;
    document.querySelectorAll("#actions button[data-action]").forEach((b) => { b.disabled = true; });
    socket.send(JSON.stringify({ type: "act", action: Number(button.dataset.action), seat_version: seatVersion }));
  } else {
    socket.send(JSON.stringify({ type: "bot", seat: Number(button.dataset.botSeat), on: button.dataset.on === "true" }));
  }
});

chatStart((payload) => {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(payload));
  return true;
});
tick();
setInterval(tick, 1000);
notice(Boolean(document.querySelector("#actions button[data-action]")));
connect();

// The table's chat panel: lines arrive as {"type": "chat", "lines": [...]} (each once, by its
// number n; a new connection is sent the latest again) and are shown as plain text only.
const box = document.getElementById("chat");
const list = document.getElementById("chat-lines");
const form = document.getElementById("chat-form");
const input = document.getElementById("chat-text");
const note = document.getElementById("chat-note");
const unread = box ? box.querySelector(".chat-unread") : null;
const shown = new Set();
let unseen = 0;
let pending = "";  // the last line sent: typed back into the box if it is refused
let send = () => false;

// On a phone the panel starts folded; its summary counts the lines that came since.
if (box && window.matchMedia("(max-width: 760px)").matches) box.open = false;

function time(at) {
  return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function line(entry) {
  const item = document.createElement("li");
  item.dataset.n = String(entry.n);
  item.dataset.seat = String(entry.seat);
  const when = document.createElement("time");
  when.className = "chat-time";
  when.textContent = time(entry.at);
  const chip = document.createElement("span");
  chip.className = `chip seat-${Number(entry.seat)}`;
  const name = document.createElement("b");
  name.className = "chat-name";
  name.textContent = entry.name;
  const text = document.createElement("span");
  text.className = "chat-text";
  text.textContent = entry.text;
  item.append(when, " ", chip, name, " ", text);
  return item;
}

function showUnread() {
  if (!unread) return;
  unread.hidden = box.open || unseen === 0;
  unread.textContent = box.dataset.unreadLabel.replace("{n}", String(unseen));
}

// Lines from the server (a new connection gets the latest again: each is shown once).
export function chatHeard(msg) {
  if (msg.refused !== undefined && note) {
    note.textContent = msg.refused;
    note.className = "chat-note error";
    if (!input.value) input.value = pending;
  }
  if (!list) return;
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const fresh = (msg.lines || []).filter((entry) => !shown.has(entry.n));
  for (const entry of fresh.sort((a, b) => a.n - b.n)) {
    shown.add(entry.n);
    const after = [...list.children].find((li) => Number(li.dataset.n) > entry.n);
    list.insertBefore(line(entry), after || null);
  }
  while (list.children.length > 100) list.firstElementChild.remove();
  if (fresh.length) {
    box.classList.add("has-lines");
    if (!box.open) unseen += fresh.length;
    showUnread();
    if (atBottom) list.scrollTop = list.scrollHeight;
  }
}

// `sender(payload)` sends a message over the table's socket; false when it is closed.
export function chatStart(sender) {
  send = sender;
  if (box) box.addEventListener("toggle", () => { if (box.open) unseen = 0; showUnread(); });
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: "chat", text })) {
      pending = text;
      input.value = "";
      note.textContent = "";
      note.className = "chat-note";
    }
  });
}

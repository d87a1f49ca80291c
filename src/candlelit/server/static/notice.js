// The "your turn" notice: while this seat must act, the tab's title starts with a prefix and
// its icon carries a mark; when the turn begins, an optional sound (made with WebAudio), and
// a browser notification if the tab is hidden. Both are off until the player ticks them;
// permission for notifications is asked only from that click.
const bar = document.getElementById("notice");
const icon = document.querySelector("link[rel='icon']");
const plainTitle = document.title;
const plainIcon = icon ? icon.href : "";
const TURN_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
  + '<path d="M16 2c3 4 5 7 5 10a5 5 0 0 1-10 0c0-3 2-6 5-10z" fill="#f0b35a"/>'
  + '<rect x="11" y="17" width="10" height="13" rx="2" fill="#ece6f3"/>'
  + '<circle cx="24" cy="8" r="7" fill="#e0443e" stroke="#fff" stroke-width="2"/></svg>');
let acting = false;
let audio = null;

function wanted(kind) {
  return localStorage.getItem(`candlelit:notice:${kind}`) === "1";
}

function beep() {
  if (!audio) return;
  const start = audio.currentTime;
  for (const [at, pitch] of [[0, 660], [0.18, 880]]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.2, start + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + at);
    tone.stop(start + at + 0.16);
  }
}

function announce() {
  if (wanted("sound")) beep();
  if (document.hidden && wanted("notify") && "Notification" in window
      && Notification.permission === "granted") {
    const note = new Notification(bar.dataset.turnTitle, { body: bar.dataset.turnBody, tag: "candlelit-turn" });
    note.addEventListener("click", () => { window.focus(); note.close(); });
  }
}

// Called by table.js after each update: whether this seat must act now.
export function notice(mustAct) {
  if (!bar) return;
  document.title = mustAct ? `▶ ${bar.dataset.turnTitle} · ${plainTitle}` : plainTitle;
  if (icon) icon.href = mustAct ? TURN_ICON : plainIcon;
  if (mustAct && !acting) announce();
  acting = mustAct;
}

if (bar) {
  for (const box of bar.querySelectorAll("input[data-notice]")) {
    box.checked = wanted(box.dataset.notice);
  }
  bar.addEventListener("change", async (event) => {
    const box = event.target.closest("input[data-notice]");
    if (!box) return;
    const kind = box.dataset.notice;
    if (kind === "sound" && box.checked) {
      audio = audio || new AudioContext();
      await audio.resume();
    }
    if (kind === "notify" && box.checked) {
      const allowed = "Notification" in window
        && (Notification.permission === "granted" || await Notification.requestPermission() === "granted");
      if (!allowed) {
        box.checked = false;
        const flash = document.getElementById("flash");
        if (flash) { flash.textContent = bar.dataset.denied; flash.className = "flash error"; }
      }
    }
    localStorage.setItem(`candlelit:notice:${kind}`, box.checked ? "1" : "0");
  });
  // a page opened with sound already on gets its audio at the player's first click
  document.addEventListener("click", () => {
    if (wanted("sound") && !audio) audio = new AudioContext();
  }, { once: true });
}

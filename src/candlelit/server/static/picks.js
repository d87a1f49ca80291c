// Picks: a board element carrying data-pick="k=v&k2=v2" stands for the controls whose struct
// (data-struct, the action's struct without its key) holds every one of those pairs, values
// compared as text. One match: that control is pressed. Several: they are offered to choose
// from. A control with data-then (the same seat's next decision, shown only where the game
// opts in) or a board asking for several picks (data-pick-several="n") becomes one gesture:
// choose, see the choice, then Confirm or Undo; on Confirm the controls are pressed one after
// another, each when the server has acknowledged the one before.
const bar = document.getElementById("pick-bar");
const what = bar.querySelector(".pick-what");
const offers = bar.querySelector(".pick-offers");
const confirmButton = bar.querySelector("[data-pick-confirm]");
const words = bar.dataset;

let plan = null;    // {chosen: [index], structs, several} or {chosen: [index], first, then, target}
let queue = [];     // structs still to send, in order, after the one in flight

function pickables() {
  return [...document.querySelectorAll("#board [data-pick]")];
}

function pairsOf(pick) {
  return [...new URLSearchParams(pick).entries()];
}

function textOf(value) {
  return value === null ? "null" : String(value);
}

// "card.en" names struct.card.en: a name given in both languages is matched by one of them
function valueAt(struct, key) {
  let value = struct;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object" || !(part in value)) return undefined;
    value = value[part];
  }
  return value;
}

function matches(pick, struct) {
  const pairs = pairsOf(pick);
  return pairs.length > 0 && pairs.every(([k, v]) => {
    const value = valueAt(struct, k);
    return value !== undefined && textOf(value) === v;
  });
}

function sameStruct(a, b) {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => textOf(a[k]) === textOf(b[k]));
}

function controls() {
  return [...document.querySelectorAll("#actions button[data-action][data-struct]")]
    .filter((b) => !b.disabled);
}

function structOf(button) {
  return JSON.parse(button.dataset.struct);
}

function press(struct) {
  const button = controls().find((b) => sameStruct(structOf(b), struct));
  if (!button) return false;
  button.click();
  return true;
}

function remark() {
  // show the gesture so far on the board (again, after the board was redrawn)
  clearMarks();
  if (!plan) return;
  const all = pickables();
  if (plan.chosen.some((i, n) => !all[i] || all[i].dataset.pick !== plan.picks[n])) {
    reset();
    return;
  }
  for (const i of plan.chosen) all[i].classList.add("picked");
  if (plan.then) {
    for (const el of all) {
      if (plan.then.some((f) => matches(el.dataset.pick, f.struct))) el.classList.add("pick-option");
    }
    if (plan.target) all[plan.targetAt].classList.add("pick-target");
  }
}

function clearMarks() {
  for (const cls of ["picked", "pick-option", "pick-target"]) {
    for (const el of document.querySelectorAll(`.${cls}`)) el.classList.remove(cls);
  }
  for (const el of document.querySelectorAll("#actions button.offered")) el.classList.remove("offered");
}

function hideBar() {
  bar.hidden = true;
  what.textContent = "";
  offers.replaceChildren();
  confirmButton.hidden = true;
}

function reset() {
  plan = null;
  clearMarks();
  hideBar();
}

function showBar(message, canConfirm) {
  bar.hidden = false;
  what.textContent = message;
  confirmButton.hidden = false;
  confirmButton.disabled = !canConfirm;
}

function offer(found) {
  // several controls fit the element: light them up and repeat them in the bar
  reset();
  bar.hidden = false;
  what.textContent = words.chooseOne;
  for (const button of found) {
    button.classList.add("offered");
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "pick-offer";
    copy.textContent = button.textContent;
    copy.addEventListener("click", () => { reset(); button.click(); });
    offers.append(copy);
  }
}

function startFollowUp(element, button) {
  plan = { chosen: [pickables().indexOf(element)], picks: [element.dataset.pick],
           first: structOf(button), then: JSON.parse(button.dataset.then), target: null,
           firstLabel: button.textContent.trim() };
  showBar(words.thenChoose, false);
  remark();
}

function chooseTarget(element) {
  const fits = plan.then.filter((f) => matches(element.dataset.pick, f.struct));
  if (fits.length !== 1) return false;
  plan.target = fits[0].struct;
  plan.targetAt = pickables().indexOf(element);
  showBar(`${plan.firstLabel} → ${fits[0].label}`, true);
  remark();
  return true;
}

function several() {
  const holder = document.querySelector("#board [data-pick-several]");
  return holder ? Number(holder.dataset.pickSeveral) : 0;
}

function addToSelection(element, struct, total) {
  if (!plan || !plan.several) plan = { chosen: [], picks: [], structs: [], several: total };
  const index = pickables().indexOf(element);
  const at = plan.chosen.indexOf(index);
  if (at >= 0) {
    plan.chosen.splice(at, 1);
    plan.picks.splice(at, 1);
    plan.structs.splice(at, 1);
  } else if (plan.chosen.length < total) {
    plan.chosen.push(index);
    plan.picks.push(element.dataset.pick);
    plan.structs.push(struct);
  }
  remark();
  if (!plan.chosen.length) { reset(); return; }
  showBar(words.chosen.replace("{n}", plan.chosen.length).replace("{total}", total),
          plan.chosen.length === total);
}

function pickClicked(element) {
  if (plan && plan.then) {
    if (plan.chosen.includes(pickables().indexOf(element))) { reset(); return; }
    for (let el = element; el; el = el.parentElement && el.parentElement.closest("#board [data-pick]")) {
      if (chooseTarget(el)) return;
    }
  }
  const found = controls().filter((b) => matches(element.dataset.pick, structOf(b)));
  if (!found.length) {
    // a token on a space, a card on a seat: the element around it may be the choice
    const outer = element.parentElement && element.parentElement.closest("#board [data-pick]");
    if (outer) pickClicked(outer);
    return;
  }
  if (found.length > 1) { offer(found); return; }
  const button = found[0];
  const total = several();
  if (total > 1) { addToSelection(element, structOf(button), total); return; }
  reset();
  if (button.dataset.then) { startFollowUp(element, button); return; }
  button.click();
}

function confirmPlan() {
  if (!plan) return;
  const steps = plan.several ? plan.structs.slice() : [plan.first, plan.target];
  reset();
  queue = steps.slice(1);
  if (!press(steps[0])) queue = [];
}

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-pick-confirm]")) { confirmPlan(); return; }
  if (event.target.closest("[data-pick-undo]")) { reset(); return; }
  if (event.target.closest(".prov")) return;  // the provenance mark explains, it chooses nothing
  const element = event.target.closest("#board [data-pick]");
  if (!element || queue.length) return;
  event.preventDefault();
  pickClicked(element);
});

document.addEventListener("keydown", (event) => {
  const element = event.target.closest && event.target.closest("#board [data-pick]");
  if (!element || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  element.click();
});

// table.js tells every message it applied: the next queued choice goes out once the
// server has answered the one before with new controls; a refusal drops the rest.
document.addEventListener("candlelit:message", (event) => {
  const msg = event.detail;
  if (msg.type === "state") {
    if ("actions" in msg && queue.length) {
      const next = queue.shift();
      if (!press(next)) queue = [];
    } else if ("actions" in msg && plan) {
      reset();  // the choices the gesture was made from are gone
    }
    if ("board" in msg) remark();
    markClickable();
  } else if (msg.type === "error" || msg.type === "stale") {
    queue = [];
    reset();
  }
});

function markClickable() {
  // what the seat may click now: focusable and lit, with the hint once
  const live = controls().map(structOf);
  for (const el of document.querySelectorAll("#board [data-pick]")) {
    const on = live.some((s) => matches(el.dataset.pick, s));
    el.classList.toggle("pickable", on);
    if (on) el.tabIndex = 0; else el.removeAttribute("tabindex");
  }
}

markClickable();

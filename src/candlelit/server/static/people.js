// Display names: this browser remembers the last name its player used (localStorage) and
// fills every name field with it; join buttons send it along; a seat opened without a
// name takes the remembered one (once per tab, so a refused name cannot loop).
const KEY = "candlelit:name";
const LONGEST = 24;

function remembered() {
  return localStorage.getItem(KEY) || "";
}

for (const field of document.querySelectorAll("input[data-name-field]")) {
  if (!field.value) field.value = remembered();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  const copies = form.querySelectorAll("input[data-name-copy]");
  const own = form.querySelector("input[data-name-field]");
  if (!own && !copies.length) return;
  const lobbyField = document.getElementById("your-name");
  const value = (own || lobbyField || { value: remembered() }).value.trim();
  for (const copy of copies) copy.value = value;
  if (value && [...value].length <= LONGEST) localStorage.setItem(KEY, value);
});

const unnamed = document.querySelector("form[data-auto-name]");
if (unnamed && remembered()) {
  const once = `candlelit:auto-named:${location.pathname}`;
  if (!sessionStorage.getItem(once)) {
    sessionStorage.setItem(once, "1");
    unnamed.requestSubmit();
  }
}

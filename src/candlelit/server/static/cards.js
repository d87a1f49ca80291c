// Cards page: a contents list of the page's sections and a filter box that keeps only the
// cards whose text contains what is typed.
const body = document.getElementById("catalogue-body");
const contents = document.getElementById("contents");
const filterRow = document.querySelector(".card-filter");
const filter = document.getElementById("card-filter");
const count = document.getElementById("filter-count");

function buildContents() {
  const headings = [...body.querySelectorAll("h2")];
  if (headings.length < 2) return;
  const list = contents.querySelector("ul");
  headings.forEach((heading, index) => {
    if (!heading.id) heading.id = `part-${index + 1}`;
    const link = document.createElement("a");
    link.href = `#${heading.id}`;
    link.textContent = heading.textContent.trim();
    const item = document.createElement("li");
    item.append(link);
    list.append(item);
  });
  contents.hidden = false;
}

function cards() {
  return [...body.querySelectorAll("article, .board, .hand > *, .cface")];
}

function applyFilter() {
  const words = filter.value.trim().toLowerCase();
  const all = cards();
  let shown = 0;
  for (const card of all) {
    card.hidden = words !== "" && !card.textContent.toLowerCase().includes(words);
    if (!card.hidden) shown += 1;
  }
  if (words === "") count.textContent = "";
  else if (shown === 0) count.textContent = count.dataset.none;
  else count.textContent = count.dataset.template.replace("{n}", shown).replace("{total}", all.length);
}

if (body) {
  buildContents();
  if (cards().length > 1) {
    filterRow.hidden = false;
    filter.addEventListener("input", applyFilter);
  }
}

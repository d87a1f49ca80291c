// Lobby form: show only the seats, variants and bots of the chosen game and player count;
// bot seats start with the game's strongest bot; the chosen variant's help shows below it.
const game = document.getElementById("game");
const players = document.getElementById("players");
const variant = document.getElementById("variant");
const variantHelp = document.getElementById("variant-help");

function showVariantHelp() {
  const chosen = variant.selectedOptions[0];
  variantHelp.textContent = chosen && chosen.dataset.help ? chosen.dataset.help : "";
}

function refresh() {
  const chosen = game.selectedOptions[0];
  const min = Number(chosen.dataset.min);
  const max = Number(chosen.dataset.max);
  for (const option of players.options) {
    const n = Number(option.value);
    option.hidden = n < min || n > max;
  }
  if (Number(players.value) < min) players.value = String(min);
  if (Number(players.value) > max) players.value = String(max);
  for (const label of document.querySelectorAll(".seat-kind")) {
    label.hidden = Number(label.dataset.seat) >= Number(players.value);
    label.querySelector("select").disabled = label.hidden;
  }
  for (const option of document.querySelectorAll("option[data-game]")) {
    option.hidden = option.dataset.game !== game.value;
  }
  for (const select of document.querySelectorAll("#new-table select")) {
    const current = select.selectedOptions[0];
    if (current && current.hidden) {
      const visible = [...select.options].filter((o) => !o.hidden);
      const preferred = visible.find((o) => o.dataset.strongest) || visible[0];
      if (preferred) preferred.selected = true;
    }
  }
  showVariantHelp();
}

game.addEventListener("change", refresh);
players.addEventListener("change", refresh);
variant.addEventListener("change", showVariantHelp);
refresh();

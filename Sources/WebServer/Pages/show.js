// The Show page: one card's code full-screen on white (Code 128 for numbers, QR for demographic strings, the
// card's own type otherwise, drawn by the server as `cardscan show` draws it), its number below, "Done".
"use strict";
(() => {
  const { api, say } = cardscan;
  const $ = (id) => document.getElementById(id);
  const id = new URLSearchParams(location.search).get("id");
  $("done").addEventListener("click", () => { location.href = "/cards"; });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") location.href = "/cards"; });

  async function load() {
    if (!id) { say($("notice"), "No card chosen: open a card from the Cards page.", "error"); return; }
    try {
      const card = await api("GET", `/api/cards/${encodeURIComponent(id)}`);
      document.title = `${card.name} — cardscan`;
      $("name").textContent = `${card.name} · ${card.category}`;
      // A code of one module per 4 pixels at least; wide screens get more (bars stay whole pixels).
      const scale = Math.max(4, Math.min(10, Math.floor(window.innerWidth / 160)));
      $("code").src = `/api/cards/${encodeURIComponent(card.id)}/code.png?scale=${scale}`;
      $("code").alt = `${card.codeType === "qrCode" ? "QR code" : "Barcode"} of ${card.name}`;
      $("number").textContent = card.number;
      $("done").focus();
    } catch (error) { say($("notice"), error.message, "error"); }
  }
  load();
})();

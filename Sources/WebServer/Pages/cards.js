// The Cards page: cards grouped by category (the default first, marked), numbers masked until revealed; edit,
// duplicate, delete, make default; categories with their counts.
"use strict";
(() => {
  const { api, el, say, cardForm } = cardscan;
  const $ = (id) => document.getElementById(id);
  const notice = $("notice"), formSlot = $("form-slot");
  let categoryNames = [];

  // True once the lists show the store as it is now.
  async function load() {
    const query = $("search").value.trim();
    try {
      const answer = await api("GET", "/api/cards" + (query ? `?q=${encodeURIComponent(query)}` : ""));
      categoryNames = answer.categories.map((c) => c.name);
      renderCards(answer.cards, answer.categories, query);
      renderCategories(answer.categories);
      return true;
    } catch (error) { say(notice, error.message, "error"); return false; }
  }

  function renderCards(cards, categories, query) {
    const target = $("cards");
    if (!cards.length) {
      target.replaceChildren(el("div", { class: "empty-state" }, query
        ? [`No card matches “${query}”.`]
        : ["No cards yet. ", el("a", { href: "/scan", text: "Scan one" }), " or enter one by hand on the Scan page."]));
      return;
    }
    const groups = [];
    for (const category of categories) {
      const inCategory = cards.filter((c) => c.category.toLowerCase() === category.name.toLowerCase());
      if (!inCategory.length) continue;
      const headingId = "h-" + groups.length;
      groups.push(el("section", { "aria-labelledby": headingId }, [
        el("h2", { id: headingId, text: `${category.name} (${inCategory.length})` }),
        el("ul", { class: "card-list" }, inCategory.map(cardItem)),
      ]));
    }
    target.replaceChildren(...groups);
  }

  function cardItem(card) {
    const number = el("div", { class: "number", text: card.maskedNumber, "data-number": card.id });
    let revealed = false;
    const reveal = el("button", { type: "button", text: "Reveal", "aria-pressed": "false", "aria-label": `Reveal the number of ${card.name}` });
    reveal.addEventListener("click", async () => {
      if (revealed) { number.textContent = card.maskedNumber; reveal.textContent = "Reveal"; revealed = false; }
      else {
        try { number.textContent = (await api("GET", `/api/cards/${card.id}`)).number; reveal.textContent = "Hide"; revealed = true; }
        catch (error) { say(notice, error.message, "error"); }
      }
      reveal.setAttribute("aria-pressed", String(revealed));
    });
    const actions = [
      card.masked ? reveal : null,
      el("a", { class: "button", href: `/show?id=${encodeURIComponent(card.id)}`, text: "Show", "aria-label": `Show ${card.name}'s code` }),
      el("button", { type: "button", text: "Edit", "aria-label": `Edit ${card.name}`, onclick: () => edit(card) }),
      el("button", { type: "button", text: "Duplicate", "aria-label": `Duplicate ${card.name}`,
                     onclick: () => act(() => api("POST", `/api/cards/${card.id}/duplicate`), `Copied “${card.name}”.`) }),
      card.isDefault ? null : el("button", { type: "button", text: "Make default", "aria-label": `Make ${card.name} the default of ${card.category}`,
                                            onclick: () => act(() => api("POST", `/api/cards/${card.id}/default`), `“${card.name}” is now the default of ${card.category}.`) }),
      el("button", { type: "button", class: "danger", text: "Delete", "aria-label": `Delete ${card.name}`,
                     onclick: () => { if (confirm(`Delete “${card.name}”?`)) act(() => api("DELETE", `/api/cards/${card.id}`), `Deleted “${card.name}”.`); } }),
    ].filter(Boolean);
    return el("li", { class: "card-item" + (card.isDefault ? " default" : ""), "data-card": card.id }, [
      el("div", { class: "title" }, [card.name, card.isDefault ? el("span", { class: "badge", text: "Default" }) : ""]),
      number,
      el("div", { class: "actions" }, actions),
    ]);
  }

  // The notice comes once the list shows what it says (a screen reader hears "Deleted" with the card gone).
  async function act(call, done) {
    try { await call(); if (await load()) say(notice, done, "ok"); } catch (error) { say(notice, error.message, "error"); }
  }

  async function edit(summary) {
    try {
      const card = await api("GET", `/api/cards/${summary.id}`);
      const form = cardForm({
        title: `Edit ${card.name}`, fields: card, categories: categoryNames,
        onCancel: () => formSlot.replaceChildren(),
        onSave: async (values) => {
          await api("PUT", `/api/cards/${card.id}`, values);
          formSlot.replaceChildren();
          if (await load()) say(notice, `Saved “${values.name}”.`, "ok");
        },
      });
      formSlot.replaceChildren(form);
      form.elements.name.focus();
    } catch (error) { say(notice, error.message, "error"); }
  }

  function renderCategories(categories) {
    $("categories").replaceChildren(...categories.map((c) => el("li", {}, [
      el("span", { text: `${c.name} (${c.cards})` }),
      el("button", { type: "button", class: "danger", text: "Delete", "aria-label": `Delete the category ${c.name}`,
                     onclick: () => deleteCategory(c) }),
    ])));
  }

  function deleteCategory(c) {
    if (c.cards > 0) {
      if (!confirm(`“${c.name}” holds ${c.cards} card(s). Delete the category and its cards?`)) return;
      act(() => api("DELETE", `/api/categories/${encodeURIComponent(c.name)}?deleteCards=1`), `Deleted “${c.name}” and its cards.`);
    } else {
      act(() => api("DELETE", `/api/categories/${encodeURIComponent(c.name)}`), `Deleted “${c.name}”.`);
    }
  }

  let searchTimer = null;
  $("search").addEventListener("input", () => { clearTimeout(searchTimer); searchTimer = setTimeout(load, 200); });
  $("search-form").addEventListener("submit", (event) => { event.preventDefault(); load(); });
  $("category-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("category-name").value.trim();
    if (!name) return say(notice, "Type the new category's name first.", "error");
    act(() => api("POST", "/api/categories", { name }), `Added “${name}”.`).then(() => { $("category-name").value = ""; });
  });
  load();
})();

// cardscan serve: what every page shares. Plain JavaScript, no framework, nothing from the network.
// Elements are built with createElement and textContent only: text read off a card never becomes markup.
"use strict";

const cardscan = (() => {
  /** Calls the JSON API; resolves to the parsed answer, or rejects with an Error whose message is the server's. */
  async function api(method, path, body) {
    const options = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let answer = null;
    try { answer = await response.json(); } catch (_) { /* an empty body */ }
    if (!response.ok) {
      const error = new Error((answer && answer.error && answer.error.message) || `the server answered ${response.status}`);
      error.code = answer && answer.error && answer.error.code;
      error.status = response.status;
      if (error.code === "badToken") accessEnded();
      throw error;
    }
    return answer;
  }

  /**
   * The server no longer knows this page's token (it was restarted, with a new one): say so once, at the top,
   * since nothing on the page will work until the new address is opened.
   */
  function accessEnded() {
    if (document.getElementById("access-ended")) return;
    const banner = el("div", { id: "access-ended", class: "message error", role: "alert",
                               text: "This page's access has ended (cardscan serve was restarted?): open the address it printed in its terminal." });
    document.body.prepend(banner);
  }

  /** el("li", {class: "x", onclick: f}, [children or strings]) */
  function el(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  /** Shows a message in a live region (read out by screen readers); kind "ok" or "error". */
  function say(target, text, kind) {
    target.textContent = text || "";
    target.className = "message " + (kind || "");
  }

  // The card model's code types (IDCard.codeType), with the names people know them by.
  const codeTypes = [["code128", "Code 128"], ["ean13", "EAN-13"], ["ean8", "EAN-8"], ["qrCode", "QR code"], ["pdf417", "PDF417"],
                     ["aztec", "Aztec"], ["dataMatrix", "Data Matrix"], ["none", "None (the number only)"]];

  /**
   * The card form (Scan: a tapped suggestion or "Enter manually"; Cards: edit). `fields` pre-fills it;
   * `onSave(values)` returns a promise; its error message is shown in the form.
   */
  function cardForm({ title, fields, categories, onSave, onCancel, saveLabel }) {
    const id = "f" + Math.random().toString(36).slice(2, 8);
    const input = (name, label, value, extra) => [
      el("label", { for: `${id}-${name}`, text: label }),
      el("input", Object.assign({ id: `${id}-${name}`, name, value: value || "", autocomplete: "off" }, extra || {})),
    ];
    const categoryList = el("datalist", { id: `${id}-categories` }, (categories || []).map((c) => el("option", { value: c })));
    const region = el("select", { id: `${id}-region`, name: "region" }, [
      el("option", { value: "", text: "none" }), el("option", { value: "GB", text: "GB" }),
      el("option", { value: "JE", text: "JE" }), el("option", { value: "GG", text: "GG" }),
    ]);
    region.value = fields.region || "";
    const codeType = el("select", { id: `${id}-codeType`, name: "codeType" }, codeTypes.map(([value, text]) => el("option", { value, text })));
    codeType.value = fields.codeType || "code128";
    const isDefault = el("input", { type: "checkbox", id: `${id}-default`, name: "isDefault" });
    isDefault.checked = !!fields.isDefault;
    const skip = el("input", { type: "checkbox", id: `${id}-skip`, name: "skipValidation" });
    const message = el("div", { class: "message", role: "alert" });
    const save = el("button", { type: "submit", class: "primary", text: saveLabel || "Save" });
    const form = el("form", { class: "panel card-form", "aria-label": title, novalidate: true }, [
      el("h2", { text: title }),
      ...input("name", "Name", fields.name, { required: true }),
      ...input("number", "Number", fields.number, { required: true, spellcheck: "false", class: "mono" }),
      ...input("category", "Category", fields.category, { required: true, list: `${id}-categories` }),
      categoryList,
      el("label", { for: `${id}-region`, text: "Region" }), region,
      el("label", { for: `${id}-codeType`, text: "Code shown" }), codeType,
      el("div", { class: "row" }, [
        el("label", { class: "inline", for: `${id}-default` }, [isDefault, "Default card of its category"]),
      ]),
      el("div", { class: "row" }, [
        el("label", { class: "inline", for: `${id}-skip` }, [skip, "Save even if the number fails its check"]),
      ]),
      message,
      el("div", { class: "row" }, [save, el("button", { type: "button", text: "Cancel", onclick: () => onCancel && onCancel() })]),
    ]);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const values = {
        name: form.elements.name.value.trim(), number: form.elements.number.value.trim(),
        category: form.elements.category.value.trim(), region: region.value, codeType: codeType.value,
        isDefault: isDefault.checked, skipValidation: skip.checked,
      };
      const missing = ["name", "number", "category"].filter((k) => !values[k]);
      if (missing.length) { say(message, `Fill in: ${missing.join(", ")}.`, "error"); form.elements[missing[0]].focus(); return; }
      save.disabled = true;
      try { await onSave(values); } catch (error) { say(message, error.message, "error"); }
      finally { save.disabled = false; }
    });
    return form;
  }

  return { api, el, say, cardForm, accessEnded };
})();

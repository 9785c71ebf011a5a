// The Scan page: the session's events (Server-Sent Events, the objects `cardscan camera --json` prints) drawn over
// the newest frame, suggestions to tap, and the form that saves one.
"use strict";
(() => {
  const { api, el, say, cardForm } = cardscan;
  const $ = (id) => document.getElementById(id);
  const preview = $("preview"), overlay = $("overlay"), list = $("suggestions"), camera = $("camera"), notice = $("notice");
  const formSlot = $("form-slot");
  const items = new Map();        // item id → item (boxes drawn in the frame's pixels)
  const suggestions = new Map();  // suggestion id → suggestion, in arrival order
  const waiting = new Set();      // ids made from a barcode alone, not savable until the card's text is read (sceneRead)
  let frameSize = null, frameVersion = "", status = null, categories = [];
  let readingPhoto = false;  // the session is an uploaded photo, not the camera

  function setCamera(state, text) {
    camera.dataset.state = state;
    camera.textContent = text;
  }

  // --- Events -------------------------------------------------------------------------------------------------
  function onEvent(event) {
    switch (event.event) {
      case "sessionStarted":
        if (event.reason === "reconnected") {
          setCamera("live", `Camera back: ${describe(event.stream)}.`);
        } else {
          items.clear(); suggestions.clear(); waiting.clear(); frameVersion = "";
          readingPhoto = !!event.stream && event.stream.format === "files";
          setCamera(readingPhoto ? "starting" : "live", readingPhoto ? "Reading the photo…" : `Camera on: ${describe(event.stream)}.`);
        }
        break;
      case "itemAdded": case "itemUpdated":
        items.set(event.item.id, event.item); break;
      case "itemRemoved":
        items.delete(event.itemId); break;
      case "suggestion":
        if (event.replaces) suggestions.delete(event.replaces);
        suggestions.set(event.suggestion.id, event.suggestion);
        if (event.awaitingText) waiting.add(event.suggestion.id);
        renderSuggestions(); break;
      case "sceneRead":
        for (const id of event.settled || []) waiting.delete(id);
        if (event.settled) renderSuggestions();
        break;
      case "error":
        if (readingPhoto) {
          // The server names the file "uploaded photo" (never its own path): the notice says it in words.
          const reason = event.error.message.replace(/^uploaded photo:\s*/, "");
          say(notice, `The photo could not be read: ${reason}`, "error");
        }
        else if (event.error.recoverable) setCamera("reconnecting", `Camera problem: ${event.error.message}`);
        else setCamera("failed", `Camera failed: ${event.error.message}`);
        break;
      case "sessionClosed":
        if (camera.dataset.state !== "failed" || event.reason !== "failed") {
          const why = { stopped: "Camera off.", endOfInput: "Photo read.", deviceLost: "The camera was lost (unplugged and not back).",
                        noFrames: "The camera sent no pictures.", failed: "The camera could not be used.", timeout: "Session timed out.",
                        once: "Done.", crashed: "The scanner stopped unexpectedly." }[event.reason] || `Stopped (${event.reason}).`;
          setCamera(["deviceLost", "noFrames", "failed", "crashed"].includes(event.reason) ? "lost" : "stopped", why);
        }
        if (!suggestions.size) renderSuggestions();
        break;
    }
    drawBoxes();
  }

  function describe(stream) {
    if (!stream) return "";
    return [stream.card || stream.source, stream.format, stream.width && `${stream.width}×${stream.height}`].filter(Boolean).join(", ");
  }

  function listen() {
    const source = new EventSource("/api/events");
    let disconnected = false;
    source.onmessage = (message) => { try { onEvent(JSON.parse(message.data)); } catch (_) { /* not an event */ } };
    source.onopen = () => { if (disconnected && camera.dataset.state === "disconnected") setCamera("idle", "Connected again."); disconnected = false; };
    // The browser reconnects by itself (a second or so); meanwhile the page says the server is not answering. A
    // stream refused outright (closed) is opened again, unless the token is gone (the server was restarted).
    source.onerror = () => {
      disconnected = true;
      setCamera("disconnected", "No connection to cardscan serve (stopped, or restarting?): trying again…");
      if (source.readyState !== EventSource.CLOSED) return;
      api("GET", "/api/status").then(() => setTimeout(listen, 1000), (error) => { if (error.code !== "badToken") setTimeout(listen, 2000); });
    };
  }

  // --- Picture and boxes -----------------------------------------------------------------------------------
  async function refreshPicture() {
    try {
      const response = await fetch(`/api/preview?after=${encodeURIComponent(frameVersion)}`, { credentials: "same-origin" });
      if (response.status === 200) {
        const size = (response.headers.get("X-Frame-Size") || "").split("x").map(Number);
        const blob = await response.blob();
        const old = preview.src;
        preview.src = URL.createObjectURL(blob);
        if (old.startsWith("blob:")) URL.revokeObjectURL(old);
        frameVersion = response.headers.get("X-Frame-Version") || "";
        if (size.length === 2 && size[0] > 0) frameSize = size;
        preview.hidden = false;
        $("stage-empty").hidden = true;
        drawBoxes();
      }
    } catch (_) { /* the server is restarting: try again */ }
    const live = camera.dataset.state === "live" || camera.dataset.state === "starting" || camera.dataset.state === "reconnecting";
    setTimeout(refreshPicture, document.hidden ? 1000 : live ? 250 : 700);
  }

  const svg = (tag, attributes) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
    return node;
  };

  function drawBoxes() {
    overlay.replaceChildren();
    if (!frameSize) return;
    overlay.setAttribute("viewBox", `0 0 ${frameSize[0]} ${frameSize[1]}`);
    const points = (bounds) => bounds.map((p) => p.join(",")).join(" ");
    for (const item of items.values()) {
      if (item.bounds) overlay.append(svg("polygon", { class: `box ${item.kind}`, points: points(item.bounds) }));
    }
    for (const s of suggestions.values()) {
      if (!s.bounds || !s.card || waiting.has(s.id)) continue;
      const box = svg("polygon", { class: "box suggestion", points: points(s.bounds) });
      box.addEventListener("click", () => choose(s));
      overlay.append(box);
    }
  }

  // --- Suggestions -------------------------------------------------------------------------------------------
  const kindNames = {
    nhsNumber: "NHS number", jerseySocialSecurity: "Jersey social security", guernseySocialSecurity: "Guernsey social security",
    nationalInsurance: "National Insurance", jerseyHealthId: "Jersey health card", guernseyHealthDetails: "Guernsey health details",
    jerseyPatientId: "Jersey Patient ID", loyalty: "Loyalty card", membership: "Membership", name: "Name", dateOfBirth: "Date of birth",
    postcode: "Postcode", address: "Address", hospitalNumber: "Hospital number",
  };

  function renderSuggestions() {
    const all = [...suggestions.values()];
    // Valid first (the session sends only valid ones today), cards before fields, then confidence.
    all.sort((a, b) => (b.valid - a.valid) || (!!b.card - !!a.card) || (b.confidence - a.confidence));
    list.replaceChildren(...all.map((s) => {
      const why = `${s.valid ? "✓ valid" : "✗ " + (s.problem || "not valid")}: ${(s.checks || []).join(", ")} · ${Math.round(s.confidence * 100)}%`;
      const lines = [
        el("span", { class: "kind", text: s.card ? s.card.name : kindNames[s.type] || s.type }),
        el("span", { class: "value", text: s.display || s.value }),
        el("span", { class: "why", text: why }),
      ];
      if (!s.card) return el("li", { class: "field", "data-suggestion": s.id }, lines);
      if (waiting.has(s.id)) {
        // From the barcode alone: the card's text may make it another kind of number (a bare Code 128 on an NHS
        // card), so it cannot be saved until the session has read the text (the server refuses it meanwhile).
        lines.push(el("span", { class: "why", text: "reading the card's text…" }));
        return el("li", {}, [el("button", { type: "button", "data-suggestion": s.id, "data-type": s.type, disabled: "",
                                             "aria-label": `${s.card.name}: waiting for the card's text` }, lines)]);
      }
      return el("li", {}, [el("button", { type: "button", "data-suggestion": s.id, "data-type": s.type, onclick: () => choose(s),
                                           "aria-label": `Save ${s.card.name} ${s.display || s.value} in ${s.card.category}` }, lines)]);
    }));
    $("no-suggestions").hidden = all.length > 0;
  }

  // --- Saving -----------------------------------------------------------------------------------------------
  function showForm(title, fields, save) {
    const form = cardForm({
      title, fields, categories, saveLabel: "Save card",
      onCancel: () => formSlot.replaceChildren(),
      onSave: async (values) => {
        const { card, already } = await save(values);
        formSlot.replaceChildren();
        say(notice, `${already ? "Already saved" : "Saved"}: “${card.name}” in ${card.category}.`, "ok");
        const link = el("a", { href: "/cards", text: "See your cards" });
        notice.append(" ", link);
      },
    });
    formSlot.replaceChildren(form);
    form.elements.name.focus();
  }

  /** A tapped suggestion: its card in the form; saved as the suggestion (accept) unless the person changed it. */
  function choose(s) {
    const c = s.card;
    say(notice, "");
    showForm(`Save ${c.name}`, c, async (values) => {
      const unchanged = values.name === c.name && values.number === c.number && values.category === c.category &&
        values.region === (c.region || "") && values.codeType === c.codeType && values.isDefault === !!c.isDefault;
      if (unchanged) {
        // A test-range NHS number is refused unless the person ticked the form's "save without checking".
        const saved = await api("POST", "/api/session", { cmd: "accept", suggestion: s.id, noValidate: values.skipValidation });
        return { card: saved.card, already: saved.reason === "alreadySaved" };
      }
      return { card: await api("POST", "/api/cards", values) };
    });
  }

  // --- Controls ----------------------------------------------------------------------------------------------
  async function start() {
    say(notice, "");
    setCamera("starting", "Starting the camera…");
    try {
      await api("POST", "/api/session", { cmd: "start", wristband: $("wristband").checked });
    } catch (error) {
      if (error.code === "busy") setCamera("live", "The camera is already on.");
      else { setCamera("failed", "The camera did not start."); say(notice, error.message, "error"); }
    }
  }

  async function stop() {
    try { await api("POST", "/api/session", { cmd: "stop" }); } catch (error) { if (error.code !== "noSession") say(notice, error.message, "error"); }
  }

  async function upload() {
    const file = $("photo").files[0];
    if (!file) return;
    say(notice, "");
    await stop();
    try {
      const response = await fetch("/api/scan", { method: "POST", body: file, credentials: "same-origin",
                                                   headers: { "Content-Type": file.type || "application/octet-stream" } });
      if (!response.ok) throw new Error(((await response.json()).error || {}).message || `the server answered ${response.status}`);
    } catch (error) { say(notice, error.message, "error"); }
    $("photo").value = "";
  }

  function showGuidance() {
    if (status) $("guidance").textContent = $("wristband").checked ? status.wristbandGuidance : status.guidance;
  }

  async function loadStatus() {
    try {
      status = await api("GET", "/api/status");
      showGuidance();
      if (status.running) setCamera("live", "The camera is on.");
      categories = (await api("GET", "/api/categories")).map((c) => c.name);
    } catch (error) { say(notice, error.message, "error"); }
  }

  $("start").addEventListener("click", start);
  $("stop").addEventListener("click", stop);
  $("wristband").addEventListener("change", showGuidance);
  $("photo").addEventListener("change", upload);
  $("manual").addEventListener("click", () => {
    say(notice, "");
    showForm("Enter a card", { category: "Healthcare", region: status && status.region.code, codeType: "code128" },
             async (values) => ({ card: await api("POST", "/api/cards", values) }));
  });
  loadStatus();
  listen();
  refreshPicture();
})();

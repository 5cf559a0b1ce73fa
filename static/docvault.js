// docvault: small progressive enhancements; every page also works without JavaScript.
// No inline script anywhere (the Content-Security-Policy forbids it): all of it is here.
"use strict";

const FINISHED = new Set(["done", "looped", "failed"]);
const POLL_MILLISECONDS = 1000;
const POLL_LIMIT_MILLISECONDS = 15 * 60 * 1000;
// The lists and an open page update themselves (issue 48): /api/live is a few index
// lookups (bench/live_bench.py); a list is fetched again only when what it shows changed.
const LIVE_MILLISECONDS = 3000;
// Marks the page's own requests: they keep no login alive (docvault.web.security).
const LIVE_HEADERS = { "X-Docvault-Live": "1" };
// The JSON API's addresses, built from the route names by the page (templates/base.html).
const API = document.body.dataset;

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

function showState(pageId, state) {
  for (const element of document.querySelectorAll(`[data-state-of="${pageId}"]`)) {
    element.textContent = state;
    element.className = `state state-${state}`;
  }
}

function pollStates(pageIds, startedAt) {
  const waiting = new Set(pageIds.map(String));
  const tick = async () => {
    const reply = await fetch(`${API.apiStates}?ids=${[...waiting].join(",")}`, {
      credentials: "same-origin", headers: { Accept: "application/json" },
    });
    if (!reply.ok) return;
    const body = await reply.json();
    for (const page of body.pages) {
      showState(page.page_id, page.status);
      if (FINISHED.has(page.status)) waiting.delete(String(page.page_id));
    }
    if (waiting.size && Date.now() - startedAt < POLL_LIMIT_MILLISECONDS) {
      window.setTimeout(tick, POLL_MILLISECONDS);
    }
  };
  window.setTimeout(tick, POLL_MILLISECONDS);
}

function chosenRerun(form, submitter) {
  const data = new FormData(form);
  if (submitter && submitter.name === "only") {
    const pageId = submitter.value;
    return { pageIds: [Number(pageId)], mode: data.get(`mode_${pageId}`) || data.get("mode") };
  }
  return { pageIds: data.getAll("page_id").map(Number), mode: data.get("mode") };
}

async function submitRerun(event) {
  const form = event.target;
  const { pageIds, mode } = chosenRerun(form, event.submitter);
  event.preventDefault();
  if (!pageIds.length) {
    window.alert("Tick at least one page to re-run.");
    return;
  }
  const reply = await fetch(API.apiRerun, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify({ page_ids: pageIds, mode }),
  });
  if (!reply.ok) {
    form.submit();  // fall back to the plain form, which shows the error as a page
    return;
  }
  const body = await reply.json();
  for (const page of body.pages) showState(page.page_id, page.status);
  pollStates(pageIds, Date.now());
}

function setZoom(level) {
  const figure = document.getElementById("page-image");
  if (!figure) return;
  figure.classList.remove("zoom-fit", "zoom-100", "zoom-200");
  figure.classList.add(`zoom-${level}`);
  for (const button of document.querySelectorAll("[data-zoom]")) {
    button.setAttribute("aria-pressed", String(button.dataset.zoom === level));
  }
}

function refreshStatus(container) {
  const seconds = Number(container.dataset.refreshSeconds) || 10;
  window.setInterval(async () => {
    const reply = await fetch(window.location.href, { credentials: "same-origin" });
    if (!reply.ok) return;
    const page = new DOMParser().parseFromString(await reply.text(), "text/html");
    const fresh = page.getElementById("status");
    if (fresh) container.replaceChildren(...fresh.childNodes);
  }, seconds * 1000);
}

async function fetchLive(url) {
  const reply = await fetch(url, { credentials: "same-origin", headers: LIVE_HEADERS });
  return reply.ok ? reply : null;
}

async function freshPage() {
  const reply = await fetchLive(window.location.href);
  if (!reply || reply.redirected) return null;
  return new DOMParser().parseFromString(await reply.text(), "text/html");
}

// The reader's place: the first row in view stays where it was on the screen.
function rowInView(section) {
  for (const row of section.querySelectorAll("tr[data-document-id]")) {
    const top = row.getBoundingClientRect().top;
    if (top >= 0) return { id: row.dataset.documentId, top };
  }
  return null;
}

function replaceKeepingPlace(section, fresh) {
  const place = rowInView(section);
  const ticked = new Set(
    [...document.querySelectorAll('input[name="document_id"]:checked')].map((box) => box.value),
  );
  const allTicked = section.querySelector("[data-select-all]")?.checked;
  section.replaceChildren(...fresh.childNodes);
  for (const box of document.querySelectorAll('input[name="document_id"]')) {
    box.checked = ticked.has(box.value);
  }
  const all = section.querySelector("[data-select-all]");
  if (all && allTicked && ticked.size) all.checked = true;
  const row = place && section.querySelector(`tr[data-document-id="${CSS.escape(place.id)}"]`);
  if (row) window.scrollBy(0, row.getBoundingClientRect().top - place.top);
}

async function refreshLists(counts) {
  for (const element of document.querySelectorAll(".problems-count")) {
    element.textContent = `(${counts.problems})`;
  }
  const section = document.querySelector("section.arrivals");
  if (!section) return;
  const page = await freshPage();
  const fresh = page && page.querySelector("section.arrivals");
  if (fresh) replaceKeepingPlace(section, fresh);
}

// An open page still being read shows its text, state and attempts once it is read.
async function refreshReadPage() {
  const article = document.querySelector("article.transcription[data-page-id]");
  const shown = article && article.querySelector("[data-state-of]");
  if (!shown || FINISHED.has(shown.textContent.trim())) return;
  const reply = await fetchLive(`${API.apiStates}?ids=${article.dataset.pageId}`);
  if (!reply) return;
  const [now] = (await reply.json()).pages;
  if (!now || now.status === shown.textContent.trim()) return;
  const page = await freshPage();
  if (!page) return;
  for (const selector of ["article.transcription", "header.document-head", "section.attempts"]) {
    const here = document.querySelector(selector);
    const fresh = page.querySelector(selector);
    if (here && fresh) here.replaceWith(fresh);
  }
}

function startLive() {
  let last = null;
  const tick = async () => {
    try {
      if (document.visibilityState === "visible") {
        const reply = await fetch(API.apiLive, { credentials: "same-origin", headers: LIVE_HEADERS });
        if (reply.status === 401 || reply.status === 403) return;  // logged out: stop
        if (reply.ok) {
          const body = await reply.text();
          if (last !== null && body !== last) await refreshLists(JSON.parse(body));
          last = body;
          await refreshReadPage();
        }
      }
    } catch (error) {
      // The server restarting or the network away for a moment: the next tick tries again.
    }
    window.setTimeout(tick, LIVE_MILLISECONDS);
  };
  tick();
}

// Typing a page number, a search or a form field must never turn the page.
function isTyping(target) {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])"));
}

// The viewer's links name their key (data-key="ArrowRight"): the key follows the link.
function followKeyLinks(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (isTyping(event.target)) return;
  const link = document.querySelector(`a[data-key="${CSS.escape(event.key)}"]`);
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.querySelector("a[data-key]")) document.addEventListener("keydown", followKeyLinks);
  const here = document.querySelector('.page-strip a[aria-current="page"]');
  if (here) here.scrollIntoView({ block: "nearest", inline: "center" });
  for (const form of document.querySelectorAll("form.rerun-form")) {
    form.addEventListener("submit", submitRerun);
  }
  // Delegated: a list refreshed by itself brings new boxes.
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.dataset.selectAll) return;
    for (const item of document.querySelectorAll(`input[name="${box.dataset.selectAll}"]:not(:disabled)`)) {
      item.checked = box.checked;
    }
  });
  for (const button of document.querySelectorAll("[data-zoom]")) {
    button.addEventListener("click", () => setZoom(button.dataset.zoom));
  }
  if (document.getElementById("page-image")) setZoom("fit");
  const status = document.getElementById("status");
  if (status) refreshStatus(status);
  if (csrfToken()) startLive();
});

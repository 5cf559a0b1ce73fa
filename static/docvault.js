// docvault: small progressive enhancements; every page also works without JavaScript.
// No inline script anywhere (the Content-Security-Policy forbids it): all of it is here.
"use strict";

const FINISHED = new Set(["done", "looped", "failed"]);
const POLL_MILLISECONDS = 1000;
const POLL_LIMIT_MILLISECONDS = 15 * 60 * 1000;

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
    const reply = await fetch(`/api/pages/states?ids=${[...waiting].join(",")}`, {
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
  const reply = await fetch("/api/rerun", {
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
  for (const box of document.querySelectorAll("[data-select-all]")) {
    box.addEventListener("change", () => {
      for (const item of document.querySelectorAll(`input[name="${box.dataset.selectAll}"]`)) {
        item.checked = box.checked;
      }
    });
  }
  for (const button of document.querySelectorAll("[data-zoom]")) {
    button.addEventListener("click", () => setZoom(button.dataset.zoom));
  }
  if (document.getElementById("page-image")) setZoom("fit");
  const status = document.getElementById("status");
  if (status) refreshStatus(status);
});

// The studio's entry point (docs/studio.md). It runs as an ES module under the page's strict
// Content-Security-Policy: no inline script, requests to this origin only.
const status = document.getElementById("status");

async function start() {
  // The service is up and this origin answers: the screens build on the same origin's /api.
  const ready = await fetch("/readyz", { credentials: "same-origin" }).then(
    (r) => r.ok,
    () => false,
  );
  status.textContent = ready
    ? "The studio's screens arrive with staff sign-in; until then use the API (docs/authoring-guide.md)."
    : "The authoring service is not ready: try again in a moment.";
}

start();

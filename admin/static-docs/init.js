// Mounts the API reference on /docs (a file, not an inline script: the page's CSP allows only same-origin
// scripts). Default fonts are off: they would be fetched from another origin. The controls that need Scalar's
// cloud are off through Scalar's own configuration (@scalar/api-reference 1.72): "Ask AI" (agent, shown on
// localhost unless disabled), "Generate MCP" (mcp, likewise), and the developer toolbar with "Deploy", "Share"
// and "Configure" (showDeveloperTools; showToolbar is its older name). The try-it-out ("Test Request") stays.
(function () {
  var element = document.getElementById("docs-reference");
  window.Scalar.createApiReference(element, {
    url: element.getAttribute("data-url"),
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    showToolbar: "never",
  });
})();

// Mounts the API reference on /docs (a file, not an inline script: the page's CSP allows only same-origin
// scripts). Default fonts are off: they would be fetched from another origin.
(function () {
  var element = document.getElementById("docs-reference");
  window.Scalar.createApiReference(element, {
    url: element.getAttribute("data-url"),
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
  });
})();

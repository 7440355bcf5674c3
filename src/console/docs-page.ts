// GET /docs: the interactive API reference (Scalar), loaded from this Worker's own static assets so that it works
// offline and under a CSP without inline scripts. `npm run build` copies Scalar's standalone bundle to
// build/docs/scalar.js; public/docs/init.js (also copied) mounts it on the element below.
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Commerce admin API</title>
</head>
<body>
<div id="docs-reference" data-url="/openapi.json"></div>
<script src="/docs/scalar.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

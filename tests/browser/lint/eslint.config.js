// ESLint for the studio and its tests (lint/run.sh, docs/testing.md "Studio lint"): ESLint's
// recommended rules, with the globals each kind of file really has. lint/run.sh runs from the
// repository's root, so the patterns are relative to it.
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  js.configs.recommended,
  {
    // The studio: ES modules in the browser, served as they are (docs/studio.md).
    files: ['adapters/web/studio/**/*.js'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.browser },
  },
  {
    // The browser tests run in Node (CommonJS), and the callbacks they hand to page.evaluate()
    // run in the page: both sets of globals.
    files: ['tests/browser/**/*.js'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'commonjs',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // Playwright reads a fixture's dependencies from its first parameter, which must be an
      // object pattern even when it takes none: `async ({}, use) => ...`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
];

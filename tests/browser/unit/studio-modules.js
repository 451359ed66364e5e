// The studio's modules for the unit specs. They are ES modules served as they are, with no
// package.json beside them, so Node cannot tell they are modules: run.sh copies them into the
// build tree beside a package.json of type "module" (LL_STUDIO_MODULES) and they load from there.
const path = require('node:path');

exports.studioModule = (name) => {
  const dir = process.env.LL_STUDIO_MODULES;
  if (!dir)
    throw new Error(
      'LL_STUDIO_MODULES is not set: run the unit specs with tests/browser/run.sh BUILD unit',
    );
  return import(path.join(dir, name));
};

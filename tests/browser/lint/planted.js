// Planted mistakes: lint/run.sh requires ESLint and Prettier to refuse this file, so a lint that
// stopped checking fails too. ESLint: an unused variable (no-unused-vars) and an undefined
// name (no-undef); Prettier: double quotes, where the studio's style has single ones.
const unused = "double quotes";
undefinedName();

// Which words of a text an edit changed (text-drafts.js marks them in a live text and its
// draft): the words of `before` that `after` no longer has, and the words of `after` that are
// new, by the longest common run of words the two share. Each side comes as runs
// [{text, changed}] whose texts, joined, are that side's whole text; the spaces between two
// changed words belong to the change, so "Die Hauskatze schläft" -> "Die Katze schläft" marks
// one word on each side, and "a b c" -> "x y c" marks "a b" and "x y".
//   wordDiff('Die Hauskatze schläft.', 'Die Katze schläft.')
//   -> {before: [{text: 'Die ', changed: false}, {text: 'Hauskatze', changed: true}, ...], after}
// Words, runs of white space, and each other character (punctuation) on its own: "bellt." ->
// "bellt laut." adds one word, it does not change "bellt.".
const tokens = (text) =>
  text ? String(text).match(/\s+|[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu) : [];
const isSpace = (token) => /^\s+$/.test(token);

// The tokens as runs: a kept space between two changed tokens counts as changed.
function runs(list, kept) {
  const changed = list.map((_, i) => !kept[i]);
  for (let i = 1; i < list.length - 1; i += 1)
    if (kept[i] && isSpace(list[i]) && changed[i - 1] && !kept[i + 1]) changed[i] = true;
  const out = [];
  list.forEach((text, i) => {
    const last = out[out.length - 1];
    if (last && last.changed === changed[i]) last.text += text;
    else out.push({ text, changed: changed[i] });
  });
  return out;
}

export function wordDiff(before, after) {
  const a = tokens(before);
  const b = tokens(after);
  // common[i][j]: how many tokens a[i..] and b[j..] share, in order (texts are at most 2000
  // characters, so at most about a thousand words each).
  const common = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      common[i][j] =
        a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const keptA = a.map(() => false);
  const keptB = b.map(() => false);
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      keptA[i] = keptB[j] = true;
      i += 1;
      j += 1;
    } else if (common[i + 1][j] >= common[i][j + 1]) i += 1;
    else j += 1;
  }
  return { before: runs(a, keptA), after: runs(b, keptB) };
}

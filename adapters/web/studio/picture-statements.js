// Statements written on a picture's Texts tab before a pair uses them. In the API a statement
// belongs to no picture (docs/authoring-guide.md), so this browser remembers them per picture
// (the last 50): the Texts tab lists them again after a reload, the Pairs tab offers them.
const key = (pictureId) => `langlearn.texts.${pictureId}.statements`;

export function rememberedStatements(pictureId) {
  try {
    const ids = JSON.parse(localStorage.getItem(key(pictureId)) || '[]');
    return Array.isArray(ids) ? ids.filter(Number.isInteger) : [];
  } catch {
    return []; // nothing remembered, or storage refused
  }
}

export function rememberStatements(pictureId, ids) {
  try {
    localStorage.setItem(key(pictureId), JSON.stringify(ids.slice(-50)));
  } catch {
    // storage full or refused: the list is only a convenience
  }
}

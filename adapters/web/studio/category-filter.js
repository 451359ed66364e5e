// A category filter's choices (the Cards and Content screens): the categories from GET
// /api/categories as options of `select`, by German title, after its "any" option.
import { el } from './dom.js';
import { MSG, errorText } from './messages.js';

// Resolves to the chosen id as it stands: '' when that category was deleted meanwhile; `chosen`
// itself when the read failed (said in `errorBox`), so the list still filters as the address says.
export async function fillCategories(api, select, chosen, errorBox) {
  try {
    const { body } = await api.get('/api/categories');
    const sorted = [...body].sort((a, b) => a.titel_de.localeCompare(b.titel_de, 'de'));
    select.append(...sorted.map((c) => el('option', { value: c.id }, c.titel_de)));
    select.value = chosen;
    return select.value === chosen ? chosen : '';
  } catch (e) {
    errorBox.textContent = MSG.couldNot('The categories', 'read', errorText(e));
    return chosen;
  }
}

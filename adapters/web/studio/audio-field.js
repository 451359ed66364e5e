// Placeholder: the audio controls of one item's text fields (issue 17, being built).
import { el } from './dom.js';

export async function audioControls() {
  return () => el('span', {});
}

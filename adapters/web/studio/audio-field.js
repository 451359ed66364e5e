// The audio of one item's text fields (docs/studio.md "Audio of a text"), for the screens that
// show statements, questions and words:
//   const audioFor = await audioControls(api, 'statements', 5);   // one GET /api/audios
//   row.append(audioFor('text_de', 'de', 'German text'));
// Each call gives a small group: the player when the field has audio, a "Generate audio" /
// "Regenerate audio" button (POST /api/audios/generate-for) and the API's error beside it. Given
// the item as stored (`stored()`), an audio that speaks an older text than the item's says so
// (docs/audio.md "Audio that follows its text").
// Generating never plays the sound: the editor presses play. Audio files are named by their
// content hash, so a new text gives a new URL and the player needs no cache-busting.
import { busy, el } from './dom.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';

const keyOf = (field, language) => `${field}/${language}`;

// Throws the ApiError when the item's audios cannot be read (the screen shows it like its own
// loading errors). onGenerated(audio) is called after each audio stored (a screen that shows
// what audio changes, e.g. the feed state, reads it again).
export async function audioControls(
  api,
  sourceTable,
  sourceId,
  { onGenerated = () => {}, stored = () => null } = {},
) {
  loadStylesheet('audio.css');
  const query = new URLSearchParams({ source_table: sourceTable, source_id: String(sourceId) });
  const { body } = await api.get(`/api/audios?${query}`);
  const known = new Map(body.map((audio) => [keyOf(audio.source_field, audio.language), audio]));

  return (sourceField, language, label) => {
    const key = keyOf(sourceField, language);
    const player = el('audio', {
      controls: true,
      preload: 'metadata',
      'aria-label': `Audio: ${label}`,
    });
    const button = el('button', { type: 'button', class: 'audio-generate' });
    // The name is the visible words and the field: "Generate audio: German text".
    const say = (words) => {
      button.textContent = words;
      button.setAttribute('aria-label', `${words}: ${label}`);
    };
    const message = el('span', { class: 'error', role: 'alert' });
    const stale = el('span', { class: 'audio-stale' });
    const group = el(
      'div',
      { class: 'audio-field', role: 'group', 'aria-label': `Audio of ${label}` },
      player,
      button,
      stale,
      message,
    );

    const show = () => {
      const audio = known.get(key);
      player.hidden = !audio;
      if (audio && player.getAttribute('src') !== audio.audio_url) player.src = audio.audio_url;
      const text = stored()?.[sourceField];
      // "Has text" as the server counts it: more than ASCII white space (docs/audio.md).
      const older = Boolean(
        audio && /[^ \t\n\v\f\r]/.test(text ?? '') && audio.spoken_text !== text,
      );
      stale.textContent = older ? MSG.audioStale(audio.spoken_text) : '';
      stale.hidden = !older;
      say(audio ? 'Regenerate audio' : 'Generate audio');
    };

    const generate = async () => {
      say(MSG.generating);
      message.textContent = '';
      try {
        const { body } = await api.send('POST', '/api/audios/generate-for', {
          source_table: sourceTable,
          source_id: Number(sourceId),
          source_field: sourceField,
          language,
        });
        known.set(key, body);
        onGenerated(body);
      } catch (e) {
        message.textContent = errorText(e);
      }
    };
    button.addEventListener('click', async () => {
      await busy(button, generate, group);
      show();
    });

    show();
    return group;
  };
}

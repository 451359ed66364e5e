// The Audio screen (docs/studio.md "Audio"): how many texts of each kind and language have audio
// (GET /api/audios/coverage) and "Generate what is missing" for one cell or for everything.
// Generating runs in small rounds of POST /api/audios/generate-batch so the progress moves and
// Stop takes effect between rounds; a round that generates nothing ends the run (what is left
// fails every time), so a run never loops forever. The table is read again at the end.
import { busy, el } from './dom.js';
import { LANGUAGES, LANGUAGE_NAME } from './languages.js';
import { MSG, errorText } from './messages.js';
import { loadStylesheet } from './workspace-dom.js';

const KINDS = [
  ['statements', 'Statements'],
  ['questions', 'Questions'],
  ['words', 'Words'],
];
const ROUND = 5; // new items per round: small, so progress and Stop respond within seconds
const kindName = (key) => KINDS.find(([k]) => k === key)?.[1] ?? key;
const languageName = (code) => LANGUAGE_NAME[code] ?? code;

// 0.756 -> "75 %": rounded down, so "100 %" only when every text has audio.
const percent = (cell) => `${Math.floor(cell.ratio * 100)} %`;

export async function mount(container, { api }) {
  document.title = 'Audio · langlearn studio';
  await loadStylesheet('audio.css');
  const tableSlot = el(
    'div',
    { class: 'coverage' },
    el('p', { role: 'status' }, MSG.loading('the coverage')),
  );
  const loadError = el('p', { class: 'error', role: 'alert' });
  const everything = el(
    'button',
    { type: 'button', class: 'primary', disabled: true },
    'Generate everything that is missing',
  );
  const bar = el('progress', { 'aria-label': 'Audio generated', max: 1, value: 0 });
  const count = el('span', { class: 'audio-count', role: 'status' });
  const stop = el('button', { type: 'button' }, 'Stop');
  const outcome = el('p', { class: 'audio-outcome', role: 'status' });
  const runError = el('p', { class: 'error', role: 'alert' });
  const failures = el('ul', {
    class: 'audio-failures',
    'aria-label': 'Texts that could not be spoken',
  });
  const progress = el(
    'div',
    { class: 'audio-progress', hidden: true },
    el('div', { class: 'audio-progress-row' }, bar, count, stop),
    outcome,
    runError,
    failures,
  );

  let coverage = null;
  let running = null; // {stopped} while a run goes on

  container.replaceChildren(
    el(
      'section',
      { class: 'screen audio-screen' },
      el('div', { class: 'screen-head' }, el('h1', {}, 'Audio'), everything),
      el(
        'p',
        { class: 'muted' },
        'Texts with audio, per kind and language. Short answers are not counted: generate them on a picture’s Texts tab, beside each short answer.',
      ),
      loadError,
      tableSlot,
      progress,
    ),
  );

  const missing = (kind, lang) => coverage[kind][lang].items - coverage[kind][lang].with_audio;
  const missingIn = (scope) =>
    KINDS.flatMap(([k]) => LANGUAGES.map(({ code }) => [k, code]))
      .filter(
        ([k, l]) =>
          (!scope.source_table || scope.source_table === k) &&
          (!scope.language || scope.language === l),
      )
      .reduce((sum, [k, l]) => sum + missing(k, l), 0);

  function cell(kind, lang) {
    const c = coverage[kind][lang];
    if (c.items === 0) return el('td', { class: 'muted' }, MSG.noTexts);
    const left = c.items - c.with_audio;
    const where = `${kindName(kind).toLowerCase()} in ${languageName(lang)}`;
    return el(
      'td',
      { class: left ? 'incomplete' : 'complete' },
      el('span', { class: 'audio-share' }, MSG.nOf(c.with_audio, c.items)),
      el('span', { class: 'audio-percent' }, percent(c)),
      left
        ? el(
            'button',
            {
              type: 'button',
              class: 'audio-cell-run',
              // A table read again while a run goes on waits with the run's buttons.
              disabled: running !== null,
              'aria-label': `Generate ${left} missing: ${where}`,
              onclick: () => run({ source_table: kind, language: lang }),
            },
            `Generate ${left} missing`,
          )
        : null,
    );
  }

  function showTable() {
    tableSlot.replaceChildren(
      el(
        'table',
        { class: 'coverage-table' },
        el('caption', { class: 'visually-hidden' }, 'Audio coverage per kind and language'),
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', { scope: 'col' }, 'Kind'),
            LANGUAGES.map(({ name }) => el('th', { scope: 'col' }, name)),
          ),
        ),
        el(
          'tbody',
          {},
          KINDS.map(([kind, name]) =>
            el(
              'tr',
              {},
              el('th', { scope: 'row' }, name),
              LANGUAGES.map(({ code }) => cell(kind, code)),
            ),
          ),
        ),
      ),
    );
    everything.disabled = running !== null || missingIn({}) === 0;
  }

  async function load() {
    try {
      coverage = (await api.get('/api/audios/coverage')).body;
      loadError.textContent = '';
      showTable();
    } catch (e) {
      loadError.textContent = MSG.couldNot('The coverage', 'read', errorText(e));
      if (!coverage) tableSlot.replaceChildren();
    }
  }

  function showFailures(list) {
    failures.replaceChildren(
      ...list.map((f) =>
        el(
          'li',
          {},
          MSG.notSpoken(
            kindName(f.source_table).replace(/s$/, ''),
            f.source_id,
            f.source_field,
            languageName(f.language),
            f.error,
          ),
        ),
      ),
    );
  }

  async function run(scope) {
    const total = missingIn(scope);
    if (running || total === 0) return;
    const current = (running = { stopped: false });
    let done = 0;
    let failed = []; // the last round's failures: they stay missing, so every round retries them
    const show = () => {
      bar.max = total;
      bar.value = Math.min(done, total);
      count.textContent = MSG.nOf(done, total);
    };
    progress.hidden = false;
    outcome.textContent = runError.textContent = '';
    failures.replaceChildren();
    stop.textContent = 'Stop';
    stop.hidden = false;
    show();
    let finished = false;
    // Every Generate button waits while the run goes on; Stop ends it between rounds.
    current.done = busy([everything, ...tableSlot.querySelectorAll('button')], async () => {
      try {
        while (!current.stopped) {
          // Ask for as many more as failed last time, so each round can still reach ROUND new texts.
          const limit = Math.min(1000, ROUND + failed.length);
          const { body } = await api.send('POST', '/api/audios/generate-batch', {
            ...scope,
            limit,
          });
          done += body.generated;
          failed = body.failed;
          show();
          showFailures(failed);
          if (body.generated === 0) {
            finished = true;
            break;
          }
        }
      } catch (e) {
        runError.textContent = MSG.generatingStopped(errorText(e));
      }
    });
    await current.done;
    const left = failed.length;
    outcome.textContent = current.stopped
      ? MSG.runStopped(done, total)
      : finished
        ? MSG.runFinished(done, left)
        : MSG.runEnded(done, total);
    if (running === current) running = null;
    if (!current.unmounted) {
      stop.hidden = true;
      await load();
    }
  }

  // Stop waits for the round under way: the run ends after it.
  stop.addEventListener('click', () => {
    const current = running;
    if (!current) return;
    current.stopped = true;
    stop.textContent = MSG.stopping;
    busy(stop, () => current.done);
  });
  everything.addEventListener('click', () => run({}));

  await load();
  return () => {
    if (running) running.stopped = running.unmounted = true;
  };
}

// Where a pair stands in the learner feeds (docs/studio.md "Learner preview"): the API's
// reasons with the language named, and for the pairs screen's cards the pair's state in the
// three languages (readFeeds) as one line (feedLine).
import { LANGS, LANG_NAME } from './pair-fields.js';

export const NO_AUDIO = /^The statement has no audio in (de|en|sv)$/;

// An API reason with the language named: "The statement has no audio in German" (the API
// gives the code; its text stays the contract).
export const reasonText = (reason) =>
  reason.replace(NO_AUDIO, (all, code) => `The statement has no audio in ${LANG_NAME[code]}`);

// The reason in a few words for the card's feed line.
const SHORT_REASON = [
  [NO_AUDIO, 'no statement audio'],
  [/^The picture has no image$/, 'no image'],
  [/^The pair is not published$/, 'not published'],
];
const shortReason = (reason) => SHORT_REASON.find(([re]) => re.test(reason))?.[1] ?? reason;

// The pair's feed state in each language: [[lang, {in_feed, reasons}]], one read per language.
export const readFeeds = (api, id) =>
  Promise.all(
    LANGS.map(([lang]) =>
      api.get(`/api/cms/db-pairs/${id}/preview?lang=${lang}`).then((r) => [lang, r.body]),
    ),
  );

// "In the feed for German · not for English, Swedish: no statement audio"; languages missing
// for the same reasons are named together.
export function feedLine(feeds) {
  const names = (list) => list.map(([lang]) => LANG_NAME[lang]).join(', ');
  const inFeed = feeds.filter(([, f]) => f.in_feed);
  const why = new Map();
  for (const entry of feeds.filter(([, f]) => !f.in_feed)) {
    const key = [...new Set(entry[1].reasons.map(shortReason))].join(', ');
    why.set(key, [...(why.get(key) ?? []), entry]);
  }
  const out = [...why].map(([reasons, list]) => `for ${names(list)}: ${reasons}`);
  if (!out.length) return `In the feed for ${names(inFeed)}`;
  if (!inFeed.length) return `Not in the feed ${out.join('; ')}`;
  return `In the feed for ${names(inFeed)} · not ${out.join('; not ')}`;
}

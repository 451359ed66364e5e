// Where a pair stands in the learner feeds (docs/studio.md "Learner preview"): the API's
// reasons with the language named, and for the pairs screen's cards the pair's state in the
// three languages (readFeeds) as one line (feedLine).
import { LANGUAGES, LANGUAGE_NAME } from './languages.js';
import { MSG } from './messages.js';

// The API's reasons (its text is the contract; a missing statement audio names the language's
// code).
export const NO_AUDIO = new RegExp(
  `^The statement has no audio in (${LANGUAGES.map((l) => l.code).join('|')})$`,
);
const NO_IMAGE = /^The picture has no image$/;
const NOT_PUBLISHED = /^The pair is not published$/;

// An API reason with the language named: "The statement has no audio in German".
export const reasonText = (reason) =>
  reason.replace(NO_AUDIO, (all, code) => MSG.noStatementAudio(LANGUAGE_NAME[code]));

// The reason in a few words for the card's feed line.
const SHORT_REASON = [
  [NO_AUDIO, MSG.feedReason.noAudio],
  [NO_IMAGE, MSG.feedReason.noImage],
  [NOT_PUBLISHED, MSG.feedReason.notPublished],
];
const shortReason = (reason) => SHORT_REASON.find(([re]) => re.test(reason))?.[1] ?? reason;

// The pair's feed state in each language: [[lang, {in_feed, reasons}]], one read per language.
export const readFeeds = (api, id) =>
  Promise.all(
    LANGUAGES.map(({ code }) =>
      api.get(`/api/cms/db-pairs/${id}/preview?lang=${code}`).then((r) => [code, r.body]),
    ),
  );

// "In the feed for German · not for English, Swedish: no statement audio"; languages missing
// for the same reasons are named together.
export function feedLine(feeds) {
  const names = (list) => list.map(([lang]) => LANGUAGE_NAME[lang]).join(', ');
  const inFeed = feeds.filter(([, f]) => f.in_feed);
  const why = new Map();
  for (const entry of feeds.filter(([, f]) => !f.in_feed)) {
    const key = [...new Set(entry[1].reasons.map(shortReason))].join(', ');
    why.set(key, [...(why.get(key) ?? []), entry]);
  }
  const missing = [...why].map(([reasons, list]) => MSG.feedMissing(names(list), reasons));
  if (!missing.length) return MSG.feedAll(names(inFeed));
  if (!inFeed.length) return MSG.feedNone(missing);
  return MSG.feedSome(names(inFeed), missing);
}

// Every message the studio composes itself, in one table (docs/studio.md "For developers"): what
// a screen says while it loads, after an action, when something failed, when a list is empty,
// and what it asks before a deletion; a message with parts is a function of them. The API's
// own messages are not here: they are shown as it sends them (errorText). Labels, headings and
// button captions stay with the screen that shows them.

import { FIELD_WORDS } from './languages.js';

// `n` things: "1 pair", "2 pairs".
const count = (n, thing) => `${n} ${thing}${n === 1 ? '' : 's'}`;
const ids = (list) => list.map((id) => `#${id}`).join(', ');

// Picture statuses as words ("objects created"), also inside the API's messages.
const STATUS_WORDS = {
  new: 'new',
  drawing_created: 'drawing created',
  draft: 'draft',
  objects_created: 'objects created',
};
export const humanStatus = (status) => STATUS_WORDS[status] || status;

const TOOL_HINTS = {
  select:
    'Click a selection to select it, drag to move it, drag its corners or points to reshape it.',
  box: 'Drag on the picture to draw a box.',
  polygon:
    "Click the polygon's points; Enter, a double-click or a click on the first point closes it; Escape cancels.",
  hand: 'Drag to move the picture; the wheel zooms.',
};

export const MSG = {
  // ---- every screen
  // No answer at all (api.js): the one wording of "the service cannot be reached".
  unreachable: 'The studio cannot reach the service: check the connection and try again.',
  serviceAnswered: (status) => `The service answered ${status}.`,
  sessionEnded: 'Your session has ended: please sign in again.',
  screenNotLoaded: 'The studio could not load this screen: reload the page.',
  loading: (what) => (what ? `Loading ${what}…` : 'Loading…'),
  couldNot: (what, verb, reason) => `${what} could not be ${verb}: ${reason}`,
  // "Not deleted: <the API's reason>"
  not: (done, reason) => `Not ${done}: ${reason}`,
  // "Pair #5 deleted."
  done: (what, how) => `${what} ${how}.`,
  deletedElsewhere: (what) => `${what} was deleted by someone else.`,
  reloadFailed: (reason) => `Reload failed: ${reason}`,
  storedNow: (value) => `Stored now: ${value == null || value === '' ? '(empty)' : value}`,
  keptOnReload:
    'Reloaded. Your changes are still in the form; where someone else changed the same field, ' +
    'what is stored now is shown under it. Save keeps yours, Cancel takes the stored pair.',
  saved: 'Saved.',
  // ---- a picture's title (picture-title.js)
  renamePicture: (name) => `Rename ${name}`,
  pictureRenamed: (name) => `Renamed: ${name}.`,
  count,
  nOf: (part, whole) => `${part} of ${whole}`,

  // ---- pictures
  picturesPage: (page, n, what) =>
    `Page ${page}: ${count(n, 'picture')}${what ? ` (${what})` : ''}.`,
  noPictures: (what, page) =>
    `No pictures${what ? ` (${what})` : ''}${page > 1 ? ' on this page' : ''}.`,
  uploaded: (id) => `Uploaded as picture ${id}.`,

  // ---- the workspace (objects)
  noImageToDrawOn: 'This picture has no image yet: upload one to draw on it.',
  confirmLeavePicture: 'This picture has unsaved changes. Leave without saving?',
  // target: where the next shape goes (Workspace.drawTarget), with the object's name.
  toolHint: (tool, target) =>
    TOOL_HINTS[tool] +
    (tool === 'box' || tool === 'polygon'
      ? target === null
        ? ' Each shape makes a new object.'
        : target.asked
          ? ` The next shape joins object ${target.name} (Escape: a new object instead).`
          : ` The next shape goes to object ${target.name}, which has none yet.`
      : ''),
  nextShapeJoins: (name) => `The next shape you draw joins object ${name}.`,
  addShapeCancelled: 'The next shape makes a new object.',
  pictureStatus: (status) => `Status: ${humanStatus(status)}`,
  pictureFinished: (status) => `Finished: the picture is now ${humanStatus(status)}.`,
  saveObjectsFirst: 'save the objects first (see the message beside Save).',
  // What an undo step did (also announced, and "Undone: Box added").
  boxAdded: 'Box added',
  polygonAdded: 'Polygon added',
  selectionDeleted: 'Selection deleted',
  selectionMoved: 'Selection moved',
  selectionResized: 'Selection resized',
  parentSet: (id) => (id === null ? 'Parent removed' : `Parent set to #${id}`),
  notesChanged: 'Notes changed',
  undone: (step) => `Undone: ${step}`,
  redone: (step) => `Redone: ${step}`,
  selectionSelected: (index, n, objectId) =>
    `Selection ${index} of ${n} of object #${objectId} selected.`,
  polygonStarted:
    'Polygon started: click the next points, Enter or a double-click closes it, Escape cancels.',
  polygonTooSmall: 'A polygon needs at least three points: nothing was added.',
  noObjects: 'No objects yet: draw a box or a polygon, or create one.',
  selectionsOfObject: (n) =>
    n === 0
      ? 'No selection yet: the next shape drawn goes to this object.'
      : `${count(n, 'selection')}; a new shape makes a new object unless you add it here.`,
  unsavedObjects: (n) => `Unsaved changes (${count(n, 'object')})`,
  saving: 'Saving…',
  allSaved: 'All changes saved',
  objectNotSaved: (id, reason) => `Object #${id} not saved: ${reason}`,
  someObjectsNotSaved: 'Some objects were not saved: see the messages beside Save.',
  noObjectCreated: (reason) => `No object created: ${reason}`,
  confirmDeleteObject: (id) =>
    `Delete object #${id} and its selections? Its child objects move to the top level.`,

  // ---- words
  noObjectsInWords: 'no objects yet: mark them under Objects',
  noLabelWord: 'No label word yet: choose one with "Make label", or add a word as the label.',
  labelWord: (title) => `Label word: ${title}`,
  noWordsLinked: (subject) => `No words linked to ${subject} yet.`,
  wordIsNow: (title, status) => `${title} is ${status} now.`,
  labelMade: (title, subject, former) =>
    `${title} is the label of ${subject} now${former ? `; ${former} is no longer linked` : ''}.`,
  wordRemoved: (title, subject) => `${title} removed from ${subject}; the word itself stays.`,
  wordAdded: (title, subject) => `${title} added to ${subject}.`,
  labelNow: (w) =>
    `Label: ${w.title_de} (English ${w.title_en || '(none)'}, Swedish ${w.title_sv || '(none)'}), ` +
    `level ${w.level}.`,
  // A word found by its German title: linked with what is stored, not what was typed.
  // where: where its Edit button is, when not on this screen ("on the Words tab").
  linkedExisting: (w, subject, where) =>
    `${w.title_de} existed already and was linked to ${subject} as stored: level ${w.level}, ` +
    `English ${w.title_en || '(none)'}, Swedish ${w.title_sv || '(none)'}. ` +
    `To change it, use Edit ${w.title_de}${where ? ` ${where}` : ''}.`,
  noLabelYet: 'No label word yet: name the object in each language.',
  addShapeTo: (name) => `Add a shape to ${name}`,
  wordReloaded: 'Reloaded: the word as stored now.',
  wordKeptOnReload:
    'Reloaded. Your changes are still in the form; where someone else changed the same field, ' +
    'what is stored now is shown under it. Save keeps yours.',
  noCategoriesForEditors: 'None yet (an admin adds them under Maintenance).',
  askingGenerator: 'Asking the generator…',
  suggestions: (n, generator) =>
    `${count(n, 'suggestion')} from ${generator}: nothing is stored until accepted.`,
  noSuggestions: (generator) => `The generator (${generator}) has no suggestions.`,
  noLabelForSuggestions: 'This object has no name yet: add its German name as its label first.',
  suggestionDetail: (item) =>
    ` · level ${item.level} · ${item.linked ? 'linked already' : item.word_id ? 'an existing word' : 'a new word'}`,
  allAccepted: 'Every suggestion accepted.',

  // ---- texts (statements and questions)
  confirmLeaveTexts: 'Some texts are not saved. Leave without saving?',
  noObjectsInTexts: 'This picture has no objects yet: mark them on the Objects tab.',
  usedByPairs: (pairIds) => `Used by pair ${ids(pairIds)}`,
  notUsedByPair: 'Not used by a pair yet',
  generatingQuestions: 'Generating questions…',
  questionsGenerated: (n, fresh) => `${count(n, 'question')} generated (${fresh} new).`,
  // [before, the link to the Words tab, after]
  noLabelForQuestions: [
    'This object has no name yet: ',
    'choose its label word on the Words tab',
    ', then generate.',
  ],
  noLabelWordYet: ['No label word yet: ', 'Words tab'],
  noQuestions: 'No questions yet.',
  noWords: 'No words yet.',
  typeGermanWord: 'Type the word in German first.',
  audioNotLoaded: (reason) => `Audio not loaded: ${reason}`,
  audioStale: (spoken) => `Speaks an older text: “${spoken ?? '?'}”`,
  // A card's state beside its heading.
  unsavedChanges: 'Unsaved changes',
  savedState: 'Saved',
  reloadedState: 'Reloaded',
  keptOnReloadText:
    'Reloaded. Your changes are still in the fields; where someone else changed the same text, ' +
    'what is stored now is shown under it. Save keeps yours.',
  confirmDeleteText: (name) => `Delete ${name}? Its audio and word links go with it.`,

  // ---- drafts of published content (text-drafts.js, on the text and pair cards)
  // How learners get the texts now, and the card's state line: "Published · changes in draft".
  livePublished: 'Published',
  liveShown: 'Seen by learners',
  draftState: (live, status) =>
    `${live} · ${status === 'reviewed' ? 'changes reviewed' : 'changes in draft'}`,
  publishedColumn: 'Published',
  draftColumn: 'Draft (not yet seen by learners)',
  emptyText: '(empty)',
  liveNote: 'Learners keep seeing the published text until you publish the changes.',
  confirmDiscard: (name) =>
    `Discard the changes to ${name}? Learners keep seeing the published text.`,
  changesDiscarded: 'Changes discarded',
  draftChangedElsewhere: 'The changes were edited by someone else meanwhile: reload',

  // ---- the content's history (changes.js, change-history.js, activity.js)
  changeAction: { create: 'Created', update: 'Changed', delete: 'Deleted' },
  system: 'System',
  you: (who) => `${who} (you)`,
  account: (id) => `Account #${id}`,
  none: '—',
  yes: 'yes',
  no: 'no',
  // A draft's review state in the history ("Status: draft" inside a draft read as nonsense).
  draftReview: (status) => (status === 'reviewed' ? 'Reviewed' : 'Not reviewed yet'),
  recording: (name) => `Recording ${name}…`,
  audioOf: (field) => `Audio: ${field}`,
  boxAt: (x, y, w, h) => `Box at ${x}, ${y}, ${w} × ${h}`,
  polygonOf: (n) => `Polygon of ${count(n, 'point')}`,
  onTabOf: (tab, picture) => ` on the ${tab} tab of picture #${picture}`,
  noChanges: 'No changes recorded yet.',
  noChangesOfEditor: 'No changes by this editor here yet.',
  restoredAsDraft:
    'Restored as a draft: learners see the published text until you publish the changes.',
  restored: 'Restored.',
  confirmRestoreUnsaved: (name) =>
    `Restore an earlier version of ${name}? Your unsaved changes to it are lost.`,
  changesShown: (n, more) => `${count(n, 'change')} shown${more ? '; older ones below' : ''}.`,

  // ---- pairs and the learner preview
  noPairs: 'No pairs yet: make the first one with the form above.',
  pairsSummary: (n, drafts, reviewed, published) =>
    `${count(n, 'pair')}: ${drafts} draft, ${reviewed} reviewed, ${published} published`,
  pairsPublished: (pairIds, missing) =>
    `Published ${count(pairIds.length, 'pair')}: ${ids(pairIds)}.` +
    (missing.length ? ` Not in every feed yet: ${missing.join(', ')}.` : ''),
  pairNotInFeed: (id, languages) => `#${id} (not for ${languages.join(', ')})`,
  nothingPublished: 'Nothing published: no pair of this picture is reviewed.',
  noQuestion: 'No question',
  noWordsToLink: 'No words to link yet: add some on the Words tab.',
  confirmDeletePair: (id) =>
    `Delete pair #${id}? Its statement and question go with it unless another pair uses them.`,
  statementShared: (pairIds) =>
    `This statement is also used by ${pairIds.map((id) => `pair #${id}`).join(', ')}: a change shows there too.`,
  questionOffHint: 'Empty every question field to take the question off this pair.',
  questionAddHint: 'Fill in a question to add one.',
  chooseObject: 'Choose an object to use one of its questions.',
  objectHasNoQuestions: 'The object has no questions yet.',
  noWordsOnTab: 'No words yet: add them on the Words tab.',
  statementNeeded: 'Write the statement in at least one language.',
  // The feeds (pair-feeds.js): the API's reasons in words, a card's feed line.
  noStatementAudio: (language) => `The statement has no audio in ${language}`,
  feedReason: {
    noAudio: 'no statement audio',
    noImage: 'no image',
    notPublished: 'not published',
  },
  feedMissing: (languages, reasons) => `for ${languages}: ${reasons}`,
  feedAll: (languages) => `In the feed for ${languages}`,
  feedNone: (missing) => `Not in the feed ${missing.join('; ')}`,
  feedSome: (languages, missing) => `In the feed for ${languages} · not ${missing.join('; not ')}`,
  // The preview's versions: now, or with the texts' drafts published (draft=true).
  previewPublished: 'As learners get it now',
  previewDraft: 'With the changes in draft',
  previewDraftNote:
    'The changes in draft are not published: learners get this card once they are reviewed and published. Audio that speaks the published text does not count here.',
  previewInFeed: (language) => `In the feed: learners of ${language} get this card.`,
  previewNotInFeed: (language) => `Not in the feed for learners of ${language} yet, because:`,
  missingIn: (what, language) => `No ${what} in ${language}.`,

  // ---- card figures (the Cards screen and the Pairs tab's figures line, card-figures.js)
  noAnswersIn: 'No answers in this language yet.',
  noAnswersYet: 'none yet',
  noAnswersMatch: 'No answered cards in this language match these filters.',
  cardsLimited: (n) => `Only the ${n} hardest are listed: narrow the filters to see others.`,
  levelRange: 'The level is a whole number from 1 to 100 (empty: every level).',
  // A sample smaller than the server's min_answers gets no rate (docs/studio.md "Cards").
  tooFewForRate: (n) => `${count(n, 'answer')}: too few for a rate`,
  tooFew: (n) => `${count(n, 'answer')} (too few)`,
  beforeLastEdit: (figures) => `before the last edit: ${figures}`,
  since: (day) => `since ${day}`,
  picked: (text, n) => `${text} (${n}×)`,
  cardsShown: (n, language, order) => `${count(n, 'card')} answered in ${language}, ${order}.`,
  hardestFirst: 'hardest first',
  sortedBy: (column, direction) => `sorted by ${column}, ${direction}`,

  // ---- content lists (the Content screen): `one` and `many` name the items ("pair", "pairs")
  itemsShown: (list, first, last, total) => `${list} ${first} to ${last} of ${total}.`,
  pageBeyond: (total, one) => `This page is past the last: ${count(total, one)} match.`,
  nothingMatches: (many) => `No ${many} match the search and filters.`,
  searchTooShort: (n) => `Type at least ${n} letters to search.`,
  selected: (n, one) => `${count(n, `selected ${one}`)}`,
  nothingSelected: (many) => `No ${many} selected.`,
  bulkDone: (n, one, verb) => `${count(n, one)} ${verb}.`,
  bulkAudio: (n, one) => `Missing audio made for ${count(n, one)}.`,
  bulkRefused: (n, one) => `${count(n, one)} refused:`,

  // ---- audio
  generating: 'Generating…',
  noTexts: 'no texts',
  notSpoken: (kind, id, field, language, error) =>
    `${kind} ${id}, ${field} (${language}): ${error}`,
  generatingStopped: (reason) => `Generating stopped: ${reason}`,
  stopping: 'Stopping…',
  runStopped: (done, total) => `Stopped: ${done} of ${total} generated.`,
  runFinished: (done, failed) =>
    `Finished: ${done} generated${failed ? `, ${failed} could not be spoken` : ''}.`,
  runEnded: (done, total) => `${done} of ${total} generated.`,

  // ---- maintenance
  maintenanceForAdmins:
    'Maintenance is for admins. Ask an admin if a category or a clean-up is needed.',
  noCategories: 'No categories yet.',
  confirmDeleteCategory: (name) => `Delete “${name}”? Words and pairs lose this category.`,
  confirmPurge: 'Remove every orphan now? This cannot be undone.',
  orphansRemoved: (n) => `Removed ${count(n, 'orphaned record')}`,
  noOrphans: 'Nothing to remove: no orphans',
  purgeFailed: (reason) => `The purge failed: ${reason}`,
};

// An error in words: the API's own message (ApiError.message, docs/studio.md) with picture
// status names as words; anything else (no answer at all) is MSG.unreachable.
// A stale-audio refusal names fields in words too: "(German text)", not "(text_de)".
export function errorText(e) {
  if (!(e && typeof e.status === 'number' && e.message)) return MSG.unreachable;
  const text = e.message.replace(/\b(drawing_created|objects_created)\b/g, (s) => humanStatus(s));
  return isAudioStale(e)
    ? text.replace(/\b(?:text|title|short_answer)_[a-z]{2}\b/g, (f) => FIELD_WORDS[f] ?? f)
    : text;
}

// A publish refused because audio speaks an older text (409 audio_stale, docs/audio.md): the
// screens then offer to make the audio and publish in one step.
export const isAudioStale = (e) => e?.status === 409 && e?.body?.code === 'audio_stale';

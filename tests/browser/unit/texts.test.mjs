// node --test of the Texts screen's pure helpers (adapters/web/studio/text-card.js,
// question-words.js): which field an API message names, and a question's words with roles.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fieldOf } from "../../../adapters/web/studio/text-card.js";
import { wordsOf } from "../../../adapters/web/studio/question-words.js";

test("a 400 naming a field is placed beside it; other messages are not", () => {
  assert.equal(fieldOf("level must be an integer from 1 to 100"), "level");
  assert.equal(fieldOf("short_answer_se must be at most 200 characters"), "short_answer_se");
  assert.equal(fieldOf("object_id: no such object"), "object_id");
  assert.equal(fieldOf("text_de, text_en or text_sv is required"), null);
  assert.equal(fieldOf("Changed by someone else: reload"), null);
  assert.equal(fieldOf("Only reviewed items can be published"), null);
  assert.equal(fieldOf(undefined), null);
});

test("a question's answer and distractor words become one list with roles, answers first", () => {
  const words = wordsOf({
    answer_words: [{ id: 1, title_de: "Hund" }],
    distractor_words: [{ id: 2, title_de: "Katze" }, { id: 3, title_de: "Maus" }],
  });
  assert.deepEqual(words.map((w) => [w.id, w.role]), [[1, "answer"], [2, "distractor"], [3, "distractor"]]);
  assert.deepEqual(wordsOf({}), []);
});

// Every learner route through a client generated from docs/openapi.yaml (openapi-typescript,
// openapi-fetch), compiled with tsc --strict (tests/client-ts/run.sh): if a document's type is
// wrong for a real answer, either this does not compile or a check below fails against the live
// learner-api. Usage: node out/flow.js BASE_URL
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

type ErrorCode = components["schemas"]["ErrorCode"];

const base = process.argv[2];
if (!base) throw new Error("usage: flow.js BASE_URL");
const api = createClient<paths>({ baseUrl: base });
let checks = 0;

function check(condition: boolean, what: string): asserts condition {
  checks += 1;
  if (!condition) throw new Error(`client-ts: ${what}`);
}

// An error answer's code, typed as the document's enum.
function codeOf(error: unknown): ErrorCode | undefined {
  return (error as { code?: ErrorCode } | undefined)?.code;
}

const email = `client-${Date.now()}@example.com`;
const password = "client-password-1";

// Sign-up, profile, sign-in.
const registered = await api.POST("/auth/register", { body: { email, password } });
check(registered.response.status === 201 && registered.data !== undefined, "register answers 201");
const first: string = registered.data.token;
check(registered.data.needsProfile === true, "a new account needs a profile");
check(registered.data.expires_in > 0 && registered.data.refresh_expires_in > 0, "lifetimes");

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const languages = await api.GET("/auth/languages");
check(languages.data !== undefined && languages.data.length >= 2, "languages");
const de = languages.data.find((l) => l.short_en === "de");
const en = languages.data.find((l) => l.short_en === "en");
check(de !== undefined && en !== undefined, "de and en are published");

const username = `client${Date.now() % 1000000}`;
const free = await api.GET("/auth/check-username", { params: { query: { username } }, ...auth(first) });
check(free.data?.available === true, "the username is free");
const profile = await api.POST("/auth/profile", {
  body: { username, nativeLang: en.id, targetLang: de.id },
  ...auth(first),
});
check(profile.response.status === 201, "profile answers 201");
const again = await api.POST("/auth/profile", {
  body: { username, nativeLang: en.id, targetLang: de.id },
  ...auth(first),
});
check(again.response.status === 409 && codeOf(again.error) === "profile_already_exists", "409 code");

const login = await api.POST("/auth/login", { body: { email, password } });
check(login.data !== undefined && login.data.needsProfile === false, "login");
let token: string = login.data.token;
let refreshToken: string = login.data.refresh_token;

const me = await api.GET("/auth/me", auth(token));
check(me.data !== undefined && me.data.email === email, "me");

// Cards: the feed, booking one, the batch, the statistics.
const feed = await api.GET("/feed", { params: { query: { limit: 5 } }, ...auth(token) });
check(feed.data !== undefined && feed.data.items.length > 0, "the demo feed has cards");
const card = feed.data.items[0];
check(card !== undefined, "a first card");
const pairId: number = card.pair_id;
const answerType: "word" | "question" | "text" | "yes_no" = card.answer_type;
check(["word", "question", "text", "yes_no"].includes(answerType), "answer_type");
const revalidated = await api.GET("/feed", {
  params: { query: { limit: 5 } },
  headers: { Authorization: `Bearer ${token}`, "If-None-Match": feed.response.headers.get("etag") ?? "" },
});
check(revalidated.response.status === 304, "the feed revalidates");
const badLimit = await api.GET("/feed", { params: { query: { limit: "x" as unknown as number } }, ...auth(token) });
check(badLimit.response.status === 400 && codeOf(badLimit.error) === "invalid_field", "limit=x is 400");

const booked = await api.POST("/auth/progress", { body: { pair_id: pairId, correct: true, points: 10 }, ...auth(token) });
check(booked.data !== undefined && booked.data.total_ep === 10, "a booking");
const missing = await api.POST("/auth/progress", { body: { pair_id: 999999, correct: true, points: 1 }, ...auth(token) });
check(missing.response.status === 404 && codeOf(missing.error) === "pair_not_found", "404 code");

const batch = await api.POST("/auth/progress/batch", {
  body: { items: [{ client_id: "c1", pair_id: pairId, correct: false, points: 0, answered_at: new Date().toISOString() }] },
  ...auth(token),
});
check(batch.data !== undefined && batch.data.results.length === 1, "the batch");

const stats = await api.GET("/auth/stats", auth(token));
check(stats.data !== undefined && stats.data.totals.total_seen === 2, "stats count both answers");
const achievements = await api.GET("/auth/achievements", auth(token));
check(achievements.data !== undefined, "achievements");

// The learning engine.
const practice = await api.GET("/auth/practice", auth(token));
check(practice.data !== undefined, "practice");
const cards = await api.GET("/auth/cards", auth(token));
check(cards.data !== undefined && cards.data.cards.length >= 1, "changed cards");
const settings = await api.GET("/auth/learning", auth(token));
check(settings.data !== undefined, "learning settings");
const changed = await api.PUT("/auth/learning", { body: { desired_retention: 0.85 }, ...auth(token) });
check(changed.response.status === 200, "learning settings change");

// Settings of the account.
const goal = await api.PUT("/auth/goal", { body: { daily_goal_ep: 50 }, ...auth(token) });
check(goal.response.status === 200, "goal");
const zone = await api.PUT("/auth/timezone", { body: { timezone: "Europe/Berlin" }, ...auth(token) });
check(zone.data?.timezone === "Europe/Berlin", "time zone");
const target = await api.PUT("/auth/profile/target-language", { body: { targetLang: de.id }, ...auth(token) });
check(target.response.status === 200, "target language");

// Sessions and passwords.
const refreshed = await api.POST("/auth/refresh", { body: { refresh_token: refreshToken } });
check(refreshed.data !== undefined && refreshed.data.expires_in > 0, "refresh");
token = refreshed.data.token;
refreshToken = refreshed.data.refresh_token;
const wrong = await api.PUT("/auth/password", {
  body: { current_password: "not-the-password", new_password: "another-password-2" },
  ...auth(token),
});
check(wrong.response.status === 401 && codeOf(wrong.error) === "wrong_password", "wrong_password");
check(wrong.response.headers.get("www-authenticate") === null, "no challenge on a wrong password");
const expired = await api.GET("/auth/me", auth("not-a-token"));
check(expired.response.status === 401 && codeOf(expired.error) === "invalid_token", "invalid_token");
const reset = await api.POST("/auth/password-reset", { body: { email } });
check(reset.response.status === 202, "a reset is asked for");
const confirm = await api.POST("/auth/password-reset/confirm", { body: { token: "nope", new_password: "another-password-2" } });
check(confirm.response.status === 400 && codeOf(confirm.error) === "invalid_reset_link", "reset link");
const exported = await api.GET("/auth/me/export", auth(token));
check(exported.data !== undefined, "export");
const out = await api.POST("/auth/logout", { body: { refresh_token: refreshToken }, ...auth(token) });
check(out.response.status === 204, "logout");
const relog = await api.POST("/auth/login", { body: { email, password } });
check(relog.data !== undefined, "login again");
const all = await api.POST("/auth/logout-all", auth(relog.data.token));
check(all.response.status === 204, "logout-all");
const last = await api.POST("/auth/login", { body: { email, password } });
check(last.data !== undefined, "login once more");
const gone = await api.DELETE("/auth/me", { body: { password }, ...auth(last.data.token) });
check(gone.response.status === 204, "the account is deleted");

// Operations.
const live = await api.GET("/livez");
check(live.response.status === 200, "livez");

console.log(`client-ts: ${checks} checks passed against ${base}`);

#include "core/app/authoring/words.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/app/authoring/stale_audio.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

Error title_taken(const Word& existing) {
    return errors::word_title_taken(existing.title_de, existing.id);
}

// Views of (link id, word id) pairs in their order; `decorate(view)` adds what the link says.
template <typename Decorate>
std::vector<WordView> views_of(WordRows& words, const std::vector<std::pair<Id, Id>>& links,
                               Decorate&& decorate) {
    std::vector<Id> ids;
    for (const auto& [link, word] : links) ids.push_back(word);
    std::map<Id, Word> by_id;
    for (auto& w : words.words_by_ids(ids)) by_id.emplace(w.id, std::move(w));
    std::vector<WordView> out;
    for (const auto& [link, word] : links) {
        const auto it = by_id.find(word);
        if (it == by_id.end()) continue;  // an orphaned link: purge-orphans removes it
        WordView view{it->second, link, std::nullopt, std::nullopt};
        decorate(view);
        out.push_back(std::move(view));
    }
    return out;
}

// `expected`: the versions a conditional request was made from (412 for another).
template <typename F>
Result<Word> update_word(AuthoringPorts& ports, Id id, F&& change,
                         const VersionCondition& expected = {}) {
    return write<Word>(
        ports,
        [&](ItemLocks& locks, WordRows& words, CategoryRows& categories,
            AudioRows& audios) -> Result<Word> {
            // Always: a publish checks the titles' audio, a PATCH rewrites the row it read.
            locks.lock_item(ItemKind::word, id);
            auto word = words.word(id);
            if (!word) return errors::not_found();
            if (auto refused = stale(expected, *word)) return *refused;
            Result<Word> changed = change(categories, audios, *word);
            if (!changed) return changed;
            if (changed.value() == *word) return changed;  // nothing to write: updated_at stays
            changed->updated_at = ports.clock.now();
            if (!words.update_word(changed.value())) {
                return title_taken(
                    words.word_by_title(changed->title_de).value_or(changed.value()));
            }
            return changed;
        });
}

}  // namespace

// Kept (keep_category) until the write ends: a category deleted at the same moment is either
// deleted after this write, links and all, or found missing here, never linked after its
// delete (docs/authoring-guide.md "Categories").
Result<std::vector<Category>> existing_categories(CategoryRows& categories,
                                                  const std::vector<Id>& ids,
                                                  std::string_view field) {
    std::vector<Category> out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        auto c = categories.keep_category(ids[i]);
        if (!c) return errors::no_such(fmt::format("{}[{}]", field, i), "category");
        out.push_back(std::move(*c));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    // A category named twice is linked once, as the stores keep it.
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Result<Word> with_categories(CategoryRows& categories, const NewWordFields& request) {
    auto found = existing_categories(categories, request.category_ids, "category_ids");
    if (!found) return found.error();
    Word w = request.word;
    w.categories = std::move(found.value());
    return w;
}

std::pair<Word, bool> find_or_create_word(WordRows& words, const Word& word, Timestamp now) {
    Word fresh = word;
    fresh.created_at = fresh.updated_at = now;
    auto [found, created] = words.find_or_insert_word(fresh);
    if (created) return {found, true};
    // An existing word keeps its fields; categories given are added (never removed here).
    bool added = false;
    for (const auto& c : word.categories) {
        const bool has = std::any_of(found.categories.begin(), found.categories.end(),
                                     [&](const Category& k) { return k.id == c.id; });
        if (!has) {
            found.categories.push_back(c);
            added = true;
        }
    }
    if (added) {
        std::sort(found.categories.begin(), found.categories.end(),
                  [](const auto& a, const auto& b) { return a.id < b.id; });
        found.updated_at = now;
        words.update_word(found);
    }
    return {found, false};
}

Result<Word> requested_word(WordRows& words, CategoryRows& categories, const NewWordFields& request,
                            Timestamp now) {
    auto w = with_categories(categories, request);
    if (!w) return w;
    return find_or_create_word(words, w.value(), now).first;
}

std::vector<WordView> picture_word_views(WordLinkRows& links, WordRows& words, Id picture_id) {
    std::vector<std::pair<Id, Id>> linked;
    for (const auto& l : links.picture_word_links(picture_id)) linked.emplace_back(l.id, l.word_id);
    return views_of(words, linked, [](WordView&) {});
}

std::vector<WordView> object_word_views(WordLinkRows& links, WordRows& words, Id object_id) {
    std::vector<std::pair<Id, Id>> linked;
    std::map<Id, bool> labels;
    for (const auto& l : links.object_word_links(object_id)) {
        linked.emplace_back(l.id, l.word_id);
        labels[l.id] = l.is_label;
    }
    return views_of(words, linked, [&](WordView& v) { v.is_label = labels.at(*v.link_id); });
}

std::vector<WordView> question_word_views(WordLinkRows& links, WordRows& words, Id question_id) {
    std::vector<std::pair<Id, Id>> linked;
    std::map<Id, std::string> roles;
    for (const auto& l : links.question_word_links(question_id)) {
        linked.emplace_back(l.id, l.word_id);
        roles[l.id] = l.role;
    }
    return views_of(words, linked, [&](WordView& v) { v.role = roles.at(*v.link_id); });
}

Result<Word> create_word(AuthoringPorts& ports, const NewWord& request) {
    return write<Word>(ports,
                       [&](WordRows& words, CategoryRows& categories) -> Result<Word> {
                           auto w = with_categories(categories, request);
                           if (!w) return w;
                           w->created_at = w->updated_at = ports.clock.now();
                           auto [word, created] = words.find_or_insert_word(w.value());
                           if (!created) return title_taken(word);
                           return word;
                       });
}

Result<std::vector<Word>> list_words(AuthoringPorts& ports, const WordListQuery& query) {
    return read<std::vector<Word>>(ports.content, [&](WordRows& words) {
        return Result<std::vector<Word>>(words.words(query.filter, query.page));
    });
}

Result<Word> get_word(AuthoringPorts& ports, Id id) {
    return read<Word>(ports.content, [&](WordRows& words) -> Result<Word> {
        auto w = words.word(id);
        if (!w) return errors::not_found();
        return std::move(*w);
    });
}

Result<Word> patch_word(AuthoringPorts& ports, Id id, const WordPatch& patch,
                        const VersionCondition& expected) {
    return update_word(
        ports, id,
        [&](CategoryRows& categories, AudioRows&, Word w) -> Result<Word> {
            if (patch.title_de.present) w.title_de = *patch.title_de.value;
            if (patch.title_en.present) w.title_en = patch.title_en.value;
            if (patch.title_sv.present) w.title_sv = patch.title_sv.value;
            if (patch.level) w.level = *patch.level;
            if (patch.category_ids) {
                auto found = existing_categories(categories, *patch.category_ids, "category_ids");
                if (!found) return found.error();
                w.categories = std::move(found.value());
            }
            return w;
        },
        expected);
}

Result<Word> change_word_status(AuthoringPorts& ports, Id id, WordAction action,
                                const std::vector<Audio>& spoken) {
    return update_word(ports, id, [&](CategoryRows&, AudioRows& audios, Word w) -> Result<Word> {
        auto next = next_word_status(w.status, action);
        if (!next) return next.error();
        if (action == WordAction::publish) {
            store_spoken(audios, spoken, w);
            if (auto refused = stale_audio_refusal(audios, w)) return *refused;
        }
        w.status = next.value();
        return w;
    });
}

Result<Done> delete_word(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports, [&](ItemLocks& locks, WordRows& words) -> Result<Done> {
        lock_if_conditional(locks, ItemKind::word, id, expected);
        const auto word = words.word(id);
        if (!word) return errors::not_found();
        if (auto refused = stale(expected, *word)) return *refused;
        words.delete_word(id);
        return Done{};
    });
}

Result<std::vector<WordView>> list_picture_words(AuthoringPorts& ports, Id picture_id) {
    return read<std::vector<WordView>>(ports.content,
                                       [&](PictureRows& pictures, WordRows& words,
                                           WordLinkRows& links) -> Result<std::vector<WordView>> {
                                           if (!pictures.picture(picture_id))
                                               return errors::not_found();
                                           return picture_word_views(links, words, picture_id);
                                       });
}

Result<LinkedWords> add_picture_word(AuthoringPorts& ports, Id picture_id,
                                     const PictureWord& request) {
    return write<LinkedWords>(
        ports,
        [&](PictureRows& pictures, WordRows& words, WordLinkRows& links,
            CategoryRows& categories) -> Result<LinkedWords> {
            if (!pictures.picture(picture_id)) return errors::not_found();
            const auto word = requested_word(words, categories, request, ports.clock.now());
            if (!word) return word.error();
            const bool linked = links.link_picture_word(picture_id, word->id).second;
            return LinkedWords{picture_word_views(links, words, picture_id), linked};
        });
}

Result<std::vector<WordView>> list_object_words(AuthoringPorts& ports, Id object_id) {
    return read<std::vector<WordView>>(ports.content,
                                       [&](ObjectRows& objects, WordRows& words,
                                           WordLinkRows& links) -> Result<std::vector<WordView>> {
                                           if (!objects.object(object_id))
                                               return errors::not_found();
                                           return object_word_views(links, words, object_id);
                                       });
}

Result<LinkedWords> add_object_word(AuthoringPorts& ports, Id object_id,
                                    const ObjectWord& request) {
    return write<LinkedWords>(
        ports,
        [&](ObjectRows& objects, WordRows& words, WordLinkRows& links,
            CategoryRows& categories) -> Result<LinkedWords> {
            // The object's row lock: two labels set at once take turns (one label per object).
            if (!objects.lock_object(object_id)) return errors::not_found();
            const auto word = requested_word(words, categories, request, ports.clock.now());
            if (!word) return word.error();
            const auto existing = links.object_word_links(object_id);
            if (!request.is_label) {
                // Beside the label: a word that is the label already stays it.
                const bool linked =
                    std::any_of(existing.begin(), existing.end(),
                                [&](const auto& l) { return l.word_id == word->id; });
                const bool created =
                    !linked && links.link_object_word(object_id, word->id, false).second;
                return LinkedWords{object_word_views(links, words, object_id), created};
            }
            // One label per object: the previous label link goes, this word's link becomes it.
            for (const auto& link : existing) {
                if (link.is_label && link.word_id != word->id)
                    links.delete_object_word_link(link.id);
            }
            const auto [link, created] = links.link_object_word(object_id, word->id, true);
            return LinkedWords{object_word_views(links, words, object_id), created};
        });
}

Result<Done> unlink_picture_word(AuthoringPorts& ports, Id picture_id, Id word_id) {
    return write<Done>(
        ports, [&](PictureRows& pictures, WordLinkRows& links) -> Result<Done> {
            if (!pictures.picture(picture_id)) return errors::not_found();
            return unlink_all(links.picture_word_links(picture_id), word_id,
                              [&](Id link) { links.delete_picture_word_link(link); });
        });
}

Result<Done> unlink_object_word(AuthoringPorts& ports, Id object_id, Id word_id) {
    return write<Done>(ports,
                       [&](ObjectRows& objects, WordLinkRows& links) -> Result<Done> {
                           if (!objects.object(object_id)) return errors::not_found();
                           return unlink_all(links.object_word_links(object_id), word_id,
                                             [&](Id link) { links.delete_object_word_link(link); });
                       });
}

Result<std::vector<Category>> list_categories(AuthoringPorts& ports) {
    return read<std::vector<Category>>(ports.content, [&](CategoryRows& categories) {
        return Result<std::vector<Category>>(categories.categories());
    });
}

Result<Category> create_category(AuthoringPorts& ports, const NewCategory& request) {
    return write<Category>(ports, [&](CategoryRows& categories) -> Result<Category> {
        auto c = categories.insert_category(request.titel_de);
        if (!c) return errors::category_exists(request.titel_de);
        if (request.titel_en.value || request.titel_sv.value) {
            c->titel_en = request.titel_en.value;
            c->titel_sv = request.titel_sv.value;
            categories.set_category_titles(c->id, request.titel_en, request.titel_sv);
        }
        return std::move(*c);
    });
}

}  // namespace ll

#include "core/app/authoring/words.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/app/authoring/listing.hpp"
#include "core/domain/fields.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

struct WordFields {
    Word word;
    std::vector<Id> category_ids;
};

// The fields of a word to create. `level_required`: picture words and db-words need a level;
// an object's label word defaults to 1.
Result<WordFields> word_fields(const LooseValue& body, bool level_required, bool status_allowed) {
    WordFields out;
    auto title_de = fields::required_text(body["title_de"], "title_de", fields::kTitleMax);
    if (!title_de) return title_de.error();
    out.word.title_de = std::move(title_de.value());
    auto title_en = fields::text(body["title_en"], "title_en", fields::kTitleMax);
    if (!title_en) return title_en.error();
    out.word.title_en = title_en.value();
    auto title_sv = fields::text(body["title_sv"], "title_sv", fields::kTitleMax);
    if (!title_sv) return title_sv.error();
    out.word.title_sv = title_sv.value();
    auto level = fields::level(body["level"]);
    if (!level) return level.error();
    if (!level.value() && level_required) return fields::required("level");
    out.word.level = level.value().value_or(1);
    if (status_allowed) {
        auto st = fields::choice(body["status"], "status", {"draft", "published"});
        if (!st) return st.error();
        out.word.status = st.value().value_or(status::kDraft);
    }
    auto ids = fields::id_list(body["category_ids"], "category_ids");
    if (!ids) return ids.error();
    out.category_ids = std::move(ids.value());
    return out;
}

Error title_taken(const Word& existing) {
    return errors::conflict(fmt::format("A word with title_de \"{}\" exists already (id {})",
                                        existing.title_de, existing.id));
}

std::vector<WordView> views_of(ContentTx& tx, const std::vector<std::pair<Id, Id>>& links,
                               const std::map<Id, bool>& labels) {
    std::vector<Id> ids;
    for (const auto& [link, word] : links) ids.push_back(word);
    std::map<Id, Word> words;
    for (auto& w : tx.words_by_ids(ids)) words.emplace(w.id, std::move(w));
    std::vector<WordView> out;
    for (const auto& [link, word] : links) {
        const auto it = words.find(word);
        if (it == words.end()) continue;  // an orphaned link: purge-orphans removes it
        WordView view{it->second, link, std::nullopt, std::nullopt};
        if (const auto label = labels.find(link); label != labels.end())
            view.is_label = label->second;
        out.push_back(std::move(view));
    }
    return out;
}

template <typename F>
Result<Word> update_word(AuthoringPorts& ports, Id id, F&& change) {
    return write<Word>(ports.content, [&](ContentTx& tx) -> Result<Word> {
        auto word = tx.word(id);
        if (!word) return errors::not_found();
        Result<Word> changed = change(tx, *word);
        if (!changed) return changed;
        changed->updated_at = ports.clock.now();
        if (!tx.update_word(changed.value())) {
            return title_taken(tx.word_by_title(changed->title_de).value_or(changed.value()));
        }
        return changed;
    });
}

}  // namespace

Result<std::vector<Category>> existing_categories(CategoryRows& tx, const std::vector<Id>& ids,
                                                  std::string_view field) {
    std::vector<Category> out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        auto c = tx.category(ids[i]);
        if (!c) return errors::invalid_field(fmt::format("{}[{}]: no such category", field, i));
        out.push_back(std::move(*c));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return out;
}

std::pair<Word, bool> find_or_create_word(WordRows& tx, const Word& word, Timestamp now) {
    Word fresh = word;
    fresh.created_at = fresh.updated_at = now;
    auto [found, created] = tx.find_or_insert_word(fresh);
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
        tx.update_word(found);
    }
    return {found, false};
}

std::vector<WordView> picture_word_views(ContentTx& tx, Id picture_id) {
    std::vector<std::pair<Id, Id>> links;
    for (const auto& l : tx.picture_word_links(picture_id)) links.emplace_back(l.id, l.word_id);
    return views_of(tx, links, {});
}

std::vector<WordView> object_word_views(ContentTx& tx, Id object_id) {
    std::vector<std::pair<Id, Id>> links;
    std::map<Id, bool> labels;
    for (const auto& l : tx.object_word_links(object_id)) {
        links.emplace_back(l.id, l.word_id);
        labels[l.id] = l.is_label;
    }
    return views_of(tx, links, labels);
}

Result<Word> create_word(AuthoringPorts& ports, const LooseValue& body) {
    auto input = word_fields(body, true, true);
    if (!input) return input.error();
    return write<Word>(ports.content, [&](ContentTx& tx) -> Result<Word> {
        auto categories = existing_categories(tx, input->category_ids, "category_ids");
        if (!categories) return categories.error();
        Word w = input->word;
        w.categories = std::move(categories.value());
        w.created_at = w.updated_at = ports.clock.now();
        auto [word, created] = tx.find_or_insert_word(w);
        if (!created) return title_taken(word);
        return word;
    });
}

Result<std::vector<Word>> list_words(AuthoringPorts& ports, const LooseValue& query) {
    auto page = page_of(query);
    if (!page) return page.error();
    auto st = status_filter(query, {"draft", "published"});
    if (!st) return st.error();
    return read<std::vector<Word>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<Word>>(tx.words(WordFilter{st.value()}, page.value()));
    });
}

Result<Word> get_word(AuthoringPorts& ports, Id id) {
    return read<Word>(ports.content, [&](ContentTx& tx) -> Result<Word> {
        auto w = tx.word(id);
        if (!w) return errors::not_found();
        return std::move(*w);
    });
}

Result<Word> patch_word(AuthoringPorts& ports, Id id, const LooseValue& body) {
    if (!body["status"].is_missing())
        return errors::invalid_field(
            "status is changed by POST /api/cms/db-words/:id/publish or /unpublish");
    auto title_de = fields::text_change(body["title_de"], "title_de", fields::kTitleMax);
    if (!title_de) return title_de.error();
    if (title_de->present && !title_de->value) return fields::required("title_de");
    auto title_en = fields::text_change(body["title_en"], "title_en", fields::kTitleMax);
    if (!title_en) return title_en.error();
    auto title_sv = fields::text_change(body["title_sv"], "title_sv", fields::kTitleMax);
    if (!title_sv) return title_sv.error();
    auto level = fields::level(body["level"]);
    if (!level) return level.error();
    if (body["level"].is_null()) return fields::required("level");
    auto ids = fields::id_list(body["category_ids"], "category_ids");
    if (!ids) return ids.error();
    return update_word(ports, id, [&](ContentTx& tx, Word w) -> Result<Word> {
        if (title_de->present) w.title_de = *title_de->value;
        if (title_en->present) w.title_en = title_en->value;
        if (title_sv->present) w.title_sv = title_sv->value;
        if (level.value()) w.level = *level.value();
        if (!body["category_ids"].is_missing()) {
            auto categories = existing_categories(tx, ids.value(), "category_ids");
            if (!categories) return categories.error();
            w.categories = std::move(categories.value());
        }
        return w;
    });
}

Result<Word> change_word_status(AuthoringPorts& ports, Id id, WordAction action) {
    return update_word(ports, id, [&](ContentTx&, Word w) -> Result<Word> {
        auto next = next_word_status(w.status, action);
        if (!next) return next.error();
        w.status = next.value();
        return w;
    });
}

Result<Done> delete_word(AuthoringPorts& ports, Id id) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        if (!tx.word(id)) return errors::not_found();
        tx.delete_word(id);
        return Done{};
    });
}

Result<std::vector<WordView>> list_picture_words(AuthoringPorts& ports, Id picture_id) {
    return read<std::vector<WordView>>(ports.content,
                                       [&](ContentTx& tx) -> Result<std::vector<WordView>> {
                                           if (!tx.picture(picture_id)) return errors::not_found();
                                           return picture_word_views(tx, picture_id);
                                       });
}

Result<LinkedWords> add_picture_word(AuthoringPorts& ports, Id picture_id, const LooseValue& body) {
    auto input = word_fields(body, true, false);
    if (!input) return input.error();
    return write<LinkedWords>(ports.content, [&](ContentTx& tx) -> Result<LinkedWords> {
        if (!tx.picture(picture_id)) return errors::not_found();
        auto categories = existing_categories(tx, input->category_ids, "category_ids");
        if (!categories) return categories.error();
        Word w = input->word;
        w.categories = std::move(categories.value());
        const auto [word, word_created] = find_or_create_word(tx, w, ports.clock.now());
        const bool linked = tx.link_picture_word(picture_id, word.id).second;
        return LinkedWords{picture_word_views(tx, picture_id), linked};
    });
}

Result<std::vector<WordView>> list_object_words(AuthoringPorts& ports, Id object_id) {
    return read<std::vector<WordView>>(ports.content,
                                       [&](ContentTx& tx) -> Result<std::vector<WordView>> {
                                           if (!tx.object(object_id)) return errors::not_found();
                                           return object_word_views(tx, object_id);
                                       });
}

Result<LinkedWords> set_object_label(AuthoringPorts& ports, Id object_id, const LooseValue& body) {
    auto input = word_fields(body, false, false);
    if (!input) return input.error();
    return write<LinkedWords>(ports.content, [&](ContentTx& tx) -> Result<LinkedWords> {
        if (!tx.object(object_id)) return errors::not_found();
        auto categories = existing_categories(tx, input->category_ids, "category_ids");
        if (!categories) return categories.error();
        Word w = input->word;
        w.categories = std::move(categories.value());
        const auto [word, word_created] = find_or_create_word(tx, w, ports.clock.now());
        // One label per object: the previous label link goes, this word's link becomes it.
        for (const auto& link : tx.object_word_links(object_id)) {
            if (link.is_label && link.word_id != word.id) tx.delete_object_word_link(link.id);
        }
        const auto [link, created] = tx.link_object_word(object_id, word.id, true);
        return LinkedWords{object_word_views(tx, object_id), created};
    });
}

Result<std::vector<Category>> list_categories(AuthoringPorts& ports) {
    return read<std::vector<Category>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<Category>>(tx.categories());
    });
}

Result<Category> create_category(AuthoringPorts& ports, const LooseValue& body) {
    auto title = fields::required_text(body["titel_de"], "titel_de", fields::kTitleMax);
    if (!title) return title.error();
    return write<Category>(ports.content, [&](ContentTx& tx) -> Result<Category> {
        auto c = tx.insert_category(title.value());
        if (!c)
            return errors::conflict(fmt::format("Category \"{}\" exists already", title.value()));
        return std::move(*c);
    });
}

}  // namespace ll

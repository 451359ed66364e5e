// The authoring use cases' unit of work (core/app/authoring/unit_of_work.hpp): the work is handed
// the one transaction seen as each aggregate it names, a refusal rolls every part back, and only
// aggregate interfaces can be asked for.
#include <catch2/catch.hpp>

#include "adapters/memory/memory_backend.hpp"
#include "core/app/authoring/unit_of_work.hpp"

using namespace ll;

static_assert(detail::AggregateRows<PairRows&>);
static_assert(detail::AggregateRows<const TextRows&>);
static_assert(!detail::AggregateRows<ContentTx&>, "the whole unit of work is never handed out");
static_assert(!detail::AggregateRows<PairRows>, "a copy of an interface is no aggregate");
static_assert(!detail::AggregateRows<Picture&>);

static_assert(!detail::HasOneCallOperator<decltype([](auto&) { return Result<int>(0); })>,
              "a generic lambda names no aggregate");

TEST_CASE("unit of work: each aggregate the work names is the same transaction", "[authoring]") {
    MemoryBackend backend;
    const ContentTx* as_pictures = nullptr;
    const ContentTx* as_texts = nullptr;
    const auto picture =
        write<Picture>(backend.content(), ChangeAuthor{},
                       [&](PictureRows& pictures, TextRows& texts) noexcept -> Result<Picture> {
                           as_pictures = dynamic_cast<const ContentTx*>(&pictures);
                           as_texts = dynamic_cast<const ContentTx*>(&texts);
                           return pictures.insert_picture(Picture{});
                       });
    REQUIRE(picture);
    CHECK(as_pictures != nullptr);
    CHECK(as_pictures == as_texts);
    const auto read_back =
        read<Picture>(backend.content(), [&](PictureRows& pictures) -> Result<Picture> {
            auto found = pictures.picture(picture->id);
            if (!found) return errors::not_found();
            return *found;
        });
    CHECK(read_back);
}

TEST_CASE("unit of work: a refusal in the work rolls back what it wrote in every aggregate",
          "[authoring]") {
    MemoryBackend backend;
    const auto refused =
        write<Done>(backend.content(), ChangeAuthor{},
                    [&](PictureRows& pictures, TextRows& texts) mutable -> Result<Done> {
                        pictures.insert_picture(Picture{});
                        Statement st;
                        st.text_de = "Ein Hund";
                        texts.insert_statement(st);
                        return errors::conflict("refused halfway");
                    });
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message == "refused halfway");
    std::size_t pictures_left = 1, statements_left = 1;
    backend.content().read([&](ContentTx& tx) {
        pictures_left = tx.pictures({}, {}).size();
        statements_left = tx.statements({}, {}).size();
    });
    CHECK(pictures_left == 0);
    CHECK(statements_left == 0);
}

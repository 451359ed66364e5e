// Pictures: upload or create, list with the flow filters, read, change, replace the image,
// delete, the annotation flow, the picture's words (docs/spec/authoring.md).
#include "core/app/authoring/pictures.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "adapters/http/json/body_parser.hpp"
#include "adapters/http/server/media_types.hpp"
#include "core/app/authoring/words.hpp"

namespace ll::http::authoring {
namespace {

ImageUpload upload_of(const Request& r) {
    const auto type = r.header("content-type");
    return ImageUpload{r.body, type ? std::optional<std::string>(*type) : std::nullopt};
}

}  // namespace

void add_picture_routes(RouteBuilder& routes, AuthoringPorts p, Metrics& metrics,
                        std::size_t max_json_bytes) {
    // The two routes that take an image decode it on the decoding pool (docs/operations.md
    // "Picture decoding"): one decode at a time, beside the staff's other requests.
    routes.add({"POST",
                {"/api/pictures"},
                Auth::token,
                Body::none,
                [p0 = p, &metrics, max_json_bytes](Call& c) mutable {
                    AuthoringPorts p = acting_for(p0, c);
                    if (is_json_media_type(c.request.header("content-type"))) {
                        // The upload limit is the route's; a JSON body keeps the JSON limit.
                        if (c.request.body.size() > max_json_bytes)
                            return error_response(errors::payload_too_large());
                        const auto object = parse_body(c.request.body);
                        if (!object) return error_response(errors::invalid_json_body());
                        return answer_item(decoded(create_picture, p, *object), 201);
                    }
                    auto result = with_decoded<NewPicture>(c.query(), [&](const NewPicture& r) {
                        return upload_picture(p, r, upload_of(c.request));
                    });
                    if (result) metrics.increment("langlearn_pictures_uploaded_total");
                    return answer_item(result, 201);
                },
                Execution::decoding,
                kMaxImageBytes});
    routes.add({"GET", {"/api/pictures", "/pictures"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_pictures, p, c.query()));
                }});
    routes.add(
        {"GET", {"/api/pictures/:id", "/pictures/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer_item(get_picture(p, c.id));
         }});
    routes.add({"PATCH",
                {"/api/pictures/:id", "/pictures/:id"},
                Auth::token,
                Body::json,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(
                        decoded(patch_picture, p, c.id, c.loose_body(), if_match(c.request)));
                }});
    routes.add({"DELETE",
                {"/api/pictures/:id", "/pictures/:id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_picture(p, c.id, if_match(c.request)));
                }});
    routes.add({"PUT",
                {"/api/pictures/:id/image"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(replace_picture_image(p, c.id, upload_of(c.request)));
                },
                Execution::decoding,
                kMaxImageBytes});
    routes.add({"POST",
                {"/api/pictures/:id/finish-annotation"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(finish_annotation(p, c.id));
                }});
    routes.add({"POST", {"/api/pictures/:id/finish"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(finish_picture(p, c.id));
                }});
    routes.add({"GET", {"/api/cms/pictures/:id/words"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(list_picture_words(p, c.id));
                }});
    routes.add(
        {"POST", {"/api/cms/pictures/:id/words"}, Auth::token, Body::json, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return created_or_found(decoded(add_picture_word, p, c.id, c.loose_body()));
         }});
    routes.add({"DELETE",
                {"/api/cms/pictures/:id/words/:word_id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(unlink_picture_word(p, c.id, c.word_id));
                }});
}

}  // namespace ll::http::authoring

#include "apps/langlearn-admin/demo_images.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "adapters/media/png_writer.hpp"

namespace ll::demo {
namespace {

constexpr int kWidth = 160;
constexpr int kHeight = 120;

struct Canvas {
    std::vector<Rgb> pixels = std::vector<Rgb>(kWidth * kHeight, Rgb{235, 244, 250});

    void set(int x, int y, Rgb c) {
        if (x >= 0 && x < kWidth && y >= 0 && y < kHeight) pixels[y * kWidth + x] = c;
    }
    void rect(int x0, int y0, int x1, int y1, Rgb c) {
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) set(x, y, c);
    }
    void circle(int cx, int cy, int r, Rgb c) {
        for (int y = cy - r; y <= cy + r; ++y)
            for (int x = cx - r; x <= cx + r; ++x)
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) set(x, y, c);
    }
    // A triangle with a horizontal base from (x0, base) to (x1, base) and its apex at (ax, ay).
    void roof(int x0, int x1, int base, int ax, int ay, Rgb c) {
        for (int y = ay; y <= base; ++y) {
            const double t = double(y - ay) / double(base - ay);
            const int left = int(ax + (x0 - ax) * t), right = int(ax + (x1 - ax) * t);
            for (int x = left; x <= right; ++x) set(x, y, c);
        }
    }
};

}  // namespace

std::string render_png(const std::string& motif) {
    Canvas c;
    c.rect(0, 95, kWidth, kHeight, {140, 200, 110});  // grass
    if (motif == "apple") {
        c.circle(80, 62, 30, {210, 40, 40});
        c.rect(78, 22, 83, 36, {110, 70, 30});
        c.circle(94, 28, 7, {60, 160, 60});
    } else if (motif == "house") {
        c.rect(45, 55, 115, 100, {230, 200, 150});
        c.roof(38, 122, 55, 80, 20, {170, 50, 40});
        c.rect(72, 72, 88, 100, {120, 80, 40});
    } else if (motif == "sun") {
        for (int i = 0; i < 12; ++i) {
            const double a = i * 3.14159265 / 6;
            for (int r = 30; r < 44; ++r)
                c.circle(int(80 + r * std::cos(a)), int(50 + r * std::sin(a)), 2, {250, 200, 40});
        }
        c.circle(80, 50, 24, {250, 215, 50});
    } else if (motif == "tree") {
        c.rect(72, 60, 88, 100, {120, 80, 40});
        c.circle(80, 45, 30, {50, 150, 60});
    } else {
        throw std::invalid_argument("demo picture: unknown motif " + motif);
    }
    return encode_png(kWidth, kHeight, c.pixels);
}

}  // namespace ll::demo

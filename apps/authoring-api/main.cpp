#include <cstdio>

int main() {
    std::fputs("authoring-api: not implemented yet\n", stderr);
    return 1;
}

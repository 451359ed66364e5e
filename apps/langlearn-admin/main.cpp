#include <cstdio>

int main() {
    std::fputs("langlearn-admin: not implemented yet\n", stderr);
    return 1;
}

# The two commands (make run, make test) and their helpers. Every target installs
# what is missing first (scripts/deps.sh is idempotent and fast when all is present).
SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD_DIR ?= build/release
TEST_BUILD_DIR ?= build/test
SAN_BUILD_DIR ?= build/sanitize

.PHONY: deps build run test test-sanitize fuzz bench fmt clean

deps:
	@scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@scripts/run.sh $(BUILD_DIR)

test: deps
	@scripts/test.sh $(TEST_BUILD_DIR)

test-sanitize: deps
	@LL_FUZZ_SECONDS=0 LL_CMAKE_FLAGS="-DLL_SANITIZE=ON" scripts/test.sh $(SAN_BUILD_DIR)

# Every libFuzzer target for 5 minutes (make test runs each for a few seconds).
fuzz: deps
	@scripts/fuzz.sh 300

bench: build
	@scripts/bench.sh $(BUILD_DIR)

# clang-format for the C++, Prettier for the studio's scripts and browser tests (tests/browser/lint).
fmt:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i
	@tests/browser/lint/run.sh $(TEST_BUILD_DIR) --write

clean:
	rm -rf build

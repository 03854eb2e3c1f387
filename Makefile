# The DuckDB extension (duckdb/), built and tested the way DuckDB's
# community-extensions CI builds an extension: that CI checks DuckDB's
# extension-ci-tools out at ./extension-ci-tools and runs
#
#   make configure_ci && make release && make test_release
#
# then takes build/release/extension/etld/etld.duckdb_extension. On a
# Linux or macOS machine of your own, `bash duckdb/build.sh` gives the same file with
# nothing else to fetch, and `bash duckdb/test.sh` tests it (README.md,
# "DuckDB"). The Rust workspace itself is built with cargo, not make.

EXTENSION_NAME=etld
# The C API version the extension asks DuckDB for at load (C_API_VERSION in
# duckdb/src/lib.rs, written in the footer by duckdb/build.sh too): DuckDB
# 1.5.6 and later load it.
TARGET_DUCKDB_VERSION=v1.5.6

all: configure release

ifeq ($(wildcard extension-ci-tools/makefiles/c_api_extensions/base.Makefile),)
$(error This Makefile is DuckDB's community build of the DuckDB extension and needs DuckDB's extension-ci-tools at ./extension-ci-tools: `bash duckdb/build.sh` builds the extension without it, and cargo builds everything else)
endif

include extension-ci-tools/makefiles/c_api_extensions/base.Makefile

# The extension's version in the footer: its crate's, as build.sh writes it,
# read by Python rather than a Unix shell's tools (the Windows build runs
# make from cmd).
VERSION_COMMAND=$(PYTHON_VENV_BIN) -c "import re; v = re.search(r'(?m)^version = \"(.*)\"', open('duckdb/Cargo.toml').read()).group(1); open('configure/extension_version.txt', 'w').write(v)"

# The SQLLogicTest files live with the extension.
TEST_RUNNER_BASE=$(TEST_RUNNER) --test-dir duckdb/test/sql $(EXTRA_EXTENSIONS_PARAM)

# What cargo builds: the workspace's `etld-duckdb` package, whose library is
# named after the package, not after the extension (extension-ci-tools'
# rust.Makefile would build the workspace's root package, the `etld`
# library, and look for a library named after the extension).
ifeq ($(OS),Windows_NT)
	CARGO_LIB=etld_duckdb.dll
else ifeq ($(shell uname -s),Darwin)
	CARGO_LIB=libetld_duckdb.dylib
else
	CARGO_LIB=libetld_duckdb.so
endif
ifeq ($(DUCKDB_PLATFORM),osx_amd64)
	CARGO_TARGET=--target x86_64-apple-darwin
	CARGO_OUT=$(or $(CARGO_TARGET_DIR),./target)/x86_64-apple-darwin
else ifeq ($(DUCKDB_PLATFORM),osx_arm64)
	CARGO_TARGET=--target aarch64-apple-darwin
	CARGO_OUT=$(or $(CARGO_TARGET_DIR),./target)/aarch64-apple-darwin
else
	CARGO_TARGET=
	CARGO_OUT=$(or $(CARGO_TARGET_DIR),./target)
endif

.PHONY: all configure release debug test test_release test_debug clean clean_all \
	build_extension_library_release build_extension_library_debug

configure: venv platform extension_version

# The library, copied to where base.Makefile appends the metadata footer.
build_extension_library_release: check_configure
	cargo build --release -p etld-duckdb $(CARGO_TARGET)
	$(PYTHON_VENV_BIN) -c "from pathlib import Path; Path(r'$(EXTENSION_BUILD_PATH)/release/extension/$(EXTENSION_NAME)').mkdir(parents=True, exist_ok=True)"
	$(PYTHON_VENV_BIN) -c "import shutil; shutil.copyfile(r'$(CARGO_OUT)/release/$(CARGO_LIB)', r'$(EXTENSION_BUILD_PATH)/release/$(EXTENSION_LIB_FILENAME)')"

build_extension_library_debug: check_configure
	cargo build -p etld-duckdb $(CARGO_TARGET)
	$(PYTHON_VENV_BIN) -c "from pathlib import Path; Path(r'$(EXTENSION_BUILD_PATH)/debug/extension/$(EXTENSION_NAME)').mkdir(parents=True, exist_ok=True)"
	$(PYTHON_VENV_BIN) -c "import shutil; shutil.copyfile(r'$(CARGO_OUT)/debug/$(CARGO_LIB)', r'$(EXTENSION_BUILD_PATH)/debug/$(EXTENSION_LIB_FILENAME)')"

release: build_extension_with_metadata_release
debug: build_extension_with_metadata_debug
test: test_debug
test_release: test_extension_release
test_debug: test_extension_debug

clean: clean_build
	cargo clean -p etld-duckdb
clean_all: clean_configure clean

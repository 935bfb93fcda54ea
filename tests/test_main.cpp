// Catch2's main, compiled once for the test binary (tests layer).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

// xuanka — the command-line tool (CLI layer over core): prints what core computes.
#include <cstdio>
#include <cstring>
#include <string>

namespace {
int usage(std::FILE* out) {
  std::fprintf(out,
               "xuanka %s — GPU / AI-server selection calculator\n"
               "usage:\n"
               "  xuanka --version\n",
               XUANKA_VERSION);
  return out == stdout ? 0 : 2;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage(stderr);
  const std::string cmd = argv[1];
  if (cmd == "--version" || cmd == "version") {
    std::printf("xuanka %s (built %s)\n", XUANKA_VERSION, XUANKA_BUILD_DATE);
    return 0;
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") return usage(stdout);
  std::fprintf(stderr, "xuanka: unknown command '%s'\n", cmd.c_str());
  return usage(stderr);
}

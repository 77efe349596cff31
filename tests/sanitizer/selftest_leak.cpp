// Leaks on purpose: LeakSanitizer must report it at exit and fail the program.
#include <cstdio>
#include <cstdlib>

int main() {
  volatile char* p = static_cast<char*>(std::malloc(4096));
  p[0] = 1;
  p = nullptr;  // the only pointer is gone
  std::puts("leaked 4096 bytes");
  return 0;
}

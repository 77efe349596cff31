// Reads one past a heap block on purpose: AddressSanitizer must stop the program.
#include <cstdio>
#include <cstdlib>

int main(int argc, char**) {
  int* block = static_cast<int*>(std::malloc(4 * sizeof(int)));
  for (int i = 0; i < 4; ++i) block[i] = i;
  const int value = block[3 + argc];  // argc is 1: index 4
  std::printf("read %d\n", value);
  std::free(block);
  return 0;
}

// Overflows a signed int on purpose: UBSan (every check fatal) must stop the program.
#include <climits>
#include <cstdio>

int main(int argc, char**) {
  volatile int big = INT_MAX;
  const int sum = big + argc;  // argc is 1
  std::printf("sum %d\n", sum);
  return 0;
}
